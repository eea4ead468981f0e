extension UIControl {
    /// Constants describing the types of events possible for controls.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public var rawValue: UInt
        /// An event from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// A touch-down event in the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch-down event in the control; the touch's tapCount is greater than one.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// An event where a finger is dragged inside the bounds of the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// An event where a finger is dragged just outside the bounds of the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// An event where a finger is dragged into the bounds of the control.
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        /// An event where a finger is dragged from within a control to outside its bounds.
        public static let touchDragExit = Event(rawValue: 1 << 5)
        /// A touch-up event in the control where the finger is inside the bounds of the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A touch-up event in the control where the finger is outside the bounds of the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// A system event canceling the current touches for the control.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// A touch dragging or otherwise manipulating a control, causing it to emit a series of different values.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// A semantic action triggered by buttons.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// An event that occurs when a menu action triggers.
        public static let menuActionTriggered = Event(rawValue: 1 << 14)
        /// A touch initiating an editing session in a text field.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// A touch making an editing change in a text field.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// A touch ending an editing session in a text field.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// A touch ending an editing session in a text field with the Return key.
        public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
        /// All touch events.
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        /// All editing touches for text fields.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// A range of control-event values available for application use.
        public static let applicationReserved = Event(rawValue: 0x0F00_0000)
        /// A range of control-event values reserved for internal framework use.
        public static let systemReserved = Event(rawValue: 0xF000_0000)
        /// All events, including system events.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }
}
