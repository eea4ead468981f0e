import XCTest
@testable import LaminaHost
import LaminaTesting

/// `Window.debugOptions` end to end under Xvfb: switches set at run time, the `hits` outlines
/// following a real pointer (xdotool), and the `fps` graph, read back from the X server.
final class WindowDebugOptionsTests: XCTestCase {
    func testOptionsParseAsLaminaDebugNamesThem() {
        XCTAssertEqual(Window.DebugOptions(parsing: "damage,fallback, offscreen,MISALIGNED,blended,hits,fps"),
                       [.damage, .fallback, .offscreen, .misaligned, .blended, .hits, .fps])
        XCTAssertEqual(Window.DebugOptions(parsing: "fps,nonsense,"), [.fps])
        XCTAssertEqual(Window.DebugOptions(parsing: ""), [])
    }

    private func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
    }

    private func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let i = (y * image.width + x) * 4
        return SnapshotComparison.rgba(image)[i..<i + 3].map(Int.init)
    }

    /// Waits until the window shows `expected` at (x, y).
    @MainActor private func waitFor(_ window: Window, _ x: Int, _ y: Int, _ what: String,
                                    file: StaticString = #filePath, line: UInt = #line, _ expected: @escaping ([Int]) -> Bool) {
        var seen: [Int] = []
        let shown = Application.shared.runUntil(timeout: 10) {
            guard let image = window.capture() else { return false }
            seen = self.rgb(image, x, y)
            return expected(seen)
        }
        XCTAssertTrue(shown, "\(what): (\(x), \(y)) shows \(seen)", file: file, line: line)
    }

    func testHitsOutlineTheLayerUnderThePointerAndItsAncestors() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkHits() }
    }

    @MainActor private func checkHits() throws {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let child = CALayer(), grandchild = CALayer()
        child.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        child.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        grandchild.frame = CGRect(x: 20, y: 20, width: 30, height: 20)        // (60, 50) in the window
        grandchild.backgroundColor = CGColor(gray: 0.7, alpha: 1)
        child.addSublayer(grandchild)
        view.layer.addSublayer(child)
        let window = try Window(checkedTitle: "Lamina hits", size: CGSize(width: 200, height: 150))
        guard window.scale == 1 else { throw XCTSkip("pixel positions assume a scale of 1") }
        window.debugOptions = []
        window.contentView = view
        window.show()
        defer { window.close() }
        let red = { (p: [Int]) in p == [255, 0, 0] }, blue = { (p: [Int]) in p[2] == 255 && p[0] == 0 }
        waitFor(window, 60, 70, "no outline without the switch") { $0 == [230, 230, 230] }
        try xdotool("mousemove", "--window", "\(window.windowID!)", "70", "55")
        window.debugOptions = [.hits]
        waitFor(window, 60, 58, "the grandchild's left edge", red)
        waitFor(window, 40, 70, "the child's left edge", blue)
        waitFor(window, 0, 120, "the root's left edge", blue)
        waitFor(window, 75, 60, "inside the hit layer") { $0 == [179, 179, 179] }
        // Over the root alone: the root is the hit layer, the others lose their outlines.
        try xdotool("mousemove", "--window", "\(window.windowID!)", "170", "130")
        waitFor(window, 0, 120, "the root's edge, now hit", red)
        waitFor(window, 40, 70, "the child's edge, repainted") { $0 == [230, 230, 230] }
        // A layer that moves under a still pointer takes the outline with it.
        child.position.x += 100                                               // (140, 30): beside the pointer
        grandchild.frame.origin = CGPoint(x: 10, y: 75)                       // (150, 105) in the window, under it
        grandchild.frame.size = CGSize(width: 40, height: 40)
        child.masksToBounds = false
        waitFor(window, 150, 120, "the moved grandchild's left edge", red)
        window.debugOptions = []
        waitFor(window, 0, 120, "switched off at run time") { $0 == [128, 128, 128] }
    }

    func testFpsDrawsAFrameTimeGraphInTheCorner() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkFps() }
    }

    @MainActor private func checkFps() throws {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let window = try Window(checkedTitle: "Lamina fps", size: CGSize(width: 200, height: 150))
        guard window.scale == 1 else { throw XCTSkip("pixel positions assume a scale of 1") }
        window.debugOptions = []
        window.contentView = view
        window.show()
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 0 }, "no first frame")
        waitFor(window, 66, 10, "no graph without the switch") { $0 == [128, 128, 128] }
        window.debugOptions = [.fps]
        // The graph: 128×48 points, 8 from the top-right corner, over a dark background.
        waitFor(window, 66, 10, "the graph's background") { $0.allSatisfy { $0 < 50 } }
        waitFor(window, 60, 10, "left of the graph") { $0 == [128, 128, 128] }
        let image = try XCTUnwrap(window.capture())
        // The first frames' bars: green within the frame interval, red above it.
        let bars = (0..<4).map { rgb(image, 68 + 2 * $0, 51) }.filter { $0[0] > 180 || $0[1] > 180 }
        XCTAssertFalse(bars.isEmpty, "no bar at the graph's left: \((0..<4).map { rgb(image, 68 + 2 * $0, 51) })")
        window.debugOptions = []
        waitFor(window, 66, 10, "gone when switched off") { $0 == [128, 128, 128] }
    }

    func testTintsSwitchedOnAtRunTimeShowInTheWindow() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkTints() }
    }

    @MainActor private func checkTints() throws {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        func tile(_ frame: CGRect) -> CALayer {
            let layer = CALayer()
            layer.frame = frame
            layer.backgroundColor = CGColor(gray: 0.9, alpha: 1)
            view.layer.addSublayer(layer)
            return layer
        }
        let faded = tile(CGRect(x: 10, y: 10, width: 40, height: 40))
        faded.opacity = 0.5
        let turned = tile(CGRect(x: 70, y: 10, width: 40, height: 40))
        turned.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let masked = tile(CGRect(x: 130, y: 10, width: 40, height: 40))
        let mask = CALayer()
        mask.frame = masked.bounds
        mask.cornerRadius = 10
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        let window = try Window(checkedTitle: "Lamina tints", size: CGSize(width: 200, height: 150))
        guard window.scale == 1 else { throw XCTSkip("pixel positions assume a scale of 1") }
        window.debugOptions = []
        window.contentView = view
        window.show()
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 0 }, "no first frame")
        let before = try XCTUnwrap(window.capture())
        let plain = (faded: rgb(before, 30, 30), turned: rgb(before, 90, 30), masked: rgb(before, 150, 30))
        window.debugOptions = [.blended]
        waitFor(window, 30, 30, "the faded tile tinted red") { $0[0] > plain.faded[0] + 20 && $0[1] < plain.faded[1] - 20 }
        window.debugOptions = [.misaligned]
        waitFor(window, 90, 30, "the turned tile tinted magenta") { $0[1] < plain.turned[1] - 40 && $0[0] > $0[1] + 40 }
        waitFor(window, 30, 30, "the faded tile plain again") { $0 == plain.faded }
        window.debugOptions = [.offscreen]
        waitFor(window, 150, 30, "the masked tile tinted yellow") { $0[2] < plain.masked[2] - 40 && $0[0] > $0[2] + 40 }
        window.debugOptions = [.damage]
        faded.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        waitFor(window, 30, 30, "the changed tile flashes magenta") { $0[1] < $0[0] - 40 && $0[1] < $0[2] - 40 }
    }

    private func xdotool(_ arguments: String...) throws {
        let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, timeout: 30)
        XCTAssertEqual(run.status, 0, "xdotool \(arguments): \(run.output)")
    }
}
