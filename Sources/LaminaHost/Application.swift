import QuartzCore
import Dispatch
import Glibc

/// The application: the display's events and frames on the main dispatch queue, so that `DispatchQueue.main`,
/// timers, `@MainActor` code and input all work together. Implicit transactions commit at the
/// end of each main-queue turn. Frames are scheduled by what happens — a commit, an event, an
/// animation still running (its delegate callbacks and removal happen here) — so an idle
/// application does no work at all.
///
/// Animation lifecycle — `animationDidStart`/`animationDidStop`, removal of finished animations,
/// transaction completion blocks — runs on the main queue at the moment an animation starts or
/// ends (the lifecycle tick), whether or not anything commits; the render thread draws only
/// while something on screen changes.
///
/// The application is the host's one process-wide object: it opens the display backend
/// (`DisplayBackends.open()`, on first use) and owns it and the render thread, and windows are
/// given it when they are made. `Application.shared` is reached only where Apple's API has no
/// place to pass it: `Window`'s initializers and its static pacing properties
/// (`Window+Pacing.swift`), and this type's own `screenMetrics`; everything else is handed the
/// application, the backend or the render thread.
@MainActor
public final class Application {
    /// The process's application.
    public static let shared = Application()

    private(set) var windows: [Window] = []
    /// The display backend, once opened (`openedBackend()`).
    private var backend: (any DisplayBackend)?
    /// Whether the backend's events are watched and frames drawn (`start()`).
    private var started = false
    private var frameScheduled = false
    private var lastFrame = DispatchTime(uptimeNanoseconds: 0)
    /// Where SIGINT and SIGTERM are read on the main queue, so that they close the windows cleanly.
    private var signalSource: DispatchSourceRead?
    /// The write end of the signal pipe: a signal handler may only write a byte.
    nonisolated(unsafe) private static var signalPipeInput: Int32 = -1
    /// Fires the lifecycle tick at the next animation event of any window's tree.
    private var lifecycleTimer: DispatchSourceTimer?
    /// The commit the lifecycle tick last looked at: a frame turn without a new commit has added
    /// no animation, and the timer covers the moments animations start or end.
    private var lifecycleCommit = -1

    private init() {}

    /// The display backend, opened on first use (`DisplayBackends.open()`): an error when its
    /// display cannot be opened (tried again on the next call).
    func openedBackend() throws -> any DisplayBackend {
        if let backend { return backend }
        let opened = try DisplayBackends.open()
        backend = opened
        return opened
    }

    /// The render thread that draws every window's frames, paced by the backend's display (by a
    /// timer at 60 Hz without one).
    private(set) lazy var renderThread: RenderThread = {
        let timing = (try? openedBackend())?.frameTiming ?? .timerOnly
        return RenderThread(timing: timing) { [unowned self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { self.processEvents() } }
        }
    }()

    /// Called by `terminate()` before the windows close (UIKit tells its app delegate).
    package var willTerminate: (() -> Void)?

    /// The default screen's size in points and its scale (X11: Xft.dpi / 96, or `LAMINA_SCALE`),
    /// nil without a display.
    package static var screenMetrics: (size: CGSize, scale: CGFloat)? {
        guard let backend = try? shared.openedBackend() else { return nil }
        let scale = backend.scale, pixels = backend.screenPixelSize
        return (CGSize(width: pixels.width / scale, height: pixels.height / scale), scale)
    }

    /// Runs the main run loop forever (until `terminate()`): it serves the main dispatch queue,
    /// timers and display links alike.
    public func run() -> Never {
        start()
        while true { RunLoop.main.run() }
    }

    /// Ends the application: closes every window (their delegates hear `windowWillClose`) and
    /// exits with status 0. SIGINT (Ctrl+C) and SIGTERM do the same.
    public func terminate() -> Never {
        willTerminate?()
        for window in windows { window.close() }
        exit(0)
    }

    /// SIGINT and SIGTERM end the app through `terminate()` on the main queue. The handler only
    /// writes a byte into a pipe (all a signal handler may safely do); the main queue reads it.
    /// (A dispatch signal source would need the signals blocked in every thread, including
    /// those that already exist.)
    private func signalled() { terminate() }

