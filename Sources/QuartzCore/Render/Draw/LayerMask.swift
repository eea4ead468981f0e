/// A layer's `mask`: the mask layer is rendered into an alpha-only bitmap at the context's
/// device scale, in the masked layer's coordinates, and becomes a clip.
enum LayerMask {
    /// Clips `ctx` to the mask's alpha; false when nothing can show (empty bounds).
    static func clip(_ ctx: CGContext, to mask: LayerSnapshot, of layer: LayerSnapshot, context: RenderContext) -> Bool {
        let scale = max(ctx.deviceScale, 0.01)
        // Only the part the clip lets show: a huge masked layer made a 16384² mask (1 GB on the way).
        let clip = ctx.boundingBoxOfClipPath
        let covered = area(of: layer)
        let visible = clip.isFiniteRect ? covered.intersection(clip) : covered
        guard !visible.isNull, let alpha = LayerCanvas.make(covering: visible, scale: scale, alphaOnly: true) else { return false }
        LayerRenderer.drawSublayer(mask, of: nil, in: alpha, context: context)
        guard let image = alpha.makeImage() else { return false }
        ctx.clip(toLayerRect: LayerCanvas.extent(of: alpha, covering: visible, scale: scale), mask: image)
        return true
    }

    /// What a layer that clips (`masksToBounds`) or is masked can show, in its coordinates: its
    /// bounds when it clips; under a mask, what the mask covers — not cut to the bounds, so that
    /// what the layer draws beyond them (sublayers, a padded gradient) shows wherever the mask
    /// covers it, as on Apple's (lottie-ios pads gradient layers far past their bounds and masks
    /// them). The one rule for both renderers: `render(in:)` here, windows' offscreen groups.
    static func area(of layer: LayerSnapshot) -> CGRect {
        guard let mask = layer.mask.first else { return layer.bounds }
        let m = mask.transformToParent(in: nil)
        let covered = CALayer.mapRect(FlattenedLayer.visualExtent(of: mask), m.homography)
        guard covered.isFiniteRect else { return layer.bounds }
        return layer.masksToBounds ? covered.intersection(layer.bounds) : covered
    }
}
