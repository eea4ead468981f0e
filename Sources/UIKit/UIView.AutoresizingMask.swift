extension UIView {
    /// Options for automatic view resizing.
    public struct AutoresizingMask: OptionSet, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Resizing performed by expanding or shrinking a view in the direction of the left margin.
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        /// Resizing performed by expanding or shrinking a view's width.
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        /// Resizing performed by expanding or shrinking a view in the direction of the right margin.
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        /// Resizing performed by expanding or shrinking a view in the direction of the top margin.
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        /// Resizing performed by expanding or shrinking a view's height.
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        /// Resizing performed by expanding or shrinking a view in the direction of the bottom margin.
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}
