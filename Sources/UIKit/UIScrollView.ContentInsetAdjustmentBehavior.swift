extension UIScrollView {
    /// Constants that indicate how safe area insets are added to the adjusted content inset.
    /// (Lamina's windows have no safe area insets: every behavior adjusts by zero.)
    public enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// Automatically adjust the scroll view insets.
        case automatic = 0
        /// Adjust the insets only in the scrollable directions.
        case scrollableAxes = 1
        /// Do not adjust the scroll view insets.
        case never = 2
        /// Always include the safe area insets in the content adjustment.
        case always = 3
    }
}
