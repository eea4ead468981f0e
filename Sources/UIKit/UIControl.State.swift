extension UIControl {
    /// Constants describing the state of a control. A control can have more than one state at
    /// a time.
    public struct State: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public var rawValue: UInt
        /// A state from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The normal, or default, state of a control: enabled, but neither selected nor highlighted.
        public static let normal = State([])
        /// The highlighted state of a control (a touch down inside it, tracking).
        public static let highlighted = State(rawValue: 1 << 0)
        /// The disabled state of a control.
        public static let disabled = State(rawValue: 1 << 1)
        /// The selected state of a control.
        public static let selected = State(rawValue: 1 << 2)
        /// The focused state of a control.
        public static let focused = State(rawValue: 1 << 3)
        /// Additional control-state flags available for application use.
        public static let application = State(rawValue: 0x00FF_0000)
        /// Control-state flags reserved for internal framework use.
        public static let reserved = State(rawValue: 0xFF00_0000)
    }
}
