import CX11
import QuartzCore
import Dispatch
import Glibc

/// The application: X events and frames on the main dispatch queue, so that `DispatchQueue.main`,
/// timers, `@MainActor` code and input all work together. Implicit transactions commit at the
/// end of each main-queue turn. Frames are scheduled by what happens — a commit, an X event, an
/// animation still running (its delegate callbacks and removal happen here) — so an idle
/// application does no work at all.
@MainActor
public final class Application {
    public static let shared = Application()

    private(set) var windows: [Window] = []
    private var eventSource: DispatchSourceRead?
    private var frameScheduled = false
    private var lastFrame = DispatchTime(uptimeNanoseconds: 0)

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
        // Running animations need this thread now and then: delegate callbacks, removal.
        if windows.contains(where: { $0.contentView?.layer.hasAnimationsInTree ?? false }) { scheduleFrame() }
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
