/// The one way a caller's floating-point number becomes a fixed-size integer in Lamina.
///
/// Swift's `Int32(x)` traps when `x` is NaN, infinite or out of range, and a caller's numbers
/// (a window's minimum size, a paragraph's indent, a rectangle at x = 1e19) can be any of those.
/// Every such conversion goes through here instead, so that none can trap: the caller decides
/// beforehand whether an out-of-range value deserves a message, and this makes the result safe.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to this type's range; NaN gives 0.
    package init<Source: BinaryFloatingPoint>(saturating value: Source) {
        if value.isNaN {
            self = 0
        } else if value >= Source(Self.max) {
            // `Source(Self.max)` may round up past `max` (2⁶³ for `Int`): anything from there on is `max`.
            self = .max
        } else if value <= Source(Self.min) {
            self = .min
        } else {
            self.init(value)
        }
    }
}
