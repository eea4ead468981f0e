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

    /// What the drawing depends on: equal looks draw equal pixels.
    struct Look: Hashable {
        var bounds: CGRect
        var backgroundColor: CGColor?
        var cornerRadius: CGFloat
        var maskedCorners: CACornerMask
        var cornerCurve: CALayerCornerCurve
        var borderWidth: CGFloat
        var borderColor: CGColor?
        var contents: ContentsIdentity?
        var contentsRect: CGRect
        var contentsCenter: CGRect
        var contentsGravity: CALayerContentsGravity
        var contentsScale: CGFloat
        var minificationFilter: CALayerContentsFilter
        var magnificationFilter: CALayerContentsFilter
        var minificationFilterBias: Float
        var masksToBounds: Bool
        var isGeometryFlipped: Bool
        var content: LayerContent?
        /// Texture pixels per point of the layer.
        var scale: CGFloat

        init(_ layer: LayerSnapshot, scale: CGFloat, atOrigin: Bool = false) {
            bounds = atOrigin ? CGRect(origin: .zero, size: layer.bounds.size) : layer.bounds
            backgroundColor = layer.backgroundColor
            cornerRadius = layer.cornerRadius
            maskedCorners = layer.maskedCorners
            cornerCurve = layer.cornerCurve
            borderWidth = layer.borderWidth
            borderColor = layer.borderColor
            contents = layer.contents.map(ContentsIdentity.init)
            contentsRect = layer.contentsRect
            contentsCenter = layer.contentsCenter
            contentsGravity = layer.contentsGravity
            contentsScale = layer.contentsScale
            minificationFilter = layer.minificationFilter
            magnificationFilter = layer.magnificationFilter
            minificationFilterBias = layer.minificationFilterBias
            masksToBounds = layer.masksToBounds
            isGeometryFlipped = layer.isGeometryFlipped
            // Drawn at the bounds' origin zero, a shape moves with it.
            content = atOrigin && layer.bounds.origin != .zero ? layer.content?.movedToOrigin(from: layer.bounds.origin) : layer.content
            self.scale = scale
        }
    }

    /// What a shadow's pixels depend on.
    struct ShadowLook: Hashable {
        /// What casts it: a known shape, or the layer's own drawing.
        enum Silhouette: Hashable {
            case shape(CGPath)
            case drawing(Look)
        }

        var silhouette: Silhouette
        var radius: CGFloat
        var offset: CGSize
        var color: CGColor?
        var opacity: CGFloat
        var scale: CGFloat

        init(_ layer: LayerSnapshot, silhouette: Silhouette, scale: CGFloat) {
            self.silhouette = silhouette
            radius = layer.shadowRadius
            offset = layer.shadowOffset
            color = layer.shadowColor
            opacity = layer.shadowOpacity
            self.scale = scale
        }
    }

    /// An image compared by identity (images are immutable), kept alive by the key.
    struct ContentsIdentity: Hashable {
        let image: CGImage
        static func == (a: Self, b: Self) -> Bool { a.image === b.image }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(image)) }
    }

    /// Transparent pixels around the drawing, so that bilinear sampling fades its edges out.
    static let padding = 1

    let bitmap: CGContext
    let width: Int32
    let height: Int32
    /// From texture pixels to the layer's own coordinates.
    private(set) var toLayer: CGAffineTransform
    /// The drawing's rectangle inside the padding, in texture pixels (its far sides fractional
    /// when the scale makes them so): the outline whose sides an item may cut aliased.
    private(set) var outline: CGRect
    /// The pixels as our kernels take them, with the flat rectangle found once.
    private(set) var texels: lamina_texture
    /// Counts redraws in place (`recomposite`): an item shows the texture as it was then.
    private(set) var generation = 0
    /// The last frame that used it (the cache drops textures unused for a while).
    var lastUse = 0
    /// The corner of the (padded) rectangle the bitmap's user space was made for: a redraw over
    /// another rectangle moves from there.
    private let canvasOrigin: CGPoint

    /// A texture of what `draw` draws in layer coordinates over `rect` (plus the padding ring),
    /// at `scale` pixels per point; nil when too large or empty. Without `findingFlatRect` it has
    /// no flat interior (for pictures that never have one: looking reads every pixel).
    init?(covering rect: CGRect, scale: CGFloat, maxSide: Int = 4096, findingFlatRect: Bool = true, draw: (CGContext) -> Void) {
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
        var texels = lamina_texture()
        texels.texels = UnsafePointer(bitmap.data?.assumingMemoryBound(to: UInt32.self))
        texels.stride_pixels = Int32(bitmap.bytesPerRow / 4)
        (texels.width, texels.height) = (width, height)
        if findingFlatRect, texels.texels != nil { lamina_texture_find_flat_rect(&texels) }
        self.texels = texels
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
    func recomposite(covering rect: CGRect, scale: CGFloat, _ body: (CompositeBand.Target) -> Void) -> Bool {
        let padded = Self.padded(rect, scale: scale)
        guard Int32((padded.width * scale).rounded(.up)) == width, Int32((padded.height * scale).rounded(.up)) == height,
              let data = bitmap.data else { return false }
        body(CompositeBand.Target(data: data, width: width, height: height, bytesPerRow: Int32(bitmap.bytesPerRow), format: PIXMAN_a8r8g8b8))
        toLayer = Self.toLayer(covering: padded, scale: scale)
        outline = Self.outline(of: rect, scale: scale)
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
        // No flat rectangle until drawn.
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
        guard let pixels = texels.texels else { return }
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
        guard let pixels = texels.texels else { return }
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
    static func own(_ layer: LayerSnapshot, scale: CGFloat, context: RenderContext) -> LayerTexture? {
        let own = ownDrawing(of: layer)
        return LayerTexture(covering: LayerContents.ownExtent(of: own), scale: scale) { LayerRenderer.draw(own, in: $0, context: context) }
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
        let spread = 3 * layer.shadowRadius + 2
        let rect = (shape?.boundingBoxOfPath ?? layer.bounds).offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height)
            .insetBy(dx: -spread, dy: -spread)
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
        let drawn = FlattenedLayer.visualExtent(of: silhouette)
        let spread = 3 * layer.shadowRadius + 2
        let rect = drawn.offsetBy(dx: layer.shadowOffset.width, dy: layer.shadowOffset.height).insetBy(dx: -spread, dy: -spread)
        return LayerTexture(covering: rect, scale: scale) { ctx in
            LayerShadow.drawShadow(ofPicture: silhouette, covering: drawn, castBy: layer, in: ctx, context: context)
        }
    }

    /// A pixman image over the texture's pixels (the caller owns it: one per thread, since
    /// pixman images carry per-use state).
    func makeImage() -> OpaquePointer? {
        pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height,
                                 bitmap.data?.assumingMemoryBound(to: UInt32.self), Int32(bitmap.bytesPerRow))
    }
}

