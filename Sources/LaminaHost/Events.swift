import QuartzCore

/// Keyboard modifiers held during an event.
public struct ModifierFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let shift = ModifierFlags(rawValue: 1 << 0)
    public static let control = ModifierFlags(rawValue: 1 << 1)
    public static let option = ModifierFlags(rawValue: 1 << 2)
    public static let command = ModifierFlags(rawValue: 1 << 3)
    public static let capsLock = ModifierFlags(rawValue: 1 << 4)
}

/// A mouse button.
public enum MouseButton: Int, Sendable {
    case left = 1, middle = 2, right = 3
    case other = 0
}

/// A pointer event: where (view coordinates, top-left origin, points), which button, how many clicks.
public struct PointerEvent: Sendable {
    public var location: CGPoint
    public var button: MouseButton
    public var clickCount: Int
    public var modifiers: ModifierFlags
    /// Media time (`CACurrentMediaTime()` clock) of the event.
    public var timestamp: CFTimeInterval

    public init(location: CGPoint, button: MouseButton = .left, clickCount: Int = 1, modifiers: ModifierFlags = [],
                timestamp: CFTimeInterval = CACurrentMediaTime()) {
        self.location = location; self.button = button; self.clickCount = clickCount
        self.modifiers = modifiers; self.timestamp = timestamp
    }
}

/// A scroll-wheel step: deltas in points (positive y scrolls content down).
public struct ScrollEvent: Sendable {
    public var location: CGPoint
    public var deltaX: CGFloat
    public var deltaY: CGFloat
    public var modifiers: ModifierFlags
    public var timestamp: CFTimeInterval
}

/// A key press or release.
public struct KeyEvent: Sendable {
    /// The text the key produces ("" for keys that produce none).
    public var characters: String
    /// The X11 keycode.
    public var keyCode: UInt16
    public var modifiers: ModifierFlags
    public var timestamp: CFTimeInterval
}
