import XCTest
@testable import LaminaHost

/// A window whose animations have ended is as idle as one that never animated (issue 47): many
/// still layers, one short animation; once it has ended and its last frame shows, the render
/// thread neither ticks nor draws nor puts, and the main thread's frame clock sleeps.
final class IdleAfterAnimationTests: XCTestCase {
    final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
        var stopped = false
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped = true }
    }

    func testAWindowWhoseAnimationEndedTicksNoMore() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkIdleAfterTheEnd() }
    }

    /// Serves the main run loop only, as `Application.run()` does: no forced frame turn or flush.
    @MainActor func serveRunLoop(timeout: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            RunLoop.main.run(until: Date().addingTimeInterval(0.005))
        }
        return condition()
    }

    @MainActor func checkIdleAfterTheEnd() throws {
        let view = HostingView()
        view.layer.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let window = try LaminaHost.Window(checkedTitle: "Lamina idle after an animation", size: CGSize(width: 300, height: 200))
        window.contentView = view
        window.show()
        defer { window.close() }
        // 600 still tiles: whatever keeps waking walks them.
        for i in 0..<600 {
            let tile = CALayer()
            tile.frame = CGRect(x: CGFloat(i % 30) * 10, y: CGFloat(i / 30) * 10, width: 8, height: 8)
            tile.backgroundColor = CGColor(red: 0, green: 0, blue: CGFloat(i % 7) / 7, alpha: 1)
            view.layer.addSublayer(tile)
        }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 0 }, "no first frame")
        let mover = view.layer.sublayers![0]
        let recorder = StopRecorder()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.3
        fade.delegate = recorder
        mover.add(fade, forKey: "fade")
        let end = try XCTUnwrap(mover.animation(forKey: "fade")).beginTime + 0.3
        // From here on only the run loop, as an app's.
        XCTAssertTrue(serveRunLoop(timeout: 10) { recorder.stopped }, "the delegate never heard of the end")
        XCTAssertNil(mover.animation(forKey: "fade"), "removed on completion")
        XCTAssertFalse(view.layer.hasAnimationsInTree)
        XCTAssertTrue(serveRunLoop(timeout: 10) { window.shownMediaTime >= end }, "the end was never drawn")
        _ = serveRunLoop(timeout: 0.3)
        let render = RenderThread.shared
        let before = (wakes: render.wakes, lifecycle: Application.shared.lifecycleTimerFires, ticks: render.ticks, drawn: window.framesDrawn, put: window.framesPresented)
        _ = serveRunLoop(timeout: 1)
        let after = (wakes: render.wakes, lifecycle: Application.shared.lifecycleTimerFires, ticks: render.ticks, drawn: window.framesDrawn, put: window.framesPresented)
        print("idle after an animation: wakes=\(after.wakes - before.wakes) lifecycle=\(after.lifecycle - before.lifecycle) ticks=\(after.ticks - before.ticks) drawn=\(after.drawn - before.drawn) put=\(after.put - before.put)")
        XCTAssertEqual(after.wakes, before.wakes, "the render thread kept waking after the end")
        XCTAssertEqual(after.lifecycle, before.lifecycle, "the main thread's lifecycle timer kept firing after the end")
        XCTAssertEqual(after.ticks, before.ticks, "the render thread kept ticking after the end")
        XCTAssertEqual(after.drawn, before.drawn, "frames drawn after the end")
        XCTAssertEqual(after.put, before.put, "frames put after the end")
    }
}
