/// A timer in step with the display: calls back once per frame with the frame's timestamps.
/// Linux has no selectors, so the callback is a closure:
///
///     let link = CADisplayLink { link in spin(by: link.targetTimestamp - link.timestamp) }
///     link.add(to: .main, forMode: .common)
///
/// On a run loop it fires at `preferredFramesPerSecond` (60 Hz by default; LaminaHost's display
/// rate where it knows it). Timestamps are media times (`CACurrentMediaTime()`).
public final class CADisplayLink: @unchecked Sendable {
    /// When the last frame was shown.
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame will be shown.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The time between frames.
    public private(set) var duration: CFTimeInterval = 1.0 / 60
    /// The frame rate asked for; 0 means the display's (60 Hz). Defaults to 0.
    public var preferredFramesPerSecond: Int = 0 {
        didSet { reschedule() }
    }
    /// Whether callbacks are suspended. Defaults to false.
    public var isPaused = false

    private let callback: (CADisplayLink) -> Void
    private var timers: [(timer: Timer, runLoop: RunLoop)] = []
    private var invalidated = false

    /// A display link calling `callback` on every frame once added to a run loop.
    public init(_ callback: @escaping (CADisplayLink) -> Void) {
        self.callback = callback
    }

    /// Starts firing on `runloop` in `mode`.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !invalidated else { return }
        let timer = Timer(timeInterval: frameInterval, repeats: true) { [weak self] _ in
            self?.step(at: CACurrentMediaTime())
        }
        runloop.add(timer, forMode: mode)
        timers.append((timer, runloop))
    }

    /// Stops firing on `runloop`.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        timers.removeAll { entry in
            if entry.runLoop === runloop { entry.timer.invalidate(); return true }
            return false
        }
    }

    /// Stops firing everywhere, for good.
    public func invalidate() {
        invalidated = true
        for entry in timers { entry.timer.invalidate() }
        timers.removeAll()
    }

    private var frameInterval: TimeInterval {
        1.0 / Double(preferredFramesPerSecond > 0 ? min(preferredFramesPerSecond, 240) : 60)
    }

    private func reschedule() {
        let runLoops = timers.map(\.runLoop)
        for entry in timers { entry.timer.invalidate() }
        timers.removeAll()
        for runLoop in runLoops { add(to: runLoop, forMode: .common) }
    }

    /// One frame at media time `now` (the run loop's timer, a host's frame clock, or a test).
    package func step(at now: CFTimeInterval) {
        guard !isPaused, !invalidated else { return }
        duration = frameInterval
        timestamp = now
        targetTimestamp = now + duration
        callback(self)
    }
}
