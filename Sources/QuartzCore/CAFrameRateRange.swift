/// A range of frame rates an animation or display link would like, in frames per second.
/// `CAFrameRateRange.default` (all zero) leaves the choice to the display.
public struct CAFrameRateRange: Hashable, Sendable {
    /// The lowest acceptable rate. Defaults to 0.
    public var minimum: Float
    /// The highest acceptable rate. Defaults to 0 (the display's).
    public var maximum: Float
    /// The rate wanted within the range; nil: the maximum. Defaults to nil.
    public var preferred: Float?

    /// The default range: the display chooses.
    public init() {
        minimum = 0; maximum = 0; preferred = nil
    }

    /// A range from `minimum` to `maximum` frames per second, preferring `preferred`.
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }

    /// Leaves the rate to the display.
    public static let `default` = CAFrameRateRange()

    /// Whether both ranges ask for the same rates.
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }

    /// The rate asked for (preferred, else the maximum, else the minimum); 0 when the range leaves
    /// it to the display or makes no sense (negative or not finite).
    var wantedRate: Double {
        let rate = Double(preferred ?? (maximum > 0 ? maximum : minimum))
        return rate.isFinite && rate > 0 ? rate : 0
    }
}