/// Textures by look, shared by layers that look the same, dropped when no frame used them lately.
final class TextureCache {
    private enum Key: Hashable {
        case own(LayerTexture.Look)
        case shadow(LayerTexture.ShadowLook)
    }

    private var textures: [Key: LayerTexture] = [:]
    /// Looks an animation changes every frame, drawn over recycled textures.
    private let animated = AnimatedTextures()
    private var made = 0
    private var frame = 0
    /// The renderer's caches its textures are drawn with.
    let context: RenderContext

    init(context: RenderContext) {
        self.context = context
    }

    var count: Int { textures.count + animated.count }

    /// Textures drawn so far: made, or drawn over for an animated look.
    var drawn: Int { made + animated.made + animated.redrawn }

    /// Of those, animated shapes drawn over their layer's last texture in place (`AnimatedTextures`).
    var shapesDrawnOver: Int { animated.drawnOver }

    /// The texture of (`part` of) `layer`'s own drawing at `scale`, drawn now if no cached one
    /// matches. `toDevice`: where it will be placed, when known (an animated shape is then drawn
    /// on the device's pixel grid, `ShapeTexture.look`). `previous`: the texture the layer showed
    /// last frame for an animated look (an animated shape is drawn over it in place where they differ).
    func texture(for layer: LayerSnapshot, part: LayerTexture.Part = .whole, scale: CGFloat,
                 placedBy toDevice: CGAffineTransform? = nil, after previous: LayerTexture? = nil) -> LayerTexture? {
        if layer.animatesLook {
            if let shape = ShapeTexture.look(of: layer, part: part, scale: scale, placedBy: toDevice) {
                return animated.texture(for: shape, after: previous)
            }
            let drawn = part == .whole ? layer : part.applied(to: layer)
            let own = LayerTexture.ownDrawing(of: drawn)
            return animated.texture(for: LayerTexture.Look(drawn, scale: scale, atOrigin: true), covering: LayerContents.ownExtent(of: own),
                                    scale: scale) { [context] in LayerRenderer.draw(own, in: $0, context: context) }
        }
        // The whole layer needs no copy of its snapshot (copies retain everything it holds).
        // Keyed at the bounds' origin zero, as `own` draws them.
        guard part != .whole else {
            return texture(.own(LayerTexture.Look(layer, scale: scale, atOrigin: true))) { LayerTexture.own(layer, scale: scale, context: context) }
        }
        let drawn = part.applied(to: layer)
        return texture(.own(LayerTexture.Look(drawn, scale: scale, atOrigin: true))) { LayerTexture.own(drawn, scale: scale, context: context) }
    }

