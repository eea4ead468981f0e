/// A layer's `mask`: the mask layer is rendered into an alpha-only bitmap at the context's
/// device scale, in the masked layer's coordinates, and becomes a clip.
enum LayerMask {
    /// Clips `ctx` to the mask's alpha; false when nothing can show (empty bounds).
    static func clip(_ ctx: CGContext, to mask: LayerSnapshot, of layer: LayerSnapshot, context: RenderContext) -> Bool {
        let scale = max(ctx.deviceScale, 0.01)
        // Only the part the clip lets show: a huge masked layer made a 16384² mask (1 GB on the way).
        // Not cut to the masked layer's bounds: what it draws beyond them (sublayers, a padded
        // gradient) shows wherever the mask covers it, as on Apple's (lottie-ios pads gradient
        // layers far past their bounds and masks them). So the mask's own extent, where known,
        // else the bounds.
        let clip = ctx.boundingBoxOfClipPath
        let covered = maskExtent(mask) ?? layer.bounds
        let visible = clip.isFiniteRect ? covered.intersection(clip) : covered
        guard !visible.isNull, let alpha = LayerCanvas.make(covering: visible, scale: scale, alphaOnly: true) else { return false }
        LayerRenderer.drawSublayer(mask, of: nil, in: alpha, context: context)
        guard let image = alpha.makeImage() else { return false }
        ctx.clip(toLayerRect: LayerCanvas.extent(of: alpha, covering: visible, scale: scale), mask: image)
        return true
    }

    /// Everything `mask` can cover, in the masked layer's coordinates; nil when not cheaply known.
    private static func maskExtent(_ mask: LayerSnapshot) -> CGRect? {
        guard let local = CompositePlan.firstPlacementExtent(of: mask),
              let m = mask.transformToParent(in: nil).planeAffine else { return nil }
        let extent = local.applying(m)
        return extent.isFiniteRect ? extent : nil
    }
}
