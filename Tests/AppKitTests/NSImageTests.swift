import XCTest
import AppKit
import ImageIO

/// Images: from files (with their @2x siblings), data, bundles and drawing handlers; drawn
/// upright into flipped and unflipped contexts; chosen by scale for layers.
final class NSImageTests: XCTestCase {
    func testImagesFromDataAndBundles() throws {
        let folder = try GuideListingsTests.writeImages()
        let data = try Data(contentsOf: folder.appendingPathComponent("badge@2x.png"))
        let image = try XCTUnwrap(NSImage(data: data))
        XCTAssertEqual(image.size, NSSize(width: 40, height: 40), "data is one point per pixel")
        XCTAssertNil(NSImage(data: Data([1, 2, 3])))
        XCTAssertNil(NSImage(contentsOfFile: folder.appendingPathComponent("missing.png").path))
        let bundle = try XCTUnwrap(Bundle(path: folder.path))
        let named = try XCTUnwrap(bundle.image(forResource: "badge"))
        XCTAssertEqual(named.size, NSSize(width: 20, height: 20))
        XCTAssertEqual(named.representations.map(\.pixelsWide), [20, 40])
        XCTAssertNil(NSImage(named: "no-such-image"))
    }

    func testCGImageForAProposedRectPicksTheRepresentation() throws {
        let folder = try GuideListingsTests.writeImages()
        let image = try XCTUnwrap(NSImage(contentsOfFile: folder.appendingPathComponent("badge.png").path))
        var small = NSRect(x: 0, y: 0, width: 20, height: 20), large = NSRect(x: 0, y: 0, width: 40, height: 40)
        XCTAssertEqual(image.cgImage(forProposedRect: &small, context: nil, hints: nil)?.width, 20)
        XCTAssertEqual(image.cgImage(forProposedRect: &large, context: nil, hints: nil)?.width, 40, "drawn twice as large: the @2x one")
        XCTAssertEqual(image.cgImage(forProposedRect: nil, context: nil, hints: nil)?.width, 20)
    }

    func testImagesDrawUprightInFlippedAndUnflippedViews() throws {
        final class Shows: NSView {
            var image: NSImage?
            var flipped = false
            override var isFlipped: Bool { flipped }
            override func draw(_ dirtyRect: NSRect) { image?.draw(in: bounds) }
        }
        let folder = try GuideListingsTests.writeImages()
        try onMain {
            let image = try XCTUnwrap(NSImage(contentsOfFile: folder.appendingPathComponent("badge.png").path))
            for flipped in [false, true] {
                let view = Shows(frame: NSRect(x: 0, y: 0, width: 40, height: 40))
                view.flipped = flipped
                view.image = image
                let window = offscreenWindow(NSSize(width: 40, height: 40), with: [view])
                let picture = try XCTUnwrap(window.capture())
                // Drawn at twice its size: the @2x representation, green over blue.
                XCTAssertTrue(close(rgb(picture, 20, 5), green), "flipped \(flipped): the green half on top, \(rgb(picture, 20, 5))")
                XCTAssertTrue(close(rgb(picture, 20, 35), blue))
            }
        }
    }

    func testADrawingHandlerDrawsAtEachScale() throws {
        nonisolated(unsafe) var calls: [CGFloat] = []
        let image = NSImage(size: NSSize(width: 10, height: 10), flipped: false) { rect in
            calls.append(NSGraphicsContext.current?.cgContext.userSpaceToDeviceSpaceTransform.a ?? 0)
            NSColor.green.setFill()
            NSRect(x: 0, y: 0, width: rect.width, height: rect.height / 2).fill()   // y up: the bottom half
            return true
        }
        let layerImage = try XCTUnwrap(image.layerContents(forContentsScale: 2) as? CGImage)
        XCTAssertEqual(layerImage.width, 20)
        XCTAssertEqual(image.recommendedLayerContentsScale(2), 2)
        _ = image.layerContents(forContentsScale: 2)
        XCTAssertEqual(calls, [2], "drawn once for a scale")
        XCTAssertEqual(Array(rgba(layerImage, 10, 18).prefix(3)), green, "the bottom half, at the bottom of the picture")
        XCTAssertEqual(rgba(layerImage, 10, 2)[3], 0)
    }

    func testLockFocusDrawsIntoTheImage() throws {
        try onMain {
            let image = NSImage(size: NSSize(width: 8, height: 8))
            image.lockFocus()
            NSColor.red.setFill()
            NSRect(x: 0, y: 4, width: 8, height: 4).fill()        // the top half
            image.unlockFocus()
            XCTAssertNil(NSGraphicsContext.current, "unlockFocus ends the image's context")
            let cg = try XCTUnwrap(image.cgImage(forProposedRect: nil, context: nil, hints: nil))
            XCTAssertEqual(Array(rgba(cg, 4, 1).prefix(3)), red)
            XCTAssertEqual(rgba(cg, 4, 6)[3], 0)
        }
    }
}
