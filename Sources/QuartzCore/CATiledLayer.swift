import Foundation

/// A layer whose content is drawn in tiles, on background threads, as the renderer needs them,
/// and kept at several levels of detail: for content far larger than the screen (a map, a
/// document page zoomed in).
///
/// How it works here (see "Tiled layers" in docs/DESIGN.md):
/// 1. Whoever shows the layer — a window's compositor, `render(in:)`, `CARenderer` — reports
///    the part of it in view and the scale it is shown at. The layer picks the level of detail:
///    the coarsest at least as sharp as the screen. Each level has half the resolution of the
///    one before; level 0 is `contentsScale`, `levelsOfDetailBias` adds levels at 2×, 4×, …
/// 2. The missing tiles of that level are drawn on background threads (one per core but one), each by
///    `draw(in:)` (which by default asks the delegate's `draw(_:in:)`) into its own context:
///    its clip is the tile's rectangle in layer coordinates, its CTM maps the layer's
///    coordinates (y down) to the tile's pixels at the level's scale. The main thread never
///    waits for them.
/// 3. A finished tile makes the layer commit again, so windows redraw as tiles land; each new
///    tile fades in over `fadeDuration()` of the layer's time.
/// 4. Tiles out of view are dropped, so memory follows what is on screen.
///
/// `setNeedsDisplay(_:)` redraws only the tiles the rectangle touches (they stay shown until
/// their new drawing lands). Setting `contents` directly makes it a plain layer showing them.
open class CATiledLayer: CALayer {
    /// The number of levels of detail kept: each level has half the resolution of the one
    /// before. Defaults to 1. Levels whose drawing would be smaller than a pixel on a side are
    /// not used. Must be at least 1.
    open var levelsOfDetail: Int = 1 {
        didSet {
            if levelsOfDetail < 1 {
                CGDiagnostics.log("CATiledLayer.levelsOfDetail", "\(levelsOfDetail) is less than 1; kept \(oldValue).")
                levelsOfDetail = oldValue
                return
            }
            if levelsOfDetail > Self.levelLimit {
                CGDiagnostics.log("CATiledLayer.levelsOfDetail",
                                  "\(levelsOfDetail) levels: only those down to one pixel per side are used.")
            }
            didChange("levelsOfDetail", from: oldValue)
        }
    }

    /// The number of magnified levels of detail: 2 adds levels at 2× and 4× resolution.
    /// Defaults to 0. Must not be negative; more than 30 are not used.
    open var levelsOfDetailBias: Int = 0 {
        didSet {
            if levelsOfDetailBias < 0 {
                CGDiagnostics.log("CATiledLayer.levelsOfDetailBias", "\(levelsOfDetailBias) is negative; kept \(oldValue).")
                levelsOfDetailBias = oldValue
                return
            }
            if levelsOfDetailBias > Self.levelLimit {
                CGDiagnostics.log("CATiledLayer.levelsOfDetailBias",
                                  "\(levelsOfDetailBias) magnified levels: only \(Self.levelLimit) are used.")
            }
            didChange("levelsOfDetailBias", from: oldValue)
        }
    }

    /// The size of a tile in pixels of its level. Defaults to 256×256. Each side must be a
    /// number from 1 to 4096.
    open var tileSize = CGSize(width: 256, height: 256) {
        didSet {
            let sides = [tileSize.width, tileSize.height]
            guard sides.allSatisfy({ $0.isFinite && $0 >= 1 && $0 <= 4096 }) else {
                CGDiagnostics.log("CATiledLayer.tileSize", "\(tileSize) is not a size from 1×1 to 4096×4096 pixels; kept \(oldValue).")
                tileSize = oldValue
                return
            }
            didChange("tileSize", from: oldValue)
        }
    }

    /// How long a newly drawn tile takes to fade in, in seconds. Defaults to 0.25; override it
    /// in a subclass to change it (0: tiles appear at once).
    open class func fadeDuration() -> CFTimeInterval { 0.25 }

    /// More levels than any bitmap has halvings (or doublings worth drawing).
    static let levelLimit = 30

