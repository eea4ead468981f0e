extension UIScrollView {
    /// The rate at which a scroll view's velocity decays after the user lifts their finger:
    /// the factor the velocity is multiplied by every millisecond.
    public struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        /// The factor per millisecond.
        public var rawValue: CGFloat
        /// A rate from its factor per millisecond.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The default deceleration rate for a scroll view: 0.998.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// A fast deceleration rate for a scroll view: 0.99.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }
}
