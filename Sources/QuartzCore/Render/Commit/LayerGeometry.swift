/// How a layer sits in its superlayer, shared by the model (conversion, hit testing) and the
/// renderer so that both place layers exactly alike.
enum LayerGeometry {
    /// What a superlayer contributes to placing its sublayers.
    struct SublayerSpace: Equatable {
        var bounds: CGRect
        var anchorPoint: CGPoint
        var anchorPointZ: CGFloat
        var sublayerTransform: CATransform3D
        var isGeometryFlipped: Bool
        /// Whether the sublayers placed here draw their contents turned over, so that they show
        /// upright under an odd number of flips (`ContentsOrientation`, rule 2). Drawing alone.
        var contentsTurned = false

        var anchorInBounds: CGPoint {
            CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        }
    }

    /// From a layer's plane to its superlayer's: translate the anchor point to the origin, apply
    /// `transform`, move to `position` (and `zPosition`); then, in the superlayer, flip vertically
    /// if its geometry is flipped and apply its `sublayerTransform` about its anchor point.
    static func transformToParent(bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, transform: CATransform3D,
                                  position: CGPoint, zPosition: CGFloat, in parent: SublayerSpace?) -> CATransform3D {
        let anchor = CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
        var m = CATransform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(CATransform3DMakeTranslation(position.x, position.y, zPosition))
        guard let parent else { return m }
        if parent.isGeometryFlipped {
            m = m.concatenating(CATransform3DTranslate(CATransform3DMakeScale(1, -1, 1), 0, -(parent.bounds.minY + parent.bounds.maxY), 0))
        }
        if !CATransform3DIsIdentity(parent.sublayerTransform) {
            let a = parent.anchorInBounds
            m = m.concatenating(CATransform3DMakeTranslation(-a.x, -a.y, -parent.anchorPointZ))
                .concatenating(parent.sublayerTransform)
                .concatenating(CATransform3DMakeTranslation(a.x, a.y, parent.anchorPointZ))
        }
        return m
    }
}
