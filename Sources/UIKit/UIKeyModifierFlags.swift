/// Constants that indicate which modifier keys are pressed.
public struct UIKeyModifierFlags: OptionSet, Hashable, Sendable {
    /// The flags' bits (Apple's values).
    public let rawValue: Int
    /// Flags from bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Caps Lock is on.
    public static let alphaShift = UIKeyModifierFlags(rawValue: 1 << 16)
    /// A Shift key.
    public static let shift = UIKeyModifierFlags(rawValue: 1 << 17)
    /// A Control key.
    public static let control = UIKeyModifierFlags(rawValue: 1 << 18)
    /// An Option key: Alt (X11's Mod1).
    public static let alternate = UIKeyModifierFlags(rawValue: 1 << 19)
    /// A Command key: Super (X11's Mod4).
    public static let command = UIKeyModifierFlags(rawValue: 1 << 20)
    /// A key of the numeric keypad.
    public static let numericPad = UIKeyModifierFlags(rawValue: 1 << 21)
}
