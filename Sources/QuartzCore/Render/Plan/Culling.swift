/// Passing over subtrees that cannot show: a subtree whose extent, placed where its parent puts
/// it, misses its clip gets a node with no items and nothing inside it is placed (no textures
/// are looked up or drawn, no text is copied into a texture). When it comes into sight later it
/// is placed then, as a layer seen for the first time.
///
/// Two cases: a still subtree placed somewhere new (a scrolled list's rows), whose extent the
/// last frame's node knows (`PlacedNode.localExtent`); and a subtree placed for the first time
/// (a window's first frame, a layer just added), whose extent is worked out here — conservatively,
/// and not at all (no culling) where that would cost about as much as placing it.
extension CompositePlan {
    /// Whether `local` (the subtree's extent in the layer's coordinates) placed as `placement`
    /// says can touch the clip (true when not sure: under perspective).
    static func canShow(_ local: CGRect, of layer: LayerSnapshot, in placement: Placement) -> Bool {
        guard !layer.isHidden, layer.opacity > 0 else { return false }
        guard let affine = layer.transformToParent(in: placement.space).planeAffine else { return true }
        let device = local.applying(affine.concatenating(placement.toDevice))
        guard device.isFiniteRect else { return true }
        return DeviceRect(enclosing: device, within: placement.clip) != nil
    }

    /// Everything a subtree seen for the first time may draw, in its coordinates, or nil when
    /// that is not cheaply known: emitters (their particles), replicators, transform layers,
    /// transitions and sublayers under perspective are placed rather than measured. A shadow
    /// counts as the whole extent moved by its offset and grown by its blur (a subtree's shadow
    /// is of its whole picture) and, with a `shadowPath`, the path's box too.
    static func firstPlacementExtent(of layer: LayerSnapshot) -> CGRect? {
        var budget = measuredLayersAtMost
        return firstPlacementExtent(of: layer, budget: &budget)
    }

    /// How many layers one subtree's first-placement extent looks at before giving up (nil: no
    /// culling). Each layer placed for the first time measures its subtree, so without a bound a
    /// first frame of a deep tree would measure its lower layers once per layer above them.
    static let measuredLayersAtMost = 64

    private static func firstPlacementExtent(of layer: LayerSnapshot, budget: inout Int) -> CGRect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        if layer.isHidden { return .null }
        guard layer.transition == nil, !layer.isTransformLayer, layer.replicator == nil || layer.masksToBounds,
              layer.emitter == nil || layer.masksToBounds else { return nil }
        var extent = LayerContents.ownExtent(of: layer)
        if !layer.masksToBounds {
            for i in layer.sublayers.indices {
                guard let inner = firstPlacementExtent(of: layer.sublayers[i], budget: &budget) else { return nil }
                if inner.isNull { continue }
                guard let m = layer.sublayers[i].transformToParent(in: layer.sublayerSpace).planeAffine else { return nil }
                extent = extent.union(inner.applying(m))
            }
        }
        if layer.shadowOpacity > 0 {
            let spread = 3 * max(layer.shadowRadius, 0)
            var shape = extent
            if let path = layer.shadowPath?.boundingBoxOfPath, !path.isNull { shape = shape.union(path) }
            extent = extent.union(shape.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                .insetBy(dx: -spread, dy: -spread))
        }
        if !layer.filters.isEmpty, case let reach = FilteredLayer.reach(of: layer), reach > 0 {
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        return extent.isFiniteRect ? extent : nil
    }
}
