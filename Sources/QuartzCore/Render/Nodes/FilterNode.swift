// The filter node (`filters`, `backgroundFilters`, `compositingFilter`): how far filters spread a
// layer's picture (`FilteredLayer.reach`, part of `LayerNode.extent`), how a filtered layer draws
// (`FilteredLayer`: the picture drawn, then filtered), what a background filter reads and writes
// (`BackdropFilter`) and how both are placed in windows (`FilteredLayer.drawnReason`, its
// `Route`; `CompositePlan.placeBackdrop`: a texture the layer renderer draws, and an item that filters
// what is behind it).

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

    /// Why a layer with filters is drawn into a texture of its own (its `Route`); nil when it
    /// has none that draw.
    static func drawnReason(of layer: LayerSnapshot) -> DrawnReason? {
        guard layer.hasFilters else { return nil }          // most layers: asked every frame
        if !drawingFilters(of: layer).isEmpty { return .filters }
        if LayerBlend(layer.compositingFilter) != nil { return .compositingFilter }
        return nil
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
        guard !area.isNull, area.isFiniteRect, area.width > 0, area.height > 0, area.width <= CGFloat(LayerCanvas.maxDrawnSide),
              area.height <= CGFloat(LayerCanvas.maxDrawnSide) else { return true }
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

/// How the compositor shows Core Image filters on layers:
/// - a layer with `filters` or a `compositingFilter` is drawn into a texture of its own by the
///   layer renderer (`.drawn(.filters)`, `.drawn(.compositingFilter)`: the same pixels as
///   `render(in:)`, kept while the subtree is still), placed as one item; a compositing
///   filter's item carries its blend (`CompositeItem.blend`), which the band applies with the
///   blend mode's kernel against what is composited below it;
/// - a layer's `backgroundFilters` are an item of their own before its others
///   (`CompositeItem.backdrop`): when the band reaches it, what is composited so far under the
///   layer's shape (and the filters' reach) is filtered in place. Its pixels depend on what is
///   behind, so damage that touches that area grows to all of it (`BackdropFilter.grow`), and
///   the rectangles touching it are composited whole by one more band (the filters read across
///   band borders), beside the bands that composite the rest.
extension CompositePlan {

    /// Whether a layer drawn for its filters only moves (its animations place it, nothing inside
    /// changes): its filtered texture stays.
    static func movesOnly(_ layer: LayerSnapshot, _ reason: DrawnReason) -> Bool {
        (reason == .filters || reason == .compositingFilter) && !layer.animatesLook && layer.sublayers.animatedIndices.isEmpty
            && !layer.mask.contains(where: \.hasAnimations)
    }

    /// The layer's background filters as an item before its own drawing.
    static func placeBackdrop(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                              paths: PathCache) {
        guard let backdrop = BackdropFilter(layer, toDevice: toDevice, opacity: opacity, clip: node.placement.clip.cgRect, paths: paths),
              let extent = DeviceRect(enclosing: CGRect(x: backdrop.rect.x, y: backdrop.rect.y, width: backdrop.rect.width,
                                                        height: backdrop.rect.height), within: node.placement.clip)
        else { return }
        var item = CompositeItem(texture: backdrop.placeholder, toDevice: .identity, alpha: 255, extent: extent)
        item.backdrop = backdrop
        node.effects.append(backdrop)             // items do not retain it
        node.below.append(item)
        node.cover(extent)
    }
}

extension BackdropFilter {
    /// The device pixels each background-filter item of the frame reads (within `screen`).
    static func reads(of items: CompositeList, screen: DeviceRect) -> [DeviceRect] {
        var reads: [DeviceRect] = []
        items.forEach { item in
            if let backdrop = item.backdrop, let read = DeviceRect(enclosing: backdrop.readRect, within: screen) { reads.append(read) }
        }
        return reads
    }

    /// Adds to `damage` the whole of each read area that damage touches: what a background
    /// filter writes depends on all it reads, which must be composited afresh up to it.
    static func grow(_ damage: Damage, reads: [DeviceRect]) {
        guard !reads.isEmpty else { return }
        var rects = damage.rectangles
        for read in reads where rects.contains(where: { $0.intersects(read) }) {
            damage.add(read)
            rects = damage.rectangles
        }
    }
}

extension DeviceRect {
    func intersects(_ other: DeviceRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}

/// A layer's background filters placed in device pixels, as both renderers apply them: the
/// pixels behind the layer (already drawn) are read over the layer's shape and the filters'
/// reach, filtered, and written back through the shape's coverage (its antialiased edge and
/// the layer's opacity mixing the filtered pixels with the unfiltered ones). The layer's own
/// drawing then goes over it, as Core Animation orders it.
final class BackdropFilter: @unchecked Sendable {
    let recipes: [FilterRecipe]
    /// Device pixels per point: filter lengths are in points.
    let scale: CGFloat
    /// How far beyond the shape the filters read, in device pixels.
    let reach: Int
    /// The device pixels the shape covers, and its coverage there (row by row, 0…255).
    let rect: (x: Int, y: Int, width: Int, height: Int)
    private let coverage: [UInt8]
    let opacity: CGFloat
    /// What the compositor's item for it names as its texture (an item needs one; it draws none).
    let placeholder: LayerTexture

    /// The known, enabled background filters of `layer` (none: nil) placed by `toDevice` (layer
    /// coordinates to device pixels), over what can show within `clip` (device pixels).
    init?(_ layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat, clip: CGRect, paths: PathCache) {
        let recipes = layer.backgroundFilters.filter { $0.isKnown && $0.isEnabled && !$0.isCompositeOperation }
        let scale = abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c).squareRoot()
        guard !recipes.isEmpty, opacity > 0, scale > 0, scale.isFinite else { return nil }
        let box = layer.bounds.applying(toDevice).intersection(clip)
        guard !box.isNull, box.isFiniteRect, box.width > 0, box.height > 0, box.width <= 16384, box.height <= 16384 else { return nil }
        let x = Int(box.minX.rounded(.down)), y = Int(box.minY.rounded(.down))
        let width = Int(box.maxX.rounded(.up)) - x, height = Int(box.maxY.rounded(.up)) - y
        guard width > 0, height > 0,
              let mask = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: nil,
                                   bitmapInfo: CGBitmapInfo(alpha: .alphaOnly)),
              let bits = mask.data else { return nil }
        // Layer coordinates → this bitmap's base space (y up), through the device pixels.
        mask.concatenate(toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: CGFloat(-x), ty: CGFloat(height + y))))
        mask.addPath(LayerShape(layer, paths: paths).path)
        mask.setFillColor(gray: 1, alpha: 1)
        mask.fillPath()
        mask.flush()
        var cover = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = (bits + row * mask.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for col in 0..<width { cover[row * width + col] = line[col] }
        }
        self.recipes = recipes
        self.scale = scale
        reach = recipes.reduce(0) { $0 + $1.reach(scale: Double(scale)) }
        rect = (x, y, width, height)
        coverage = cover
        self.opacity = min(opacity, 1)
        guard let placeholder = LayerTexture(covering: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1, draw: { _ in }) else { return nil }
        self.placeholder = placeholder
    }

    /// The device pixels the filters read: the shape's and their reach around it.
    var readRect: CGRect {
        CGRect(x: rect.x - reach, y: rect.y - reach, width: rect.width + 2 * reach, height: rect.height + 2 * reach)
    }

    /// Filters the pixels at `pixels` (the first pixel of `region`, in device pixels, rows
    /// `bytesPerRow` apart) and writes them back through the coverage. Beyond `bounds` (the
    /// whole destination) the edge pixels are repeated, as a screen's edge should read.
    func apply(pixels: UnsafeMutableRawPointer, bytesPerRow: Int, region: (x: Int, y: Int, width: Int, height: Int),
               opaque: Bool) {
        guard region.width > 0, region.height > 0 else { return }
        var image = PixelImage(copying: pixels, width: region.width, height: region.height, bytesPerRow: bytesPerRow)
        if opaque { for i in image.pixels.indices { image.pixels[i] |= 0xFF00_0000 } }
        let want = readRect
        let left = max(region.x - Int(want.minX), 0), top = max(region.y - Int(want.minY), 0)
        let right = max(Int(want.maxX) - (region.x + region.width), 0), bottom = max(Int(want.maxY) - (region.y + region.height), 0)
        image = image.extendingEdges(left: left, top: top, right: right, bottom: bottom)
        for recipe in recipes { recipe.apply(to: &image, scale: Double(scale)) }
        // Image pixel (0, 0) is device (region.x − left, region.y − top).
        let ox = region.x - left, oy = region.y - top
        let k = UInt32((opacity * 255).rounded())
        let x0 = max(rect.x, region.x), x1 = min(rect.x + rect.width, region.x + region.width)
        let y0 = max(rect.y, region.y), y1 = min(rect.y + rect.height, region.y + region.height)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let row = (pixels + (y - region.y) * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let m = UInt32(coverage[(y - rect.y) * rect.width + (x - rect.x)]) * k / 255
                guard m > 0 else { continue }
                let f = image.pixels[(y - oy) * image.width + (x - ox)]
                let d = row[x - region.x]
                row[x - region.x] = m == 255 ? f : Self.mix(d, f, m)
            }
        }
    }

    /// d·(1 − m) + f·m per channel, m in 0…255.
    @inline(__always)
    private static func mix(_ d: UInt32, _ f: UInt32, _ m: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
            let a = (d >> shift) & 0xFF, b = (f >> shift) & 0xFF
            out |= ((a * (255 - m) + b * m + 127) / 255) << shift
        }
        return out
    }
}
