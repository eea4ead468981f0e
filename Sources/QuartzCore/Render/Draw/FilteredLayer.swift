/// A layer with Core Image filters, as the layer renderer draws it (and so as the compositor's
/// textures of such layers are drawn):
/// - `backgroundFilters`: what is already drawn behind the layer is filtered inside its shape
///   (`BackdropFilter`), before the layer draws;
/// - `filters`: the layer and its sublayers are drawn into a bitmap in device pixels (grown by
///   the filters' reach), filtered there, then drawn as one picture, faded by the opacity;
/// - `compositingFilter`: that picture is blended with what is behind it by the blend mode's
///   kernel (the same as `CIFilter`'s).
/// Filters Lamina lacks were reported when set, and are passed over here.
enum FilteredLayer {
    /// The layer's filters that change its picture (known, enabled, not compositing operators).
    static func drawingFilters(of layer: LayerSnapshot) -> [FilterRecipe] {
        layer.filters.filter { $0.isKnown && $0.isEnabled && !$0.isCompositeOperation }
    }

    /// How far the layer's filters spread its picture, in its own units.
    static func reach(of layer: LayerSnapshot) -> CGFloat {
        guard !layer.filters.isEmpty else { return 0 }
        return CGFloat(drawingFilters(of: layer).reduce(0) { $0 + $1.reach(scale: 1) })
    }

    /// Whether the layer draws through this path.
    static func applies(to layer: LayerSnapshot) -> Bool {
        !drawingFilters(of: layer).isEmpty || LayerBlend(layer.compositingFilter) != nil
            || layer.backgroundFilters.contains { $0.isKnown && $0.isEnabled }
    }

    /// Draws `layer` (in its own coordinate space) with its filters; false when it has none
    /// that draw, and the renderer draws it as usual.
    static func draw(_ layer: LayerSnapshot, in ctx: CGContext, context: RenderContext, reusingDrawings: Bool) -> Bool {
        guard !layer.filters.isEmpty || !layer.backgroundFilters.isEmpty || layer.compositingFilter != nil, applies(to: layer)
        else { return false }
        let toDevice = ctx.userToDevicePixels
        let clip = ctx.boundingBoxOfClipPath.applying(toDevice)
        let alpha = ctx.currentAlpha * min(layer.opacity, 1)
        if let backdrop = BackdropFilter(layer, toDevice: toDevice, opacity: alpha, clip: clip, paths: context.paths) {
            ctx.withDestinationPixels(in: backdrop.readRect) { pixels, bytesPerRow, region in
                backdrop.apply(pixels: pixels, bytesPerRow: bytesPerRow, region: region, opaque: ctx.destinationIsOpaque)
            }
        }
        var inner = layer
        inner.backgroundFilters = []
        inner.compositingFilter = nil
        let filters = drawingFilters(of: layer)
        let blend = LayerBlend(layer.compositingFilter)
        guard !filters.isEmpty || blend != nil else {
            LayerRenderer.draw(inner, in: ctx, context: context, reusingDrawings: reusingDrawings)
            return true
        }
        inner.filters = []
        inner.opacity = 1
        let scale = ctx.deviceScale
        let reach = CGFloat(filters.reduce(0) { $0 + $1.reach(scale: Double(scale)) })
        let area = LayerNode.extent(of: inner).applying(toDevice).insetBy(dx: -reach, dy: -reach)
            .intersection(clip.insetBy(dx: -reach, dy: -reach))
        guard !area.isNull, area.isFiniteRect, area.width > 0, area.height > 0, area.width <= 8192, area.height <= 8192 else { return true }
        let x = Int(area.minX.rounded(.down)), y = Int(area.minY.rounded(.down))
        let width = Int(area.maxX.rounded(.up)) - x, height = Int(area.maxY.rounded(.up)) - y
        guard let canvas = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                     space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return true }
        // The layer's coordinates → the canvas's base space (y up), through device pixels.
        canvas.concatenate(toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: CGFloat(-x), ty: CGFloat(height + y))))
        LayerRenderer.draw(inner, in: canvas, context: context)
        canvas.flush()
        guard let data = canvas.data else { return true }
        var picture = PixelImage(copying: data, width: width, height: height, bytesPerRow: canvas.bytesPerRow)
        for filter in filters { filter.apply(to: &picture, scale: Double(scale)) }
        let rect = CGRect(x: x, y: y, width: width, height: height)
        if let blend {
            _ = picture.pixels.withUnsafeBytes { source in
                ctx.withDestinationPixels(in: rect) { pixels, bytesPerRow, region in
                    let first = source.baseAddress! + ((region.y - y) * width + (region.x - x)) * 4
                    blend.blend(first, sourceBytesPerRow: width * 4, into: pixels, destinationBytesPerRow: bytesPerRow,
                                width: region.width, height: region.height, alpha: alpha, opaqueDestination: ctx.destinationIsOpaque)
                }
            }
            return true
        }
        guard let image = CIImage.cgImage(of: picture) else { return true }
        ctx.saveGState()
        ctx.setAlpha(alpha)
        ctx.concatenate(toDevice.inverted())          // user space = device pixels (y down)
        ctx.concatenate(CGContext.imageFlip(about: rect))
        ctx.draw(image, in: rect)
        ctx.restoreGState()
        return true
    }
}
