import XCTest
import AppKit

/// Images in views' layers and in the layers an app adds under them show upright, flipped view
/// or not, as on macOS: Core Animation keeps contents upright under the flips that give views
/// their coordinates, and `contentsAreFlipped()` is the view's `isFlipped`. (Before, an app's
/// sublayer under a view that is not flipped showed its image upside down.)
final class NSViewContentsOrientationTests: XCTestCase {
    final class FlippedView: NSView {
        override var isFlipped: Bool { true }
    }

    /// A 20×20 image: red top half, blue bottom half.
    private static func twoTone() -> CGImage {
        let ctx = CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 10, width: 20, height: 10))         // y up: the top half
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        return ctx.makeImage()!
    }

    func testAnImageInAnAppsSublayerIsUprightInFlippedAndUnflippedViews() throws {
        try onMain {
            let plain = NSView(frame: NSRect(x: 0, y: 0, width: 50, height: 100))
            let flipped = FlippedView(frame: NSRect(x: 50, y: 0, width: 50, height: 100))
            for view in [plain, flipped] {
                view.wantsLayer = true
                let picture = CALayer()
                picture.frame = CGRect(x: 10, y: 0, width: 20, height: 20)
                picture.contents = Self.twoTone()
                view.layer?.addSublayer(picture)
            }
            XCTAssertFalse(try XCTUnwrap(plain.layer).contentsAreFlipped())
            XCTAssertTrue(try XCTUnwrap(flipped.layer).contentsAreFlipped())
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [plain, flipped])
            let image = try XCTUnwrap(window.capture())
            // At y 0 of a view that is not flipped: rows 80…99, red above blue.
            XCTAssertTrue(close(rgb(image, 20, 84), red), "\(rgb(image, 20, 84))")
            XCTAssertTrue(close(rgb(image, 20, 96), blue), "\(rgb(image, 20, 96))")
            // At y 0 of a flipped view: rows 0…19, red above blue.
            XCTAssertTrue(close(rgb(image, 70, 4), red), "\(rgb(image, 70, 4))")
            XCTAssertTrue(close(rgb(image, 70, 16), blue), "\(rgb(image, 70, 16))")
        }
    }

    func testAViewsOwnLayerContentsAreUprightAtAnyDepth() throws {
        final class Picture: NSView {
            var image: CGImage?
            override var wantsUpdateLayer: Bool { true }
            override func updateLayer() { layer?.contents = image }
        }
        try onMain {
            let outer = NSView(frame: NSRect(x: 0, y: 0, width: 100, height: 100))
            let inner = FlippedView(frame: NSRect(x: 0, y: 0, width: 100, height: 50))
            let deep = Picture(frame: NSRect(x: 0, y: 0, width: 20, height: 20))
            let shallow = Picture(frame: NSRect(x: 60, y: 60, width: 20, height: 20))
            for picture in [deep, shallow] {
                picture.image = Self.twoTone()
                picture.wantsLayer = true
            }
            inner.addSubview(deep)
            outer.addSubview(inner)
            outer.addSubview(shallow)
            let window = offscreenWindow(NSSize(width: 100, height: 100), with: [outer])
            window.contentView?.displayIfNeeded()
            deep.displayIfNeeded()
            shallow.displayIfNeeded()
            let image = try XCTUnwrap(window.capture())
            // `deep` at the top of `inner` (rows 50…69), `shallow` at rows 20…39: both upright.
            XCTAssertTrue(close(rgb(image, 10, 54), red), "\(rgb(image, 10, 54))")
            XCTAssertTrue(close(rgb(image, 10, 66), blue), "\(rgb(image, 10, 66))")
            XCTAssertTrue(close(rgb(image, 70, 24), red), "\(rgb(image, 70, 24))")
            XCTAssertTrue(close(rgb(image, 70, 36), blue), "\(rgb(image, 70, 36))")
            XCTAssertEqual(deep.layer?.transform.m22, 1, "no view's layer is turned over")
        }
    }
}
