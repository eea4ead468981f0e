/// Blurred shadow silhouettes, rendered once and reused: a layer whose shadow is the shape of its
/// rounded bounds (an opaque background, nothing else drawn) or of its `shadowPath`, or the alpha
/// of its own drawing (when it has no sublayers), casts it from here instead of blurring its
/// drawing every frame. Keyed by everything the pixels depend on: the silhouette, the blur and
/// the device scale.
final class ShadowCache: @unchecked Sendable {
    struct Key: Hashable {
        let silhouette: ShadowSilhouette
        let radius: CGFloat
        let scale: CGFloat
    }

    /// The blurred shape as an image mask (it paints the fill color by the shadow's alpha) and
    /// where it goes, in layer coordinates.
    struct Entry {
        let mask: CGImage
        let rect: CGRect
    }

    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    private let lock = NSLock()
    private let capacity = 128
    private(set) var hits = 0
    private(set) var misses = 0

    func entry(for key: Key, make: () -> Entry?) -> Entry? {
        lock.lock()
        if let entry = entries[key] {
            hits += 1
            lock.unlock()
            return entry
        }
        misses += 1
        lock.unlock()
        guard let entry = make() else { return nil }
        lock.lock()
        defer { lock.unlock() }
        entries[key] = entry
        order.append(key)
        if order.count > capacity { entries[order.removeFirst()] = nil }
        return entry
    }

    /// The silhouette of `path` (in layer coordinates) blurred by a shadow radius, at `scale`.
    static func render(_ path: CGPath, radius: CGFloat, scale: CGFloat) -> Entry? {
        silhouette(covering: path.boundingBoxOfPath, radius: radius, scale: scale) { context in
            context.addPath(path)
            context.setFillColor(gray: 0, alpha: 1)
            context.fillPath()
        }
    }

    /// The alpha of what `draw` draws within `box` (layer coordinates), blurred by a shadow radius, at `scale`.
    static func silhouette(covering box: CGRect, radius: CGFloat, scale: CGFloat, draw: (CGContext) -> Void) -> Entry? {
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        // Core Animation's shadow radius is the gaussian's sigma; its spread holds it all.
        let pad = ShadowNode.silhouettePadding(radius: radius)
        let rect = box.insetBy(dx: -pad, dy: -pad)
        guard let context = LayerCanvas.make(covering: rect, scale: scale, alphaOnly: true, maxSide: LayerCanvas.maxDrawnSide) else { return nil }
        draw(context)
        context.blurAlpha(sigma: radius * scale)
        // Drawing an image mask paints through it in one step; a clip to it and a fill take several.
        guard let alpha = context.makeImage(), let provider = alpha.dataProvider,
              let mask = CGImage(maskWidth: alpha.width, height: alpha.height, bitsPerComponent: 8, bitsPerPixel: 8,
                                 bytesPerRow: alpha.bytesPerRow, provider: provider, decode: [1, 0], shouldInterpolate: true)
        else { return nil }
        return Entry(mask: mask, rect: LayerCanvas.extent(of: context, covering: rect, scale: scale))
    }
}

/// What casts a shadow: a shape in layer coordinates (`shadowPath`, the rounded bounds of an
/// opaque background), or a layer's own drawing, by its look. The blurred silhouettes
/// (`ShadowCache`) and the compositor's shadow textures (`LayerTexture.ShadowLook`) are keyed by it.
enum ShadowSilhouette: Hashable {
    case shape(CGPath)
    case drawing(DrawingLook)
}
