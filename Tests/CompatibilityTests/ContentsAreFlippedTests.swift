import XCTest
import QuartzCore

/// `contentsAreFlipped()`, `isGeometryFlipped` and gravity written as iOS code uses them (Apple's
/// CALayer documentation and header: contents are flipped when an odd number of flips apply from
/// the layer up to and including the root's implicit container, which on iOS is y down and
/// counts as one; an image in `contents` shows the same whatever the flips; gravity names are y
/// up in the layer's geometry). Before, `contentsAreFlipped()` was true under any flips.
final class ContentsAreFlippedTests: XCTestCase {
    private func layer(flipped: Bool = false, in parent: CALayer? = nil) -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.isGeometryFlipped = flipped
        parent?.addSublayer(layer)
        return layer
    }

    func testTheFlipsFromTheLayerUpDecide() {
        XCTAssertTrue(layer().contentsAreFlipped(), "no flips: iOS's y-down container alone")
        XCTAssertFalse(layer(flipped: true).contentsAreFlipped(), "its own flip")
        let flipped = layer(flipped: true)
        XCTAssertFalse(layer(in: flipped).contentsAreFlipped(), "a superlayer's flip")
        XCTAssertTrue(layer(flipped: true, in: flipped).contentsAreFlipped(), "two flips cancel")
        let grand = layer(in: layer(flipped: true, in: flipped))
        XCTAssertTrue(grand.contentsAreFlipped())
        grand.isGeometryFlipped = true
        XCTAssertFalse(grand.contentsAreFlipped(), "three")
        grand.removeFromSuperlayer()
        XCTAssertFalse(grand.contentsAreFlipped(), "its own alone, once out of the tree")
        XCTAssertTrue(CATextLayer().contentsAreFlipped())
    }

    func testDrawInContextGetsAYFlippedContextExactlyWhenTheContentsAreFlipped() {
        final class Probe: CALayer, @unchecked Sendable {
            var yDown: Bool?
            override func draw(in ctx: CGContext) { yDown = ctx.ctm.d < 0 }
        }
        for flips in [0, 1, 2] {
            var parent: CALayer?
            for _ in 0..<flips { parent = layer(flipped: true, in: parent) }
            let probe = Probe()
            probe.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            parent?.addSublayer(probe)
            probe.display()
            XCTAssertEqual(probe.yDown, probe.contentsAreFlipped(), "\(flips) flips")
        }
    }

    /// A 20×20 image, red above blue.
    private func twoTone() -> CGImage {
        let ctx = CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 10, width: 20, height: 10))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 10))
        return ctx.makeImage()!
    }

    func testTopGravityIsTheTopOfTheScreenOnlyWhereTheContentsAreNotFlipped() throws {
        for flipped in [false, true] {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            root.isGeometryFlipped = flipped
            let picture = layer(in: root)
            picture.contents = twoTone()
            picture.contentsGravity = .top
            let image = try XCTUnwrap(RenderProbe.image(of: root, size: root.bounds.size))
            // Flipped contents: `.top` is the bottom of the screen (Apple's contentsGravity page).
            let (redRow, blueRow) = picture.contentsAreFlipped() ? (24, 36) : (4, 16)
            XCTAssertEqual(RenderProbe.rgba(image, 20, redRow), [255, 0, 0, 255], "flipped: \(flipped)")
            XCTAssertEqual(RenderProbe.rgba(image, 20, blueRow), [0, 0, 255, 255], "flipped: \(flipped), the image upright")
        }
    }
}
