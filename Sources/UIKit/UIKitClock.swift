import QuartzCore
import Dispatch

/// The time that UIKit's timers and physics follow: gesture recognizers' deadlines (a long
/// press's duration, the interval between taps) and the frames of scroll views' deceleration,
/// bouncing and animated offsets. Times are media times (`CACurrentMediaTime()`, the clock of
/// touches' timestamps).
///
/// By default deadlines are main-queue timers and frames come from a `CADisplayLink`. A test
/// makes the clock manual (`UIKitClock.shared.isManual = true`) and moves it with
/// `advance(to:)`: due timers fire in order, frames come every 1/60 s, and Core Animation's
/// `MediaClock` follows, so nothing sleeps.
@MainActor
final class UIKitClock {
    /// The clock of the app.
    static let shared = UIKitClock()

    /// Whether time moves only by `advance(to:)` (tests). Turning it on stops the media clock
    /// where it is; off lets it follow the system again and drops pending work.
    var isManual = false {
        didSet {
            guard isManual != oldValue else { return }
            timers = []
            frameHandlers = []
            displayLink?.invalidate()
            displayLink = nil
            if isManual { MediaClock.setVirtualTime(CACurrentMediaTime()) } else { MediaClock.useSystemTime() }
        }
    }

    /// The current time.
    var now: TimeInterval { CACurrentMediaTime() }

    private struct Timer {
        let id: Int
        let deadline: TimeInterval
        let action: () -> Void
    }

    private var timers: [Timer] = []
    private var nextID = 0
    private var frameHandlers: [(id: Int, body: (TimeInterval) -> Bool)] = []
    private var displayLink: CADisplayLink?

    /// Runs `action` at `deadline` (now, at the latest). Returns an identifier for `cancel(_:)`.
    @discardableResult
    func schedule(at deadline: TimeInterval, _ action: @escaping () -> Void) -> Int {
        nextID += 1
        let id = nextID
        let safeDeadline = deadline.isFinite ? deadline : now
        timers.append(Timer(id: id, deadline: safeDeadline, action: action))
        if !isManual {
            let delay = max(0, min(safeDeadline - now, 1e6))
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
                MainActor.assumeIsolated { UIKitClock.shared.fire(id) }
            }
        }
        return id
    }

    /// Cancels a timer scheduled with `schedule(at:_:)`.
    func cancel(_ id: Int) {
        timers.removeAll { $0.id == id }
    }

    private func fire(_ id: Int) {
        guard let index = timers.firstIndex(where: { $0.id == id }) else { return }
        let timer = timers.remove(at: index)
        timer.action()
    }

    /// Calls `body` with the time on each frame until it returns false. Returns an identifier
    /// for `removeFrameHandler(_:)`.
    @discardableResult
    func addFrameHandler(_ body: @escaping (TimeInterval) -> Bool) -> Int {
        nextID += 1
        frameHandlers.append((nextID, body))
        if !isManual, displayLink == nil {
            // The link fires on the main run loop it is added to.
            let link = CADisplayLink { link in
                let time = link.targetTimestamp
                MainActor.assumeIsolated { UIKitClock.shared.runFrame(at: time) }
            }
            link.add(to: .main, forMode: .common)
            displayLink = link
        }
        return nextID
    }

    /// Stops a frame handler.
    func removeFrameHandler(_ id: Int) {
        frameHandlers.removeAll { $0.id == id }
    }

    /// Whether any frame handler is running.
    var hasFrameHandlers: Bool { !frameHandlers.isEmpty }

    private func runFrame(at time: TimeInterval) {
        let t = time > 0 ? max(time, now) : now
        let running = frameHandlers
        for handler in running where !handler.body(t) { removeFrameHandler(handler.id) }
        if frameHandlers.isEmpty, !isManual {
            displayLink?.invalidate()
            displayLink = nil
        }
    }

    /// Moves a manual clock to `time`: the timers due and the frames (every 1/60 s) in between
    /// run in time order, the media clock following.
    func advance(to time: TimeInterval) {
        guard isManual, time.isFinite else { return }
        var t = now
        while t < time {
            let nextFrame = min(t + 1.0 / 60, time)
            let nextTimer = timers.map(\.deadline).min() ?? .infinity
            if nextTimer <= nextFrame {
                MediaClock.setVirtualTime(max(t, nextTimer))
                t = max(t, nextTimer)
                let due = timers.filter { $0.deadline <= t }.sorted { $0.deadline < $1.deadline }
                for timer in due { fire(timer.id) }
                continue
            }
            t = nextFrame
            MediaClock.setVirtualTime(t)
            if !frameHandlers.isEmpty { runFrame(at: t) }
        }
        let due = timers.filter { $0.deadline <= time }.sorted { $0.deadline < $1.deadline }
        for timer in due { fire(timer.id) }
    }

    /// Moves a manual clock on by `seconds`.
    func advance(by seconds: TimeInterval) { advance(to: now + seconds) }
}
