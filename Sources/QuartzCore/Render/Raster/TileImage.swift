import Foundation

/// One finished tile: what `draw(in:)` drew for it, as a texture the compositor places as it is
/// (no copy), and where it goes. Immutable once a worker hands it over.
///
/// The texture has `LayerTexture`'s 1-pixel ring. On the sides where a neighbouring tile
/// continues the picture the ring repeats the tile's edge pixels, so that a tile placed off the
/// pixel grid (a zoom between two levels) samples its own edge there instead of fading into a
/// seam; the compositor clips each tile to its own rectangle, so the ring never covers the
/// neighbour. On the bounds' sides the ring stays transparent, as every layer's edge does.
final class TileImage: @unchecked Sendable {
    let key: TileKey
    /// The layer coordinates it covers.
    let rect: CGRect
    /// Pixels per point.
    let scale: CGFloat
    let texture: LayerTexture
    /// Which sides border another tile (min x, max x, min y, max y).
    let innerEdges: (minX: Bool, maxX: Bool, minY: Bool, maxY: Bool)
    private let lock = NSLock()
    private var madeImage: CGImage?

    /// Draws the tile `key` of `grid` with `draw`, in a context whose user space is the layer's
    /// (y down), clipped to the tile, at the level's scale. Nil when the tile is empty or too large.
    init?(_ key: TileKey, of grid: TileGrid, draw: (CGContext) -> Void) {
        let rect = grid.rect(of: key)
        let scale = grid.scale(ofLevel: key.level)
        guard !rect.isNull, rect.width > 0, rect.height > 0,
              let texture = LayerTexture(covering: rect, scale: scale, maxSide: LayerTexture.maxSide, draw: { ctx in
                  ctx.clip(to: rect)
                  draw(ctx)
              })
        else { return nil }
        self.key = key
        self.rect = rect
        self.scale = scale
        self.texture = texture
        innerEdges = grid.innerEdges(of: key)
        Self.repeatEdges(of: texture, innerEdges)
    }

    /// The tile's pixels as an image (for the layer renderer), made on first use.
    var image: CGImage? {
        lock.lock()
        defer { lock.unlock() }
        if madeImage == nil { madeImage = texture.bitmap?.makeImage() }
        return madeImage
    }

    /// The rectangle the texture spans, ring included, in layer coordinates.
    var paddedRect: CGRect {
        CGRect(x: 0, y: 0, width: Int(texture.width), height: Int(texture.height)).applying(texture.toLayer)
    }

    /// Copies the outermost drawn rows and columns into the ring on the sides that border
    /// another tile.
    private static func repeatEdges(of texture: LayerTexture, _ inner: (minX: Bool, maxX: Bool, minY: Bool, maxY: Bool)) {
        guard let bitmap = texture.bitmap, let data = bitmap.data, texture.width >= 3, texture.height >= 3 else { return }
        let w = Int(texture.width), h = Int(texture.height), stride = bitmap.bytesPerRow / 4
        let pixels = data.assumingMemoryBound(to: UInt32.self)
        // Rows first (their drawn columns), then columns over the whole height: corners follow.
        if inner.minY { (pixels + 0 * stride).update(from: pixels + 1 * stride, count: w) }
        if inner.maxY { (pixels + (h - 1) * stride).update(from: pixels + (h - 2) * stride, count: w) }
        for y in 0..<h {
            let row = pixels + y * stride
            if inner.minX { row[0] = row[1] }
            if inner.maxX { row[w - 1] = row[w - 2] }
        }
    }
}
