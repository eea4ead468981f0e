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

extension LayerSnapshot {
    /// Whether `part` of the layer's own drawing shows anything.
    func drawsItself(_ part: LayerTexture.Part) -> Bool {
        switch part {
        case .whole: return bodyCanShow || hasVisibleBorder
        case .body: return bodyCanShow
        case .border: return hasVisibleBorder
        }
    }
}

/// How a layer is placed once `CompositePlan.placeLayer` has chosen its route (`Route`): on the
/// `.items` route its own textures (shadow, body, border: `ShadowNode`, below, and here) and its
/// sublayers' items; on a `.drawn` one a texture the layer renderer draws; under perspective a
/// projected item or a drawing warped into its parent's plane.
extension CompositePlan {
    /// The layer's own textures (shadow, body, border) and, between them, its sublayers' items.
    func placeItems(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                    scale: CGFloat, old: PlacedNode?, tracked: Bool, isRoot: Bool, withShadow: Bool = true) {
        node.textures = OwnTextures(ownVersion: layer.ownVersion, scale: scale, drawnAnimated: layer.animatesLook,
                                    turned: layer.contentsTurned)
        if withShadow, layer.castsShadow { placeShadow(layer, node, toDevice: toDevice, opacity: opacity, scale: scale, old: old) }
        // The border goes above the sublayers: apart from the body when there are sublayers.
        let borderApart = layer.hasVisibleBorder && layer.hasSublayers
        let part: LayerTexture.Part = borderApart ? .body : .whole
        if layer.drawsItself(part),
           let texture = keptTexture(.body, of: layer, old: old, scale: scale)
            ?? cache.texture(for: layer, part: part, scale: scale, placedBy: toDevice,
                             after: old?.textures.drawnAnimated == true ? old?.textures.body : nil) {
            if let previous = old?.textures.body, previous !== texture { cache.layerLeft(previous) }
            if isRoot, opacity >= 1, let color = opaqueColor(covering: screen, texture, layer, toDevice) {
                backdrop = color          // a root that fills the screen with one color is the backdrop
            } else {
                place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity, origin: layer.bounds.origin,
                      edges: layer.aliasedEdges)
            }
            // Stored last, moved: the reference taken from the old node (or the cache's lookup)
            // is the node's, with no retain (the first write to the texture's header, a cache miss).
            node.textures.body = consume texture
        }
        if layer.hasTiles, let tiles = layer.tiles { tiles.place(in: node, layer: layer, toDevice: toDevice, opacity: opacity) }
        if layer.hasEmitter, let emitter = layer.emitter { placeParticles(of: layer, emitter, node, old: old, toDevice: toDevice, opacity: opacity, scale: scale) }
        if layer.hasSublayers { placeSublayers(of: layer, node, toDevice: toDevice, opacity: opacity, old: old, tracked: tracked) }
        placeBorder(layer, node, toDevice, opacity, scale, old, borderApart)
    }

    func placeBorder(_ layer: LayerSnapshot, _ node: PlacedNode, _ toDevice: CGAffineTransform, _ opacity: CGFloat,
                     _ scale: CGFloat, _ old: PlacedNode?, _ borderApart: Bool) {
        guard borderApart,
              let texture = keptTexture(.border, of: layer, old: old, scale: scale) ?? cache.texture(for: layer, part: .border, scale: scale)
        else { return }
        place(texture, into: &node.above, node, toDevice: toDevice, opacity: opacity, origin: layer.bounds.origin,
              edges: layer.aliasedEdges)
        node.textures.border = consume texture           // moved, as the body's
    }

    /// A texture of the layer's own that the last frame had, while its look stays (else the
    /// caller asks the cache; no closure here: capturing the snapshot would copy it).
    func keptTexture(_ slot: OwnTextures.Slot, of layer: LayerSnapshot, old: PlacedNode?, scale: CGFloat) -> LayerTexture? {
        if let old, !layer.animatesLook, old.textures.fit(ownVersion: layer.ownVersion, scale: scale, turned: layer.contentsTurned),
           let texture = old.textures.take(slot) {
            // Taken: the last frame's node is done with it (retired once placed), and moving
            // the reference spares a retain here and a release (a cache miss) when it goes.
            if !isShare, cache.wantsTouches { cache.touch(texture) }
            return texture
        }
        return nil
    }

    /// The color of `texture` placed by `toDevice`, when it covers `screen` with that one opaque
    /// color, texel for pixel.
    func opaqueColor(covering screen: DeviceRect, _ texture: LayerTexture, _ layer: LayerSnapshot,
                     _ toDevice: CGAffineTransform) -> UInt32? {
        let placed = texture.toLayer.concatenating(CGAffineTransform(translationX: layer.bounds.minX, y: layer.bounds.minY))
            .concatenating(toDevice)
        guard placed.a == 1, placed.b == 0, placed.c == 0, placed.d == 1,
              placed.tx == placed.tx.rounded(), placed.ty == placed.ty.rounded(), abs(placed.tx) < 1e6, abs(placed.ty) < 1e6
        else { return nil }
        // A background alone (square, unbordered) is its color on every texel inside its outline:
        // read from the outline, a root's texture — a window's worth of pixels, 14 MB at scale 2,
        // 33 MB at 3840×2160 — is neither drawn nor held just to be read as one color.
        let flat = texture.drawnOutline.flatMap(DrawnOutline.flatFill) ?? {
            cache.drawDeferred()           // its pixels are read here
            texture.ensureDrawn()
            return texture.texels
        }()
        let x = Int32(placed.tx), y = Int32(placed.ty)
        guard flat.flat_color >> 24 == 255, flat.flat_x0 + x <= screen.x, flat.flat_y0 + y <= screen.y,
              flat.flat_x1 + x >= screen.x + screen.width, flat.flat_y1 + y >= screen.y + screen.height else { return nil }
        return flat.flat_color
    }

    // MARK: Drawn by the layer renderer

    /// The layer and its subtree drawn by the layer renderer into a texture over what can show
    /// of them, in the layer's own space; kept while the subtree is still.
    func placeDrawn(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                    scale: CGFloat, reason: DrawnReason, old: PlacedNode?) {
        let textureScale = reason == .rasterized ? max(min(layer.rasterizationScale, 16), 0.01) : scale
        guard let rect = Self.visible(LayerNode.extent(of: layer), toDevice: toDevice, clip: node.placement.clip) else { return }
        let key = OffscreenGroup.Key(version: layer.version, rect: rect, scale: textureScale, map: CATransform3DIdentity,
                                     turned: layer.contentsTurned)
        let texture: LayerTexture?
        if !layer.hasAnimations || Self.movesOnly(layer, reason), let kept = old?.group, kept.key == key {
            texture = kept.texture
        } else {
            // The item blends and the backdrop item filters (FilterNode.swift), not the texture.
            var drawn = layer
            (drawn.compositingFilter, drawn.backgroundFilters) = (nil, [])
            texture = LayerTexture(covering: rect, scale: textureScale, maxSide: LayerTexture.maxSide) { LayerRenderer.draw(drawn, in: $0, context: cache.context) }
        }
        guard let texture else { return }
        node.group = OffscreenGroup(key: key, texture: texture)
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity, offscreen: true)
        if let blend = LayerBlend(layer.compositingFilter), !node.below.isEmpty {
            node.below[node.below.count - 1].blend = blend
            node.effects.append(blend)            // items do not retain it
        }
    }

    /// A layer under perspective that is its own drawing alone (no sublayers, mask, shadow or
    /// anything else drawn around it), placed as one item through its homography; false when it
    /// is not such a layer or some of it is behind the viewer.
    func placeProjected(_ layer: LayerSnapshot, _ m: CATransform3D, _ node: PlacedNode, old: PlacedNode?) -> Bool {
        guard layer.sublayers.isEmpty, layer.mask.isEmpty, layer.transition == nil, !layer.shouldRasterize, layer.tiles == nil,
              !layer.castsShadow, layer.isVisible else { return false }
        let placement = node.placement
        let det = placement.toDevice.a * placement.toDevice.d - placement.toDevice.b * placement.toDevice.c
        guard det != 0, det.isFinite else { return true }
        guard layer.drawsItself(.whole) else { return true }
        // Perspective enlarges the near side: a little more resolution than the plane's.
        let scale = Self.textureScale(abs(det).squareRoot() * 1.5)
        guard let texture = keptTexture(.body, of: layer, old: old, scale: scale) ?? cache.texture(for: layer, part: .whole, scale: scale)
        else { return true }
        let toLayer = texture.toLayer.concatenating(CGAffineTransform(translationX: layer.bounds.minX, y: layer.bounds.minY))
        let map = Homography(toLayer).concatenating(m.homography).concatenating(Homography(placement.toDevice))
        var corners: [CGPoint] = []
        for p in [CGPoint(x: 0, y: 0), CGPoint(x: Int(texture.width), y: 0), CGPoint(x: 0, y: Int(texture.height)),
                  CGPoint(x: Int(texture.width), y: Int(texture.height))] {
            guard let q = map.apply(p) else { return false }
            corners.append(q)
        }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let box = CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        node.textures = OwnTextures(ownVersion: layer.ownVersion, scale: scale, drawnAnimated: layer.animatesLook,
                                    turned: layer.contentsTurned, body: texture)
        guard let extent = DeviceRect(enclosing: box, within: placement.clip) else { return true }
        let alpha = UInt8((min(max(placement.opacity * min(layer.opacity, 1), 0), 1) * 255).rounded())
        guard alpha > 0 else { return true }
        var item = CompositeItem(texture: texture, toDevice: CGAffineTransform(a: map.m[0], b: map.m[1], c: map.m[3], d: map.m[4],
                                                                            tx: map.m[6], ty: map.m[7]),
                                 alpha: alpha, extent: extent)
        item.perspective = SIMD3(Double(map.m[2]), Double(map.m[5]), Double(map.m[8]))
        texture.ensureDrawn()            // the projective kernel samples it
        item.tint = ReplicatorState.packedTint(placement.tint, alpha: alpha)
        item.aliasedEdges = layer.aliasedEdges.rawValue
        node.below.append(item)
        node.cover(extent)
        return true
    }

    /// A layer under perspective, drawn flat and warped into its parent's plane by the layer
    /// renderer, over what can show of it there.
    func placeDrawnInParent(_ layer: LayerSnapshot, _ m: CATransform3D, _ node: PlacedNode, old: PlacedNode?) {
        let placement = node.placement
        let det = placement.toDevice.a * placement.toDevice.d - placement.toDevice.b * placement.toDevice.c
        guard det != 0, det.isFinite else { return }
        let scale = Self.textureScale(abs(det).squareRoot())
        let extent = CALayer.mapRect(LayerNode.extent(of: layer), m.homography)
        guard !extent.isNull, let rect = Self.visible(extent, toDevice: placement.toDevice, clip: placement.clip) else { return }
        let key = OffscreenGroup.Key(version: layer.version, rect: rect, scale: scale, map: m, turned: layer.contentsTurned)
        let texture: LayerTexture?
        if !layer.hasAnimations, let kept = old?.group, kept.key == key {
            texture = kept.texture
        } else {
            texture = LayerTexture(covering: rect, scale: scale, maxSide: LayerTexture.maxSide) {
                LayerRenderer.drawSublayer(layer, in: placement.space, ctx: $0, context: cache.context)
            }
        }
        guard let texture else { return }
        node.group = OffscreenGroup(key: key, texture: texture)
        place(texture, into: &node.below, node, toDevice: placement.toDevice, opacity: placement.opacity, offscreen: true)
    }
}
