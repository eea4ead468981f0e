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
        draw(mask, intoAlpha: alpha, context: context)
        guard let image = alpha.makeImage() else { return false }
        ctx.clip(toLayerRect: LayerCanvas.extent(of: alpha, covering: visible, scale: scale), mask: image)
        return true
    }

    /// Draws `mask` (placed in the masked layer's coordinates, `alpha`'s user space) into the
    /// alpha-only canvas `alpha`. A mask tree with compositing filters (lottie-ios inverts a
    /// matte with `"xor"` over an opaque layer) is composited in color first — the blend kernels
    /// read and write premultiplied BGRA, not alpha alone — and its alpha copied over. The one
    /// rule for both renderers: `render(in:)` here, windows' offscreen groups.
    static func draw(_ mask: LayerSnapshot, intoAlpha alpha: CGContext, context: RenderContext) {
        guard blends(mask) else {
            LayerRenderer.drawSublayer(mask, of: nil, in: alpha, context: context)
            return
        }
        let width = alpha.width, height = alpha.height
        guard let color = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        // The same user space as `alpha`'s, through device pixels (y down) to the base space (y up).
        let toDevice = alpha.userToDevicePixels
        color.concatenate(toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))))
        LayerRenderer.drawSublayer(mask, of: nil, in: color, context: context)
        guard let picture = color.makeImage() else { return }
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        alpha.saveGState()
        alpha.concatenate(toDevice.inverted())          // user space = device pixels (y down)
        alpha.concatenate(CGContext.imageFlip(about: whole))
        alpha.draw(picture, in: whole)
        alpha.restoreGState()
    }

    /// Whether a layer of the tree (within a bounded walk) has a compositing filter.
    private static func blends(_ layer: LayerSnapshot, depth: Int = 0) -> Bool {
        if LayerBlend(layer.compositingFilter) != nil { return true }
        guard depth < 32 else { return false }
        return layer.sublayers.contains { blends($0, depth: depth + 1) }
    }

    /// What a layer that clips (`masksToBounds`) or is masked can show, in its coordinates: its
    /// bounds when it clips; under a mask, what the mask covers — not cut to the bounds, so that
    /// what the layer draws beyond them (sublayers, a padded gradient) shows wherever the mask
    /// covers it, as on Apple's (lottie-ios pads gradient layers far past their bounds and masks
    /// them). The one rule for both renderers: `render(in:)` here, windows' offscreen groups.
    static func area(of layer: LayerSnapshot) -> CGRect {
        guard let mask = layer.mask.first else { return layer.bounds }
        let m = mask.transformToParent(in: nil)
        let covered = CALayer.mapRect(LayerNode.extent(of: mask), m.homography)
        guard covered.isFiniteRect else { return layer.bounds }
        return layer.masksToBounds ? covered.intersection(layer.bounds) : covered
    }
}