    /// A tiled layer with Apple's defaults; it has no tiles until something shows it.
    public override init() {
        super.init()
    }

    /// A copy of `layer` (presentation copies): its properties, no tiles of its own (it shows
    /// the model layer's).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Not archived: a fresh tiled layer.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    // MARK: Tiles
    // (Final: kept out of the class's vtable, so that a subclass in another module does not
    // depend on them; an incremental build did not recompile one when they changed.)

    /// The layer's tiles and their workers, made when first shown.
    private(set) final lazy var tileStore: TileStore = {
        let box = WeakTiledLayer(self)
        let store = TileStore { ctx in box.layer?.draw(in: ctx) }
        // Tiles landing within half a frame of each other are taken (and committed) together:
        // with both cores drawing, several land per frame.
        store.onLanding = { DispatchQueue.main.asyncAfter(deadline: .now() + 1.0 / 120) { box.layer?.landTiles() } }
        return store
    }()
    /// The tiles shown, as the last commit (or landing) took them from the store.
    private final var shownTiles: [TileKey: TiledContent.Shown] = [:]
    /// The grid last handed to the store.
    private final var lastGrid: TileGrid?
    /// What `setNeedsDisplay` marked since the last display pass: nil for everything.
    private final var pendingInvalidation: [CGRect]? = []

    /// The tiling of the layer as its properties say now.
    final var tileGrid: TileGrid {
        TileGrid(bounds: bounds, tileSize: tileSize, contentsScale: contentsScale,
                 levelsOfDetail: min(levelsOfDetail, Self.levelLimit), levelsOfDetailBias: min(levelsOfDetailBias, Self.levelLimit))
    }

    /// Marks every tile for drawing again.
    open override func setNeedsDisplay() {
        pendingInvalidation = nil
        super.setNeedsDisplay()
    }

    /// Marks the tiles that `r` (layer coordinates) touches for drawing again; the others stay.
    open override func setNeedsDisplay(_ r: CGRect) {
        guard r.isFiniteRect else {
            CGDiagnostics.log("CATiledLayer.setNeedsDisplay", "\(r) is not finite; redrawing everything.")
            return setNeedsDisplay()
        }
        pendingInvalidation?.append(r)
        super.setNeedsDisplay(r)
    }

    /// Sends the marked tiles to be drawn again, on background threads; no backing image is
    /// made (the tiles are the layer's content).
    open override func display() {
        let marked = pendingInvalidation
        pendingInvalidation = []
        guard contents == nil else { return }
        if let marked {
            for rect in marked { tileStore.invalidate(rect) }
        } else {
            tileStore.invalidate(nil)
        }
    }

    /// Waits for the tiles being drawn, then takes them (as a landing would on the main queue).
    /// For tests and tools: nothing else waits for tiles.
    package final func drainTiles() {
        tileStore.drain()
        landTiles(waiting: true)
    }

    /// Tiles drawn so far, and finished tiles kept now (for benchmarks and tools).
    package final var tileCounts: (drawn: Int, kept: Int) { tileStore.counts }

