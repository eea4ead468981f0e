extension NSView {
    /// Constants that specify how a layer's existing contents are mapped into it as it is
    /// resized (macOS's raw values, 0 up in this order): the layer's `contentsGravity`, named by what is seen (`top`
    /// is the top of the view on screen, flipped or not).
    public enum LayerContentsPlacement: Int, Sendable {
        /// The contents are resized to fill the bounds, without keeping their aspect.
        case scaleAxesIndependently
        /// The contents are resized to fit the bounds, keeping their aspect, centered.
        case scaleProportionallyToFit
        /// The contents are resized to fill the bounds, keeping their aspect, centered.
        case scaleProportionallyToFill
        /// The contents are centered, not resized.
        case center
        /// The contents are centered at the top edge.
        case top
        /// The contents are in the top-right corner.
        case topRight
        /// The contents are centered at the right edge.
        case right
        /// The contents are in the bottom-right corner.
        case bottomRight
        /// The contents are centered at the bottom edge.
        case bottom
        /// The contents are in the bottom-left corner.
        case bottomLeft
        /// The contents are centered at the left edge.
        case left
        /// The contents are in the top-left corner.
        case topLeft

        /// The gravity that shows the placement in a layer whose contents are flipped
        /// (`contentsAreFlipped()`, a flipped view's) or are not: Core Animation's vertical names
        /// are y up in the layer's geometry, so they mean what is seen only where it is not
        /// flipped, as Apple's `contentsGravity` documents.
        func gravity(contentsAreFlipped flipped: Bool) -> CALayerContentsGravity {
            let (top, bottom): (CALayerContentsGravity, CALayerContentsGravity) = flipped ? (.bottom, .top) : (.top, .bottom)
            let (topLeft, bottomLeft): (CALayerContentsGravity, CALayerContentsGravity) = flipped ? (.bottomLeft, .topLeft) : (.topLeft, .bottomLeft)
            let (topRight, bottomRight): (CALayerContentsGravity, CALayerContentsGravity) = flipped ? (.bottomRight, .topRight) : (.topRight, .bottomRight)
            switch self {
            case .scaleAxesIndependently: return .resize
            case .scaleProportionallyToFit: return .resizeAspect
            case .scaleProportionallyToFill: return .resizeAspectFill
            case .center: return .center
            case .top: return top
            case .topRight: return topRight
            case .right: return .right
            case .bottomRight: return bottomRight
            case .bottom: return bottom
            case .bottomLeft: return bottomLeft
            case .left: return .left
            case .topLeft: return topLeft
            }
        }
    }
}
