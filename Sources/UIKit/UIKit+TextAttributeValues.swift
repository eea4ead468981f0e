// UIKit's font and color objects as the attribute values the shared string drawing reads.

extension UIFont: TextFontValue {
    package var textDrawingFont: CTFont { ctFont }
    package var textHasMonospacedDigits: Bool { hasMonospacedDigits }
}

extension UIColor: TextColorValue {
    package var textDrawingColor: CGColor { cgColor }
}