    /// Takes the tiles that landed; when anything changed, the layer commits again (a window
    /// redraws) and a frame after the fades end lets the render thread rest again.
    final func landTiles(waiting: Bool = false) {
        guard let changed = syncTiles(waiting: waiting) else {
            // A worker holds the store: back in a moment rather than wait behind it.
            let box = WeakTiledLayer(self)
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.001) { box.layer?.landTiles() }
            return
        }
        guard changed else { return }
        snapshotDidChange()
        CATransaction.current.touched[ObjectIdentifier(self)] = self
        let fade = Self.fadeDuration()
        if fade > 0 {
            let box = WeakTiledLayer(self)
            DispatchQueue.main.asyncAfter(deadline: .now() + fade + 0.02) { box.layer?.settleFadesIfDue() }
        }
    }

    /// Brings `shownTiles` up to the store's finished tiles: new ones start their fade now.
    /// True when anything changed; nil when the store was busy and `waiting` is false.
    private final func syncTiles(waiting: Bool) -> Bool? {
        guard let (finished, _) = tileStore.takeLanded(waiting: waiting) else { return nil }
        let fade = Self.fadeDuration()
        let now = localTime(fromMediaTime: CACurrentMediaTime())
        var next: [TileKey: TiledContent.Shown] = [:]
        var changed = finished.count != shownTiles.count
        for tile in finished {
            if let old = shownTiles[tile.key], old.tile === tile {
                next[tile.key] = old
            } else {
                changed = true
                next[tile.key] = TiledContent.Shown(tile: tile, landedAt: fade > 0 ? now : nil, under: shownTiles[tile.key]?.tile)
            }
        }
        var dropped: [TileImage] = []
        for (key, old) in shownTiles {
            if next[key]?.tile !== old.tile { dropped.append(old.tile) }
            if let under = old.under, next[key]?.under !== under { dropped.append(under) }
        }
        shownTiles = next
        Self.release(dropped)
        return changed
    }

    /// Fades that have ended no longer make frames change with time.
    private final func settleFades() -> Bool {
        let fade = Self.fadeDuration()
        let now = localTime(fromMediaTime: CACurrentMediaTime())
        var settled = false
        for (key, shown) in shownTiles {
            guard let landed = shown.landedAt, fade <= 0 || now >= landed + fade else { continue }
            shownTiles[key] = TiledContent.Shown(tile: shown.tile, landedAt: nil, under: nil)
            if let under = shown.under { Self.release([under]) }
            settled = true
        }
        return settled
    }

    /// Lets go of tiles on a background thread: freeing a tile's bitmap returns its pages to
    /// the system, which for the dozens a zoom drops at once took milliseconds of the main thread.
    private static func release(_ tiles: [TileImage]) {
        guard !tiles.isEmpty else { return }
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(tiles) {} }
    }

    private final func settleFadesIfDue() {
        guard settleFades() else { return }
        snapshotDidChange()
        CATransaction.current.touched[ObjectIdentifier(self)] = self
    }

    /// What the snapshot carries (nil once `contents` is set: then it is a plain layer).
    /// Called at commit, on the main thread.
    final func tiledContent() -> TiledContent? {
        if let model = modelLayer as? CATiledLayer { return model.tiledContent() }
        guard contents == nil else { return nil }
        let grid = tileGrid
        if grid != lastGrid {
            tileStore.setGrid(grid)
            lastGrid = grid
        }
        _ = syncTiles(waiting: false)        // when busy, the landing that made it busy follows
        _ = settleFades()
        return TiledContent(tiles: shownTiles.values.sorted { $0.tile.key < $1.tile.key }, fadeDuration: Self.fadeDuration(),
                            demand: tileStore)
    }

    // MARK: Key-value coding

    /// `CALayer`'s properties and `tileSize`, `levelsOfDetail`, `levelsOfDetailBias` (none animatable).
    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        "tileSize": .keyPath(\CATiledLayer.tileSize),
        "levelsOfDetail": integerProperty(\CATiledLayer.levelsOfDetail),
        "levelsOfDetailBias": integerProperty(\CATiledLayer.levelsOfDetailBias),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    /// An integer property set from any number that is a whole one in range (NaN and ±∞ are
    /// refused, as `Int(…)` would trap on them).
    private static func integerProperty(_ path: ReferenceWritableKeyPath<CATiledLayer, Int>) -> LayerProperty {
        LayerProperty(get: { ($0 as? CATiledLayer).map { NSNumber(value: $0[keyPath: path]) } },
                      set: { layer, value in
                          guard let layer = layer as? CATiledLayer, let number = Boxing.number(value),
                                number.isFinite, abs(number) < 1e15 else { return false }
                          layer[keyPath: path] = Int(number)
                          return true
                      })
    }
}

/// The layer as tile workers and main-queue blocks reach it: weakly (a layer that goes away
/// stops getting tiles).
private final class WeakTiledLayer: @unchecked Sendable {
    weak var layer: CATiledLayer?
    init(_ layer: CATiledLayer) { self.layer = layer }
}
