import CPixman
import CLaminaKernels

/// Textures by look, shared by layers that look the same, dropped when no frame used them
/// lately — or at once when their look's contents image is gone (see `endFrame`), their bitmaps
/// then drawn over for new looks of the same size.
final class TextureCache {
    /// What a texture of the cache shows.
    enum CachedLook: Hashable {
        case own(DrawingLook)
        case shadow(LayerTexture.ShadowLook)
    }

    typealias Key = HashedLook<CachedLook>

    private var textures: [Key: LayerTexture] = [:]
    /// Textures a layer moved off (its look changed), with the frame: a layer given new contents
    /// (a text layer's new string) leaves its last texture behind, never to be looked up again
    /// once the old image is freed. Watched for a few frames.
    private var left: [(texture: LayerTexture, frame: Int)] = []
    /// Textures of gone looks that nothing shows any more, by size, to draw new looks over.
    private var spares: [PixelSize: [LayerTexture]] = [:]
    /// The spares' pixels, in bytes.
    private var spareBytes = 0
    /// Textures let go while a placed tree still held them (the last frame's, freed on another
    /// thread), with the frame they were let go: spares once nothing holds them, for a few frames.
    private var held: [(texture: LayerTexture, frame: Int)] = []
    /// Textures drawn over a spare rather than allocated (for tests).
    private(set) var recycled = 0
    /// The last frame a spare of each size was taken (sizes unused for a while are let go).
    private var spareTaken: [PixelSize: Int] = [:]
    /// At most this many bytes of spare textures are kept: a frame's 100 new label textures
    /// are about 0.4 MB, and large images replaced by images of other sizes must not pile up.
    static let spareBudget = 16 << 20
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

