import Dispatch

/// A timer in step with the display: calls back once per frame with the frame's timestamps.
/// Linux has no selectors, so the callback is a closure:
///
///     let link = CADisplayLink { link in spin(by: link.targetTimestamp - link.timestamp) }
///     link.add(to: .main, forMode: .common)
///
/// In a LaminaHost application the link fires with the render thread's frames (the display's
/// rate): the callback runs on the run loop it was added to, once per frame, and a busy run loop
/// misses frames, which shows as a gap between one callback's `timestamp` and the next (as on
/// Apple). While a link is active the render thread keeps its frame clock running. Without a
/// host (no window), the link runs on a run-loop timer at 60 Hz. Timestamps are media times
/// (`CACurrentMediaTime()`).
open class CADisplayLink: NSObject, @unchecked Sendable {
    /// When the frame the callback is for is shown. Defaults to 0 before the first frame.
    open var timestamp: CFTimeInterval { locked { _timestamp } }
    /// When the next frame this link fires for will be shown: draw for this time. Defaults to 0
    /// before the first frame.
    open var targetTimestamp: CFTimeInterval { locked { _targetTimestamp } }
    /// The time between this link's frames: the display's frame interval, times the frames
    /// skipped to hold a lower preferred rate. Defaults to 1/60 before the first frame.
    open var duration: CFTimeInterval { locked { _duration } }

    /// The rates the callback would like; the link fires on every n-th display frame, n the
    /// display's rate over the preferred one, rounded. Defaults to `.default` (every frame).
    open var preferredFrameRateRange: CAFrameRateRange {
        get { locked { _range } }
        set { locked { _range = newValue }; reschedule() }
    }

    /// The frame rate asked for; 0 means the display's. Defaults to 0. Sets
    /// `preferredFrameRateRange` to that rate; deprecated on Apple in favour of it.
    @available(*, deprecated, message: "Use preferredFrameRateRange")
    open var preferredFramesPerSecond: Int {
        get { Int(saturating: preferredFrameRateRange.wantedRate.rounded()) }
        set {
            let rate = Float(max(newValue, 0))
            preferredFrameRateRange = rate > 0 ? CAFrameRateRange(minimum: rate, maximum: rate, preferred: rate) : .default
        }
    }

    /// Whether callbacks are suspended (the link stays on its run loops). Defaults to false.
    open var isPaused: Bool {
        get { locked { _isPaused } }
        set { locked { _isPaused = newValue }; clock.linksDidChange() }
    }

    private let callback: (CADisplayLink) -> Void
    private let lock = NSLock()
    private var _timestamp: CFTimeInterval = 0
    private var _targetTimestamp: CFTimeInterval = 0
    private var _duration: CFTimeInterval = 1.0 / 60
    private var _range = CAFrameRateRange.default
    private var _isPaused = false
    private var invalidated = false
    /// The run loops and modes the link fires on.
    private var runLoops: [(runLoop: RunLoop, mode: RunLoop.Mode)] = []
    /// Run-loop timers, used only while no frame clock drives display links (no window yet).
    private var timers: [Timer] = []
    /// A callback handed to a run loop and not yet run: frames that come meanwhile only update
    /// its timestamps (a busy run loop skips frames instead of queueing them).
    private var deliveryPending = false

    /// The frame clock that drives the link once a host runs one (else its timers do).
    private let clock: DisplayLinkClock

    /// A display link calling `callback` on every frame once added to a run loop.
    public init(_ callback: @escaping (CADisplayLink) -> Void) {
        clock = .shared
        self.callback = callback
        super.init()
    }

    /// A display link driven by `clock` (tests use a clock of their own).
    package init(clock: DisplayLinkClock, _ callback: @escaping (CADisplayLink) -> Void) {
        self.clock = clock
        self.callback = callback
        super.init()
    }

