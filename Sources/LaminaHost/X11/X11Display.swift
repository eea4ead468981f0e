import CX11
import QuartzCore
import Glibc
import Synchronization

/// A connection to the X server, with error handlers that turn X errors into values and a
/// vanished server into a clear exit instead of a hang or a crash (Xlib's handlers are
/// process-wide: `lastError` and `serverGone` are too). `X11Backend` opens two: the main
/// thread's (windows, events, input, cursors) and the render side's (frame buffers, their puts
/// and put completions, Present's vblank notifies). Xlib guards a connection with one lock that a thread keeps while it writes requests
/// and waits for replies, so on one shared connection the main thread's event reading waited for
/// the render thread's puts and round trips (measured: 1.5–2.2 ms stalls of the main thread in
/// `XLockDisplay` while the server answered the render thread).
final class X11Display: @unchecked Sendable {
    let display: OpaquePointer
    let screen: Int32
    let root: UInt
    let visual: UnsafeMutablePointer<Visual>
    let depth: Int32
    let deleteWindowAtom: Atom
    let protocolsAtom: Atom
    /// Whether MIT-SHM is offered (attaching may still fail: see `ShmImage`).
    let offersShm: Bool
    /// The event type of MIT-SHM's put completions (−1 without MIT-SHM).
    let shmCompletionEvent: Int32
    /// The Present extension's major opcode (its events are GenericEvents carrying it), or nil
    /// when the server has no Present.
    let presentOpcode: Int32?
    /// The opcode where the event predicate can read it (a C callback captures nothing).
    private let presentOpcodeForPredicate = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// Whether XFixes (version 2 or later: cursor names) is offered.
    let offersXFixes: Bool
    /// XInput 2 (2.1 or later), when offered: windows take pointer events from it.
    let xinput: XInput2?
    /// The input method (XIM) that turns key presses into text (compose keys, other layouts),
    /// opened by `openedInputMethod()`; nil until then, and when none opens.
    @MainActor private var inputMethod: XIM?
    @MainActor private var inputMethodTried = false
    /// The cursors made on this connection, by shape (`CursorCache`).
    @MainActor var cursors: [Cursor: UInt] = [:]
    /// The desktop's double-click time in milliseconds (Xresources `multiClickTime`, else 400).
    let doubleClickMilliseconds: UInt

    /// The last X error code seen by the handler (0: none).
    nonisolated(unsafe) static var lastError: Int32 = 0
    /// Whether a connection has seen the X server go (the process is exiting): told once.
    private static let serverGone = Atomic<Bool>(false)

    /// The main thread's connection to `$DISPLAY` (windows, events, input), or the render side's
    /// (`forRendering`: frame buffers are attached, put and waited for on it, and Present's
    /// notifies come to it, so that the render thread never holds the lock of the connection the
    /// main thread reads events from). `X11Backend` opens one of each.
    static func open(forRendering: Bool) throws -> X11Display {
        try X11Display(forRendering: forRendering)
    }

    /// Whether this is the render side's own connection (false where it fell back to the main one).
    let isForRendering: Bool

    private init(forRendering: Bool) throws {
        XInitThreads()
        guard let display = XOpenDisplay(nil) else {
            throw HostError.noDisplay(ProcessInfo.processInfo.environment["DISPLAY"] ?? "(DISPLAY is not set)")
        }
        self.display = display
        isForRendering = forRendering
        screen = XDefaultScreen(display)
        root = XRootWindow(display, screen)
        visual = XDefaultVisual(display, screen)
        depth = XDefaultDepth(display, screen)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        protocolsAtom = XInternAtom(display, "WM_PROTOCOLS", 0)
        offersShm = XShmQueryExtension(display) != 0 && ProcessInfo.processInfo.environment["LAMINA_DISABLE_SHM"] != "1"
        shmCompletionEvent = offersShm ? XShmGetEventBase(display) + ShmCompletion : -1
        var presentMajor: Int32 = 0, presentEvent: Int32 = 0, presentError: Int32 = 0
        presentOpcode = XPresentQueryExtension(display, &presentMajor, &presentEvent, &presentError) != 0 ? presentMajor : nil
        presentOpcodeForPredicate.pointee = presentOpcode ?? -1
        var fixesEvent: Int32 = 0, fixesError: Int32 = 0, fixesMajor: Int32 = 2, fixesMinor: Int32 = 0
        offersXFixes = XFixesQueryExtension(display, &fixesEvent, &fixesError) != 0
            && XFixesQueryVersion(display, &fixesMajor, &fixesMinor) != 0 && fixesMajor >= 2
        // Input is the main connection's alone.
        xinput = forRendering ? nil : XInput2.query(display)
        if !forRendering {
            // Auto-repeat as presses alone (no release in between), so that a repeat can be told apart.
            var supported: Int32 = 0
            _ = XkbSetDetectableAutoRepeat(display, 1, &supported)
        }
        doubleClickMilliseconds = forRendering ? 400
            : XGetDefault(display, "lamina", "multiClickTime").flatMap { UInt(String(cString: $0)) } ?? 400
        XSetErrorHandler { _, event in
            X11Display.lastError = Int32(event?.pointee.error_code ?? 1)
            return 0
        }
        XSetIOErrorHandler { _ in
            // The main and the render connections both see the server go, each on its thread: the
            // first tells it and exits; the other waits for that (the handler must not return).
            if X11Display.serverGone.exchange(true, ordering: .acquiringAndReleasing) {
                while true { pause() }
            }
            let message = "Lamina: the X server went away; exiting.\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
    }

    /// The input method, opened on first use; nil when none opens (keys then go through the
    /// keymap alone, `XLookupString`). Opening it reads the locale's compose table (about 14 ms
    /// here), so windows ask for it when they first need it, not before their first frame.
    @MainActor func openedInputMethod() -> XIM? {
        if !inputMethodTried {
            inputMethodTried = true
            inputMethod = Self.openInputMethod(display)
        }
        return inputMethod
    }

    /// The desktop's input method. Text comes out as UTF-8 whatever the locale; a locale is
    /// needed only for XIM to open, so a process left in the "C" locale takes C.UTF-8 for
    /// character types.
    private static func openInputMethod(_ display: OpaquePointer) -> XIM? {
        let current = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
        if current == "C" || current == "POSIX" {
            if setlocale(LC_CTYPE, "") == nil || String(cString: setlocale(LC_CTYPE, nil)) == "C" { setlocale(LC_CTYPE, "C.UTF-8") }
        }
        guard XSupportsLocale() != 0 else { return nil }
        _ = XSetLocaleModifiers("")
        return XOpenIM(display, nil, nil, nil)
    }

    /// Whether an EWMH window manager runs (its check window is named on the root).
    var hasWindowManager: Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        guard XGetWindowProperty(display, root, check, 0, 1, 0, XA_WINDOW, &type, &format, &count, &after, &data) == Success else { return false }
        if let data { XFree(data) }
        return count > 0
    }

