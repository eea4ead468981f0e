import CPixman

/// A layer's own drawing — background, contents, subclass content, border — rasterized once at
/// a scale, so that the compositor can place it frame after frame without drawing it again.
final class LayerTexture: @unchecked Sendable {
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
        var filters: [CALayerContentsFilter]
        var masksToBounds: Bool
        var isGeometryFlipped: Bool
        var content: LayerContent?
        /// Texture pixels per point of the layer.
        var scale: CGFloat

        init(_ layer: LayerSnapshot, scale: CGFloat) {
            bounds = layer.bounds
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
            filters = [layer.minificationFilter, layer.magnificationFilter]
            masksToBounds = layer.masksToBounds
            isGeometryFlipped = layer.isGeometryFlipped
            content = layer.content
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
    let toLayer: CGAffineTransform
    /// The last frame that used it (the cache drops textures unused for a while).
    var lastUse = 0

    /// Draws the layer without its sublayers, shadow or opacity; nil when too large or empty.
    init?(_ layer: LayerSnapshot, scale: CGFloat) {
        let pad = CGFloat(Self.padding) / scale
        let rect = layer.bounds.insetBy(dx: -pad, dy: -pad)
        guard let bitmap = LayerCanvas.make(covering: rect, scale: scale, maxSide: 4096) else { return nil }
        var own = layer
        own.sublayers = []
        own.opacity = 1
        own.shadowOpacity = 0
        own.transition = nil
        LayerRenderer.draw(own, in: bitmap)
        bitmap.flush()
        self.bitmap = bitmap
        width = Int32(bitmap.width)
        height = Int32(bitmap.height)
        toLayer = CGAffineTransform(scaleX: 1 / scale, y: 1 / scale)
            .concatenating(CGAffineTransform(translationX: rect.minX, y: rect.minY))
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
    private var textures: [LayerTexture.Look: LayerTexture] = [:]
    private var frame = 0

    var count: Int { textures.count }

    /// The texture for `layer` at `scale`, drawn now if no cached one matches.
    func texture(for layer: LayerSnapshot, scale: CGFloat) -> LayerTexture? {
        let look = LayerTexture.Look(layer, scale: scale)
        if let texture = textures[look] {
            texture.lastUse = frame
            return texture
        }
        guard let texture = LayerTexture(layer, scale: scale) else { return nil }
        texture.lastUse = frame
        textures[look] = texture
        return texture
    }

    /// Ends a frame: textures unused for a second's worth of frames are released.
    func endFrame() {
        frame += 1
        guard frame % 60 == 0 else { return }
        textures = textures.filter { frame - $0.value.lastUse <= 60 }
    }
}
