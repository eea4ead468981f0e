import CoreGraphics

/// A look with its hash worked out once, as the texture tables key them: a look hashes some
/// twenty fields, and a table rehashes the keys it moves when one is removed; probes compare
/// the hashes before the looks.
struct HashedLook<Look: Hashable>: Hashable {
    let look: Look
    let hash: Int

    init(_ look: Look) {
        self.look = look
        hash = look.hashValue
    }

    static func == (a: Self, b: Self) -> Bool { a.hash == b.hash && a.look == b.look }
    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// A texture's size in pixels, padding ring included: spare textures are pooled by it.
struct PixelSize: Hashable {
    let width: Int32, height: Int32

    init(width: Int32, height: Int32) {
        (self.width, self.height) = (width, height)
    }

    /// The size of a texture over `rect` at `scale` (`LayerTexture(covering:scale:)`); nil where
    /// no texture is made (empty, or past `maxSide` pixels on a side).
    init?(textureCovering rect: CGRect, scale: CGFloat, maxSide: Int = LayerTexture.maxSide) {
        guard let (w, h) = LayerCanvas.pixelSize(covering: LayerTexture.padded(rect, scale: scale), scale: scale, maxSide: maxSide)
        else { return nil }
        self.init(width: Int32(w), height: Int32(h))
    }
}
