extension UIView {
    /// Options to specify how a view adjusts its content when its size changes.
    public enum ContentMode: Int, Sendable {
        /// The option to scale the content to fit the size of itself by changing the aspect
        /// ratio of the content if necessary.
        case scaleToFill = 0
        /// The option to scale the content to fit the size of the view by maintaining the aspect
        /// ratio. Any remaining area of the view's bounds is transparent.
        case scaleAspectFit = 1
        /// The option to scale the content to fill the size of the view. Some portion of the
        /// content may be clipped to fill the view's bounds.
        case scaleAspectFill = 2
        /// The option to redisplay the view when the bounds change by invoking `setNeedsDisplay()`.
        case redraw = 3
        /// The option to center the content in the view's bounds, keeping the proportions the same.
        case center = 4
        /// The option to center the content aligned at the top in the view's bounds.
        case top = 5
        /// The option to center the content aligned at the bottom in the view's bounds.
        case bottom = 6
        /// The option to align the content on the left of the view.
        case left = 7
        /// The option to align the content on the right of the view.
        case right = 8
        /// The option to align the content in the top-left corner of the view.
        case topLeft = 9
        /// The option to align the content in the top-right corner of the view.
        case topRight = 10
        /// The option to align the content in the bottom-left corner of the view.
        case bottomLeft = 11
        /// The option to align the content in the bottom-right corner of the view.
        case bottomRight = 12

        /// The layer gravity that shows the contents so. Core Animation names its vertical
        /// gravities y-up, so UIKit's top is the layer's bottom, as on iOS.
        var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: return .resize
            case .scaleAspectFit: return .resizeAspect
            case .scaleAspectFill: return .resizeAspectFill
            case .center: return .center
            case .top: return .bottom
            case .bottom: return .top
            case .left: return .left
            case .right: return .right
            case .topLeft: return .bottomLeft
            case .topRight: return .bottomRight
            case .bottomLeft: return .topLeft
            case .bottomRight: return .topRight
            }
        }
    }
}
