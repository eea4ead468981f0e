import CX11
import QuartzCore
import Glibc

/// An X window as `Window` drives it: made on the main connection with the events it needs
/// selected (XInput 2's for the pointer where the server has it), the window manager's hints,
/// and its events decoded into `WindowEvents` calls. Keys are decoded in `X11Window+Keyboard`,
/// XInput 2's events in `X11Window+XInput2`.
@MainActor
final class X11Window: NativeWindow {
    unowned let backend: X11Backend
    /// The main connection.
    var x: X11Display { backend.main }
    /// The X window's id.
    let id: UInt
    /// Told what happens to the window.
    weak var events: (any WindowEvents)?
    /// The frames' GC and buffers, on the render side's connection.
    let x11Presentation: X11Presentation
    var presentation: any PresentationTarget { x11Presentation }
    /// The event mask selected, which an input context adds its events to.
    var eventMask = 0
    /// The window's input context (nil without an input method), made when the window first
    /// becomes key or takes a key (`ensureInputContext`).
    var inputContext: XIC?
    var inputContextTried = false
    /// Whether the window takes its pointer buttons and motion from XInput 2.
    private(set) var readsXInput2 = false
    /// For tests: whether windows made from now on read XInput 2 where the server has it (the
    /// default), or take core pointer events as on a server without it.
    static var usesXInput2 = true
    /// Where the last XInput 2 motion put the pointer (device pixels): motion that moves only
    /// valuators (a scroll) moves no pointer.
    var lastXInputMotion: (x: Double, y: Double)?
    /// The touchpad pinch in progress (XInput 2.4).
    var touchpadGestures = TouchpadGestures()
    /// The window's frame in pixels before it went full screen without a window manager.
    private var frameBeforeFullscreen: (x: Int32, y: Int32, width: UInt32, height: UInt32)?
    /// The cursor shown.
    private var shownCursor: Cursor?

