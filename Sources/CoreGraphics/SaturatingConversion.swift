/// The one way a caller's floating-point number becomes a fixed-size integer in Lamina.
///
/// Swift's `Int32(x)` traps when `x` is NaN, infinite or out of range, and a caller's numbers
/// (a window's minimum size, a paragraph's indent, a rectangle at x = 1e19) can be any of those.
/// Every such conversion goes through here instead, so that none can trap: the caller decides
/// beforehand whether an out-of-range value deserves a message, and this makes the result safe.
extension FixedWidthInteger {
    /// `value` rounded toward zero and clamped to this type's range; NaN gives 0. Inlinable, so
    /// that each caller gets it specialized: unspecialized, its generic conversions through
    /// witness tables made a 1000-tile `CARenderer` frame about 15 % slower (pixel rows call it).
    @inlinable
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

// The common cases, concrete: the generic form, even specialized, went through the standard
// library's generic float-to-integer conversion (`_convert(from:)`, witness tables) on the
// pixel paths that call it for every drawn rectangle.
extension Int {
    /// `value` rounded toward zero and clamped to `Int`'s range; NaN gives 0.
    @inlinable
    package init(saturating value: Double) {
        if value.isNaN { self = 0 }
        else if value >= 9.223372036854775807e18 { self = .max }
        else if value <= -9.223372036854775808e18 { self = .min }
        else { self = Int(value) }
    }

    /// `value` rounded toward zero and clamped to `Int`'s range; NaN gives 0.
    @inlinable
    package init(saturating value: CGFloat) { self.init(saturating: Double(value)) }
}

extension Int32 {
    /// `value` rounded toward zero and clamped to `Int32`'s range; NaN gives 0.
    @inlinable
    package init(saturating value: Double) {
        if value.isNaN { self = 0 }
        else if value >= 2147483647 { self = .max }
        else if value <= -2147483648 { self = .min }
        else { self = Int32(value) }
    }

    /// `value` rounded toward zero and clamped to `Int32`'s range; NaN gives 0.
    @inlinable
    package init(saturating value: CGFloat) { self.init(saturating: Double(value)) }
}