    func watchSignals() {
        var ends: [Int32] = [0, 0]
        guard signalSource == nil, pipe(&ends) == 0 else { return }
        Application.signalPipeInput = ends[1]
        let source = DispatchSource.makeReadSource(fileDescriptor: ends[0], queue: .main)
        source.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.signalled() } }
        source.resume()
        signalSource = source
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(Application.signalPipeInput, &byte, 1)
            }
        }
    }

    /// Starts watching the backend's events and drawing frames on the main queue (idempotent).
    func start() {
        guard !started, let backend = try? openedBackend() else { return }
        started = true
        backend.startEvents { [unowned self] in self.processEvents() }
        renderThread.start()
        watchSignals()
        CATransaction.commitObserver = { [unowned self] in
            DispatchQueue.main.async { MainActor.assumeIsolated { self.scheduleFrame() } }
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
                self.frameScheduled = false
                self.frame()
            }
        }
    }

    func register(_ window: Window) {
        if !windows.contains(where: { $0 === window }) { windows.append(window) }
    }

    func unregister(_ window: Window) {
        windows.removeAll { $0 === window }
    }

    /// Handles every queued event (the backend hands each to its window); applies the last
    /// size each window was given and schedules a frame when a window needs one.
    func processEvents() {
        guard let backend else { return }
        backend.dispatchEvents()
        for window in windows { window.applyPendingResize() }
        if windows.contains(where: \.needsDisplay) { scheduleFrame() }
    }

    /// Commits what the main queue changed and hands the windows that changed to the render thread.
    func frame() {
        // The render thread's round trips may have queued events without waking the event
        // source: look at the queue on every tick too.
        lastFrame = .now()
        processEvents()
        CATransaction.flush()
        let commit = CATransaction.commitCount
        for window in windows where window.wantsFrame(commit: commit) { window.render(commit: commit) }
        // Walking the trees costs in proportion to their animations (a thousand take
        // milliseconds): only after a commit, which may have added some.
        if commit != lifecycleCommit {
            lifecycleCommit = commit
            animationLifecycleTick()
        }
        // Trees only this thread can draw (animated custom properties) need it every frame.
        if windows.contains(where: \.drawsAnimationsOnMainThread) { scheduleFrame() }
    }

    /// How many times the lifecycle timer has fired, for tests: once an app's animations are
    /// over it fires no more.
    private(set) var lifecycleTimerFires = 0

    /// The lifecycle timer: an animation started or ended.
    private func lifecycleTimerFired() {
        lifecycleTimerFires += 1
        animationLifecycleTick(atEvent: true)
        if windows.contains(where: \.needsDisplay) { scheduleFrame() }
    }

    /// The lifecycle tick: tells delegates of animations that started or ended, removes finished
    /// ones and runs due completion blocks in every window's tree, then sets the timer for the
    /// next moment an animation starts or ends. Runs after each main-thread frame turn (a commit
    /// may have added animations) and at those moments, commit or not.
    func animationLifecycleTick(atEvent: Bool = false) {
        let now = CACurrentMediaTime()
        var next: CFTimeInterval?
        for window in windows {
            guard let layer = window.contentView?.layer, layer.hasAnimationsInTree else { continue }
            layer.updateAnimations(atMediaTime: now)
            if atEvent { window.animationEventPassed() }
            if let event = layer.animationSchedule(atMediaTime: now).nextEvent { next = min(next ?? event, event) }
        }
        guard let next else { lifecycleTimer?.cancel(); lifecycleTimer = nil; return }
        let timer = lifecycleTimer ?? {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { self.lifecycleTimerFired() } }
            timer.resume()
            return timer
        }()
        lifecycleTimer = timer
        // A millisecond late, so that the animation has ended by every rounding of its time.
        timer.schedule(deadline: .now() + max(next - now, 0) + 0.001, leeway: .microseconds(200))
    }

    /// For tests and tools: handles events and draws due frames until `condition` holds or
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
