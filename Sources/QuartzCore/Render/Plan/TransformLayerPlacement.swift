/// A `CATransformLayer` in windows: no items of its own; its leaves (`TransformLayerDepth`)
/// placed in depth order as children of its node, each straight into the transform layer's
/// parent plane, faded alone by the transform layers' opacities. A leaf under perspective takes
/// the usual perspective routes (a projected item, or drawn and warped).
extension CompositePlan {
    func placeTransformLayer(_ layer: LayerSnapshot, _ node: PlacedNode, old: PlacedNode?, tracked: Bool) {
        let placement = node.placement
        let toParent = layer.transformToParent(in: placement.space)
        let olds = old?.children ?? []
        var byID: [UInt64: PlacedNode] = [:]
        for child in olds { byID[child.id] = child }
        var children: [PlacedNode] = []
        for leaf in TransformLayerDepth.leaves(of: layer, toTarget: toParent) {
            let childPlacement = Placement(space: leaf.space, toDevice: placement.toDevice, opacity: placement.opacity * leaf.opacity,
                                           clip: placement.clip, tint: placement.tint)
            let match = byID[leaf.layer.id]
            let placed = place(leaf.layer, childPlacement, old: match, tracked: tracked && match != nil)
            children.append(placed)
            node.cover(placed.extent)
        }
        if tracked, let damage, olds.map(\.id) != children.map(\.id) {
            // Leaves came, went or changed depth order: all they covered, then and now.
            damage.add(old?.extent)
            damage.add(node.extent)
        }
        node.setChildren(children, extents: children.map(\.extent))
    }
}
