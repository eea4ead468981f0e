import QuartzCore
import Glibc
import Dispatch

/// Draws and puts frames off the main thread, so that animations keep their rate while the main
/// thread is busy: the main thread hands over committed trees (`RenderTree`), this thread draws
/// them at each tick's media time. It sleeps while nothing animates and nothing new arrives.
/// The application owns one (`Application.renderThread`), paced by what its display backend
/// reports (`BackendFrameTiming`); it knows windows only as `Surface`s and their
/// `PresentationTarget`s.
final class RenderThread: @unchecked Sendable {

    private let condition = NSCondition()
    private var surfaces: [Surface] = []
    private var started = false
    /// Frames drawn by this thread (for tests and tools).
    private(set) var framesDrawn = 0
    /// Ticks of this thread's frame clock, drawn or not (a display link alone ticks it).
    var ticks: Int { condition.lock(); defer { condition.unlock() }; return tickCount }
    private var tickCount = 0
    /// Times the thread woke from its sleep between ticks, for tests: a sleeping thread that
    /// wakes and finds nothing to draw costs CPU without ticking (an idle window wakes it never).
    var wakes: Int { condition.lock(); defer { condition.unlock() }; return wakeCount }
    private var wakeCount = 0
    /// The display's frame interval: its RandR refresh rate, else 60 Hz.
    private(set) var frameInterval: TimeInterval = 1.0 / 60
    /// When false, frames follow each other as fast as they can be drawn (benchmarks).
    nonisolated(unsafe) var isPaced = true
    /// When true, every frame is composited whole (benchmarks measure what damage saves).
    nonisolated(unsafe) var drawsWholeFrames = false

    /// Which clock paces the frames.
    var timing: FrameTiming {
        condition.lock(); defer { condition.unlock() }
        if vblank != nil { return .presentVBlank(framesPerSecond: timerTiming.framesPerSecond) }
        return timerTiming
    }
    private var timerTiming = FrameTiming.defaultTimer(framesPerSecond: 60)
    /// The display's vblank clock, when the server has one (nil: the timer paces).
    private var vblank: (any VBlankSource)?
    /// Makes the vblank clock (again, when tests turn vblank pacing back on).
    private let makeVBlankClock: @Sendable () -> (any VBlankSource)?
    /// Told (on this thread) after a tick that put frames.
    private let framesPut: @Sendable () -> Void
    /// Vblank waits in a row that saw no notify: many mean the server's counter does not run.
    private var missedVBlanks = 0
    /// For tests: each tick takes this much longer after drawing, as a slow frame would (a frame
    /// longer than half an interval once lost a vblank under Present). Defaults to 0.
    var extraFrameSeconds: TimeInterval {
        get { condition.lock(); defer { condition.unlock() }; return extraSeconds }
        set { condition.lock(); extraSeconds = newValue; condition.unlock() }
    }
    /// `extraFrameSeconds`, under `condition` (tests set it from the main thread).
    private var extraSeconds: TimeInterval = 0
    /// The MSCs of the recent vblanks that paced frames (empty under the timer), for tests.
    var recentVBlankMSCs: [UInt64] {
        condition.lock(); defer { condition.unlock() }
        return vblank?.recentMSCs ?? []
    }
    /// How many times the thread has slept waiting for a vblank (0 under the timer), for tests.
    var vblankSleeps: Int {
        condition.lock(); defer { condition.unlock() }
        return vblank?.sleepCount ?? 0
    }

    /// A render thread paced by `timing`, calling `framesPut` after each tick that put frames
    /// (the main thread then reads the events those puts may have queued).
    init(timing: BackendFrameTiming, framesPut: @escaping @Sendable () -> Void) {
        makeVBlankClock = timing.makeVBlankClock
        self.framesPut = framesPut
        if let rate = timing.refreshRate {
            frameInterval = 1 / rate
            timerTiming = .randrTimer(framesPerSecond: rate)
        }
        vblank = timing.makeVBlankClock()
    }

    /// For tests and benchmarks: paces by the timer from now on (`vblank` false), or by the
    /// display's vblanks again where the server has them.
    func pace(byVBlank: Bool) {
        let clock = byVBlank ? makeVBlankClock() : nil
        condition.lock(); vblank = clock; missedVBlanks = 0; condition.unlock()
    }

    /// The vblank clock and the window whose vblanks pace the frames (the first one shown), when
    /// Present paces them.
    private func vblankSource() -> (any VBlankSource, any PresentationTarget, TimeInterval)? {
        condition.lock()
        defer { condition.unlock() }
        guard let clock = vblank, let window = surfaces.first(where: { !$0.isClosed })?.target else { return nil }
        return (clock, window, frameInterval)
    }

    /// As a paced tick starts, before its frames are drawn: asks for the notify of the vblank
    /// that ends it (see `VBlankClock`: asked after drawing, a long frame lost a vblank).
    private func requestNextVBlank() {
        guard isPaced, let (clock, window, _) = vblankSource() else { return }
        clock.requestNextVBlank(of: window)
    }

