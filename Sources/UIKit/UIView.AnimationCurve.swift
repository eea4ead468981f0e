extension UIView {
    /// The curve of a view animation (`UIViewPropertyAnimator(duration:curve:animations:)`).
    public enum AnimationCurve: Int, Sendable {
        /// An ease-in ease-out curve.
        case easeInOut = 0
        /// An ease-in curve.
        case easeIn = 1
        /// An ease-out curve.
        case easeOut = 2
        /// A linear animation curve.
        case linear = 3

        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: return CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: return CAMediaTimingFunction(name: .easeIn)
            case .easeOut: return CAMediaTimingFunction(name: .easeOut)
            case .linear: return CAMediaTimingFunction(name: .linear)
            }
        }
    }
}
