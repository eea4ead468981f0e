import CPixman
import CLaminaKernels

/// A layer's own drawing — background, contents, subclass content, border — or its shadow,
/// rasterized once at a scale, so that the compositor can place it frame after frame without drawing it again.
final class LayerTexture: @unchecked Sendable {
    /// Which part of a layer's own drawing a texture holds. Core Animation draws the border above
    /// the sublayers, so a layer with both is placed as its body, its sublayers, then its border.
    enum Part {
        case whole, body, border

        /// The layer as this part of it draws.
        func applied(to layer: LayerSnapshot) -> LayerSnapshot {
            var part = layer
            switch self {
            case .whole: break
            case .body: part.borderWidth = 0
            case .border: (part.backgroundColor, part.contents, part.content) = (nil, nil, nil)
            }
            return part
        }
    }

    /// What a shadow's pixels depend on.
    struct ShadowLook: Hashable {
        var silhouette: ShadowSilhouette
        var radius: CGFloat
        var offset: CGSize
        var color: CGColor?
        var opacity: CGFloat
        var scale: CGFloat

        init(_ layer: LayerSnapshot, silhouette: ShadowSilhouette, scale: CGFloat) {
            self.silhouette = silhouette
            radius = layer.shadowRadius
            offset = layer.shadowOffset
            color = layer.shadowColor
            opacity = layer.shadowOpacity
            self.scale = scale
        }
    }

    /// The most pixels a texture has on a side (every texture the compositor places: a layer's
    /// own drawing, its shadow, a group, a drawn subtree, a tile, a particle's sprite): 4096² ×
    /// 4 bytes is 64 MB, the most one texture may take; a larger one is not made (groups and
    /// drawn subtrees are clipped to what can show first). The kernels' 16.16 texel positions
    /// would take up to 32,767.
    static let maxSide = 4096

    /// Transparent pixels around the drawing, so that bilinear sampling fades its edges out.
    static let padding = 1

    /// The pixels' bitmap; nil until drawn for a texture whose drawing waits (`ensureDrawn`), or
    /// when memory for it ran out then.
    private(set) var bitmap: CGContext?
    let width: Int32
    let height: Int32
    /// From texture pixels to the layer's own coordinates.
    private(set) var toLayer: CGAffineTransform
    /// The drawing's rectangle inside the padding, in texture pixels (its far sides fractional
    /// when the scale makes them so): the outline whose sides an item may cut aliased.
    private(set) var outline: CGRect
    /// The pixels as our kernels take them, with the flat rectangle found once.
    private(set) var texels: lamina_texture
    /// The drawing as an outline when it is only a background and a border (`DrawnOutline`):
    /// the compositor then draws it from the outline wherever it would resample the texels.
    var drawnOutline: lamina_rounded_rect?
    /// The drawing of a texture with an outline, not made (nor its bitmap allocated) until
    /// something reads its pixels (`ensureDrawn`): a thousand turned tiles drawn from their
    /// outlines never need theirs.
    private var pendingDrawing: (canvas: CGRect, scale: CGFloat, maxSide: Int, draw: (CGContext) -> Void)?
    /// Counts redraws in place (`recomposite`): an item shows the texture as it was then.
    private(set) var generation = 0
    /// The last frame that used it (the cache drops textures unused for a while).
    var lastUse = 0
    /// Its key in the `TextureCache` that made it, while it is there.
    var cacheKey: TextureCache.Key?
    /// The corner of the (padded) rectangle the bitmap's user space was made for: a redraw over
    /// another rectangle moves from there.
    private let canvasOrigin: CGPoint

    /// A texture of what `draw` draws in layer coordinates over `rect` (plus the padding ring),
    /// at `scale` pixels per point; nil when too large or empty. Without `findingFlatRect` it has
    /// no flat interior (for pictures that never have one: looking reads every pixel).
    init?(covering rect: CGRect, scale: CGFloat, maxSide: Int = LayerTexture.maxSide, findingFlatRect: Bool = true, draw: (CGContext) -> Void) {
        let outline = Self.outline(of: rect, scale: scale)
        let rect = Self.padded(rect, scale: scale)
        guard let bitmap = LayerCanvas.make(covering: rect, scale: scale, maxSide: maxSide) else { return nil }
        draw(bitmap)
        bitmap.flush()
        self.bitmap = bitmap
        canvasOrigin = rect.origin
        width = Int32(bitmap.width)
        height = Int32(bitmap.height)
        toLayer = Self.toLayer(covering: rect, scale: scale)
        self.outline = outline
        texels = lamina_texture()
        (texels.width, texels.height) = (width, height)
        adopt(bitmap, findingFlatRect: findingFlatRect)
    }

