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

/// Where an event stands in a continuous gesture (a touchpad scroll, pinch or swipe), with
/// AppKit's `NSEvent.Phase` values; empty (`[]`) for events of no gesture, such as a wheel's steps.
public struct EventPhase: OptionSet, Hashable, Sendable {
    /// The phase as bits (AppKit's raw values).
    public let rawValue: UInt
    /// A phase from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The gesture's first event.
    public static let began = EventPhase(rawValue: 1 << 0)
    /// The gesture goes on without moving (not reported by X: Lamina never sends it).
    public static let stationary = EventPhase(rawValue: 1 << 1)
    /// The gesture moved on.
    public static let changed = EventPhase(rawValue: 1 << 2)
    /// The gesture's last event (deltas 0 for a scroll).
    public static let ended = EventPhase(rawValue: 1 << 3)
    /// The system ended the gesture (a touchpad gesture the server cancelled).
    public static let cancelled = EventPhase(rawValue: 1 << 4)
    /// Fingers rest on the touchpad before a scroll (not reported by X: Lamina never sends it).
    public static let mayBegin = EventPhase(rawValue: 1 << 5)
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
    /// False for a wheel's steps (10 points each); true for continuous deltas (XInput 2 smooth
    /// scrolling: a touchpad, or a wheel the server reports through scroll valuators), where one
    /// wheel click's worth of the device's valuator is 10 points.
    public var hasPreciseScrollingDeltas: Bool
    /// Where a continuous scroll stands: `.began` on its first event, `.changed` after, and
    /// `.ended` (deltas 0) once no delta came for `ScrollEvent.endingPause`. Empty for a
    /// wheel's steps. Defaults to `[]`.
    public var phase: EventPhase
    /// The phase of momentum (coasting after the fingers lift): always empty in Lamina, because
    /// X reports no finger lift and its touchpad drivers no coasting. Defaults to `[]`.
    public var momentumPhase: EventPhase
    /// Media time of the event.
    public var timestamp: CFTimeInterval

    /// How long a continuous scroll may pause before it counts as ended (X reports no finger
    /// lift): 0.1 s.
    public static let endingPause: CFTimeInterval = 0.1

    /// A scroll event (tests and synthetic input make them; windows deliver real ones).
    public init(location: CGPoint, deltaX: CGFloat, deltaY: CGFloat, modifiers: ModifierFlags = [],
                hasPreciseScrollingDeltas: Bool = false, phase: EventPhase = [], momentumPhase: EventPhase = [],
                timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.location = location; self.deltaX = deltaX; self.deltaY = deltaY; self.modifiers = modifiers
        self.hasPreciseScrollingDeltas = hasPreciseScrollingDeltas; self.phase = phase
        self.momentumPhase = momentumPhase; self.timestamp = timestamp
    }
}

/// A touchpad gesture (XInput 2.4): a pinch, which both magnifies and rotates, or a swipe of
/// three or more fingers, as AppKit's gesture events report them.
public struct GestureEvent: Sendable {
    /// Where the pointer is, in the view's coordinates.
    public var location: CGPoint
    /// `.began`, `.changed`…, then `.ended` or `.cancelled`.
    public var phase: EventPhase
    /// A pinch's change of scale since its last event (AppKit's `magnification`: multiply the
    /// scale by 1 + this); 0 for a swipe.
    public var magnification: CGFloat
    /// A pinch's turn since its last event, in degrees, counterclockwise positive (AppKit's
    /// `rotation`); 0 for a swipe.
    public var rotation: CGFloat
    /// How far the fingers moved since the last event, in points (right positive). For a swipe
    /// this is its movement (AppKit reports a finished swipe as ±1 instead; X reports it as it goes).
    public var deltaX: CGFloat
    /// How far the fingers moved since the last event, in points (down positive).
    public var deltaY: CGFloat
    /// The fingers on the touchpad.
    public var fingerCount: Int
    /// The modifier keys held.
    public var modifiers: ModifierFlags
    /// Media time of the event.
    public var timestamp: CFTimeInterval

    /// A gesture event (tests and synthetic input make them; windows deliver real ones).
    public init(location: CGPoint, phase: EventPhase, magnification: CGFloat = 0, rotation: CGFloat = 0,
                deltaX: CGFloat = 0, deltaY: CGFloat = 0, fingerCount: Int = 2, modifiers: ModifierFlags = [],
                timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.location = location; self.phase = phase; self.magnification = magnification; self.rotation = rotation
        self.deltaX = deltaX; self.deltaY = deltaY; self.fingerCount = fingerCount; self.modifiers = modifiers
        self.timestamp = timestamp
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
