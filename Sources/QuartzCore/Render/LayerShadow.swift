/// Layer shadows through Core Graphics shadows. A layer's `shadowOffset` and `shadowRadius` are in
/// layer coordinates (y down on iOS); Core Graphics takes base-space (device) values, so they go
/// through the CTM. The blur: Core Animation's radius is the gaussian's sigma, Core Graphics'
/// blur is twice the sigma.
enum LayerShadow {
    static func set(_ layer: LayerSnapshot, in ctx: CGContext) {
        let offset = layer.shadowOffset.applying(ctx.ctm)
        let scale = ctx.deviceScale
        let color = layer.shadowColor?.copy(alpha: (layer.shadowColor?.alpha ?? 1) * min(max(layer.shadowOpacity, 0), 1))
        ctx.setShadow(offset: offset, blur: 2 * layer.shadowRadius * scale, color: color)
    }

    /// Draws only the shadow of `path` (the layer's `shadowPath`), not the path itself.
    static func drawShadow(of path: CGPath, layer: LayerSnapshot, in ctx: CGContext) {
        ctx.saveGState()
        set(layer, in: ctx)
        ctx.drawShadow(of: path)
        ctx.restoreGState()
    }
}
