extension UIScrollView {
    /// The styles of the scroll indicators.
    public enum IndicatorStyle: Int, Sendable {
        /// The default style of scroll indicator: dark, for a light background (Lamina has no dark mode switch).
        case `default` = 0
        /// A style of indicator that's black and smaller than the default style.
        case black = 1
        /// A style of indicator that's white and smaller than the default style.
        case white = 2
    }
}
