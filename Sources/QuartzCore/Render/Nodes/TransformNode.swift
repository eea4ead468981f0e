// The transform-layer node (`CATransformLayer`): no drawing of its own; its sublayers keep their
// 3D positions and are drawn in depth order. How it draws (`TransformLayerDepth`: the flattened
// leaves, sorted back to front) and how it is placed (`CompositePlan.placeTransformLayer`: each
// leaf placed by its own map, in that order). Its extent is measured as a plain layer's
// (`LayerNode.extent`: its sublayers mapped into its plane); culling a first placement does not
// measure it (`LayerNode.cheapExtent`), it is placed.

/// The sublayers of a `CATransformLayer` in 3D, as the compositor's rules draw them: every
/// descendant that is not itself a transform layer, with the sublayer space that places it
/// straight into the plane the transform layer is drawn in (its matrix, through any transform
/// layers between, folded into the space's sublayer transform), in depth order, farthest first.
///
/// The existing geometry then places each one (`transformToParent(in:)` with that space):
/// flattening into a plane happens only at those layers, not at the transform layers.
struct TransformLayerDepth {
    /// A layer to draw, the space it is placed in, and the opacity the transform layers above
    /// it hand down (each sublayer is faded alone, not as a group).
    struct Leaf {
        let layer: LayerSnapshot
        let space: LayerGeometry.SublayerSpace
        let opacity: CGFloat
        let depth: CGFloat
    }

    /// `layer` (a transform layer) placed into its target plane by `toTarget` (its own matrix to
    /// that plane): its leaves sorted by depth.
    static func leaves(of layer: LayerSnapshot, toTarget: CATransform3D) -> [Leaf] {
        var leaves: [Leaf] = []
        collect(layer, turned: layer.contentsTurned, toTarget: toTarget, opacity: min(max(layer.opacity, 0), 1), into: &leaves, depth: 0)
        // Farthest first; equal depths keep the tree's order.
        return leaves.enumerated().sorted { a, b in
            a.element.depth != b.element.depth ? a.element.depth < b.element.depth : a.offset < b.offset
        }.map(\.element)
    }

    /// Transform layers nested deeper than this are drawn flat (a guard, not a limit anyone meets).
    static let deepestNesting = 64

    /// `turned`: whether the flips above `layer` turn its contents (a nested transform layer is
    /// not placed itself, so its snapshot does not know).
    private static func collect(_ layer: LayerSnapshot, turned: Bool, toTarget: CATransform3D, opacity: CGFloat,
                                into leaves: inout [Leaf], depth: Int) {
        // The transform layer's own sublayer space (flip, sublayer transform about its anchor),
        // then its matrix to the target: one sublayer transform of a space with no bounds of its own.
        let own = LayerGeometry.transformToParent(bounds: .zero, anchorPoint: .zero, anchorPointZ: 0, transform: CATransform3DIdentity,
                                                  position: .zero, zPosition: 0, in: layer.sublayerSpace)
        let space = LayerGeometry.SublayerSpace(bounds: .zero, anchorPoint: .zero, anchorPointZ: 0,
                                                sublayerTransform: own.concatenating(toTarget), isGeometryFlipped: false,
                                                contentsTurned: ContentsOrientation.sublayersTurned(turned, flipped: layer.isGeometryFlipped))
        for i in layer.sublayers.indices {
            let sublayer = layer.sublayers[i]
            guard sublayer.isVisible else { continue }
            let m = sublayer.transformToParent(in: space)
            if sublayer.isTransformLayer, depth < deepestNesting {
                collect(sublayer, turned: space.contentsTurned, toTarget: m, opacity: opacity * min(sublayer.opacity, 1), into: &leaves, depth: depth + 1)
                continue
            }
            leaves.append(Leaf(layer: sublayer, space: space, opacity: opacity, depth: Self.depth(of: sublayer, m)))
        }
    }

    /// The depth of the layer's center after `m` (z over w: perspective keeps the order).
    private static func depth(of layer: LayerSnapshot, _ m: CATransform3D) -> CGFloat {
        let x = layer.bounds.midX, y = layer.bounds.midY
        let z = x * m.m13 + y * m.m23 + m.m43
        let w = x * m.m14 + y * m.m24 + m.m44
        return w > 1e-9 ? z / w : -.infinity                    // behind the viewer: farthest
    }
}

extension LayerRenderer {
    /// A transform layer by the compositor's rules: its leaves in depth order, each in its own
    /// space, faded alone; nothing of the layer's own look.
    static func drawTransformLayer(_ layer: LayerSnapshot, toTarget: CATransform3D, in ctx: CGContext, context: RenderContext) {
        for leaf in TransformLayerDepth.leaves(of: layer, toTarget: toTarget) {
            ctx.saveGState()
            if leaf.opacity < 1 { ctx.setAlpha(leaf.opacity * ctx.currentAlpha) }
            drawSublayer(leaf.layer, in: leaf.space, ctx: ctx, context: context)
            ctx.restoreGState()
        }
    }
}

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
