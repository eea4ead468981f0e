import QuartzCore

/// Keyboard modifiers held during an event.
public struct ModifierFlags: OptionSet, Hashable, Sendable {
    /// The flags as bits.
    public let rawValue: UInt
    /// Flags from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A Shift key.
    public static let shift = ModifierFlags(rawValue: 1 << 0)
    /// A Control key.
    public static let control = ModifierFlags(rawValue: 1 << 1)
    /// An Alt key (X11's Mod1).
    public static let option = ModifierFlags(rawValue: 1 << 2)
    /// A Super/Windows key (X11's Mod4).
    public static let command = ModifierFlags(rawValue: 1 << 3)
    /// Caps Lock is on.
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)
}

/// A mouse button.
public enum MouseButton: Int, Sendable {
    /// The primary button (X11 button 1).
    case left = 1
    /// The middle button or wheel press (X11 button 2).
    case middle = 2
    /// The secondary button (X11 button 3).
    case right = 3
    /// Any other button (8 and up: back, forward…).
    case other = 0
}

/// The mouse buttons held down.
public struct MouseButtons: OptionSet, Hashable, Sendable {
    /// The buttons as bits.
    public let rawValue: UInt
    /// Buttons from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left (primary) button.
    public static let left = MouseButtons(rawValue: 1 << 0)
    /// The right (secondary) button.
    public static let right = MouseButtons(rawValue: 1 << 1)
    /// The middle button.
    public static let middle = MouseButtons(rawValue: 1 << 2)
}

/// A pointer event: where (view coordinates, top-left origin, points), which button, how many clicks.
public struct PointerEvent: Sendable {
    /// Where, in the view's coordinates (points, origin top-left). While a button is held the
    /// view keeps the pointer: a drag that leaves the window reports points outside its bounds.
    public var location: CGPoint
    /// The button pressed or released (`.left` for moves).
    public var button: MouseButton
    /// 1 for a single click, 2 for a double click, 3 for a triple click…: presses of the same
    /// button within the desktop's double-click time (Xresources `multiClickTime`, else 400 ms)
    /// and 4 points of each other. 0 for moves.
    public var clickCount: Int
    /// The modifier keys held.
    public var modifiers: ModifierFlags
    /// The buttons held during the event (for a press or release: before it). Defaults to none.
    public var buttons: MouseButtons
    /// Media time (`CACurrentMediaTime()` clock) of the event.
    public var timestamp: CFTimeInterval

    /// A pointer event (tests and synthetic input make them; windows deliver real ones).
    public init(location: CGPoint, button: MouseButton = .left, clickCount: Int = 1, modifiers: ModifierFlags = [],
                buttons: MouseButtons = [], timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.location = location; self.button = button; self.clickCount = clickCount
        self.modifiers = modifiers; self.buttons = buttons; self.timestamp = timestamp
    }
}

/// A scroll: deltas in points (positive y scrolls content down).
public struct ScrollEvent: Sendable {
    /// Where the pointer is, in the view's coordinates.
    public var location: CGPoint
    /// Horizontal scroll in points.
    public var deltaX: CGFloat
    /// Vertical scroll in points.
    public var deltaY: CGFloat
    /// The modifier keys held (Ctrl+scroll is a pinch for the gesture recognizers).
    public var modifiers: ModifierFlags
    /// False for a wheel's steps (10 points each); true for a touchpad's continuous deltas.
    public var hasPreciseScrollingDeltas: Bool
    /// Media time of the event.
    public var timestamp: CFTimeInterval

    /// A scroll event (tests and synthetic input make them; windows deliver real ones).
    public init(location: CGPoint, deltaX: CGFloat, deltaY: CGFloat, modifiers: ModifierFlags = [],
                hasPreciseScrollingDeltas: Bool = false, timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.location = location; self.deltaX = deltaX; self.deltaY = deltaY; self.modifiers = modifiers
        self.hasPreciseScrollingDeltas = hasPreciseScrollingDeltas; self.timestamp = timestamp
    }
}

/// A key press or release, or a change of the modifier keys (`flagsChanged`).
public struct KeyEvent: Sendable {
    /// The text the key produces through the input method (compose sequences and the keyboard
    /// layout applied; "" for keys that produce none, and for releases).
    public var characters: String
    /// The text the key produces with no modifiers but Shift ("a" for Ctrl+A).
    public var charactersIgnoringModifiers: String
    /// The X11 keycode.
    public var keyCode: UInt16
    /// The modifiers held: for `flagsChanged`, after the change.
    public var modifiers: ModifierFlags
    /// Whether the press comes from the key being held down (auto-repeat). Always false for releases.
    public var isARepeat: Bool
    /// Media time of the event.
    public var timestamp: CFTimeInterval

    /// A key event; `charactersIgnoringModifiers` defaults to `characters`.
    public init(characters: String, charactersIgnoringModifiers: String? = nil, keyCode: UInt16, modifiers: ModifierFlags = [],
                isARepeat: Bool = false, timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.characters = characters; self.charactersIgnoringModifiers = charactersIgnoringModifiers ?? characters
        self.keyCode = keyCode; self.modifiers = modifiers; self.isARepeat = isARepeat; self.timestamp = timestamp
    }
}