    /// Waits for the next vblank of a shown window: its media time, or nil when frames are
    /// paced by the timer (no Present, no window, or no notify came).
    private func waitForVBlank() -> CFTimeInterval? {
        guard let (clock, window, interval) = vblankSource() else { return nil }
        let time = clock.waitForVBlank(of: window, interval: interval, timeout: 4 * interval)
        condition.lock()
        defer { condition.unlock() }
        if time == nil {
            missedVBlanks += 1
            if missedVBlanks >= 10 { vblank = nil }                  // the counter does not run here
        } else {
            missedVBlanks = 0
        }
        return time
    }

    /// Starts the thread (idempotent) and makes its ticks drive every display link.
    func start() {
        condition.lock()
        let first = !started
        started = true
        condition.unlock()
        guard first else { return }
        let thread = Thread { [unowned self] in self.loop() }
        thread.name = "Lamina render"
        // Placing a tree recurses per level: 32 MB (reserved, touched only as used) holds the
        // deepest tree a layer may have (`CALayer.maximumTreeDepth`) with room to spare, even in
        // a debug build, where each level takes about 20 KB.
        thread.stackSize = 32 << 20
        thread.start()
        DisplayLinkClock.shared.drive { [unowned self] in self.wake() }
    }

    func add(_ surface: Surface) {
        start()
        condition.lock()
        surfaces.append(surface)
        condition.signal()
        condition.unlock()
    }

    /// Stops drawing `surface`; returns once no frame of it is in flight, so that the caller may
    /// free its window and GC.
    func remove(_ surface: Surface) {
        surface.drawing.lock()
        defer { surface.drawing.unlock() }
        surface.lock.lock()
        surface.closed = true
        surface.buffers = nil
        surface.lock.unlock()
        condition.lock()
        surfaces.removeAll { $0 === surface }
        condition.unlock()
    }

    /// A newly committed tree (or an expose, a resize) for `surface`.
    func submit(_ tree: RenderTree?, to surface: Surface) {
        surface.submit(tree)
        condition.lock()
        condition.signal()
        condition.unlock()
    }

    /// The render tick: draws the windows that want a frame now (a new tree, a running
    /// animation, an animation that just started or ended), then tells the display links; sleeps
    /// until the next animation event when nothing runs, for good when nothing ever will.
    private func loop() {
        // Paced ticks keep to a grid of frame intervals from the moment the thread woke: a late
        // tick moves to the next free slot (a missed frame shows as a gap in the display links'
        // timestamps, as on Apple) instead of following the last one at once.
        var grid: (start: Date, media: CFTimeInterval)?
        var slot = 0
        /// The vblank this tick follows (nil: the timer's grid).
        var vblankTime: CFTimeInterval?
        /// The display links' last frame time (nil after a sleep).
        var lastLinkFrame: CFTimeInterval?
        while true {
            condition.lock()
            var now = CACurrentMediaTime(), due: [Surface] = []
            while true {
                now = CACurrentMediaTime()
                due = surfaces.filter { $0.wantsFrame(at: now) }
                if !due.isEmpty || DisplayLinkClock.shared.wantsFrames { break }
                grid = nil                                         // asleep: the grid starts again
                vblankTime = nil
                lastLinkFrame = nil
                if let event = surfaces.compactMap(\.nextAnimationEvent).min() {
                    _ = condition.wait(until: Date(timeIntervalSinceNow: max(event - now, 0.0005)))
                } else {
                    condition.wait()
                }
                wakeCount += 1
            }
            condition.unlock()
            if grid == nil || !isPaced { (grid, slot) = ((Date(), now), 0) }
            requestNextVBlank()
            var drawn = 0
            for surface in due {
                if drawsWholeFrames { surface.invalidate() }
                if surface.drawDueFrame(atMediaTime: now) { drawn += 1 }
            }
            let extra = extraFrameSeconds
            if extra > 0 { Thread.sleep(forTimeInterval: extra) }
            condition.lock()
            framesDrawn += drawn
            tickCount += 1
            condition.unlock()
            // Frame times come from Present's vblanks or, when a notify is late, from a timer grid
            // started at that tick: the two clocks are not in phase, so a frame timed by the grid
            // right after one timed by a vblank may seem closer than one display interval. No two
            // frames are shown closer than that, so the links' time keeps at least an interval.
            var linkFrame = vblankTime ?? grid!.media + Double(slot) * frameInterval
            if let last = lastLinkFrame { linkFrame = max(linkFrame, last + frameInterval) }
            lastLinkFrame = linkFrame
            DisplayLinkClock.shared.frame(at: linkFrame, interval: frameInterval)
            // The puts' round trips may have queued events without waking the main thread.
            if drawn > 0 { framesPut() }
            // Hold the display's rate: the next vblank where Present tells it, else the timer's grid.
            guard isPaced, let start = grid?.start else { continue }
            vblankTime = waitForVBlank()
            if vblankTime != nil { grid = nil; continue }
            slot = max(slot + 1, Int((Date().timeIntervalSince(start) / frameInterval).rounded(.up)))
            Thread.sleep(until: start.addingTimeInterval(Double(slot) * frameInterval))
        }
    }

    /// Wakes the thread: display links started or stopped wanting frames.
    func wake() {
        condition.lock()
        condition.signal()
        condition.unlock()
    }
}
