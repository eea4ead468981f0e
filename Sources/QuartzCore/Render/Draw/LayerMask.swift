/// A layer's `mask`: the mask layer is rendered into an alpha-only bitmap at the context's
/// device scale, in the masked layer's coordinates, and becomes a clip.
enum LayerMask {
    /// Clips `ctx` to the mask's alpha; false when nothing can show (empty bounds).
    static func clip(_ ctx: CGContext, to mask: LayerSnapshot, of layer: LayerSnapshot, context: RenderContext) -> Bool {
        let scale = max(ctx.deviceScale, 0.01)
        // Only the part the clip lets show: a huge masked layer made a 16384² mask (1 GB on the way).
        let clip = ctx.boundingBoxOfClipPath
        let visible = clip.isFiniteRect ? layer.bounds.intersection(clip) : layer.bounds
        guard !visible.isNull, let alpha = LayerCanvas.make(covering: visible, scale: scale, alphaOnly: true) else { return false }
        LayerRenderer.drawSublayer(mask, of: nil, in: alpha, context: context)
        guard let image = alpha.makeImage() else { return false }
        ctx.clip(toLayerRect: LayerCanvas.extent(of: alpha, covering: visible, scale: scale), mask: image)
        return true
    }
}
