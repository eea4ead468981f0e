import Foundation

/// A `CATiledLayer`'s tiles: which ones the renderers want, the ones drawn, and the workers
/// that draw the rest on background threads. One per layer, owned by it; every method may be
/// called from any thread (a lock guards the state).
///
/// Lifecycle:
/// 1. At each commit the layer hands over its grid (`setGrid`): a new grid (bounds, tile size,
///    scale, levels) drops every tile.
/// 2. A renderer that shows the layer says what it shows (`want`): the visible part of the
///    bounds and the device scale. The store picks the level, queues the tiles of that level it
///    lacks (the middle of the view first) and forgets the queued ones no longer in view; tiles
///    out of view are dropped, so memory stays bounded by what is on screen.
/// 3. Up to one worker per core but one draws queued tiles, each into its own bitmap, through the
///    layer's `draw(in:)`. Workers are threads of the store's own, started when tiles are
///    queued and ended when none are left, at a lower priority (nice 10): the main thread and
///    the render thread come first, so drawing tiles on every core never delays a frame (the
///    global queue's threads are shared with the compositor's bands, and a thread's priority
///    cannot be raised again once lowered). A finished tile is kept and `onLanding` is called
///    (the layer then hands the tiles to the next commit, on the main thread).
/// 4. `invalidate` (the layer's `setNeedsDisplay`) marks the tiles it touches stale: they stay
///    shown until their new drawing lands, and are drawn again while in view.
final class TileStore: @unchecked Sendable {
    /// Draws one tile into a context set up for it.
    typealias Drawing = @Sendable (CGContext) -> Void

    /// Guards everything below. Workers hold it only between tiles, never while drawing; still,
    /// a worker runs at a lower priority and may be preempted holding it, so the main and render
    /// threads only try it (`takeLanded(waiting: false)`, `want`) and come back later when it is
    /// busy, rather than wait behind a worker (a priority inversion).
    private let lock = NSLock()
    /// The newest request from a renderer not yet applied, behind a lock of its own that is only
    /// ever held for a moment.
    private let requestLock = NSLock()
    private var latestRequest: (visible: CGRect, deviceScale: CGFloat)?
    /// Signalled by each worker that ends (`drain` waits on it).
    private let workerEnded = DispatchSemaphore(value: 0)
    private var grid: TileGrid?
    private var finished: [TileKey: TileImage] = [:]
    /// Finished tiles whose drawing is out of date (`invalidate`).
    private var stale: Set<TileKey> = []
    /// The tiles of the last request, and the rectangle and level it was for.
    private var wanted: Set<TileKey> = []
    private var request: (visible: CGRect, deviceScale: CGFloat, level: Int)?
    /// To draw, next first.
    private var queue: [TileKey] = []
    /// Being drawn, and those invalidated while being drawn (drawn again after).
    private var drawing: Set<TileKey> = []
    private var redraw: Set<TileKey> = []
    /// Bumped when the grid changes: a tile drawn for an older grid is thrown away.
    private var generation = 0
    private var workers = 0
    private let maxWorkers: Int
    private let draw: Drawing
    /// Called (on a worker thread) when a tile lands after the last `takeLanded()`.
    var onLanding: (@Sendable () -> Void)?
    private var landedSinceTaken = false
    /// Tiles drawn so far (for tests and benchmarks).
    private(set) var tilesDrawn = 0

    /// `workers`: how many tiles draw at once. By default one per core but one: the main and
    /// render threads keep a core, so that a frame never waits for one behind tile drawing
    /// (measured with `lamina-bench tiles` on 2 cores: main-thread steps of up to 3–17 ms wall
    /// with two workers, under 2 ms with one).
    init(workers: Int = FrameWorkers.usableCores - 1, draw: @escaping Drawing) {
        maxWorkers = max(1, workers)
        self.draw = draw
    }

    // MARK: From the layer (main thread)

    /// The grid the layer has now; a different one drops every tile.
    func setGrid(_ new: TileGrid) {
        lock.lock()
        defer { lock.unlock() }
        guard new != grid else { return }
        grid = new
        generation += 1
        finished = [:]
        stale = []
        queue = []
        redraw = []
        wanted = []
        // The last request is asked again under the new grid.
        if let last = request {
            request = nil
            want(visible: last.visible, deviceScale: last.deviceScale, grid: new)
        }
    }

    /// Marks the tiles that `rect` touches (all, when nil) for drawing again.
    func invalidate(_ rect: CGRect?) {
        lock.lock()
        defer { lock.unlock() }
        guard let grid else { return }
        func touches(_ key: TileKey) -> Bool { rect.map { grid.rect(of: key).intersects($0) } ?? true }
        for key in finished.keys where touches(key) { stale.insert(key) }
        for key in drawing where touches(key) { redraw.insert(key) }
        for key in wanted.sorted() where stale.contains(key) && !drawing.contains(key) && !queue.contains(key) { queue.append(key) }
        startWorkers()
    }

    /// The finished tiles, coarse levels first (so that sharper ones cover them), and whether
    /// any landed since the last call; nil when the store is busy and `waiting` is false.
    func takeLanded(waiting: Bool = true) -> (tiles: [TileImage], landed: Bool)? {
        if waiting { lock.lock() } else if !lock.try() { return nil }
        defer { lock.unlock() }
        let landed = landedSinceTaken
        landedSinceTaken = false
        return (finished.values.sorted { $0.key < $1.key }, landed)
    }

