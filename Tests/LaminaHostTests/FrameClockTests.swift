import XCTest
@testable import LaminaHost
import LaminaTesting

/// The frame clock in a real window under Xvfb: animation lifecycle at an animation's end with
/// no commit, no frames once nothing moves, display links firing with the render thread's frames.
final class FrameClockTests: XCTestCase {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Records when and how an animation's stop reached its delegate.
    final class StopRecorder: NSObject, CAAnimationDelegate, @unchecked Sendable {
        weak var layer: CALayer?
        var started: CFTimeInterval?
        var stopped: CFTimeInterval?
        var finished: Bool?
        var attachedAtStop: Bool?
        var commitsAtStop: Int?
        func animationDidStart(_ anim: CAAnimation) { started = CACurrentMediaTime() }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            stopped = CACurrentMediaTime()
            finished = flag
            attachedAtStop = layer?.animation(forKey: "slide") != nil
            commitsAtStop = CATransaction.commitCount
        }
    }

    func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
    }

    /// Serves the main run loop only (dispatch sources, timers, display links) until `condition`
    /// holds: unlike `Application.runUntil`, no frame turn and no flush is forced, so whatever
    /// happens is the frame clock's own doing.
    @MainActor @discardableResult
    func serveRunLoop(timeout: TimeInterval, until condition: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            RunLoop.main.run(until: Date().addingTimeInterval(0.005))
        }
        return condition()
    }

    @MainActor func showBoard() throws -> (LaminaHost.Window, HostingView) {
        let view = HostingView()
        view.layer.backgroundColor = red
        let window = try LaminaHost.Window(checkedTitle: "Lamina frame clock", size: CGSize(width: 200, height: 100))
        window.contentView = view
        window.show()
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 0 }, "no first frame")
        return (window, view)
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixels = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<i + 4])
    }

    func testAnAnimationThatEndsIsRemovedAtItsEndWithoutACommitThenNoFrames() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAnAnimationThatEnds(fillsForwards: false) }
    }

    func testAnEndedForwardsFillHoldsStillWithoutFrames() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAnAnimationThatEnds(fillsForwards: true) }
    }

    /// A 0.3 s slide of a blue tile from x = 25 to x = 125 (its model position is x = 25).
    @MainActor func checkAnAnimationThatEnds(fillsForwards: Bool) throws {
        let (window, view) = try showBoard()
        defer { window.close() }
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 25, width: 50, height: 50)
        tile.backgroundColor = blue
        let recorder = StopRecorder()
        recorder.layer = tile
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 25
        slide.toValue = 125
        slide.duration = 0.3
        slide.delegate = recorder
        if fillsForwards {
            slide.fillMode = .forwards
            slide.isRemovedOnCompletion = false
        }
        CATransaction.begin()
        view.layer.addSublayer(tile)
        tile.add(slide, forKey: "slide")
        CATransaction.commit()
        let end = try XCTUnwrap(tile.animation(forKey: "slide")).beginTime + 0.3
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesDrawn > 2 }, "the animation never drew")
        let commits = CATransaction.commitCount

        // Only the run loop from here on: no frame turns, no commits.
        XCTAssertTrue(serveRunLoop(timeout: 10) { recorder.stopped != nil }, "the delegate never heard of the end")
        let stopped = try XCTUnwrap(recorder.stopped)
        XCTAssertGreaterThanOrEqual(stopped, end, "told before the end")
        XCTAssertLessThan(stopped - end, 1, "told long after the end (\(stopped - end) s)")
        XCTAssertEqual(recorder.finished, true)
        XCTAssertNotNil(recorder.started)
        XCTAssertEqual(recorder.commitsAtStop, commits, "a commit was needed")
        XCTAssertEqual(recorder.attachedAtStop, fillsForwards, "removed on completion unless asked to stay")
        XCTAssertEqual(tile.animation(forKey: "slide") != nil, fillsForwards)

        // The last frame shows the end; then the window draws nothing at all.
        XCTAssertTrue(serveRunLoop(timeout: 10) { window.shownMediaTime >= end }, "the end was never drawn")
        serveRunLoop(timeout: 0.1)
        let (drawn, presented) = (window.framesDrawn, window.framesPresented)
        serveRunLoop(timeout: 0.5)
        XCTAssertEqual(window.framesDrawn, drawn, "frames drawn after the animation's end")
        XCTAssertEqual(window.framesPresented, presented, "frames put after the animation's end")
        let image = try XCTUnwrap(window.capture())
        let x = fillsForwards ? 125 : 25
        XCTAssertEqual(pixel(image, x, 50), [0, 0, 255, 255], "the tile's resting place")
        XCTAssertEqual(pixel(image, fillsForwards ? 25 : 125, 50), [255, 0, 0, 255], "where the tile is not")
    }

    func testAnAnimationThatStartsLaterWakesTheRenderThreadAtItsStart() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAnAnimationThatStartsLater() }
    }

    /// A slide that begins 0.3 s from now: nothing is drawn before, frames run during, none after.
    @MainActor func checkAnAnimationThatStartsLater() throws {
        let (window, view) = try showBoard()
        defer { window.close() }
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 25, width: 50, height: 50)
        tile.backgroundColor = blue
        let recorder = StopRecorder()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 25
        slide.toValue = 125
        slide.duration = 0.2
        slide.beginTime = CACurrentMediaTime() + 0.3
        slide.delegate = recorder
        CATransaction.begin()
        view.layer.addSublayer(tile)
        tile.add(slide, forKey: "slide")
        CATransaction.commit()
        let begin = slide.beginTime
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 1 }, "the new tile was never drawn")
        let drawnBefore = window.framesDrawn
        XCTAssertTrue(serveRunLoop(timeout: 10) { recorder.stopped != nil }, "the delegate never heard of the end")
        if CACurrentMediaTime() < begin { XCTFail("the machine was too slow to see the start") }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(recorder.started), begin, "started before its begin time")
        XCTAssertGreaterThan(window.framesDrawn, drawnBefore + 2, "no frames while it ran")
        serveRunLoop(timeout: 0.1)
        let drawn = window.framesDrawn
        serveRunLoop(timeout: 0.3)
        XCTAssertEqual(window.framesDrawn, drawn, "frames after its end")
    }

    func testADisplayLinkFiresWithTheRenderThreadsFrames() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkADisplayLinkFiresWithTheRenderThreadsFrames() }
    }

    @MainActor func checkADisplayLinkFiresWithTheRenderThreadsFrames() throws {
        let (window, view) = try showBoard()
        defer { window.close() }
        serveRunLoop(timeout: 0.1)
        let render = RenderThread.shared, interval = render.frameInterval
        var frames: [(timestamp: CFTimeInterval, target: CFTimeInterval, duration: CFTimeInterval)] = []
        // The link moves a tile each frame: the window draws what the callbacks did.
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 25, width: 50, height: 50)
        tile.backgroundColor = blue
        view.layer.addSublayer(tile)
        let link = CADisplayLink { link in
            frames.append((link.timestamp, link.targetTimestamp, link.duration))
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            tile.position.x = CGFloat(25 + frames.count % 100)
            CATransaction.commit()
        }
        let ticksBefore = render.ticks
        link.add(to: .main, forMode: .common)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { frames.count >= 20 }, "the link fired \(frames.count) times")
        let ticks = render.ticks - ticksBefore
        XCTAssertLessThanOrEqual(frames.count, ticks, "more callbacks than render-thread frames")
        // The interval is the display's: RandR's, else 60 Hz.
        for frame in frames {
            XCTAssertEqual(frame.duration, interval, accuracy: 1e-9)
            XCTAssertEqual(frame.target - frame.timestamp, frame.duration, accuracy: 1e-9)
        }
        for (a, b) in zip(frames, frames.dropFirst()) {
            XCTAssertGreaterThanOrEqual(b.timestamp - a.timestamp, interval * 0.5, "two callbacks for one frame")
        }
        XCTAssertGreaterThan(window.framesPresented, 5, "the moves never reached the window")
        link.invalidate()
        serveRunLoop(timeout: 0.1)
        let (ticksAfter, drawn) = (render.ticks, window.framesDrawn)
        serveRunLoop(timeout: 0.3)
        XCTAssertEqual(render.ticks, ticksAfter, "the render thread kept ticking without a link")
        XCTAssertEqual(window.framesDrawn, drawn)
    }

    func testFrameTimingSaysWhichClockPacesAndFramesLandOnIt() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkFrameTiming() }
    }

    @MainActor func checkFrameTiming() throws {
        let x = try X11Display.connection()
        let (window, view) = try showBoard()
        defer { window.close() }
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 25, width: 50, height: 50)
        tile.backgroundColor = blue
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 25
        slide.toValue = 175
        slide.duration = 1
        slide.repeatCount = .infinity
        tile.add(slide, forKey: "slide")
        view.layer.addSublayer(tile)
        let timerTiming: FrameTiming = x.refreshRate.map { .randrTimer(framesPerSecond: $0) } ?? .defaultTimer(framesPerSecond: 60)
        let offersPresent = x.presentOpcode != nil && ProcessInfo.processInfo.environment["LAMINA_FRAME_TIMING"] != "timer"
        defer { RenderThread.shared.pace(byVBlank: offersPresent) }
        // Both clocks in turn: the display's vblank through Present (Xvfb simulates one), then the timer.
        for byVBlank in offersPresent ? [true, false] : [false] {
            RenderThread.shared.pace(byVBlank: byVBlank)
            let timing = LaminaHost.Window.frameTiming
            if byVBlank {
                guard case .presentVBlank(let rate) = timing else { return XCTFail("not paced by Present: \(timing)") }
                XCTAssertEqual(rate, timerTiming.framesPerSecond, "the display's nominal rate")
            } else {
                XCTAssertEqual(timing, timerTiming)
            }
            let before = window.recentFrameIntervals.count
            XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.recentFrameIntervals.count > before + 20 })
            let intervals = window.recentFrameIntervals.suffix(20).sorted()
            let median = intervals[intervals.count / 2], target = 1 / timing.framesPerSecond
            XCTAssertGreaterThan(median, target * 0.5, "frames faster than the clock: \(intervals)")
            XCTAssertLessThan(median, target * 2, "frames far slower than the clock (\(timing)): \(intervals)")
            print("frame timing: \(timing); median interval \(String(format: "%.2f", median * 1e3)) ms")
        }
    }

    /// Frames that take longer than half an interval still land on every vblank under Present.
    /// The notify used to be asked for after drawing, for "the next MSC"; Xvfb's simulated
    /// counter rounds to the nearest MSC, so past mid-interval "next" was the one after and
    /// every such frame lost a vblank (MSC steps of 2: 30 fps).
    /// The board with a tile sliding for ever, its frames paced by Present's vblanks (skipped
    /// where the server has no Present).
    @MainActor func showSlidingTileUnderPresent() throws -> LaminaHost.Window {
        let x = try X11Display.connection()
        guard x.presentOpcode != nil, ProcessInfo.processInfo.environment["LAMINA_FRAME_TIMING"] != "timer" else {
            throw XCTSkip("the server has no Present")
        }
        let (window, view) = try showBoard()
        let tile = CALayer()
        tile.frame = CGRect(x: 0, y: 25, width: 50, height: 50)
        tile.backgroundColor = blue
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 25
        slide.toValue = 175
        slide.duration = 1
        slide.repeatCount = .infinity
        tile.add(slide, forKey: "slide")
        view.layer.addSublayer(tile)
        RenderThread.shared.pace(byVBlank: true)
        return window
    }

    func testSlowFramesUnderPresentLoseNoVBlank() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkSlowFramesKeepEveryVBlank() }
    }

    @MainActor func checkSlowFramesKeepEveryVBlank() throws {
        let window = try showSlidingTileUnderPresent()
        defer { window.close() }
        // 10 ms more per tick: past mid-interval (8.3 ms at 60 Hz), within one interval.
        RenderThread.shared.extraFrameSeconds = 0.010
        defer { RenderThread.shared.extraFrameSeconds = 0 }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { RenderThread.shared.recentVBlankMSCs.count >= 30 }, "no vblanks")
        let mscs = RenderThread.shared.recentVBlankMSCs.suffix(25)
        let steps = zip(mscs, mscs.dropFirst()).map { Int($1) - Int($0) }.sorted()
        // A busy machine may make a tick late now and then; the usual step is one vblank.
        XCTAssertEqual(steps[steps.count / 2], 1, "vblanks lost: MSC steps \(steps)")
    }

    /// Waiting for a vblank sleeps until the notify comes (or a millisecond after the vblank
    /// was due), not a millisecond at a time: an animated window's render thread wakes about
    /// once a frame, where polling woke it about twelve times.
    func testVBlankWaitWakesAboutOnceAFrame() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkVBlankWaitWakesAboutOnceAFrame() }
    }

    @MainActor func checkVBlankWaitWakesAboutOnceAFrame() throws {
        let window = try showSlidingTileUnderPresent()
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { RenderThread.shared.recentVBlankMSCs.count >= 5 }, "no vblanks")
        let sleeps = RenderThread.shared.vblankSleeps, first = RenderThread.shared.recentVBlankMSCs.last!
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { (RenderThread.shared.recentVBlankMSCs.last ?? 0) >= first + 30 },
                      "no vblanks")
        let vblanks = Double(RenderThread.shared.recentVBlankMSCs.last! - first)
        let perVBlank = Double(RenderThread.shared.vblankSleeps - sleeps) / vblanks
        XCTAssertGreaterThan(perVBlank, 0.5, "the waits do sleep")
        // One sleep a vblank, now and then a second or third (a put's completion wakes it early;
        // a late notify after the due time; on a loaded machine, 3.0 was seen); polling each
        // millisecond was about twelve.
        XCTAssertLessThanOrEqual(perVBlank, 4, "sleeps per vblank")
    }

    func testVBlankSleepLastsUntilShortlyAfterTheVBlankIsDue() {
        // Due 10 ms from now: sleep 11 ms (the socket wakes it when the notify comes).
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: 5.010, now: 5.0, left: 0.066), 11)
        // Due, or past due: a millisecond at a time.
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: 5.0, now: 5.0, left: 0.066), 1)
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: 4.0, now: 5.0, left: 0.066), 1)
        // Not known (the first vblank): a millisecond at a time.
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: nil, now: 5.0, left: 0.066), 1)
        // Never past the wait's end, never zero (a zero poll would spin).
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: 9.0, now: 5.0, left: 0.004), 4)
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: 9.0, now: 5.0, left: 0.0001), 1)
        XCTAssertEqual(VBlankClock.pollMilliseconds(due: .nan, now: 5.0, left: 0.066), 1)
    }

    /// A bar filled to `progress` of its width: it redraws as `progress` animates, which only
    /// the main thread can do.
    final class ProgressBar: CALayer {
        var progress: CGFloat = 0
        override class var keyValueProperties: [String: LayerProperty] {
            super.keyValueProperties.merging(["progress": .keyPath(\ProgressBar.progress)]) { $1 }
        }
        override class func needsDisplay(forKey key: String) -> Bool { key == "progress" || super.needsDisplay(forKey: key) }
        override func draw(in ctx: CGContext) {
            ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
        }
    }

    func testAMainThreadDrawnAnimationShowsItsEndThenStops() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAMainThreadDrawnAnimationEnds() }
    }

    @MainActor func checkAMainThreadDrawnAnimationEnds() throws {
        let (window, view) = try showBoard()
        defer { window.close() }
        let bar = ProgressBar()
        bar.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        bar.progress = 0.25
        bar.setNeedsDisplay()
        let fill = CABasicAnimation(keyPath: "progress")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 0.3
        CATransaction.begin()
        view.layer.addSublayer(bar)
        bar.add(fill, forKey: "fill")
        CATransaction.commit()
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.framesPresented > 3 }, "never drawn")
        // Run loop only: the lifecycle tick removes the animation and draws the model's look.
        XCTAssertTrue(serveRunLoop(timeout: 10) { bar.animation(forKey: "fill") == nil }, "never removed")
        XCTAssertTrue(serveRunLoop(timeout: 5) {
            window.capture().map { self.pixel($0, 25, 50) == [0, 0, 255, 255] && self.pixel($0, 100, 50) == [255, 0, 0, 255] } ?? false
        }, "the end never showed the model's quarter")
        serveRunLoop(timeout: 0.1)
        let presented = window.framesPresented
        serveRunLoop(timeout: 0.4)
        XCTAssertEqual(window.framesPresented, presented, "frames after the end")
    }
}
