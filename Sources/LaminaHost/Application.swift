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
    /// Where SIGINT and SIGTERM are read on the main queue, so that they close the windows cleanly.
    private var signalSource: DispatchSourceRead?
    /// The write end of the signal pipe: a signal handler may only write a byte.
    nonisolated(unsafe) private static var signalPipeInput: Int32 = -1
    /// Fires the lifecycle tick at the next animation event of any window's tree.
    private var lifecycleTimer: DispatchSourceTimer?
    /// The commit the lifecycle tick last looked at: a frame turn without a new commit has added
    /// no animation, and the timer covers the moments animations start or end.
    private var lifecycleCommit = -1
    /// The pointer devices' scroll valuators and where they stand (XInput 2): one for the
    /// display, since a scroll that moves from one window to another continues from there.
    var smoothScrolling = SmoothScrolling()

    private init() {}

    /// Called by `terminate()` before the windows close (UIKit tells its app delegate).
    package var willTerminate: (() -> Void)?

    /// The default screen's size in points and its scale (Xft.dpi / 96, or `LAMINA_SCALE`),
    /// nil without an X display.
    package static var screenMetrics: (size: CGSize, scale: CGFloat)? {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil, let x = try? X11Display.connection() else { return nil }
        let scale = x.scale
        let width = CGFloat(XDisplayWidth(x.display, x.screen)), height = CGFloat(XDisplayHeight(x.display, x.screen))
        return (CGSize(width: width / scale, height: height / scale), scale)
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
        source.setEventHandler { MainActor.assumeIsolated { Application.shared.signalled() } }
        source.resume()
        signalSource = source
        for number in [SIGINT, SIGTERM] {
            _ = signal(number) { _ in
                var byte: UInt8 = 1
                _ = write(Application.signalPipeInput, &byte, 1)
            }
        }
    }

    /// Starts watching X events and drawing frames on the main queue (idempotent).
    func start() {
        guard eventSource == nil, let x = try? X11Display.connection() else { return }
        // Resource changes on the root window (a new Xft.dpi) reach processEvents.
        var attributes = XWindowAttributes()
        XGetWindowAttributes(x.display, x.root, &attributes)
        XSelectInput(x.display, x.root, attributes.your_event_mask | PropertyChangeMask)
        let source = DispatchSource.makeReadSource(fileDescriptor: x.fileDescriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { Application.shared.processEvents() } }
        source.resume()
        eventSource = source
        RenderThread.shared.start()
        watchSignals()
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
            if event.type == GenericEvent {
                if let xinput = x.xinput, event.xcookie.extension == xinput.opcode { handleXInput(event.xcookie) }
                XFreeEventData(x.display, &event.xcookie)
                continue
            }
            // The input method sees key events first (compose sequences consume some).
            if XFilterEvent(&event, 0) != 0 { continue }
            if event.type == MappingNotify {                      // a new keymap (xmodmap, a layout switch)
                XRefreshKeyboardMapping(&event.xmapping)
                continue
            }
            if event.type == PropertyNotify, event.xproperty.window == x.root, event.xproperty.atom == XA_RESOURCE_MANAGER {
                // The desktop's resources changed (xrdb): windows follow a new Xft.dpi.
                let scale = x.scale
                for window in windows where window.scale != scale { window.scale = scale }
                continue
            }
            let target = event.xany.window
            windows.first { $0.windowID == target }?.handle(&event)
        }
        for window in windows { window.applyPendingResize() }
        if windows.contains(where: \.needsDisplay) { scheduleFrame() }
    }

    /// An XInput 2 event (its data fetched): to the window it names; a device's new valuators
    /// to `smoothScrolling`.
    private func handleXInput(_ cookie: XGenericEventCookie) {
        guard let x = try? X11Display.connection(), let data = cookie.data else { return }
        let target: UInt
        switch cookie.evtype {
        case XI_DeviceChanged:
            let changed = data.assumingMemoryBound(to: XIDeviceChangedEvent.self).pointee
            smoothScrolling.learn(device: Int32(changed.sourceid), classes: changed.classes, count: changed.num_classes)
            return
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
            // A device not seen before (plugged in since): its valuators first.
            if !smoothScrolling.knows(Int32(device.sourceid)) {
                x.xinput?.learnDevices(Int32(device.sourceid), into: &smoothScrolling, x.display)
            }
            target = device.event
        case XI_Enter, XI_Leave:
            target = data.assumingMemoryBound(to: XIEnterEvent.self).pointee.event
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            target = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee.event
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            target = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee.event
        default:
            return
        }
        windows.first { $0.windowID == target }?.handleXInput(evtype: cookie.evtype, data: UnsafeRawPointer(data))
    }

    /// Learns every pointer device's scroll valuators and where they stand (a window started
    /// reading XInput 2, or the pointer came in: valuators may have moved elsewhere).
    func learnScrollDevices() {
        guard let x = try? X11Display.connection(), let xinput = x.xinput else { return }
        xinput.learnDevices(into: &smoothScrolling, x.display)
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
            timer.setEventHandler { MainActor.assumeIsolated { Application.shared.lifecycleTimerFired() } }
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