    /// Waits until no tile is queued or being drawn. For tests and tools: the main thread
    /// never waits for tiles otherwise.
    func drain() {
        // A request applied on another thread may start workers without any ending: look again
        // every few milliseconds too.
        while isBusy { _ = workerEnded.wait(timeout: .now() + .milliseconds(5)) }
    }

    /// Whether tiles are queued or being drawn, or a renderer's request waits to be applied.
    var isBusy: Bool {
        requestLock.lock()
        let pending = latestRequest != nil
        requestLock.unlock()
        lock.lock()
        defer { lock.unlock() }
        return pending || workers > 0 || !queue.isEmpty
    }

    /// Tiles drawn so far, and finished tiles kept now.
    var counts: (drawn: Int, kept: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (tilesDrawn, finished.count)
    }

    /// The tiles being asked for (for tests).
    var wantedTiles: Set<TileKey> {
        lock.lock()
        defer { lock.unlock() }
        return wanted
    }

    // MARK: From renderers (any thread)

    /// A renderer shows `visible` (layer coordinates) at `deviceScale` pixels per point. When
    /// a worker holds the store, the request is taken on another thread instead of waiting.
    func want(visible: CGRect, deviceScale: CGFloat) {
        requestLock.lock()
        latestRequest = (visible, deviceScale)
        requestLock.unlock()
        if lock.try() {
            takeLatestRequest()
            lock.unlock()
        } else {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                lock.lock()
                takeLatestRequest()
                lock.unlock()
            }
        }
    }

    /// Applies the newest request not yet taken (so that one deferred never undoes a later one).
    /// With `lock` held.
    private func takeLatestRequest() {
        requestLock.lock()
        let latest = latestRequest
        latestRequest = nil
        requestLock.unlock()
        guard let latest, let grid else { return }
        want(visible: latest.visible, deviceScale: latest.deviceScale, grid: grid)
    }

    private func want(visible: CGRect, deviceScale: CGFloat, grid: TileGrid) {
        let level = grid.level(forDeviceScale: deviceScale)
        if let request, request.visible == visible, request.level == level { return }
        request = (visible, deviceScale, level)
        let keys = grid.tiles(covering: visible, atLevel: level)
        wanted = Set(keys)
        // The middle of the view first: what the eye is on lands first.
        let middle = CGPoint(x: visible.midX, y: visible.midY)
        func distance(_ key: TileKey) -> CGFloat {
            let r = grid.rect(of: key)
            return hypot(r.midX - middle.x, r.midY - middle.y)
        }
        queue = keys.filter { (finished[$0] == nil || stale.contains($0)) && !drawing.contains($0) }
            .sorted { distance($0) < distance($1) }
        evict(keeping: visible, level: level, grid: grid)
        startWorkers()
    }

    /// Drops finished tiles out of view, and, beyond a bound, those of the levels farthest from
    /// the one shown (kept meanwhile: a coarser tile stands in while a sharper one draws).
    private func evict(keeping visible: CGRect, level: Int, grid: TileGrid) {
        let margin = grid.tileSide(atLevel: level)
        let kept = visible.insetBy(dx: -margin.width, dy: -margin.height)
        for (key, tile) in finished where !tile.rect.intersects(kept) {
            finished[key] = nil
            stale.remove(key)
        }
        let limit = max(64, 2 * wanted.count)
        guard finished.count > limit else { return }
        let byDistance = finished.keys.sorted { abs($0.level - level) > abs($1.level - level) }
        for key in byDistance.prefix(finished.count - limit) where !wanted.contains(key) {
            finished[key] = nil
            stale.remove(key)
        }
    }

    // MARK: Workers

    private func startWorkers() {
        while workers < maxWorkers, workers < queue.count {
            workers += 1
            let worker = Thread { [self] in
                Self.yieldToFrames()
                work()
            }
            worker.name = "lamina.tiles"
            worker.start()
        }
    }

    /// Lowers the calling thread's priority (on Linux the nice value is a thread's own).
    private static func yieldToFrames() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        #endif
    }

    /// Draws queued tiles until none is left.
    private func work() {
        lock.lock()
        while let key = queue.first, let grid {
            queue.removeFirst()
            drawing.insert(key)
            let started = generation
            lock.unlock()
            let tile = TileImage(key, of: grid, draw: draw)
            lock.lock()
            drawing.remove(key)
            tilesDrawn += 1
            guard started == generation else { continue }
            // Invalidated while drawn: shown meanwhile, but stale, and drawn again while in view.
            let invalidated = redraw.remove(key) != nil
            if invalidated, wanted.contains(key), !queue.contains(key) { queue.insert(key, at: 0) }
            if let tile, wanted.contains(key) || finished[key] != nil {
                finished[key] = tile
                if invalidated { stale.insert(key) } else { stale.remove(key) }
                if !landedSinceTaken, let onLanding {
                    landedSinceTaken = true
                    lock.unlock()
                    onLanding()
                    lock.lock()
                } else {
                    landedSinceTaken = true
                }
            }
        }
        workers -= 1
        lock.unlock()
        workerEnded.signal()
    }
}
