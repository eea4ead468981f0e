import Foundation

/// Textures of looks that an animation changes every frame (a shape's `strokeEnd`, a color):
/// each look is drawn once per frame for all layers that show it this frame (layers at the same
/// phase share it), into a texture of the same pixel size recycled from a look no longer shown,
/// drawn over in place. So a running animation mints no new texture per frame: the pool holds
/// about what three frames show, and bitmaps (with their page faults) are made only while it grows.
///
/// Lifecycle: a texture is *current* while this frame or one of the two before shows its look;
/// older ones become *spare* and are drawn over for a new look of their size; spares unused for
/// `spareFrames` frames are released. A texture is never drawn over while a frame that shows it
/// may still be compared with (the last frame's items name their texture and generation:
/// `CompositeItem.looksLike`), but one: a shape layer's last texture, not shown this frame yet,
/// is drawn over in place into the layer's next look where they differ (`drawnInPlace`); it
/// takes a new generation, so the last frame's items no longer look like it.
///
/// Cost: hundreds of looks change every frame (500 spinners), so looks are found by a hash
/// worked out once per look (`Key`: a dictionary compares the keys of every bucket it probes),
/// and the frames' looks are three dictionaries handed down at the frame's end, not one walked
/// whole. A shape-only look (`ShapeTexture`) is drawn later, off the planning thread's path:
/// `drawDeferred` rasterizes this frame's on every core before anything composites them.
final class AnimatedTextures {
    /// What a texture shows: a layer's look, or a shape layer's shape alone.
    enum Look: Hashable {
        case layer(DrawingLook)
        case shape(ShapeTexture.Look)
    }

    typealias Key = HashedLook<Look>

    /// This frame's looks, the last frame's and the one's before (not shown since).
    private var now: [Key: LayerTexture] = [:]
    private var last: [Key: LayerTexture] = [:]
    private var beforeLast: [Key: LayerTexture] = [:]
    private var spares: [PixelSize: [(texture: LayerTexture, since: Int)]] = [:]
    /// Shapes to rasterize before this frame composites (`drawDeferred`).
    private var deferred: [ShapeTexture.Job] = []
    private var frame = 0
    /// Bitmaps made so far (the pool's growth; for tests).
    private(set) var made = 0
    /// Looks drawn over a recycled texture (for tests).
    private(set) var redrawn = 0
    /// Of those, shapes drawn over the layer's last texture in place, where they changed (for tests).
    private(set) var drawnOver = 0

    /// Spares unused this many frames are released.
    static let spareFrames = 60

    /// How many textures the pool holds.
    var count: Int { now.count + last.count + beforeLast.count + spares.values.reduce(0) { $0 + $1.count } }

    /// The textures it holds: this frame's, the two frames' before, and the spares.
    var kept: [LayerTexture] {
        Array(now.values) + Array(last.values) + Array(beforeLast.values) + spares.values.flatMap { $0.map(\.texture) }
    }

    /// Whether shapes wait for `drawDeferred` (a compositor's frame) or are drawn at once.
    var defersShapes = false

    /// The texture showing `look`, if this or one of the two frames before showed it (it then
    /// counts as shown this frame).
    private func shown(_ key: Key) -> LayerTexture? {
        if let texture = now[key] { return texture }
        if let texture = last.removeValue(forKey: key) ?? beforeLast.removeValue(forKey: key) {
            now[key] = texture
            texture.shape?.shown = frame
            return texture
        }
        return nil
    }

    /// The texture showing `look`: a recent frame's, else a spare of its size drawn over, else a
    /// new one. `rect` is what it covers (layer coordinates, padding excluded).
    func texture(for look: DrawingLook, covering rect: CGRect, scale: CGFloat,
                 draw: (CGContext) -> Void) -> LayerTexture? {
        let key = Key(.layer(look))
        if let texture = shown(key) { return texture }
        guard let size = PixelSize(textureCovering: rect, scale: scale) else { return nil }
        if let spare = spare(of: size), spare.redraw(covering: rect, scale: scale, draw) {
            spare.shape = nil
            redrawn += 1
            now[key] = spare
            return spare
        }
        guard let texture = LayerTexture(covering: rect, scale: scale, draw: draw) else { return nil }
        made += 1
        now[key] = texture
        return texture
    }