    /// Starts firing on `runloop` in `mode`.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard !locked({ invalidated }) else { return }
        locked { runLoops.append((runloop, mode)) }
        clock.add(self)
        reschedule()
    }

    /// Stops firing on `runloop` in `mode`.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let empty = locked { () -> Bool in
            runLoops.removeAll { $0.runLoop === runloop && $0.mode == mode }
            return runLoops.isEmpty
        }
        if empty { clock.remove(self) }
        reschedule()
    }

    /// Stops firing everywhere, for good (the link lets go of its run loops).
    open func invalidate() {
        locked { invalidated = true; runLoops.removeAll() }
        clock.remove(self)
        reschedule()
    }

    /// Whether the link wants frames: on a run loop, not paused, not invalidated.
    var isActive: Bool { locked { !invalidated && !_isPaused && !runLoops.isEmpty } }

    /// Display frames per callback at a display interval of `interval` seconds.
    func framesPerCallback(displayInterval interval: CFTimeInterval) -> Int {
        let rate = locked { _range.wantedRate }
        guard rate > 0, interval > 0 else { return 1 }
        return max(1, Int(saturating: (1 / interval / rate).rounded()))
    }

    /// The display showed frame `frame` at media time `timestamp`, frames coming every
    /// `interval` seconds (the frame clock's call, from its own thread): fires on this link's
    /// run loops when the frame is one of its own.
    func displayFrame(_ frame: Int, at timestamp: CFTimeInterval, interval: CFTimeInterval) {
        let step = framesPerCallback(displayInterval: interval)
        guard frame % step == 0 else { return }
        let targets: [(RunLoop, RunLoop.Mode)]? = locked {
            guard !invalidated, !_isPaused else { return nil }
            _timestamp = timestamp
            _duration = interval * Double(step)
            _targetTimestamp = timestamp + _duration
            if deliveryPending { return nil }
            deliveryPending = true
            return runLoops.map { ($0.runLoop, $0.mode) }
        }
        guard let first = targets?.first else { return }
        let deliver: @Sendable () -> Void = { [self] in
            guard locked({ let was = deliveryPending; deliveryPending = false; return was }) else { return }
            guard isActive else { return }
            callback(self)
        }
        // The main run loop serves the main dispatch queue; any other gets a block of its own.
        if first.0 === RunLoop.main { DispatchQueue.main.async(execute: deliver) }
        else { first.0.perform(inModes: [first.1], block: deliver) }
    }

    /// One frame at media time `now`, fired at once on the calling thread (the run-loop timer
    /// without a host, and tests).
    package func step(at now: CFTimeInterval) {
        let fire = locked { () -> Bool in
            guard !_isPaused, !invalidated else { return false }
            _duration = 1 / (_range.wantedRate > 0 ? min(_range.wantedRate, 240) : 60)
            _timestamp = now
            _targetTimestamp = now + _duration
            return true
        }
        if fire { callback(self) }
    }

    /// Run-loop timers while nothing else drives the link; none once the frame clock does.
    private func reschedule() {
        let (loops, rate) = locked { (runLoops, _range.wantedRate) }
        for timer in locked({ timers }) { timer.invalidate() }
        locked { timers.removeAll() }
        guard !clock.isDriven else { return }
        let interval = 1 / (rate > 0 ? min(rate, 240) : 60)
        for (runLoop, mode) in loops {
            let timer = Timer(timeInterval: interval, repeats: true) { [weak self] _ in self?.step(at: CACurrentMediaTime()) }
            runLoop.add(timer, forMode: mode)
            locked { timers.append(timer) }
        }
    }

    /// The frame clock took over: the link stops its own timers.
    func clockDidTakeOver() { reschedule() }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock(); defer { lock.unlock() }
        return body()
    }
}

/// The display links of the process and the frame clock that drives them: LaminaHost's render
/// thread calls `frame(at:interval:)` on each of its ticks and keeps ticking while
/// `wantsFrames` (a link is active); `onChange` wakes it when a link starts or stops wanting frames.
package final class DisplayLinkClock: @unchecked Sendable {
    package static let shared = DisplayLinkClock()

    package init() {}

    private let lock = NSLock()
    private var links: [ObjectIdentifier: CADisplayLink] = [:]
    private var wake: (@Sendable () -> Void)?
    private var frameNumber = 0

    /// Whether a frame clock drives the links (else each link runs its own run-loop timer).
    package var isDriven: Bool { lock.lock(); defer { lock.unlock() }; return wake != nil }

    /// Makes the caller's frames drive every display link from now on; `wake` is called when a
    /// link starts or stops wanting frames, from any thread.
    package func drive(wake: @escaping @Sendable () -> Void) {
        lock.lock()
        let first = self.wake == nil
        self.wake = wake
        let all = Array(links.values)
        lock.unlock()
        if first { for link in all { link.clockDidTakeOver() } }
    }

    /// Whether some link is active: the frame clock must keep ticking.
    package var wantsFrames: Bool {
        lock.lock(); let all = Array(links.values); lock.unlock()
        return all.contains { $0.isActive }
    }

    /// A frame shown at media time `timestamp`, frames coming every `interval` seconds.
    package func frame(at timestamp: CFTimeInterval, interval: CFTimeInterval) {
        lock.lock()
        frameNumber += 1
        let number = frameNumber, all = Array(links.values)
        lock.unlock()
        for link in all { link.displayFrame(number, at: timestamp, interval: interval) }
    }

    func add(_ link: CADisplayLink) {
        lock.lock(); links[ObjectIdentifier(link)] = link; lock.unlock()
        linksDidChange()
    }

    func remove(_ link: CADisplayLink) {
        lock.lock(); links[ObjectIdentifier(link)] = nil; lock.unlock()
        linksDidChange()
    }

    func linksDidChange() {
        lock.lock(); let wake = self.wake; lock.unlock()
        wake?()
    }
}