    /// The file descriptor to watch for events.
    var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// Takes the next event, reading what the server has sent, and never blocks: false when
    /// there is none. (`XPending` then `XNextEvent` would block for good when another thread —
    /// the render thread taking its put completions — empties the queue in between.)
    /// Present's events are left for the render thread, which paces frames by them. A
    /// GenericEvent comes with its data fetched (`xcookie.data`): free it with `XFreeEventData`.
    func takeEvent(_ event: inout XEvent) -> Bool {
        takeClaimingData(&event) { display, event, opcode in
            XCheckIfEvent(display, &event, { _, event, opcode in
                guard let event, let opcode, event.pointee.type == GenericEvent else { return 1 }
                return event.pointee.xcookie.extension == opcode.withMemoryRebound(to: Int32.self, capacity: 1) { $0.pointee } ? 0 : 1
            }, opcode) != 0
        }
    }

    /// Takes a Present event from the queue, reading what the server has sent, without
    /// blocking; with its data fetched, as `takeEvent` does.
    func takePresentEvent(_ event: inout XEvent) -> Bool {
        guard presentOpcode != nil else { return false }
        return takeClaimingData(&event) { display, event, opcode in
            XCheckIfEvent(display, &event, { _, event, opcode in
                guard let event, let opcode, event.pointee.type == GenericEvent else { return 0 }
                return event.pointee.xcookie.extension == opcode.withMemoryRebound(to: Int32.self, capacity: 1) { $0.pointee } ? 1 : 0
            }, opcode) != 0
        }
    }

    /// Runs `take` and fetches a GenericEvent's data under one display lock: between taking
    /// the event and `XGetEventData`, another thread's XCheck… call would free the data as
    /// unclaimed (both threads take events from this connection).
    private func takeClaimingData(_ event: inout XEvent, _ take: (OpaquePointer, inout XEvent, UnsafeMutablePointer<CChar>) -> Bool) -> Bool {
        XLockDisplay(display)
        defer { XUnlockDisplay(display) }
        guard take(display, &event, UnsafeMutableRawPointer(presentOpcodeForPredicate).assumingMemoryBound(to: CChar.self)) else { return false }
        if event.type == GenericEvent { _ = XGetEventData(display, &event.xcookie) }
        return true
    }

    /// The screen's refresh rate in Hz from RandR, when the server offers it and reports a
    /// plausible one (Xvfb and some remote displays report none or 0).
    var refreshRate: Double? {
        var event: Int32 = 0, error: Int32 = 0
        guard XRRQueryExtension(display, &event, &error) != 0, let info = XRRGetScreenInfo(display, root) else { return nil }
        defer { XRRFreeScreenConfigInfo(info) }
        let rate = Double(XRRConfigCurrentRate(info))
        return (24...480).contains(rate) ? rate : nil
    }

    /// Device pixels per point: `LAMINA_SCALE`, else Xft.dpi / 96, else 1 — read from the
    /// root window's resources as they are now (Xlib's copy is the one from when it connected).
    var scale: CGFloat {
        if let value = ProcessInfo.processInfo.environment["LAMINA_SCALE"], let s = Double(value), s > 0 { return CGFloat(s) }
        if let resources = currentResources(),
           let line = resources.split(separator: "\n").first(where: { $0.hasPrefix("Xft.dpi:") }),
           let dpi = Double(line.dropFirst("Xft.dpi:".count).trimmingCharacters(in: .whitespaces)), dpi > 0, dpi.isFinite {
            return CGFloat(dpi / 96)
        }
        return 1
    }

    /// The root window's RESOURCE_MANAGER property (what `xrdb` sets), now.
    private func currentResources() -> String? {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, root, XA_RESOURCE_MANAGER, 0, 1 << 20, 0, XA_STRING, &type, &format, &count, &after, &data) == Success,
              let data else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
