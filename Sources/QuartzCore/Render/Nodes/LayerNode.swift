/// The rules every layer's node follows, whatever its kind: whether it draws at all, the radius
/// its corners are rounded by, and its extent (everything it and its subtree draw). Each kind
/// adds its part of the extent in its own node (`ShadowNode`, `ReplicatorNode`, `EmitterNode`,
/// `FilterNode`); the renderer, the planner and the culling all measure through here.
enum LayerNode {
    /// Everything the layer and its subtree draw, in its own coordinates: its own drawing,
    /// its sublayers (or a replicator's copies, an emitter's particles where they are at its
    /// time), its shadow, spread by its filters. Exact, at the cost of a walk of the subtree:
    /// the bounds of transparency layers, flattened layers and drawn textures.
    static func extent(of layer: LayerSnapshot) -> CGRect {
        var extent = ownExtent(of: layer)
        if !layer.masksToBounds {
            // An emitter's particles where they are at its time (a bound from its values alone
            // would be far larger than the picture, and a flattened layer's resolution falls
            // with its size).
            if let emitter = layer.emitter, case let particles = EmitterDrawing.extent(of: EmitterSimulation.particles(of: emitter)), !particles.isNull {
                extent = extent.union(particles)
            }
            if let replicator = layer.replicator {
                let copies = replicator.extentOfInstances(of: layer, sublayerExtent: extent(of:))
                if !copies.isNull { extent = extent.union(copies) }
            } else {
                for i in layer.sublayers.indices where !layer.sublayers[i].isHidden {
                    let m = layer.sublayers[i].transformToParent(in: layer.sublayerSpace)
                    let r = CALayer.mapRect(self.extent(of: layer.sublayers[i]), m.homography)
                    if !r.isNull { extent = extent.union(r) }
                }
            }
        }
        return around(extent, of: layer)
    }

    /// The extent of a subtree placed for the first time, for culling it, when that is cheaply
    /// known; nil when it is not (no culling): emitters (their particles), replicators,
    /// transform layers, transitions and sublayers under perspective are placed rather than
    /// measured, and so is a subtree of more than `budget` layers. A hidden layer draws nothing.
    static func cheapExtent(of layer: LayerSnapshot, budget: inout Int) -> CGRect? {
        budget -= 1
        guard budget >= 0 else { return nil }
        if layer.isHidden { return .null }
        guard layer.transition == nil, !layer.isTransformLayer, layer.replicator == nil || layer.masksToBounds,
              layer.emitter == nil || layer.masksToBounds else { return nil }
        var extent = ownExtent(of: layer)
        if !layer.masksToBounds {
            for i in layer.sublayers.indices {
                guard let inner = cheapExtent(of: layer.sublayers[i], budget: &budget) else { return nil }
                if inner.isNull { continue }
                guard let m = layer.sublayers[i].transformToParent(in: layer.sublayerSpace).planeAffine else { return nil }
                extent = extent.union(inner.applying(m))
            }
        }
        extent = around(extent, of: layer)
        return extent.isFiniteRect ? extent : nil
    }

    /// `picture` (what the layer and its subtree draw) with what goes around it: the shadow cast
    /// from it, and the reach of the filters that spread the whole (a blur).
    private static func around(_ picture: CGRect, of layer: LayerSnapshot) -> CGRect {
        var extent = picture
        if layer.castsShadow { extent = extent.union(ShadowNode.extent(of: layer, casting: picture)) }
        if !layer.filters.isEmpty, case let reach = FilteredLayer.reach(of: layer), reach > 0 {
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        return extent
    }

    /// Everything the layer's own drawing covers, in its coordinates: its bounds, contents that a
    /// gravity places beyond them and a subclass's content that reaches past them (a shape's
    /// stroke), unless `masksToBounds` clips them.
    static func ownExtent(of layer: LayerSnapshot) -> CGRect {
        guard !layer.masksToBounds else { return layer.bounds }
        guard let overflow = layer.content?.overflow, !overflow.isNull, overflow.isFiniteRect else {
            return LayerContents.contentsExtent(of: layer)
        }
        return LayerContents.contentsExtent(of: layer).union(gridAligned(overflow, from: layer.bounds.origin))
    }

    /// `overflow` grown to whole points from the bounds' origin `o`, so that a texture of it
    /// stays on the pixel grid of a layer placed on whole pixels.
    static func gridAligned(_ overflow: CGRect, from o: CGPoint) -> CGRect {
        let x0 = (overflow.minX - o.x).rounded(.down), y0 = (overflow.minY - o.y).rounded(.down)
        let x1 = (overflow.maxX - o.x).rounded(.up), y1 = (overflow.maxY - o.y).rounded(.up)
        return CGRect(x: o.x + x0, y: o.y + y0, width: x1 - x0, height: y1 - y0)
    }

    /// The radius corners of `rect` are rounded by, for a `cornerRadius` of `radius`: never
    /// negative, and at most half the shorter side (two corners on one side meet there).
    @inline(__always)
    static func cornerRadius(_ radius: CGFloat, in rect: CGRect) -> CGFloat {
        max(0, min(radius, min(rect.width, rect.height) / 2))
    }
}

extension LayerSnapshot {
    /// Whether the layer draws anything at all: a hidden or fully transparent layer, and its
    /// whole subtree, is passed over by every renderer (its time still runs).
    @inline(__always)
    var isVisible: Bool { !isHidden && opacity > 0 }

    /// The radius its corners are drawn with (`LayerNode.cornerRadius(_:in:)` of its bounds).
    var effectiveCornerRadius: CGFloat { LayerNode.cornerRadius(cornerRadius, in: bounds) }
}
