import QuartzCore

/// What a native window tells its `Window` (main thread), in a display server's terms made
/// neutral: positions in device pixels of the window, modifiers and buttons as Lamina's flags.
/// The backend decodes its server's events into these calls; `Window` turns them into the
/// `HostingView`'s events (points, click counts, repeats, scroll phases, cursor updates).
@MainActor
protocol WindowEvents: AnyObject {
    /// The window's scale (device pixels per point), for backends that make events in points.
    var scale: CGFloat { get }
    /// The server lost what the window showed: the next frame is whole.
    func exposed()
    /// The server gave the window a size in device pixels (a resize storm sends many: the
    /// last of a batch is applied).
    func configured(width: Int, height: Int)
    /// The desktop's close button.
    func closeRequested()
    /// The window took or lost the keyboard focus.
    func focusChanged(_ focused: Bool)
    /// The screen's scale changed (a new Xft.dpi): the window follows it.
    func screenScaleChanged(_ scale: CGFloat)
    /// A button (`MouseButton`'s numbering: 1 left, 2 middle, 3 right, 8 and up others) pressed or
    /// released at (`x`, `y`), with the buttons held before it, at server time `time` (ms).
    func pointerButton(_ button: Int, x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons, time: UInt, pressed: Bool)
    /// The pointer moved to (`x`, `y`).
    func pointerMoved(x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons)
    /// The pointer came in (`entering`) or left at (`x`, `y`).
    func pointerCrossed(entering: Bool, x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons)
    /// A wheel's step at (`x`, `y`): `dx`, `dy` in points (10 a step).
    func wheelStep(x: Double, y: Double, dx: CGFloat, dy: CGFloat, modifiers: ModifierFlags)
    /// A continuous scroll delta (points, in the view's coordinates); the window works out its phase.
    func scrolled(_ event: ScrollEvent)
    /// A touchpad pinch's event (points).
    func pinched(_ event: GestureEvent)
    /// A touchpad swipe's event (points).
    func swiped(_ event: GestureEvent)
    /// A key pressed or released, decoded by the backend's keymap and input method.
    func key(_ key: KeyInput, pressed: Bool)
}

/// A key as a backend decodes it: which key, the text it types, and which modifier it is.
struct KeyInput {
    /// The server's key code (the key, whatever the layout).
    var keyCode: UInt32
    /// What the press types through the input method ("" for releases and keys that type none).
    var characters: String
    /// What it types with Shift alone ("a" for Ctrl+A; "" for releases).
    var charactersIgnoringModifiers: String
    /// The modifiers held (before this key changes them).
    var modifiers: ModifierFlags
    /// The modifier this key is (Shift, Control, Alt, Super, Caps Lock), nil for other keys.
    var modifierKey: ModifierFlags?
}
