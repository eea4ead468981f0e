import Foundation

/// Leaf layers' own drawings (background, subclass content, border) kept as images, for trees
/// drawn again and again (`CARenderer`, `render(in:)`): a layer that lands on whole device pixels
/// is then one blit instead of its fills. OVER is associative, so the picture is the same but for
/// rounding; the drawing is faded as one, as the renderer's transparency layer fades a faded
/// background under a border. A look is kept from its second sighting on, so that a tree drawn
/// once (a snapshot) pays nothing for it.
final class DrawingCache: @unchecked Sendable {
    struct Drawing {
        let image: CGImage
        /// Where it goes, in the layer's coordinates.
        let rect: CGRect
    }

    private var drawings: [DrawingLook: Drawing] = [:]
    private var seen = Set<DrawingLook>()
    private var bytes = 0
    private let lock = NSLock()
    /// Layers drawn from a kept drawing (for tests).
    private(set) var hits = 0
    /// Past this many bytes of images the cache starts over.
    static let budget = 64 << 20
    /// Drawings larger than this on a side are drawn each time (much memory for one blit).
    static let largestSide = 1024

    /// Draws `layer`'s own drawing from the cache when the context places it on whole pixels (and
    /// it is kept or seen before); false when it did not, and the caller draws it.
    func draw(_ layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) -> Bool {
        let m = ctx.ctm
        // Layer coordinates are y down: (s, 0, 0, −s), and the bounds' corner on a whole pixel.
        guard m.b == 0, m.c == 0, m.a > 0, m.d == -m.a, Self.isCacheable(layer) else { return false }
        let corner = CGPoint(x: layer.bounds.minX, y: layer.bounds.minY).applying(m)
        guard abs(corner.x) < 1e7, abs(corner.y) < 1e7, corner.x == corner.x.rounded(), corner.y == corner.y.rounded(),
              let drawing = drawing(of: layer, scale: m.a, context: context) else { return false }
        ctx.draw(layerImage: drawing.image, in: drawing.rect)
        return true
    }

    /// A drawing that stays within the bounds (contents may overflow them) and draws something.
    private static func isCacheable(_ layer: LayerSnapshot) -> Bool {
        guard layer.contents == nil, layer.bounds.width > 0, layer.bounds.height > 0 else { return false }
        return layer.hasVisibleBorder || layer.bodyCanShow   // contents are nil here
    }

    private func drawing(of layer: LayerSnapshot, scale: CGFloat, context: RenderContext) -> Drawing? {
        let look = DrawingLook(layer, scale: scale)
        lock.lock()
        if let drawing = drawings[look] { hits += 1; lock.unlock(); return drawing }
        if seen.count >= 4096 { seen.removeAll(keepingCapacity: true) }
        let again = !seen.insert(look).inserted
        lock.unlock()
        guard again, let drawing = Self.make(layer, scale: scale, context: context) else { return nil }
        let size = drawing.image.bytesPerRow * drawing.image.height
        lock.lock()
        defer { lock.unlock() }
        if bytes + size > Self.budget { (drawings, bytes) = ([:], 0) }
        drawings[look] = drawing
        bytes += size
        return drawing
    }

    /// `rect` grown to whole pixels counted from `origin`.
    private static func onPixelGrid(_ rect: CGRect, of origin: CGPoint, scale: CGFloat) -> CGRect {
        let x0 = ((rect.minX - origin.x) * scale).rounded(.down), y0 = ((rect.minY - origin.y) * scale).rounded(.down)
        let x1 = ((rect.maxX - origin.x) * scale).rounded(.up), y1 = ((rect.maxY - origin.y) * scale).rounded(.up)
        return CGRect(x: origin.x + x0 / scale, y: origin.y + y0 / scale, width: (x1 - x0) / scale, height: (y1 - y0) / scale)
    }

    private static func make(_ layer: LayerSnapshot, scale: CGFloat, context: RenderContext) -> Drawing? {
        // A shape's stroke may reach past the bounds: whole pixels more, so that the blit stays on the grid.
        let covered = Self.onPixelGrid(LayerNode.ownExtent(of: layer), of: layer.bounds.origin, scale: scale)
        guard let canvas = LayerCanvas.make(covering: covered, scale: scale, maxSide: largestSide) else { return nil }
        // The drawing alone: the context it is blitted into holds the mask clip and the fade.
        var own = layer
        own.opacity = 1
        own.shadowOpacity = 0
        own.mask = []
        LayerRenderer.draw(own, in: canvas, context: context)
        guard let image = canvas.makeImage() else { return nil }
        return Drawing(image: image, rect: LayerCanvas.extent(of: canvas, covering: covered, scale: scale))
    }
}
