import XCTest
@testable import QuartzCore

/// The offscreen renderer's frame protocol: each frame starts from the background, and an image
/// once returned never changes (the renderer keeps its pixels from frame to frame).
final class CARendererTests: XCTestCase {
    func testEachFrameStartsFromTheBackgroundAndImagesStayAsTheyWere() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        tile.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(tile)
        let renderer = CARenderer(size: CGSize(width: 40, height: 20))
        renderer.layer = root
        let first = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(pixel(first, 5, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(first, 25, 5), [0, 0, 0, 0], "transparent without a background color")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tile.position = CGPoint(x: 30, y: 5)
        CATransaction.commit()
        renderer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let second = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(pixel(second, 5, 5), [0, 0, 255, 255], "the last frame's tile is gone")
        XCTAssertEqual(pixel(second, 30, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(first, 5, 5), [255, 0, 0, 255], "an earlier image is not drawn over")
        // A frame begun and never ended is dropped; the next one starts clean, in the right place.
        renderer.beginFrame(atTime: 0)
        renderer.render()
        renderer.backgroundColor = nil
        let third = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(pixel(third, 5, 5), [0, 0, 0, 0])
        XCTAssertEqual(pixel(third, 30, 5), [255, 0, 0, 255])
        // A new size takes new pixels; sizes that are not finite give a pixel, not a trap.
        renderer.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        XCTAssertEqual(renderer.makeImage(atTime: 0)?.width, 20)
        renderer.bounds = CGRect(x: 0, y: 0, width: CGFloat.nan, height: .infinity)
        XCTAssertEqual(renderer.makeImage(atTime: 0)?.width, 1)
    }
}
