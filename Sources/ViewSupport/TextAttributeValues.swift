import CoreText

/// A font attribute value of a framework (`UIFont`, `NSFont`): the Core Text font that string
/// drawing lays text out with.
package protocol TextFontValue {
    /// The font's Core Text font.
    var textDrawingFont: CTFont { get }
    /// Whether digits are to be drawn at one width (the font's tabular digits).
    var textHasMonospacedDigits: Bool { get }
}

/// A color attribute value of a framework (`UIColor`, `NSColor`): the Core Graphics color that
/// string drawing paints with.
package protocol TextColorValue {
    /// The color as a `CGColor`.
    var textDrawingColor: CGColor { get }
}