    /// A texture over `rect` at `scale` whose drawing waits until something reads its pixels
    /// (`ensureDrawn`): neither drawn nor allocated now. Nil when too large or empty.
    init?(drawingLater draw: @escaping (CGContext) -> Void, covering rect: CGRect, scale: CGFloat, maxSide: Int = LayerTexture.maxSide) {
        let outline = Self.outline(of: rect, scale: scale)
        let rect = Self.padded(rect, scale: scale)
        guard let (width, height) = LayerCanvas.pixelSize(covering: rect, scale: scale, maxSide: maxSide) else { return nil }
        canvasOrigin = rect.origin
        (self.width, self.height) = (Int32(width), Int32(height))
        toLayer = Self.toLayer(covering: rect, scale: scale)
        self.outline = outline
        texels = lamina_texture()
        (texels.width, texels.height) = (self.width, self.height)
        pendingDrawing = (rect, scale, maxSide, draw)
    }

    /// Takes `bitmap`'s pixels as the kernels' texels.
    private func adopt(_ bitmap: CGContext, findingFlatRect: Bool) {
        texels.texels = UnsafePointer(bitmap.data?.assumingMemoryBound(to: UInt32.self))
        texels.stride_pixels = Int32(bitmap.bytesPerRow / 4)
        if findingFlatRect, texels.texels != nil { lamina_texture_find_flat_rect(&texels) }
    }

    /// Allocates and draws the pixels now if their drawing was put off (`own`); the planner
    /// calls it for every item that reads them (`CompositeItem.outline` is nil), before the
    /// bands composite. Without memory for them the texture stays empty (the kernels draw
    /// nothing from a texture without texels).
    func ensureDrawn() {
        guard let pending = pendingDrawing else { return }
        pendingDrawing = nil
        guard let bitmap = LayerCanvas.make(covering: pending.canvas, scale: pending.scale, maxSide: pending.maxSide) else { return }
        pending.draw(bitmap)
        bitmap.flush()
        self.bitmap = bitmap
        adopt(bitmap, findingFlatRect: true)
    }

    /// `rect` with the transparent ring around it, at `scale`.
    static func padded(_ rect: CGRect, scale: CGFloat) -> CGRect {
        let pad = CGFloat(padding) / scale
        return rect.insetBy(dx: -pad, dy: -pad)
    }

    /// Where the drawing of `rect` lies in its texture's pixels: inside the padding ring.
    static func outline(of rect: CGRect, scale: CGFloat) -> CGRect {
        let pad = CGFloat(padding)
        return CGRect(x: pad, y: pad, width: rect.width * scale, height: rect.height * scale)
    }

