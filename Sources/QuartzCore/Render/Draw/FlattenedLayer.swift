/// A layer drawn flat into an image first: under perspective (Core Graphics draws only affine
/// maps, so the image is warped through the projection into its parent's plane — each layer
/// flattens into its parent's plane, as in Core Animation), or when `shouldRasterize` asks for
/// a bitmap at `rasterizationScale`.
enum FlattenedLayer {
    /// With `cutsEdges`, a leaf that the compositor would place as a projected item has its
    /// outline's aliased sides cut by pixel centers in the warp, as the projective kernel cuts them.
    static func draw(_ layer: LayerSnapshot, through h: Homography, rasterizationScale: CGFloat?, in ctx: CGContext,
                     context: RenderContext, cutsEdges: Bool = false) {
        let extent = LayerNode.extent(of: layer)
        let deviceScale = ctx.deviceScale
        // Perspective oversamples a little: it enlarges the near side.
        var scale = rasterizationScale.map { max($0, 0.01) } ?? max(deviceScale, 0.01) * 1.5
        // A huge layer is flattened at a lower resolution rather than into a bitmap the size of
        // a wall (its warp and its conversion cost as much as its pixels): 4 million at most.
        let pixels = extent.width * scale * extent.height * scale
        if pixels > Self.largestFlattening, pixels.isFinite { scale *= (Self.largestFlattening / pixels).squareRoot() }
        guard let flat = LayerCanvas.make(covering: extent, scale: scale, maxSide: LayerCanvas.maxDrawnSide) else { return }
        LayerRenderer.draw(layer, in: flat, context: context)
        guard let image = flat.makeImage() else { return }
        // Pixel (u, v) → layer point → parent plane.
        let pixelToLayer = Homography(CGAffineTransform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: extent.minX, ty: extent.minY))
        let projectedLeaf = rasterizationScale == nil && layer.sublayers.isEmpty && layer.mask.isEmpty && layer.transition == nil
            && layer.tiles == nil && !layer.castsShadow && FilteredLayer.drawnReason(of: layer) == nil
        let sides = cutsEdges && projectedLeaf ? layer.aliasedEdges.rawValue : 0
        let own = LayerNode.ownExtent(of: layer)
        let outline = CGRect(x: (own.minX - extent.minX) * scale, y: (own.minY - extent.minY) * scale,
                             width: own.width * scale, height: own.height * scale)
        ctx.drawImage(image, projectedBy: pixelToLayer.concatenating(h).m, cutting: outline, sides: sides)
    }

    /// The most pixels a layer is flattened into.
    static let largestFlattening: CGFloat = 2048 * 2048
}