    /// The texture of a shape layer that draws only its shape (`ShapeTexture`): as above, but
    /// rasterized by `drawDeferred` when `defersShapes` (the texture is placed meanwhile: its
    /// size, map and generation are already the new look's). `previous`: the texture the layer
    /// showed last frame; when it shows the same shape cut elsewhere (a running `strokeEnd`),
    /// it is drawn over in place into the new look, rasterizing only where the two differ (`drawnInPlace`).
    func texture(for shape: ShapeTexture.Look, after previous: LayerTexture? = nil) -> LayerTexture? {
        let key = Key(.shape(shape))
        if let texture = shown(key) { return texture }
        let rect = shape.extent
        guard let size = PixelSize(textureCovering: rect, scale: shape.scale) else { return nil }
        if let previous, let texture = drawnInPlace(previous, into: shape, key: key, covering: rect) {
            now[key] = texture
            return texture
        }
        let texture: LayerTexture
        if let spare = spare(of: size), let shift = spare.prepareRedraw(covering: rect, scale: shape.scale) {
            redrawn += 1
            texture = spare
            let job = ShapeTexture.Job(texture: spare, content: shape.content, shift: shift, findsFlatRect: !shape.onDeviceGrid)
            spare.shape = ShapeTexture.Drawing(look: shape, key: key, frame: frame, shown: frame)
            if defersShapes { deferred.append(job) } else { job.run() }
        } else {
            guard let new = LayerTexture(covering: rect, scale: shape.scale, draw: { shape.content.draw(in: $0) }) else { return nil }
            new.shape = ShapeTexture.Drawing(look: shape, key: key, frame: frame, shown: frame)
            made += 1
            texture = new
        }
        now[key] = texture
        return texture
    }

    /// The layer's last texture drawn over in place into `shape` where the two differ, when its
    /// look can be (`ShapeTexture.Drawing.canBeDrawnOver`) and no layer showed it this frame:
    /// its look leaves the pool (a layer asking for it later gets another texture), and the
    /// last frame's items, which name its old generation, no longer look like it. A running
    /// spinner thus keeps one texture, and nothing is copied.
    private func drawnInPlace(_ previous: LayerTexture, into shape: ShapeTexture.Look, key: Key, covering rect: CGRect) -> LayerTexture? {
        guard let drawing = previous.shape, drawing.canBeDrawnOver(into: shape, frame: frame) else { return nil }
        let old = drawing.key
        // Shown last frame or the one before, not yet this frame (an item placed this frame
        // may name it, at the generation it has now).
        let wasLast = last[old] === previous
        guard wasLast || beforeLast[old] === previous, let shift = previous.prepareRedraw(covering: rect, scale: shape.scale) else {
            return nil
        }
        if wasLast { last[old] = nil } else { beforeLast[old] = nil }
        redrawn += 1
        drawnOver += 1
        previous.shape = ShapeTexture.Drawing(look: shape, key: key, frame: frame, shown: frame)
        var job = ShapeTexture.Job(texture: previous, content: shape.content, shift: shift, findsFlatRect: !shape.onDeviceGrid)
        job.over = drawing.look.content
        if defersShapes { deferred.append(job) } else { job.run() }
        return previous
    }

    /// Rasterizes the shapes placed since the last call, spread over `workers`' threads (each
    /// draws into its own textures; shapes touch no shared cache), else on the calling thread.
    func drawDeferred(on workers: FrameWorkers?) {
        guard !deferred.isEmpty else { return }
        let jobs = deferred
        deferred.removeAll(keepingCapacity: true)
        // A few shapes are not worth handing over.
        let shares = min(workers?.threads ?? 1, jobs.count / 8 + 1)
        guard let workers, shares > 1 else { return jobs.forEach { $0.run() } }
        workers.perform(shares) { k in
            var i = k
            while i < jobs.count {
                jobs[i].run()
                i += shares
            }
        }
    }

    private func spare(of size: PixelSize) -> LayerTexture? {
        // Popped in place: a copy of the list out of the dictionary would copy hundreds of spares.
        spares[size]?.popLast()?.texture
    }

    /// Ends a frame: looks not shown in this frame nor the two before give their textures up as spares.
    func endFrame() {
        for texture in beforeLast.values {
            spares[PixelSize(width: texture.width, height: texture.height), default: []].append((texture, frame))
        }
        // Handed down, keeping the dictionaries' storage.
        beforeLast.removeAll(keepingCapacity: true)
        swap(&beforeLast, &last)
        swap(&last, &now)
        frame += 1
        if frame % 30 == 0 {
            for (size, list) in spares {
                let kept = list.filter { frame - $0.since <= Self.spareFrames }
                spares[size] = kept.isEmpty ? nil : kept
            }
        }
    }
}
