/// A layer's shadow: the gaussian blur of what casts it (its `shadowPath`, or its picture),
/// offset by `shadowOffset`. Core Animation's `shadowRadius` is the gaussian's sigma.
enum ShadowNode {
    /// How far a shadow reaches past what casts it: three sigmas, where the blur of an edge has
    /// fallen below an eighth of a level of 8-bit alpha (0.13 %), so nothing past it shows.
    @inline(__always)
    static func spread(radius: CGFloat) -> CGFloat { 3 * max(radius, 0) }
                       
    /// Where `layer`'s shadow falls, in its coordinates, cast from `picture` (what the layer and
    /// its subtree draw) unless a `shadowPath` gives its shape.
    static func extent(of layer: LayerSnapshot, casting picture: CGRect) -> CGRect {
        let spread = spread(radius: layer.shadowRadius)
        var shape = picture
        if let path = layer.shadowPath?.boundingBoxOfPath, !path.isNull { shape = path }
        return shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height).insetBy(dx: -spread, dy: -spread)
    }

    /// What a blurred silhouette's image covers past the spread (`ShadowCache.silhouette`): the
    /// spread rounded up to a whole point, and a point more. A shadow's texture covers this
    /// much more than its extent, so that none of the image is cut.
    static let rasterMargin: CGFloat = 2

    /// The silhouette's padding around what casts it, in points: the spread rounded up, and one more.
    static func silhouettePadding(radius: CGFloat) -> CGFloat { spread(radius: radius).rounded(.up) + 1 }
                                  }

/// How a shadow is placed: an item of the layer's own shadow texture behind it, or the shadow of
/// the whole picture (sublayers included) when its shape is not known from the layer alone.
extension CompositePlan {
    /// Behind the layer, faded with it, as the renderer draws a shadow of known shape; one of
    /// unknown shape is the shadow of the layer's own drawing (a subtree's is
    /// `placeSubtreeShadow`'s).
    func placeShadow(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                     scale: CGFloat, old: PlacedNode?) {
        guard let texture = keptTexture(.shadow, of: layer, old: old, scale: scale)
                ?? cache.shadowTexture(for: layer, shape: LayerShadow.knownShape(of: layer, paths: cache.context.paths), scale: scale)
        else { return }
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity)
        node.textures.shadow = consume texture           // moved, as the body's
    }

    /// The shadow of the layer's whole picture (sublayers included, not faded), kept while the
    /// subtree looks the same.
    func placeSubtreeShadow(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                            scale: CGFloat, old: PlacedNode?) {
        let still = !layer.animatesLook && layer.sublayers.animatedIndices.isEmpty
        let texture: LayerTexture?
        if still, let kept = old?.subtreeShadow, kept.version == layer.version, kept.scale == scale {
            texture = kept.texture
        } else {
            texture = LayerTexture.shadowOfSubtree(layer, scale: scale, context: cache.context)
        }
        guard let texture else { return }
        node.subtreeShadow = (layer.version, scale, texture)
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity)
    }
}
