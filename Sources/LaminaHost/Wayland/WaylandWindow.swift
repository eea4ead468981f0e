import CLaminaWayland
import QuartzCore

/// An xdg-shell toplevel as `Window` drives it, its shim events decoded into `WindowEvents` calls.
@MainActor
final class WaylandWindow: NativeWindow {
    unowned let backend: WaylandBackend
    let id: UInt32
    weak var events: (any WindowEvents)?
    let wlPresentation: WaylandPresentation
    var presentation: any PresentationTarget { wlPresentation }
    private var window: OpaquePointer { wlPresentation.window }

    init(backend: WaylandBackend, id: UInt32, title: String, width: Int, height: Int, events: any WindowEvents) {
        self.backend = backend
        self.id = id
        self.events = events
        wlPresentation = WaylandPresentation(lamina_wl_window_create(backend.connection.wl, id, title))
    }

    /// Waits for the compositor's first configure: the window may be drawn from then on.
    func show() {
        _ = lamina_wl_window_wait_configured(window)
        backend.dispatchEvents()
    }

    func destroy() {
        backend.unregister(self)
        lamina_wl_window_destroy(window)
    }

    func setTitle(_ title: String) { lamina_wl_window_set_title(window, title) }

    func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?) {
        // xdg-shell's sizes are in surface units; buffers are drawn at the window's scale.
        let scale = max(Int(events?.scale ?? 1), 1)
        lamina_wl_window_set_size_limits(window, Int32(clamping: (minimum?.width ?? 0) / scale), Int32(clamping: (minimum?.height ?? 0) / scale),
                                         Int32(clamping: (maximum?.width ?? 0) / scale), Int32(clamping: (maximum?.height ?? 0) / scale))
    }

    func setFullscreen(_ fullscreen: Bool) { lamina_wl_window_set_fullscreen(window, fullscreen ? 1 : 0) }

    /// A client chooses its own size on Wayland: the new size applies at once.
    func resize(width: Int, height: Int) { events?.configured(width: width, height: height) }

    /// Cursors are not set yet: the compositor's stays.
    func setCursor(_ cursor: Cursor) {}

    /// The buffer last presented (the compositor's output cannot be read back by a client).
    func capture(width: Int, height: Int) -> CGImage? { wlPresentation.lastPresented()?.makeImage() }

    /// A shim event for this window.
    func handle(_ e: lamina_wl_event) {
        guard let events else { return }
        let scale = Double(events.scale)
        let modifiers = ModifierFlags(rawValue: UInt(e.modifiers)), buttons = MouseButtons(rawValue: UInt(e.buttons))
        switch Int(e.kind) {
        case Int(LAMINA_WL_CONFIGURE.rawValue):
            // 0 × 0: the client chooses (its size stays).
            if e.width > 0, e.height > 0 { events.configured(width: Int(Double(e.width) * scale), height: Int(Double(e.height) * scale)) }
            events.exposed()
        case Int(LAMINA_WL_CLOSE.rawValue):
            events.closeRequested()
        case Int(LAMINA_WL_FOCUS.rawValue):
            events.focusChanged(e.value != 0)
        case Int(LAMINA_WL_POINTER_ENTER.rawValue), Int(LAMINA_WL_POINTER_LEAVE.rawValue):
            events.pointerCrossed(entering: Int(e.kind) == Int(LAMINA_WL_POINTER_ENTER.rawValue), x: e.x * scale, y: e.y * scale,
                                  modifiers: modifiers, buttons: buttons)
        case Int(LAMINA_WL_POINTER_MOTION.rawValue):
            events.pointerMoved(x: e.x * scale, y: e.y * scale, modifiers: modifiers, buttons: buttons)
        case Int(LAMINA_WL_POINTER_BUTTON.rawValue):
            events.pointerButton(Int(e.button), x: lastPointer.x, y: lastPointer.y, modifiers: modifiers, buttons: buttons,
                                 time: UInt(e.time), pressed: e.value != 0)
        case Int(LAMINA_WL_AXIS.rawValue):
            // Wayland's axis values are surface units (a wheel step is 10 in Weston and libinput's
            // defaults): steps from a wheel, continuous deltas from a touchpad.
            if e.value != 0 {
                events.wheelStep(x: lastPointer.x, y: lastPointer.y, dx: CGFloat(e.dx), dy: CGFloat(e.dy), modifiers: modifiers)
            } else {
                events.scrolled(ScrollEvent(location: CGPoint(x: lastPointer.x / scale, y: lastPointer.y / scale),
                                            deltaX: CGFloat(e.dx), deltaY: CGFloat(e.dy), modifiers: modifiers,
                                            hasPreciseScrollingDeltas: true))
            }
        case Int(LAMINA_WL_KEY.rawValue):
            let text = withUnsafeBytes(of: e.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let plain = withUnsafeBytes(of: e.plain_text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            events.key(KeyInput(keyCode: e.keycode, characters: text, charactersIgnoringModifiers: plain, modifiers: modifiers,
                                modifierKey: e.modifier_key == 0 ? nil : ModifierFlags(rawValue: UInt(e.modifier_key))),
                       pressed: e.value != 0)
        default:
            break
        }
        if Int(e.kind) == Int(LAMINA_WL_POINTER_ENTER.rawValue) || Int(e.kind) == Int(LAMINA_WL_POINTER_MOTION.rawValue) {
            lastPointer = (e.x * scale, e.y * scale)
        }
    }

    /// Where the pointer last was (device pixels): Wayland's buttons and axes carry no position.
    private var lastPointer: (x: Double, y: Double) = (0, 0)
}
