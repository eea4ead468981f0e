/// A layer drawn flat into an image first: under perspective (Core Graphics draws only affine
/// maps, so the image is warped through the projection into its parent's plane — each layer
/// flattens into its parent's plane, as in Core Animation), or when `shouldRasterize` asks for
/// a bitmap at `rasterizationScale`.
enum FlattenedLayer {
    static func draw(_ layer: LayerSnapshot, through h: Homography, rasterizationScale: CGFloat?, in ctx: CGContext,
                     context: RenderContext) {
        let extent = visualExtent(of: layer)
        let deviceScale = ctx.deviceScale
        // Perspective oversamples a little: it enlarges the near side.
        let scale = rasterizationScale.map { max($0, 0.01) } ?? max(deviceScale, 0.01) * 1.5
        guard let flat = LayerCanvas.make(covering: extent, scale: scale, maxSide: 8192) else { return }
        LayerRenderer.draw(layer, in: flat, context: context)
        guard let image = flat.makeImage() else { return }
        // Pixel (u, v) → layer point → parent plane.
        let pixelToLayer = Homography(CGAffineTransform(a: 1 / scale, b: 0, c: 0, d: 1 / scale, tx: extent.minX, ty: extent.minY))
        ctx.drawImage(image, projectedBy: pixelToLayer.concatenating(h).m)
    }

    /// What the layer and its subtree cover in its own coordinates (shadow included).
    static func visualExtent(of layer: LayerSnapshot) -> CGRect {
        var extent = LayerContents.ownExtent(of: layer)
        if !layer.masksToBounds {
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
        return extent
    }
}
