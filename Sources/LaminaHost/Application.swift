import CX11
import QuartzCore
import Dispatch
import Glibc

/// The application: X events and frames on the main dispatch queue, so that `DispatchQueue.main`,
/// timers, `@MainActor` code and input all work together. Implicit transactions commit at the
/// end of each main-queue turn. Frames are scheduled by what happens — a commit, an X event, an
/// animation still running (its delegate callbacks and removal happen here) — so an idle
/// application does no work at all.
///
/// Animation lifecycle — `animationDidStart`/`animationDidStop`, removal of finished animations,
/// transaction completion blocks — runs on the main queue at the moment an animation starts or
/// ends (the lifecycle tick), whether or not anything commits; the render thread draws only
/// while something on screen changes.
@MainActor
public final class Application {
    public static let shared = Application()

    private(set) var windows: [Window] = []
    private var eventSource: DispatchSourceRead?
    private var frameScheduled = false
    private var lastFrame = DispatchTime(uptimeNanoseconds: 0)
    /// Fires the lifecycle tick at the next animation event of any window's tree.
    private var lifecycleTimer: DispatchSourceTimer?

    private init() {}

    /// Runs the main run loop forever (until `terminate()`): it serves the main dispatch queue,
    /// timers and display links alike.
    public func run() -> Never {
        start()
        while true { RunLoop.main.run() }
    }

    /// Ends the application.
    public func terminate() -> Never {
        for window in windows { window.close() }
        exit(0)
    }

    /// Starts watching X events and drawing frames on the main queue (idempotent).
    func start() {
        guard eventSource == nil, let x = try? X11Display.connection() else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: x.fileDescriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { Application.shared.processEvents() } }
        source.resume()
        eventSource = source
        RenderThread.shared.start()
        CATransaction.commitObserver = {
            DispatchQueue.main.async { MainActor.assumeIsolated { Application.shared.scheduleFrame() } }
        }
        scheduleFrame()
    }

    /// Asks for a frame at the next tick (one pending at a time): at once when the last one ran
    /// a tick ago or more (so that input reaches the screen quickly), else when a tick has passed.
    func scheduleFrame() {
        guard !frameScheduled else { return }
        frameScheduled = true
        let next = lastFrame + .milliseconds(16)
        DispatchQueue.main.asyncAfter(deadline: max(next, .now())) {
            MainActor.assumeIsolated {
                Application.shared.frameScheduled = false
                Application.shared.frame()
            }
        }
    }

    func register(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    func unregister(_ window: Window) {
        windows.removeAll { $0 === window }
    }

    /// Handles every queued X event; schedules a frame when a window needs one.
    func processEvents() {
        guard let x = try? X11Display.connection() else { return }
        var event = XEvent()
        while x.takeEvent(&event) {
            let target = event.xany.window
            windows.first { $0.windowID == target }?.handle(&event)
        }
        for window in windows { window.applyPendingResize() }
        if windows.contains(where: \.needsDisplay) { scheduleFrame() }
    }

    /// Commits what the main queue changed and hands the windows that changed to the render thread.
    func frame() {
        // The render thread's XSync may have queued events without waking the connection's
        // dispatch source: look at the queue on every tick too.
        lastFrame = .now()
        processEvents()
        CATransaction.flush()
        let commit = CATransaction.commitCount
        for window in windows where window.wantsFrame(commit: commit) { window.render(commit: commit) }
        animationLifecycleTick()
        // Trees only this thread can draw (animated custom properties) need it every frame.
        if windows.contains(where: \.drawsAnimationsOnMainThread) { scheduleFrame() }
    }

    /// The lifecycle tick: tells delegates of animations that started or ended, removes finished
    /// ones and runs due completion blocks in every window's tree, then sets the timer for the
    /// next moment an animation starts or ends. Runs after each main-thread frame turn (a commit
    /// may have added animations) and at those moments, commit or not.
    func animationLifecycleTick() {
        let now = CACurrentMediaTime()
        var next: CFTimeInterval?
        for window in windows {
            guard let layer = window.contentView?.layer, layer.hasAnimationsInTree else { continue }
            layer.updateAnimations(atMediaTime: now)
            if let event = layer.animationSchedule(atMediaTime: now).nextEvent { next = min(next ?? event, event) }
        }
        guard let next else { lifecycleTimer?.cancel(); lifecycleTimer = nil; return }
        let timer = lifecycleTimer ?? {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { MainActor.assumeIsolated { Application.shared.animationLifecycleTick() } }
            timer.resume()
            return timer
        }()
        lifecycleTimer = timer
        // A millisecond late, so that the animation has ended by every rounding of its time.
        timer.schedule(deadline: .now() + max(next - now, 0) + 0.001, leeway: .microseconds(200))
    }

    /// For tests and tools: handles X events and draws due frames until `condition` holds or
    /// `timeout` seconds pass; true when the condition held.
    @discardableResult
    public func runUntil(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            processEvents()
            frame()
            if condition() { return true }
            RunLoop.main.run(until: Date().addingTimeInterval(0.005))
        } while Date() < deadline
        return condition()
    }
}