    /// What it keeps (`CacheUse`): each texture it holds once, with its pixels. A walk over them
    /// all (about a thousand entries in the stress scene), for reports rather than every frame.
    var use: CacheUse {
        var seen = Set<ObjectIdentifier>(), bytes = 0
        func add(_ texture: LayerTexture) {
            if seen.insert(ObjectIdentifier(texture)).inserted { bytes += Self.bytes(of: texture) }
        }
        for texture in textures.values { add(texture) }
        for texture in animated.kept { add(texture) }
        for texture in spares.values.joined() { add(texture) }
        for (texture, _) in left { add(texture) }
        for (texture, _) in held { add(texture) }
        return CacheUse(textures: seen.count, textureBytes: bytes)
    }

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
            let texture = animated.texture(for: DrawingLook(drawn, scale: scale, atOrigin: true),
                                           covering: LayerNode.ownExtent(of: own),
                                           scale: scale) { [context] in LayerRenderer.draw(own, in: $0, context: context) }
            texture?.drawnOutline = texture.flatMap { DrawnOutline.of(own, outline: $0.outline, scale: scale) }
            return texture
        }
        // The whole layer needs no copy of its snapshot (copies retain everything it holds).
        // Keyed at the bounds' origin zero, as `own` draws them.
        guard part != .whole else {
            return texture(Key(.own(DrawingLook(layer, scale: scale, atOrigin: true)))) {
                LayerTexture.own(layer, scale: scale, context: context, spare: takeSpare)
            }
        }
        let drawn = part.applied(to: layer)
        return texture(Key(.own(DrawingLook(drawn, scale: scale, atOrigin: true)))) {
            LayerTexture.own(drawn, scale: scale, context: context, spare: takeSpare)
        }
    }

    /// A spare texture of `width` × `height` pixels, if one is kept.
    private func takeSpare(width: Int32, height: Int32) -> LayerTexture? {
        let size = PixelSize(width: width, height: height)
        guard let texture = spares[size]?.popLast() else { return nil }
        spareBytes -= Self.bytes(of: texture)
        recycled += 1
        spareTaken[size] = frame
        return texture
    }

    /// The texture of `layer`'s shadow, cast from `shape` (nil: from its own drawing), at `scale`.
    func shadowTexture(for layer: LayerSnapshot, shape: CGPath?, scale: CGFloat) -> LayerTexture? {
        let silhouette: ShadowSilhouette = shape.map { .shape($0) } ?? .drawing(DrawingLook(layer, scale: scale))
        return texture(Key(.shadow(LayerTexture.ShadowLook(layer, silhouette: silhouette, scale: scale)))) {
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
        texture.cacheKey = key
        return texture
    }

    /// A layer placed this frame no longer shows `texture` (its look changed): let go once its
    /// contents image is freed (`endFrame`).
    func layerLeft(_ texture: LayerTexture) {
        guard texture.cacheKey?.contents != nil else { return }
        left.append((texture, frame))
    }

    /// Whether animated shapes are rasterized by `drawDeferred` (a compositor's frame, on every
    /// core) rather than when they are looked up. Whoever composites what it placed calls
    /// `drawDeferred` first.
    var defersShapes: Bool {
        get { animated.defersShapes }
        set { animated.defersShapes = newValue }
    }

    /// Rasterizes the animated shapes placed and not yet drawn, on up to `threads` threads.
    func drawDeferred(on workers: FrameWorkers? = nil) { animated.drawDeferred(on: workers) }

    /// Marks a texture as used by this frame (one placed again without a lookup).
    func touch(_ texture: LayerTexture) { texture.lastUse = frame }

    /// Whether textures placed again without a lookup should be touched this frame: every
    /// 30th frame is enough for eviction after 60 unused ones, and spares a walk over all of them.
    var wantsTouches: Bool { frame % 30 == 0 }

    /// Ends a frame: textures whose contents image is gone are released (kept as spares when
    /// nothing else holds them), and textures unused for a second's worth of frames.
    func endFrame() {
        animated.endFrame()
        frame += 1
        dropGoneContents()
        guard frame % 60 == 0 else { return }
        // Removed in place: a filtered copy is sized to what stays, and the next second's new
        // textures would grow it again, rehashing every look each time.
        let stale = textures.compactMap { frame - $0.value.lastUse > 60 ? $0.key : nil }
        for key in stale { textures.removeValue(forKey: key)?.cacheKey = nil }
        // Spares of a size no new look took for a second are let go.
        for (size, taken) in spareTaken where frame - taken > 60 {
            spareBytes -= (spares.removeValue(forKey: size) ?? []).reduce(0) { $0 + Self.bytes(of: $1) }
            spareTaken.removeValue(forKey: size)
        }
    }

    /// Drops the textures layers left whose look's contents image was freed: nothing can look
    /// them up again. Each frame, so that a layer redrawn every frame (a label's new string)
    /// leaves one texture behind at a time rather than a second's worth freed at once (which
    /// stalled the frame it fell in for up to 150 ms). A dropped texture nothing else holds (no
    /// placed node of a tree still being freed) becomes a spare for the next new look of its size.
    /// Also once the spent frame is freed (`Compositor.releaseSpentFrame`), whose nodes may have
    /// held the last references to images through the sublayer boxes they were placed from.
    func dropGoneContents() {
        if !held.isEmpty {
            var waiting: [(texture: LayerTexture, frame: Int)] = []
            swap(&waiting, &held)
            while !waiting.isEmpty {
                let since = waiting[waiting.count - 1].frame
                var texture = waiting.removeLast().texture
                if isKnownUniquelyReferenced(&texture) { keepSpare(texture) }
                else if frame - since <= 3 { held.append((texture, since)) }
            }
        }
        guard !left.isEmpty else { return }
        var watching: [(texture: LayerTexture, frame: Int)] = []
        swap(&watching, &left)
        while !watching.isEmpty {
            let since = watching[watching.count - 1].frame
            var texture = watching.removeLast().texture
            // Still cached (not let go since), its image gone?
            guard let key = texture.cacheKey, let contents = key.contents else { continue }
            guard contents.isGone else {
                // The last frame's trees may hold the image a frame or two more.
                if frame - since <= 3 { left.append((texture, since)) }
                continue
            }
            textures.removeValue(forKey: key)
            texture.cacheKey = nil
            // Only this local reference left (the entry's and the table's went): no node shows it.
            if isKnownUniquelyReferenced(&texture) { keepSpare(texture) } else { held.append((texture, frame)) }
        }
    }

    /// A texture's pixels, in bytes (none before they are drawn).
    private static func bytes(of texture: LayerTexture) -> Int { (texture.bitmap?.bytesPerRow ?? 0) * Int(texture.height) }

    /// Keeps a texture nothing else holds as a spare of its size (unless enough are kept, or it
    /// has no pixels to draw over).
    private func keepSpare(_ texture: LayerTexture) {
        let bytes = Self.bytes(of: texture)
        guard bytes > 0, spareBytes + bytes <= Self.spareBudget else { return }
        let size = PixelSize(width: texture.width, height: texture.height)
        spares[size, default: []].append(texture)
        spareBytes += bytes
        if spareTaken[size] == nil { spareTaken[size] = frame }
    }
}

extension HashedLook where Look == TextureCache.CachedLook {
    /// The contents image an own look shows, if any.
    var contents: ContentsIdentity? {
        if case .own(let own) = look { own.contents } else { nil }
    }
}
