import XCTest
import LaminaHost
import LaminaTesting
import GalleryDemos

/// The filters demo in a real window under Xvfb: the frosted panel dragged with real pointer
/// input (xdotool), then the window's frame at a fixed media time against the layer renderer's
/// picture of the same tree (background filters, blend modes and all).
final class FrostedPanelWindowTests: XCTestCase {
    override func tearDown() { MediaClock.useSystemTime() }

    func testDraggedFrostedPanelMatchesTheRenderer() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        try MainActor.assumeIsolated {
            MediaClock.setVirtualTime(1000)
            let view = FiltersDemo()
            let window = try LaminaHost.Window(checkedTitle: "frosted panel", size: CGSize(width: 640, height: 480))
            window.contentView = view
            window.show()
            defer { window.close() }
            let panel = try XCTUnwrap(view.layer.sublayers?.first { $0.name == "frosted panel" })
            let start = panel.position
            XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == 1000 }, "no first frame")
            // Under Xvfb without a window manager the window sits at the screen's origin.
            let drag = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"),
                                   ["mousemove", "200", "60", "mousedown", "1", "mousemove", "220", "150", "mousemove", "240", "230",
                                    "mouseup", "1"], timeout: 30)
            XCTAssertEqual(drag.status, 0, drag.output)
            XCTAssertTrue(Application.shared.runUntil(timeout: 10) { panel.position == CGPoint(x: start.x + 40, y: start.y + 170) },
                          "the panel is at \(panel.position), not dragged by (40, 170) from \(start)")
            MediaClock.setVirtualTime(1000.5)
            window.setNeedsDisplay()
            XCTAssertTrue(Application.shared.runUntil(timeout: 20) { window.shownMediaTime == 1000.5 }, "no frame at 1000.5")
            let shown = try XCTUnwrap(window.capture())
            let renderer = CARenderer(size: CGSize(width: 640, height: 480))
            renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
            renderer.layer = view.layer
            let reference = try XCTUnwrap(renderer.makeImage(atTime: 1000.5))
            let differing = SnapshotComparison.difference(shown, reference, channelTolerance: 40).differing
            XCTAssertLessThan(differing, 640 * 480 / 100, "the window and the renderer disagree in \(differing) pixels")
        }
    }
}
