/// Layer shadows through Core Graphics shadows. A layer's `shadowOffset` and `shadowRadius` are in
/// layer coordinates (y down on iOS); Core Graphics takes base-space (device) values, so they go
/// through the CTM. The blur: Core Animation's radius is the gaussian's sigma, Core Graphics'
/// blur is twice the sigma.
enum LayerShadow {
    static func set(_ layer: LayerSnapshot, in ctx: CGContext) {
        let offset = layer.shadowOffset.applying(ctx.ctm)
        let scale = ctx.deviceScale
        let color = layer.shadowColor?.copy(alpha: (layer.shadowColor?.alpha ?? 1) * min(max(layer.shadowOpacity, 0), 1))
        let blur = 2 * layer.shadowRadius * scale
        // A layer scaled past what a Double holds has no shadow to show (and no message every frame).
        guard offset.isFinite, blur.isFinite else { ctx.setShadow(offset: .zero, blur: 0, color: nil); return }
        ctx.setShadow(offset: offset, blur: blur, color: color)
    }

    /// The shape a layer's shadow is cast from, when it is known without drawing the layer: its
    /// `shadowPath`, or its rounded bounds when an opaque background is all it draws.
    static func knownShape(of layer: LayerSnapshot, paths: PathCache) -> CGPath? {
        if let path = layer.shadowPath { return path }
        guard layer.contents == nil, layer.content == nil, layer.sublayers.isEmpty, layer.mask.isEmpty,
              let background = layer.backgroundColor, background.alpha >= 1 else { return nil }
        return LayerShape(layer, paths: paths).path
    }

    /// Draws only the shadow of a known shape, from the cache: the blurred silhouette as a mask
    /// for the shadow color, offset in layer coordinates.
    static func drawCachedShadow(of shape: CGPath, layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) {
        let scale = max(ctx.deviceScale, 0.01)
        let key = ShadowCache.Key(silhouette: .shape(shape), radius: layer.shadowRadius, scale: scale)
        guard let entry = context.shadows.entry(for: key, make: { ShadowCache.render(shape, radius: layer.shadowRadius, scale: scale) })
        else { return }
        draw(entry, of: layer, in: ctx)
    }

    /// Draws only the shadow of the layer's own drawing (background, contents, border; no
    /// sublayers), as a transparency layer with a shadow casts it, from the cache.
    static func drawShadowOfDrawing(of layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) {
        var own = layer
        own.removeSublayers()
        own.opacity = 1
        own.shadowOpacity = 0
        own.transition = nil
        let scale = max(ctx.deviceScale, 0.01)
        let key = ShadowCache.Key(silhouette: .drawing(DrawingLook(own, scale: scale)), radius: layer.shadowRadius, scale: scale)
        guard let entry = context.shadows.entry(for: key, make: {
            ShadowCache.silhouette(covering: LayerNode.extent(of: own), radius: layer.shadowRadius, scale: scale,
                                   draw: { LayerRenderer.draw(own, in: $0, context: context) })
        }) else { return }
        draw(entry, of: layer, in: ctx)
    }

    /// Draws only the shadow `layer` casts of `picture` (its whole drawing, within `extent`), not
    /// kept: the compositor keeps the texture it draws this into.
    static func drawShadow(ofPicture picture: LayerSnapshot, covering extent: CGRect, castBy layer: LayerSnapshot,
                           in ctx: CGContext, context: RenderContext) {
        let scale = max(ctx.deviceScale, 0.01)
        guard let entry = ShadowCache.silhouette(covering: extent, radius: layer.shadowRadius, scale: scale,
                                                 draw: { LayerRenderer.draw(picture, in: $0, context: context) })
        else { return }
        draw(entry, of: layer, in: ctx)
    }

    /// The shadow color, faded by the shadow opacity, through a blurred silhouette.
    private static func draw(_ entry: ShadowCache.Entry, of layer: LayerSnapshot, in ctx: CGContext) {
        guard let color = layer.shadowColor else { return }
        let rect = entry.rect.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
        ctx.saveGState()
        ctx.setFillColor(color.copy(alpha: color.alpha * min(max(layer.shadowOpacity, 0), 1)) ?? color)
        ctx.concatenate(CGContext.imageFlip(about: rect))
        ctx.fill(rect, throughMask: entry.mask)
        ctx.restoreGState()
    }
}
