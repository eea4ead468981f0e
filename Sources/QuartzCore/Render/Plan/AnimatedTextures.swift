/// Textures of looks that an animation changes every frame (a shape's `strokeEnd`, a color):
/// each look is drawn once per frame for all layers that show it this frame (layers at the same
/// phase share it), into a texture of the same pixel size recycled from a look no longer shown,
/// drawn over in place. So a running animation mints no new texture per frame: the pool holds
/// about what two frames show, and bitmaps (with their page faults) are made only while it grows.
///
/// Lifecycle: a texture is *current* while this frame or the last one shows its look; textures of
/// the frame before that become *spare* and are drawn over for a new look of their size; spares
/// unused for `spareFrames` frames are released. A texture is never drawn over while a frame
/// that shows it may still be compared with (the last frame's items name their texture and
/// generation: `CompositeItem.looksLike`).
final class AnimatedTextures {
    private var current: [LayerTexture.Look: LayerTexture] = [:]
    /// The looks this frame asked for (they stay current next frame).
    private var shownNow = Set<LayerTexture.Look>()
    /// The looks the last frame asked for.
    private var shownBefore = Set<LayerTexture.Look>()
    private var spares: [PixelSize: [(texture: LayerTexture, since: Int)]] = [:]
    private var frame = 0
    /// Bitmaps made so far (the pool's growth; for tests).
    private(set) var made = 0
    /// Looks drawn over a recycled texture (for tests).
    private(set) var redrawn = 0

    /// Spares unused this many frames are released.
    static let spareFrames = 60

    private struct PixelSize: Hashable {
        let width: Int32, height: Int32
    }

    /// How many textures the pool holds.
    var count: Int { current.count + spares.values.reduce(0) { $0 + $1.count } }

    /// The texture showing `look`: this or the last frame's, else a spare of its size drawn over,
    /// else a new one. `rect` is what it covers (layer coordinates, padding excluded).
    func texture(for look: LayerTexture.Look, covering rect: CGRect, scale: CGFloat,
                 draw: (CGContext) -> Void) -> LayerTexture? {
        shownNow.insert(look)
        if let texture = current[look] { return texture }
        let padded = LayerTexture.padded(rect, scale: scale)
        // Checked before Int32(…), which traps past its range (a texture this large is never made).
        let w = (padded.width * scale).rounded(.up), h = (padded.height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        let size = PixelSize(width: Int32(w), height: Int32(h))
        if var list = spares[size], let spare = list.popLast() {
            spares[size] = list.isEmpty ? nil : list
            let drawn = spare.texture.redraw(covering: rect, scale: scale, draw)
            if drawn {
                redrawn += 1
                current[look] = spare.texture
                return spare.texture
            }
        }
        guard let texture = LayerTexture(covering: rect, scale: scale, draw: draw) else { return nil }
        made += 1
        current[look] = texture
        return texture
    }

    /// Ends a frame: looks shown in neither this frame nor the last give their textures up as spares.
    func endFrame() {
        frame += 1
        for (look, texture) in current where !shownNow.contains(look) && !shownBefore.contains(look) {
            current[look] = nil
            let size = PixelSize(width: texture.width, height: texture.height)
            spares[size, default: []].append((texture, frame))
        }
        shownBefore = shownNow
        shownNow.removeAll(keepingCapacity: true)
        if frame % 30 == 0 {
            for (size, list) in spares {
                let kept = list.filter { frame - $0.since <= Self.spareFrames }
                spares[size] = kept.isEmpty ? nil : kept
            }
        }
    }
}
