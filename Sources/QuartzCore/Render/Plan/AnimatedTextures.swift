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
    /// A texture and the last frame that showed its look.
    private final class Entry {
        let texture: LayerTexture
        var shown: Int
        init(_ texture: LayerTexture, shown: Int) { self.texture = texture; self.shown = shown }
    }

    private var current: [LayerTexture.Look: Entry] = [:]
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
        if let entry = current[look] {
            entry.shown = frame
            return entry.texture
        }
        let padded = LayerTexture.padded(rect, scale: scale)
        // Checked before Int32(…), which traps past its range (a texture this large is never made).
        let w = (padded.width * scale).rounded(.up), h = (padded.height * scale).rounded(.up)
        guard w.isFinite, h.isFinite, w > 0, h > 0, w <= 16384, h <= 16384 else { return nil }
        let size = PixelSize(width: Int32(w), height: Int32(h))
        if var list = spares[size], let spare = list.popLast() {
            spares[size] = list.isEmpty ? nil : list
            if spare.texture.redraw(covering: rect, scale: scale, draw) {
                redrawn += 1
                current[look] = Entry(spare.texture, shown: frame)
                return spare.texture
            }
        }
        guard let texture = LayerTexture(covering: rect, scale: scale, draw: draw) else { return nil }
        made += 1
        current[look] = Entry(texture, shown: frame)
        return texture
    }

    /// Ends a frame: looks shown in neither this frame nor the last give their textures up as spares.
    func endFrame() {
        var stale: [LayerTexture.Look] = []
        for (look, entry) in current where entry.shown < frame - 1 {
            stale.append(look)
            spares[PixelSize(width: entry.texture.width, height: entry.texture.height), default: []].append((entry.texture, frame))
        }
        for look in stale { current[look] = nil }
        frame += 1
        if frame % 30 == 0 {
            for (size, list) in spares {
                let kept = list.filter { frame - $0.since <= Self.spareFrames }
                spares[size] = kept.isEmpty ? nil : kept
            }
        }
    }
}