    /// The texture of `layer`'s shadow, cast from `shape` (nil: from its own drawing), at `scale`.
    func shadowTexture(for layer: LayerSnapshot, shape: CGPath?, scale: CGFloat) -> LayerTexture? {
        let silhouette: LayerTexture.ShadowLook.Silhouette = shape.map { .shape($0) } ?? .drawing(LayerTexture.Look(layer, scale: scale))
        return texture(.shadow(LayerTexture.ShadowLook(layer, silhouette: silhouette, scale: scale))) {
            LayerTexture.shadow(of: layer, shape: shape, scale: scale, context: context)
        }
    }

    private func texture(_ key: Key, make: () -> LayerTexture?) -> LayerTexture? {
        if let texture = textures[key] {
            texture.lastUse = frame
            return texture
        }
        guard let texture = make() else { return nil }
        made += 1
        texture.lastUse = frame
        textures[key] = texture
        return texture
    }

    /// Whether animated shapes are rasterized by `drawDeferred` (a compositor's frame, on every
    /// core) rather than when they are looked up. Whoever composites what it placed calls
    /// `drawDeferred` first.
    var defersShapes: Bool {
        get { animated.defersShapes }
        set { animated.defersShapes = newValue }
    }

    /// Rasterizes the animated shapes placed and not yet drawn, on up to `threads` threads.
    func drawDeferred(threads: Int = 1) { animated.drawDeferred(threads: threads) }

    /// Marks a texture as used by this frame (one placed again without a lookup).
    func touch(_ texture: LayerTexture) { texture.lastUse = frame }

    /// Whether textures placed again without a lookup should be touched this frame: every
    /// 30th frame is enough for eviction after 60 unused ones, and spares a walk over all of them.
    var wantsTouches: Bool { frame % 30 == 0 }

    /// Ends a frame: textures unused for a second's worth of frames are released.
    func endFrame() {
        animated.endFrame()
        frame += 1
        guard frame % 60 == 0 else { return }
        // Removed in place: a filtered copy is sized to what stays, and the next second's new
        // textures (100 labels a frame) would grow it again, rehashing every look each time.
        let stale = textures.compactMap { frame - $0.value.lastUse > 60 ? $0.key : nil }
        for key in stale { textures.removeValue(forKey: key) }
    }
}
