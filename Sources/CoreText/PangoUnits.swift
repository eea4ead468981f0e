import CCairo
import CoreGraphics

/// Lengths in points as Pango's 32-bit units (1/1024 point). Pango holds a layout's width,
/// indent and letter spacing in an `int`, so ±2²¹ points is all it can take; Core Text's
/// lengths are held to `maximumLength` (10⁶ points, wider than any frame Pango could lay out in
/// reasonable time) before they get here, and the conversion saturates, never traps.
enum PangoUnits {
    /// The longest length (in points) Core Text hands Pango: a wrapping width, an indent, a kern.
    static let maximumLength: CGFloat = 1_000_000

    /// `points` in Pango units, clamped to ±`maximumLength`; NaN gives 0.
    static func of(_ points: CGFloat) -> Int32 {
        Int32(saturating: (min(max(points, -maximumLength), maximumLength) * CGFloat(PANGO_SCALE)).rounded())
    }
}
