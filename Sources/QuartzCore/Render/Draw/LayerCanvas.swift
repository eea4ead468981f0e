/// Bitmaps whose user space is a rectangle of layer coordinates (y down, as layers are) at a
/// scale: backing stores, masks, shadow silhouettes and flattened layers all draw into one.
enum LayerCanvas {
    /// The most pixels a side of a bitmap the layer renderer draws a picture into has (a
    /// flattened or filtered layer, a shadow's silhouette, a tinted replicator copy, particles,
    /// a conic gradient): 8192² × 4 bytes is 256 MB. Past it the picture is left out, not made
    /// (its callers clip to what can show, or fit the scale, first).
    static let maxDrawnSide = 8192

    /// A zeroed bitmap covering `rect` at `scale` pixels per point: BGRA, or alpha only. Nil
    /// when it would be empty or larger than `maxSide` pixels on a side.
    static func make(covering rect: CGRect, scale: CGFloat, alphaOnly: Bool = false, maxSide: Int = 16384) -> CGContext? {
        guard let (width, height) = pixelSize(covering: rect, scale: scale, maxSide: maxSide) else { return nil }
        guard
              let context = alphaOnly
                ? CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: nil, bitmapInfo: CGBitmapInfo(alpha: .alphaOnly))
                : CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -rect.minX, y: -rect.minY)
        return context
    }

    /// The pixels a canvas covering `rect` at `scale` has (width, height); nil when it would be
    /// empty or larger than `maxSide` on a side.
    static func pixelSize(covering rect: CGRect, scale: CGFloat, maxSide: Int = 16384) -> (Int, Int)? {
        // Sized in floating point first: a 1e300 rect or scale must give nil, not trap in Int(…).
        let w = (rect.width * scale).rounded(.up), h = (rect.height * scale).rounded(.up)
        guard w > 0, h > 0, w <= CGFloat(maxSide), h <= CGFloat(maxSide) else { return nil }
        return (Int(w), Int(h))
    }

    /// The area a canvas made by `make(covering:scale:)` spans (whole pixels), in layer coordinates.
    static func extent(of context: CGContext, covering rect: CGRect, scale: CGFloat) -> CGRect {
        CGRect(x: rect.minX, y: rect.minY, width: CGFloat(context.width) / scale, height: CGFloat(context.height) / scale)
    }
}

extension CGContext {
    /// Clips to `image` as a mask over `rect` of a layer-coordinates (y-down) user space, its first
    /// row at the rect's min y.
    func clip(toLayerRect rect: CGRect, mask image: CGImage) {
        let flip = Self.imageFlip(about: rect)
        concatenate(flip)
        clip(to: rect, mask: image)
        concatenate(flip.inverted())
    }

    /// Draws `image` over `rect` of a layer-coordinates (y-down) user space, its first row at the
    /// rect's min y (a canvas's picture placed back where it was drawn).
    func draw(layerImage image: CGImage, in rect: CGRect) {
        saveGState()
        concatenate(Self.imageFlip(about: rect))
        draw(image, in: rect)
        restoreGState()
    }

    /// Flips about `rect`'s middle row, so that an image drawn (or masked) over `rect` of a
    /// layer-coordinates (y-down) user space puts its first row at the rect's min y, where Core
    /// Graphics puts it at max y.
    static func imageFlip(about rect: CGRect) -> CGAffineTransform {
        CGAffineTransform(translationX: 0, y: rect.minY + rect.maxY).scaledBy(x: 1, y: -1)
    }
}
