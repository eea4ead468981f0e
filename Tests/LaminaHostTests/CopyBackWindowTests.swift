import XCTest
@testable import LaminaHost
import LaminaTesting

/// A window's two buffers by turns: each frame's buffer gets what it lacks of the last frame
/// copied from the other buffer (`CopyBack`) and composites only its own change. After a run of
/// frames, each moving a different tile, the window shows what the renderer draws, and so does
/// the whole buffer last put.
final class CopyBackWindowTests: XCTestCase {
    func testFramesCopyWhatTheirBufferLacksAndTheWindowShowsTheTree() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        try MainActor.assumeIsolated {
            let view = HostingView()
            view.layer.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
            var tiles: [CALayer] = []
            for i in 0..<24 {
                let tile = CALayer()
                tile.frame = CGRect(x: 10 + (i % 8) * 38, y: 10 + (i / 8) * 60, width: 30, height: 30)
                tile.backgroundColor = CGColor(red: CGFloat(i) / 24, green: 0.5, blue: 1 - CGFloat(i) / 24, alpha: 1)
                tile.cornerRadius = 6
                tile.borderWidth = 2
                tile.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                view.layer.addSublayer(tile)
                tiles.append(tile)
            }
            let window = try LaminaHost.Window(checkedTitle: "copy back", size: CGSize(width: 320, height: 200))
            window.contentView = view
            window.show()
            defer { window.close() }
            XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 0 }, "no first frame")
            for step in 0..<10 {
                let presented = window.framesPresented
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                tiles[(step * 7) % tiles.count].position.y += 9
                CATransaction.commit()
                XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > presented }, "step \(step) not shown")
            }
            XCTAssertGreaterThanOrEqual(window.framesCopiedBack, 8, "the frames' buffers copied what they lacked")
            let shown = try XCTUnwrap(window.capture())
            let renderer = CARenderer(size: CGSize(width: 320, height: 200))
            renderer.layer = view.layer
            let reference = try XCTUnwrap(renderer.makeImage(atTime: CACurrentMediaTime()))
            let differing = SnapshotComparison.difference(shown, reference, channelTolerance: 40).differing
            XCTAssertEqual(differing, 0, "the window and the renderer disagree")
            // Only a frame's changes are put, so the window shows them whatever the rest of its
            // buffer holds; the buffer last put must hold the whole picture (background filters
            // read it, and the next frame copies from it).
            // Read under the surface's drawing lock: no frame swaps the buffers meanwhile.
            let surface = try XCTUnwrap(window.surface)
            surface.drawing.lock()
            let front = window.buffers?.front()?.context.makeImage()
            surface.drawing.unlock()
            let frontImage = try XCTUnwrap(front)
            XCTAssertEqual(SnapshotComparison.difference(frontImage, shown, channelTolerance: 0).differing, 0,
                           "the buffer last put is not the picture shown")
        }
    }
}
