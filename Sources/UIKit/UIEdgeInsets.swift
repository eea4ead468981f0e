/// The inset distances for views.
public struct UIEdgeInsets: Hashable, Sendable {
    /// The top edge inset value.
    public var top: CGFloat
    /// The left edge inset value.
    public var left: CGFloat
    /// The bottom edge inset value.
    public var bottom: CGFloat
    /// The right edge inset value.
    public var right: CGFloat

    /// Creates an edge inset with every inset 0.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// Creates an edge inset for a button or view.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// An edge insets struct whose top, left, bottom, and right fields are all set to 0.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// Adjusts a rectangle by the given edge insets.
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: minX + insets.left, y: minY + insets.top,
               width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }
}