    /// From the pixels of a texture over `padded` (ring included) to layer coordinates.
    static func toLayer(covering padded: CGRect, scale: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: 1 / scale, y: 1 / scale).concatenating(CGAffineTransform(translationX: padded.minX, y: padded.minY))
    }

    /// Draws the texture anew in place, as a texture over `rect` at `scale` of the same pixel
    /// size (an offscreen group composited again: no new bitmap, no page faults); `body` gets
    /// its raw pixels. False when the sizes differ.
    func recomposite(covering rect: CGRect, scale: CGFloat, _ body: (PixelTarget) -> Void) -> Bool {
        let padded = Self.padded(rect, scale: scale)
        guard Int32((padded.width * scale).rounded(.up)) == width, Int32((padded.height * scale).rounded(.up)) == height,
              let bitmap, let data = bitmap.data else { return false }
        body(PixelTarget(data: data, width: width, height: height, bytesPerRow: Int32(bitmap.bytesPerRow), format: PIXMAN_a8r8g8b8))
        toLayer = Self.toLayer(covering: padded, scale: scale)
        outline = Self.outline(of: rect, scale: scale)
        drawnOutline = nil
        texels.flat_x0 = 0; texels.flat_x1 = 0; texels.flat2_x0 = 0; texels.flat2_x1 = 0
        lamina_texture_find_flat_rect(&texels)
        generation += 1
        return true
    }

    /// Clears the texture and draws it anew with `draw`, in place, as a texture over `rect` at
    /// `scale` of the same pixel size (`AnimatedTextures` recycles textures so). False when the
    /// sizes differ.
    func redraw(covering rect: CGRect, scale: CGFloat, _ draw: (CGContext) -> Void) -> Bool {
        guard let shift = prepareRedraw(covering: rect, scale: scale) else { return false }
        outline = Self.outline(of: rect, scale: scale)
        finishRedraw(shift: shift, draw)
        return true
    }

    /// The first half of `redraw`: makes the texture one over `rect` at `scale` (its map, a new
    /// generation), so that it can be placed before it is drawn. Returns what `finishRedraw`
    /// needs, nil when the sizes differ (nothing changed then).
    func prepareRedraw(covering rect: CGRect, scale: CGFloat) -> CGPoint? {
        let padded = Self.padded(rect, scale: scale)
        guard (padded.width * scale).rounded(.up) == CGFloat(width), (padded.height * scale).rounded(.up) == CGFloat(height),
              texels.texels != nil else { return nil }
        toLayer = Self.toLayer(covering: padded, scale: scale)
        outline = Self.outline(of: rect, scale: scale)
        // No flat rectangle until drawn, and no outline unless whoever draws it says so.
        drawnOutline = nil
        texels.flat_x0 = 0; texels.flat_x1 = 0; texels.flat2_x0 = 0; texels.flat2_x1 = 0; texels.flat_color = 0
        generation += 1
        // The bitmap's user space covers the rectangle it was made for: moved by the difference, it covers the new one.
        return CGPoint(x: canvasOrigin.x - padded.minX, y: canvasOrigin.y - padded.minY)
    }

    /// The second half of `redraw`: clears the pixels and draws them with `draw`. Touches
    /// nothing but this texture (the frame's shapes are drawn so on several threads). Without
    /// `findingFlatRect` the texture has no flat interior (only our sampling kernel uses it);
    /// without `clearing`, `draw` gets last drawing's pixels and must write every one.
    func finishRedraw(shift: CGPoint, clearing: Bool = true, findingFlatRect: Bool = true, _ draw: (CGContext) -> Void) {
        guard let pixels = texels.texels, let bitmap else { return }
        if clearing { memset(UnsafeMutableRawPointer(mutating: pixels), 0, Int(texels.stride_pixels) * 4 * Int(height)) }
        bitmap.saveGState()
        bitmap.translateBy(x: shift.x, y: shift.y)
        draw(bitmap)
        bitmap.restoreGState()
        bitmap.flush()
        if findingFlatRect { lamina_texture_find_flat_rect(&texels) }
    }

    /// `finishRedraw` for a drawing that differs from the one the texture holds (already placed
    /// with its new map by `prepareRedraw`, which must have kept its rectangle) only inside
    /// some rectangles: clears each and draws it anew clipped to it, leaving the rest.
    /// `changes`: the rectangles in the user space `draw` gets; `draw` gets the index of the
    /// rectangle it is clipped to (whole pixels), so that it can leave out what cannot reach
    /// it. The cost is the rectangles'.
    func finishRedraw(shift: CGPoint, changing changes: [CGRect], findingFlatRect: Bool = true, _ draw: (CGContext, Int) -> Void) {
        guard let pixels = texels.texels, let bitmap else { return }
        let stride = Int(texels.stride_pixels)
        bitmap.saveGState()
        bitmap.translateBy(x: shift.x, y: shift.y)
        // The bitmap's device space has y up from its last row.
        let ctm = bitmap.userSpaceToDeviceSpaceTransform, back = ctm.inverted()
        for (index, rect) in changes.enumerated() {
            let device = rect.applying(ctm)
            guard device.isFiniteRect, !device.isNull else { continue }
            let x0 = Int(max(device.minX.rounded(.down), 0)), x1 = Int(min(device.maxX.rounded(.up), CGFloat(width)))
            let y0 = Int(max(device.minY.rounded(.down), 0)), y1 = Int(min(device.maxY.rounded(.up), CGFloat(height)))
            guard x1 > x0, y1 > y0 else { continue }
            let rows = UnsafeMutablePointer(mutating: pixels)
            for row in (Int(height) - y1)..<(Int(height) - y0) { (rows + row * stride + x0).update(repeating: 0, count: x1 - x0) }
            bitmap.saveGState()
            // Whole device pixels (cairo keeps the clip in 24.8 fixed point: the inverse's
            // rounding errors vanish), so nothing at its sides is partly covered.
            bitmap.clip(to: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).applying(back))
            draw(bitmap, index)
            bitmap.restoreGState()
        }
        bitmap.restoreGState()
        bitmap.flush()
        if findingFlatRect { lamina_texture_find_flat_rect(&texels) }
    }

    /// What the pixels show when the texture was last drawn for an animated shape
    /// (`ShapeTexture`); nil after any other drawing. The next look of the same shape is drawn
    /// over them in place where they differ.
    var shape: ShapeTexture.Drawing?

    /// The layer's own drawing, without its sublayers, shadow or opacity, over everything it
    /// draws (contents may overflow the bounds). Drawn with the bounds' origin at zero, so that
    /// scrolling (moving the origin) keeps the texture: the compositor places it at the origin.
    /// `spare` offers a texture no longer shown of a pixel size (width, height), drawn over in
    /// place rather than a new bitmap allocated (and its pages faulted in).
    static func own(_ layer: LayerSnapshot, scale: CGFloat, context: RenderContext,
                    spare: (Int32, Int32) -> LayerTexture? = { _, _ in nil }) -> LayerTexture? {
        // Contents alone, pixel for pixel (a text layer's backing image): copied, not drawn,
        // and no copy of the snapshot made to draw it (its extent is the bounds at zero).
        if let image = contentsAlone(of: layer, scale: scale) {
            return make(covering: CGRect(origin: .zero, size: layer.bounds.size), scale: scale, spare: spare) { ctx in
                if !copyPixels(of: image, into: ctx) { LayerRenderer.draw(ownDrawing(of: layer), in: ctx, context: context) }
            }
        }
        let own = ownDrawing(of: layer)
        let extent = LayerNode.ownExtent(of: own)
        let drawnOutline = DrawnOutline.of(own, outline: Self.outline(of: extent, scale: scale), scale: scale)
        let draw: (CGContext) -> Void = { LayerRenderer.draw(own, in: $0, context: context) }
        // With an outline, the pixels wait until an item needs them (no spare: nothing to draw over yet).
        guard drawnOutline != nil else { return make(covering: extent, scale: scale, spare: spare, draw: draw) }
        let texture = LayerTexture(drawingLater: draw, covering: extent, scale: scale)
        texture?.drawnOutline = drawnOutline
        return texture
    }

    /// A texture of what `draw` draws over `extent`: a spare of its pixel size drawn over, else a new one.
    private static func make(covering extent: CGRect, scale: CGFloat, spare: (Int32, Int32) -> LayerTexture?,
                             draw: (CGContext) -> Void) -> LayerTexture? {
        if let size = PixelSize(textureCovering: extent, scale: scale), let texture = spare(size.width, size.height),
           texture.redraw(covering: extent, scale: scale, draw) {
            return texture
        }
        return LayerTexture(covering: extent, scale: scale, draw: draw)
    }

    /// The contents image when a layer's own drawing (`ownDrawing`) is that image and nothing
    /// else, one image pixel on each texture pixel: no background, border, subclass content or
    /// mask, no rounded clip, the whole image (unit `contentsRect` and `contentsCenter`) at
    /// `scale` as large as the bounds (so every gravity places it on them), premultiplied BGRA as
    /// textures are. (What `ownDrawing` changes — sublayers, opacity, shadow, the bounds' origin —
    /// plays no part.)
    static func contentsAlone(of own: LayerSnapshot, scale: CGFloat) -> CGImage? {
        guard let image = own.contents, own.contentsScale == scale, !own.isGeometryFlipped, !own.contentsTurned,
              !own.masksToBounds || own.cornerRadius <= 0,
              CGFloat(image.width) == own.bounds.width * scale, CGFloat(image.height) == own.bounds.height * scale,
              own.contentsRect == unitRect, own.contentsCenter == unitRect,
              (own.backgroundColor?.alpha ?? 0) == 0, !own.hasVisibleBorder, own.content == nil,
              own.mask.isEmpty, own.filters.isEmpty, own.backgroundFilters.isEmpty, own.compositingFilter == nil,
              own.tiles == nil, own.emitter == nil, !own.isTransformLayer, !own.isHidden,
              !image.isMask, image.bitsPerPixel == 32, image.alphaInfo == .premultipliedFirst,
              image.byteOrderInfo == .order32Little, image.colorSpace?.model == .rgb
        else { return nil }
        return image
    }

    private static let unitRect = CGRect(x: 0, y: 0, width: 1, height: 1)

    /// Copies `image`'s rows into a canvas made for its texture (cleared, the image inside the
    /// padding ring): what drawing it there at one image pixel per pixel gives, without cairo.
    /// False when the sizes do not fit.
    private static func copyPixels(of image: CGImage, into ctx: CGContext) -> Bool {
        guard let target = ctx.data, let bytes = image.dataProvider?.bytes,
              ctx.width == image.width + 2 * padding, ctx.height == image.height + 2 * padding,
              bytes.count >= image.bytesPerRow * (image.height - 1) + image.width * 4 else { return false }
        let rowBytes = image.width * 4, stride = ctx.bytesPerRow
        bytes.withUnsafeBytes { source in
            guard let from = source.baseAddress else { return }
            for y in 0..<image.height {
                (target + (y + padding) * stride + padding * 4).copyMemory(from: from + y * image.bytesPerRow, byteCount: rowBytes)
            }
        }
        return true
    }

    /// What an own texture draws: the layer alone, at its bounds' origin zero.
    static func ownDrawing(of layer: LayerSnapshot) -> LayerSnapshot {
        var own = layer
        own.removeSublayers()
        own.opacity = 1
        own.shadowOpacity = 0
        own.transition = nil
        own.bounds.origin = .zero
        own.content = layer.content?.movedToOrigin(from: layer.bounds.origin)
        return own
    }

    /// A layer's shadow alone: cast from `shape` when it is known (`LayerShadow.knownShape`),
    /// else from the layer's own drawing.
    static func shadow(of layer: LayerSnapshot, shape: CGPath?, scale: CGFloat, context: RenderContext) -> LayerTexture? {
        // The shadow of the shape, or of the bounds (a drawing that reaches past them casts no
        // shadow there; the spread covers the silhouette's image whole).
        let margin = ShadowNode.rasterMargin
        let rect = ShadowNode.extent(of: layer, casting: shape?.boundingBoxOfPath ?? layer.bounds).insetBy(dx: -margin, dy: -margin)
        return LayerTexture(covering: rect, scale: scale) { ctx in
            if let shape { LayerShadow.drawCachedShadow(of: shape, layer: layer, in: ctx, context: context) }
            else { LayerShadow.drawShadowOfDrawing(of: layer, in: ctx, context: context) }
        }
    }

    /// The shadow of a layer's whole picture — sublayers included, at full opacity — as the
    /// renderer's transparency layer with a shadow casts it.
    static func shadowOfSubtree(_ layer: LayerSnapshot, scale: CGFloat, context: RenderContext) -> LayerTexture? {
        var silhouette = layer
        silhouette.opacity = 1
        silhouette.shadowOpacity = 0
        silhouette.transition = nil
        let drawn = LayerNode.extent(of: silhouette)
        let margin = ShadowNode.rasterMargin
        let rect = ShadowNode.extent(of: layer, casting: drawn).insetBy(dx: -margin, dy: -margin)
        return LayerTexture(covering: rect, scale: scale) { ctx in
            LayerShadow.drawShadow(ofPicture: silhouette, covering: drawn, castBy: layer, in: ctx, context: context)
        }
    }

    /// A pixman image over the texture's pixels (the caller owns it: one per thread, since
    /// pixman images carry per-use state).
    func makeImage() -> OpaquePointer? {
        guard let bitmap else { return nil }
        return pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height,
                                        bitmap.data?.assumingMemoryBound(to: UInt32.self), Int32(bitmap.bytesPerRow))
    }
}