    init(backend: X11Backend, title: String, width: Int, height: Int, events: any WindowEvents) {
        self.backend = backend
        self.events = events
        let x = backend.main
        id = XCreateSimpleWindow(x.display, x.root, 0, 0, UInt32(width), UInt32(height), 0, 0, XWhitePixel(x.display, x.screen))
        XStoreName(x.display, id, title)
        var atom = x.deleteWindowAtom
        XSetWMProtocols(x.display, id, &atom, 1)
        // Core buttons and motion are selected with XInput 2 too: for the devices' own events
        // the server then sends only the XI 2 ones, but events other clients send (SendEvent:
        // `xdotool click --window`) are core events and arrive this way.
        var mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | FocusChangeMask
            | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        if let xinput = x.xinput, Self.usesXInput2 {
            // Buttons, motion and crossings from XInput 2 (smooth scrolling, touchpad gestures).
            xinput.select(on: id, x.display)
            readsXInput2 = true
            backend.learnScrollDevices()
        } else {
            mask |= EnterWindowMask | LeaveWindowMask
        }
        eventMask = Int(mask)
        XSelectInput(x.display, id, eventMask)
        // Which process owns the window, for window managers and tools (`xdotool search --pid`).
        var pid = UInt(getpid())
        let window = id
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(x.display, window, XInternAtom(x.display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        x11Presentation = X11Presentation(backend.render, window: id)
        backend.register(self)
    }

    /// Maps the window and waits for MapNotify (or an Expose): drawing before it is lost.
    func show() {
        XMapWindow(x.display, id)
        XFlush(x.display)
        var event = XEvent(), shown = false
        while !shown {
            XWindowEvent(x.display, id, Int(StructureNotifyMask | ExposureMask), &event)
            if event.type == MapNotify || event.type == Expose { shown = true }
        }
    }

    func destroy() {
        if let inputContext { XDestroyIC(inputContext) }
        inputContext = nil
        inputContextTried = false
        x11Presentation.freeGC()
        backend.unregister(self)
        XDestroyWindow(x.display, id)
        XFlush(x.display)
    }

    /// Sets the title as Latin-1 (WM_NAME) and UTF-8 (_NET_WM_NAME, which desktops show).
    func setTitle(_ title: String) {
        XStoreName(x.display, id, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(x.display, id, XInternAtom(x.display, "_NET_WM_NAME", 0), XInternAtom(x.display, "UTF8_STRING", 0), 8,
                        PropModeReplace, utf8, Int32(utf8.count))
        XFlush(x.display)
    }

    /// Tells the window manager the sizes the user may give the window (WM_NORMAL_HINTS).
    func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        var hints = XSizeHints()
        if let minimum {
            hints.flags |= PMinSize
            (hints.min_width, hints.min_height) = (Int32(clamping: minimum.width), Int32(clamping: minimum.height))
        }
        if let maximum {
            hints.flags |= PMaxSize
            (hints.max_width, hints.max_height) = (Int32(clamping: maximum.width), Int32(clamping: maximum.height))
        }
        XSetWMNormalHints(x.display, id, &hints)
        XFlush(x.display)
    }

    /// Asks the window manager (EWMH `_NET_WM_STATE_FULLSCREEN`); with none running (a bare X
    /// server), covers the screen itself and gets the old frame back after.
    func setFullscreen(_ fullscreen: Bool) {
        let state = XInternAtom(x.display, "_NET_WM_STATE", 0), atom = XInternAtom(x.display, "_NET_WM_STATE_FULLSCREEN", 0)
        if x.hasWindowManager {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = id
            event.xclient.message_type = state
            event.xclient.format = 32
            event.xclient.data.l.0 = fullscreen ? 1 : 0                             // _NET_WM_STATE_ADD / _REMOVE
            event.xclient.data.l.1 = Int(atom)
            event.xclient.data.l.3 = 1                                              // from an application
            XSendEvent(x.display, x.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        } else if fullscreen {
            var root: UInt = 0, px: Int32 = 0, py: Int32 = 0, width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            XGetGeometry(x.display, id, &root, &px, &py, &width, &height, &border, &depth)
            frameBeforeFullscreen = (px, py, width, height)
            XMoveResizeWindow(x.display, id, 0, 0, UInt32(XDisplayWidth(x.display, x.screen)), UInt32(XDisplayHeight(x.display, x.screen)))
            XRaiseWindow(x.display, id)
        } else if let old = frameBeforeFullscreen {
            frameBeforeFullscreen = nil
            XMoveResizeWindow(x.display, id, old.x, old.y, old.width, old.height)
        }
        XFlush(x.display)
    }

    func resize(width: Int, height: Int) {
        XResizeWindow(x.display, id, UInt32(clamping: width), UInt32(clamping: height))
        XFlush(x.display)
    }

    func setCursor(_ cursor: Cursor) {
        guard cursor != shownCursor else { return }
        shownCursor = cursor
        XDefineCursor(x.display, id, CursorCache.xCursor(cursor, on: x))
        XFlush(x.display)
    }

    /// Reads the window back with `XGetImage` on the main connection.
    func capture(width: Int, height: Int) -> CGImage? {
        // Frames are put on the render side's connection: the server has handled every put sent
        // so far before this connection's request reads the window back.
        if backend.render !== x { XSync(backend.render.display, 0) }
        guard let image = XGetImage(x.display, id, 0, 0, UInt32(width), UInt32(height), XAllPlanes(), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        let rowBytes = Int(image.pointee.bytes_per_line)
        let data = Data(bytes: image.pointee.data, count: rowBytes * height)
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                       provider: CGDataProvider(data: data as CFData)!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    /// A core event for this window.
    func handle(_ event: inout XEvent) {
        if event.type == x.shmCompletionEvent {
            x11Presentation.completions.record(event.xany.serial)
            return
        }
        guard let events else { return }
        switch event.type {
        case Expose:
            events.exposed()
        case ConfigureNotify:
            events.configured(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case ClientMessage:
            if UInt(event.xclient.data.l.0) == x.deleteWindowAtom { events.closeRequested() }
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            pointerButton(e.button, x: Double(e.x), y: Double(e.y), state: e.state, time: e.time, pressed: event.type == ButtonPress)
        case MotionNotify:
            let e = event.xmotion
            events.pointerMoved(x: Double(e.x), y: Double(e.y), modifiers: Self.modifiers(e.state), buttons: Self.buttons(e.state))
        case EnterNotify, LeaveNotify:
            let e = event.xcrossing
            pointerCrossed(entering: event.type == EnterNotify, x: Double(e.x), y: Double(e.y), state: e.state)
        case KeyPress, KeyRelease:
            key(&event.xkey, pressed: event.type == KeyPress)
        case FocusIn, FocusOut:
            // Focus that only follows the pointer into a child says nothing about this window.
            guard event.xfocus.detail != NotifyPointer else { break }
            let focused = event.type == FocusIn
            if focused { ensureInputContext() }
            if let inputContext { if focused { XSetICFocus(inputContext) } else { XUnsetICFocus(inputContext) } }
            events.focusChanged(focused)
        default:
            break
        }
    }

    /// A button pressed or released at (`x`, `y`) in device pixels, with the core protocol's
    /// `state`, from a core event or an XInput 2 one: buttons 4–7 are the wheel, in steps of 10
    /// points (smooth deltas come from XInput 2's valuators).
    func pointerButton(_ button: UInt32, x px: Double, y py: Double, state: UInt32, time: UInt, pressed: Bool) {
        guard let events else { return }
        if (4...7).contains(button) {
            guard pressed else { return }
            let step: CGFloat = 10
            let (dx, dy): (CGFloat, CGFloat) = [4: (0, -step), 5: (0, step), 6: (-step, 0), 7: (step, 0)][Int(button)]!
            events.wheelStep(x: px, y: py, dx: dx, dy: dy, modifiers: Self.modifiers(state))
            return
        }
        events.pointerButton(Int(button), x: px, y: py, modifiers: Self.modifiers(state), buttons: Self.buttons(state), time: time, pressed: pressed)
    }

    /// The pointer came in or left, with the core protocol's `state`.
    func pointerCrossed(entering: Bool, x px: Double, y py: Double, state: UInt32) {
        // Valuators moved while the pointer was elsewhere: scrolls count from where they stand now.
        if entering, readsXInput2 { backend.learnScrollDevices() }
        events?.pointerCrossed(entering: entering, x: px, y: py, modifiers: Self.modifiers(state), buttons: Self.buttons(state))
    }

    /// The buttons held in the core protocol's state word.
    static func buttons(_ state: UInt32) -> MouseButtons {
        var held: MouseButtons = []
        if state & UInt32(Button1Mask) != 0 { held.insert(.left) }
        if state & UInt32(Button2Mask) != 0 { held.insert(.middle) }
        if state & UInt32(Button3Mask) != 0 { held.insert(.right) }
        return held
    }

    /// The modifier flags of the core protocol's state word.
    static func modifiers(_ state: UInt32) -> ModifierFlags {
        var flags: ModifierFlags = []
        if state & UInt32(ShiftMask) != 0 { flags.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { flags.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { flags.insert(.option) }
        if state & UInt32(Mod4Mask) != 0 { flags.insert(.command) }
        if state & UInt32(LockMask) != 0 { flags.insert(.capsLock) }
        return flags
    }
}
