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
        guard layer.isVisible else { return false }
        guard let affine = layer.transformToParent(in: placement.space).planeAffine else { return true }
        let device = local.applying(affine.concatenating(placement.toDevice))
        guard device.isFiniteRect else { return true }
        return DeviceRect(enclosing: device, within: placement.clip) != nil
    }

    /// Everything a subtree seen for the first time may draw, in its coordinates, or nil when
    /// that is not cheaply known: emitters (their particles), replicators, transform layers,
    /// transitions and sublayers under perspective are placed rather than measured
    /// (`LayerNode.cheapExtent`), and so are subtrees of more than `measuredLayersAtMost` layers.
    static func firstPlacementExtent(of layer: LayerSnapshot) -> CGRect? {
        var budget = measuredLayersAtMost
        return LayerNode.cheapExtent(of: layer, budget: &budget)
    }

    /// How many layers one subtree's first-placement extent looks at before giving up (nil: no
    /// culling). Each layer placed for the first time measures its subtree, so without a bound a
    /// first frame of a deep tree would measure its lower layers once per layer above them.
    static let measuredLayersAtMost = 64
}
