/// A layer drawn flat into an image first: under perspective (Core Graphics draws only affine
/// maps, so the image is warped through the projection into its parent's plane — each layer
/// flattens into its parent's plane, as in Core Animation), or when `shouldRasterize` asks for
/// a bitmap at `rasterizationScale`.
enum FlattenedLayer {
    /// With `cutsEdges`, a leaf that the compositor would place as a projected item has its
    /// outline's aliased sides cut by pixel centers in the warp, as the projective kernel cuts them.
    static func draw(_ layer: LayerSnapshot, through h: Homography, rasterizationScale: CGFloat?, in ctx: CGContext,
                     context: RenderContext, cutsEdges: Bool = false) {
        let extent = visualExtent(of: layer)
        let deviceScale = ctx.deviceScale
        // Perspective oversamples a little: it enlarges the near side.
        var scale = rasterizationScale.map { max($0, 0.01) } ?? max(deviceScale, 0.01) * 1.5
        // A huge layer is flattened at a lower resolution rather than into a bitmap the size of
        // a wall (its warp and its conversion cost as much as its pixels): 4 million at most.
        let pixels = extent.width * scale * extent.height * scale
        if pixels > Self.largestFlattening, pixels.isFinite { scale *= (Self.largestFlattening / pixels).squareRoot() }
        guard let flat = LayerCanvas.make(covering: extent, scale: scale, maxSide: 8192) else { return }
        LayerRenderer.draw(layer, in: flat, context: context)
        guard let image = flat.makeImage() else { return }
        // Pixel (u, v) → layer point → parent plane.
        let pixelToLayer = Homography(CGAffineTransform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: extent.minX, ty: extent.minY))
        let projectedLeaf = rasterizationScale == nil && layer.sublayers.isEmpty && layer.mask.isEmpty && layer.transition == nil
            && layer.tiles == nil && !CompositePlan.castsShadow(layer) && CompositePlan.filterRoute(of: layer) == nil
        let sides = cutsEdges && projectedLeaf ? layer.aliasedEdges.rawValue : 0
        let own = LayerContents.ownExtent(of: layer)
        let outline = CGRect(x: (own.minX - extent.minX) * scale, y: (own.minY - extent.minY) * scale,
                             width: own.width * scale, height: own.height * scale)
        ctx.drawImage(image, projectedBy: pixelToLayer.concatenating(h).m, cutting: outline, sides: sides)
    }

    /// The most pixels a layer is flattened into.
    static let largestFlattening: CGFloat = 2048 * 2048

    /// What the layer and its subtree cover in its own coordinates (shadow included).
    static func visualExtent(of layer: LayerSnapshot) -> CGRect {
        var extent = LayerContents.ownExtent(of: layer)
        // An emitter's particles reach beyond its bounds: where they are at its time (a bound
        // from its values alone would be far larger than the picture, and a flattened layer's
        // resolution falls with its size).
        if let emitter = layer.emitter, !layer.masksToBounds,
           case let particles = EmitterDrawing.extent(of: EmitterSimulation.particles(of: emitter)), !particles.isNull {
            extent = extent.union(particles)
        }
        if !layer.masksToBounds, let replicator = layer.replicator {
            let copies = replicator.extentOfInstances(of: layer, sublayerExtent: visualExtent(of:))
            if !copies.isNull { extent = extent.union(copies) }
        } else if !layer.masksToBounds {
            for i in layer.sublayers.indices where !layer.sublayers[i].isHidden {
                let m = layer.sublayers[i].transformToParent(in: layer.sublayerSpace)
                let r = CALayer.mapRect(visualExtent(of: layer.sublayers[i]), m.homography)
                if !r.isNull { extent = extent.union(r) }
            }
        }
        if layer.shadowOpacity > 0 {
            let spread = 3 * layer.shadowRadius
            extent = extent.union(layer.bounds.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
                .insetBy(dx: -spread, dy: -spread))
        }
        // A filter (a blur) spreads the whole picture.
        if !layer.filters.isEmpty, case let reach = FilteredLayer.reach(of: layer), reach > 0 {
            extent = extent.insetBy(dx: -reach, dy: -reach)
        }
        return extent
    }
}
