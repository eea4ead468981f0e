extension NSView {
    /// Constants that specify how a view resizes when its superview's size changes (macOS's
    /// bits). Margins are named by the superview's coordinates: in one that is not flipped,
    /// `minYMargin` is the bottom margin. Where several parts of one axis are flexible, the
    /// change is shared among them equally.
    public struct AutoresizingMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        private init(bits: UInt) { rawValue = bits }
        /// The view does not resize.
        public static let none = AutoresizingMask([])
        /// The left margin between the view and its superview is flexible.
        public static let minXMargin = AutoresizingMask(bits: 1)
        /// The view's width is flexible.
        public static let width = AutoresizingMask(bits: 2)
        /// The right margin is flexible.
        public static let maxXMargin = AutoresizingMask(bits: 4)
        /// The margin at the smaller y (the bottom, in a superview that is not flipped) is flexible.
        public static let minYMargin = AutoresizingMask(bits: 8)
        /// The view's height is flexible.
        public static let height = AutoresizingMask(bits: 16)
        /// The margin at the larger y (the top, in a superview that is not flipped) is flexible.
        public static let maxYMargin = AutoresizingMask(bits: 32)
    }
}
