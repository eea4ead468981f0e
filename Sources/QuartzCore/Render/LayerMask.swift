/// A layer's `mask`: the mask layer is rendered into an alpha-only bitmap at the context's
/// device scale, in the masked layer's coordinates, and becomes a clip.
enum LayerMask {
    /// Clips `ctx` to the mask's alpha; false when nothing can show (empty bounds).
    static func clip(_ ctx: CGContext, to mask: LayerSnapshot, of layer: LayerSnapshot) -> Bool {
        let bounds = layer.bounds
        let scale = max(ctx.deviceScale, 0.01)
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0, width <= 16384, height <= 16384,
              let alpha = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: nil, bitmapInfo: CGBitmapInfo(alpha: .alphaOnly)) else { return false }
        alpha.translateBy(x: 0, y: CGFloat(height))
        alpha.scaleBy(x: scale, y: -scale)
        alpha.translateBy(x: -bounds.minX, y: -bounds.minY)
        LayerRenderer.drawSublayer(mask, of: nil, in: alpha)
        guard let image = alpha.makeImage() else { return false }
        // The mask image's first row is the layer's min y: flip about the bounds, as for contents.
        let flip = CGAffineTransform(translationX: 0, y: bounds.minY + bounds.maxY).scaledBy(x: 1, y: -1)
        ctx.concatenate(flip)
        ctx.clip(to: bounds, mask: image)
        ctx.concatenate(flip.inverted())
        return true
    }
}
