/// What a layer's own drawing (background, contents, subclass content, border; no sublayers,
/// shadow or opacity) depends on: equal looks draw equal pixels. The key of every cache of own
/// drawings: the renderer's (`DrawingCache`), the shadows of drawings (`ShadowCache`) and the
/// compositor's textures (`TextureCache`).
struct DrawingLook: Hashable {
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
    /// Whether the contents image is drawn turned over (`LayerSnapshot.contentsTurned`).
    var contentsTurned: Bool
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
        contentsTurned = layer.contents != nil && layer.contentsTurned
        // Drawn at the bounds' origin zero, a shape moves with it.
        content = atOrigin && layer.bounds.origin != .zero ? layer.content?.movedToOrigin(from: layer.bounds.origin) : layer.content
        self.scale = scale
    }
}

/// An image compared by identity (images are immutable). Held weakly: once nothing else
/// holds the image, no snapshot can show it again, so a texture keyed by it can never be
/// looked up again (`TextureCache` drops it at once instead of a second later). A key whose
/// image is gone equals only itself (same address, both gone): an image made later at the
/// same address is live, so never equal to it.
struct ContentsIdentity: Hashable {
    /// The weak reference, boxed: looks are copied and hashed all the time, and copying a
    /// weak reference itself costs atomic operations on the image's side table.
    private final class Reference: @unchecked Sendable {
        weak var image: CGImage?
        init(_ image: CGImage) { self.image = image }
    }

    private let reference: Reference
    private let id: ObjectIdentifier

    init(image: CGImage) {
        reference = Reference(image)
        id = ObjectIdentifier(image)
    }

    /// Whether the image has been freed.
    var isGone: Bool { reference.image == nil }

    static func == (a: Self, b: Self) -> Bool {
        a.id == b.id && (a.reference === b.reference || a.reference.image === b.reference.image)
    }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
