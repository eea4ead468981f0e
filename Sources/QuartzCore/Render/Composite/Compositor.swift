import CPixman
import Dispatch
import Foundation
import Synchronization

/// The render thread's fast path. Each layer's own drawing is rasterized once into a texture
/// (`TextureCache`); a frame then places textures with pixman — plain blits for whole-pixel
/// translations, bilinear transforms otherwise — only where the picture changed since the last
/// frame (the damage), in horizontal bands composited on all cores. Subtrees that need an
/// offscreen pass become textures of their own (see `CompositePlan`); nothing sends a whole
/// frame to `LayerRenderer`.
package final class Compositor: @unchecked Sendable {
    /// The caches this compositor draws with (see `RenderContext` for their lifecycle).
    package let context = RenderContext()
    private let cache: TextureCache
    /// The last frame's placed tree: what the next frame reuses and compares with.
    private var previous: PlacedNode?
    /// The last frame's placed tree (for tests).
    var lastRoot: PlacedNode? { previous }
    private var previousBackdrop: UInt32 = 0
    private var targets = TargetHistory()
    private var needsFullFrame = true
    private let groups = GroupCompositor()
    /// Subtrees reported drawn by the layer renderer (`LAMINA_DEBUG=fallback`), once each.
    private var reported = Set<Fallback>()
    /// The debug switches (see `RenderDebug`); a change repaints the whole next frame.
    package var debug: RenderDebug {
        didSet { if debug != oldValue { needsFullFrame = true } }
    }
    /// Drawn over each frame (`hits` outlines, the `fps` graph), set by a window before each frame.
    package var overlay = DebugOverlay()
    /// What the overlay covered last frame: repainted in this one.
    private var overlaid: [DeviceRect] = []
    /// Rectangles flashed last frame (`LAMINA_DEBUG=damage`): repainted in this one.
    private var flashed: [DeviceRect] = []
    private var prefetched: PresentedFrame?
    /// How long the last frame's animations took to evaluate.
    private var evaluationSeconds: CFTimeInterval = 0
    /// Evaluations shorter than this run on the compositing thread; longer ones, the next
    /// frame's, run on a helper (`FrameWorkers.startAside`) while this frame is placed and
    /// composited (with one core, none is handed over); once handed over, until one takes less
    /// than half of it (a tree whose evaluation takes about this long would otherwise be
    /// evaluated on this thread every other frame). Handing over costs a few stores: the helper
    /// is awake, watching for the frame's work. Below this, the presented copies the helper
    /// writes, which the placing reads, cost more than the evaluation.
    package var evaluationWorthSharing: CFTimeInterval = 0.000_05

    /// How far from the time it was evaluated for a frame may be drawn and still take the
    /// evaluation made ahead for it (a frame's wake-up is late by a millisecond or two). A caller
    /// predicting the next frame leaves it unpredicted when an animation starts or ends within
    /// this of it (`AnimationSchedule.evaluatedAhead`).
    package static let evaluatedAheadSlack: CFTimeInterval = 0.010

    /// The threads a frame's placing, shapes and bands are shared with.
    private let workers: FrameWorkers
    /// One per thread, and one more for the rectangles background filters read (see `FilterNode.swift`).
    private let bands: [CompositeBand]
    /// How a frame of one round of bands splits its work between the threads, learned from the
    /// frames before (`OneRoundBalance`).
    private var oneRoundBalance: OneRoundBalance
    /// The last frame's leftovers, freed by `releaseSpentFrame()` once that frame is presented,
    /// or when the next frame starts.
    private var spent: SpentFrame?
    /// When the last call of `composite` returned, by `clock`.
    private var lastReturned: CFTimeInterval?
    /// Whether the last hand-over (a frame's bands come last) left the helpers watching for more
    /// work (frames back to back, placed on every thread: `keepsHelpersWatching`) rather than
    /// asleep; for tests.
    var lastLeftHelpersWatching: Bool { workers.lastLeftWatching }
    /// The clock the time between frames is measured on (`followsClosely`); tests set their own.
    var clock: () -> CFTimeInterval = Compositor.now

    /// Damage below this many pixels is composited by the calling thread alone.
    static let smallestSharedArea = 128 * 128

    /// Layer textures drawn so far (each layer's look is drawn once, then only placed).
    package private(set) var texturesDrawn = 0
    /// How many layers the last frame placed on all threads at once (`SharedPlacing.swift`).
    private(set) var lastPlacedByShares = 0
    /// The rounds of bands the last frame's damage was split in, 0 when one thread composited it
    /// (for tests: see `bandRounds`).
    private(set) var lastBandRounds = 0
    /// Layer textures held by the cache now.
    package var texturesHeld: Int { cache.count }
    /// What the texture cache keeps now: its textures, each once, and their pixels' bytes. A walk
    /// over all of them: for reports, not each frame.
    package var cacheUse: CacheUse { cache.use }
    /// Animated shapes drawn over their layer's last texture in place, only where they changed.
    package var shapesDrawnOver: Int { cache.shapesDrawnOver }
    /// Layer textures drawn over the bitmap of one no longer shown, rather than allocated.
    package var texturesRecycled: Int { cache.recycled }
    /// Frames whose target got something it lacked copied from the last target (`CopyBack`).
    package private(set) var framesCopiedBack = 0
    /// The subtrees the last frame had the layer renderer draw because items could not show
    /// them (none in a tree the compositor places fully), as messages.
    package private(set) var lastFallbacks: [String] = []

    /// `debug` defaults to the switches `LAMINA_DEBUG` names.
    package init(threads: Int = FrameWorkers.usableCores, debug: RenderDebug? = nil) {
        self.debug = debug ?? RenderDebug.fromEnvironment()
        workers = FrameWorkers(threads: threads)
        bands = (0...workers.threads).map { _ in CompositeBand() }
        oneRoundBalance = OneRoundBalance(threads: workers.threads)
        cache = TextureCache(context: context)
        cache.defersShapes = true
    }

    /// Forgets what the target shows: the next frame is composited whole (after a resize, or
    /// after something else drew into it).
    package func invalidate() { needsFullFrame = true }

    /// Composites `tree` at media time `t` over white (or the root's opaque color) into `target` (32-bit BGRA or BGRX, y down,
    /// `scale` pixels per point) where it changed since the last call, and returns the changed
    /// rectangles (what to put), empty when nothing changed. A target last composited two calls
    /// ago (a window's other buffer) also gets what changed in the call between. Nil when the
    /// target is not a 32-bit BGRA/BGRX bitmap; the target is then untouched.
    ///
    /// With `nextFrameAt`, the next frame's animations are evaluated on another core while this
    /// frame composites; a next call for the same tree within 10 ms of that time uses them.
    ///
    /// `lastTarget` is the bitmap the last call composited into, when it still holds that frame
    /// untouched (a window's other buffer): what `target` lacks of it is then copied from it
    /// (`CopyBack`) instead of composited again.
    package func composite(_ tree: RenderTree, atMediaTime t: CFTimeInterval, scale: CGFloat,
                           into target: CGContext, nextFrameAt: CFTimeInterval? = nil, lastTarget: CGContext? = nil) -> [DeviceRect]? {
        guard let format = Self.pixmanFormat(of: target), let data = target.data else { return nil }
        let screen = DeviceRect(x: 0, y: 0, width: Int32(target.width), height: Int32(target.height))
        let followsClosely = Self.followsClosely(began: clock(), lastReturned: lastReturned)
        defer {
            cache.endFrame()
            lastReturned = clock()
        }
        // Whether the placing is likely shared again (as the last frame's was): helpers woken now
        // are up by then, the evaluation between. (Woken for bands that come after a long
        // placing, they only watched the placing go by.)
        let placesOnShares = lastPlacedByShares > 0
        if placesOnShares { workers.wake() }
        let before = cache.drawn
        // Optional so that it can be moved out and freed on another thread once placed (below).
        var presented: LayerSnapshot?
        var evaluatedAhead = false      // handed over (see `evaluationWorthSharing`)
        if let early = prefetched, early.tree == tree.id, abs(early.time - t) <= Self.evaluatedAheadSlack {
            (presented, evaluationSeconds) = early.result()
            evaluatedAhead = true
        } else {
            prefetched?.cancel()        // not begun yet: the helper is spared it
            let started = Self.now()
            presented = tree.snapshot.presented(atParentTime: t)
            evaluationSeconds = Self.now() - started
        }
        prefetched = nil
        // The next frame's evaluation runs on another core while this one is placed and
        // composited (handing it over pays only when it takes a while). Started where a core is
        // free: now when this frame is placed on one thread; once it is placed when the last
        // frame's placing took every core (`SharedPlacing.swift`), overlapping what follows it
        // until the bands (the items listed, the bands' edges), which takes one.
        func evaluateNext() {
            if let next = nextFrameAt, tree.isAnimating,
               Self.handsOver(evaluationSeconds, evaluatedAhead: evaluatedAhead, worth: evaluationWorthSharing) {
                prefetched = PresentedFrame(tree, atMediaTime: next, on: workers)
            }
        }
        if !placesOnShares { evaluateNext() }
        releaseSpentFrame()            // when the caller has not, after presenting the last frame
        // What changed on screen since the last frame: what to put.
        let changes = Damage(limit: Damage.frameLimit)
        var previous = needsFullFrame || self.previous?.placement.clip != screen ? nil : self.previous
        let plan = CompositePlan(screen: screen, cache: cache, groups: groups, damage: changes, workers: workers)
        let root = plan.placeRoot(presented!, scale: scale, previous: previous, previousBackdrop: previousBackdrop)
        // The animated shapes the plan placed, rasterized on every core before anything composites them.
        cache.drawDeferred(on: workers)
        texturesDrawn += cache.drawn - before
        report(plan.fallbacks)
        lastPlacedByShares = plan.placedByShares
        if placesOnShares { evaluateNext() }
        let items = CompositeList(root: root), backdrop = plan.backdrop
        if previous == nil || root.id != previous?.id || backdrop != previousBackdrop { changes.add(screen) }
        // Dropped here, not at the end of the call: held to the end (a local's lifetime), this
        // reference was the last one to the last frame's tree once the thread below had let go
        // of its own, so the render thread freed the thousand nodes after all.
        previous = nil
        let overlayRects = overlay.rectangles(scale: scale, screen: screen)
        for rect in flashed + overlaid + overlayRects { changes.add(rect) }
        let backdropReads = BackdropFilter.reads(of: items, screen: screen)          // FilterNode.swift
        BackdropFilter.grow(changes, reads: backdropReads)
        // The last frame's nodes that were not reused (those placed again stay, emptied, to be
        // renewed: `PlacedNode.retire`; the children they let go are the plan's leftovers), and
        // this frame's presented tree (a copy of each animated layer), are freed once this frame
        // is presented (`releaseSpentFrame`): a thousand moving layers leave a thousand
        // snapshots, and freeing them here would hold up the bands. Moved out of the locals, so
        // that the last references are the ones held here.
        spent = SpentFrame(nodes: self.previous.flatMap { $0 === root ? nil : $0 }, leftovers: plan.takeLeftovers(),
                           presented: presented.take())
        self.previous = root
        previousBackdrop = backdrop
        if needsFullFrame { targets.forget() }
        needsFullFrame = false
        let shown = changes.rectangles
        guard !shown.isEmpty else { return [] }
        // What to composite: that, and what this target missed while another one was drawn.
        let key = TargetHistory.Target(data: data, width: target.width, height: target.height)
        var missed = targets.missing(in: key) ?? [screen]
        if !missed.isEmpty, let source = lastTarget, let sourceData = source.data,
           targets.latest == TargetHistory.Target(data: sourceData, width: source.width, height: source.height),
           CopyBack.canCopy(from: source, into: target) {
            // The last target holds the latest picture: what this one lacks is copied from it.
            let lacking = CopyBack.rectangles(missed, outside: shown)
            CopyBack.copy(lacking, from: source, into: target)
            missed = []
            if !lacking.isEmpty { framesCopiedBack += 1 }
        }
        targets.record(key, changes: shown)
        var rects = missed.isEmpty ? shown : Damage(limit: Damage.frameLimit, rectangles: missed + shown).rectangles
        if !backdropReads.isEmpty {
            // What this target missed may touch what a background filter reads: all of that too.
            let grown = Damage(limit: Damage.frameLimit, rectangles: rects)
            BackdropFilter.grow(grown, reads: backdropReads)
            rects = grown.rectangles
        }
        let surface = PixelTarget(data: data, width: Int32(target.width), height: Int32(target.height),
                                  bytesPerRow: Int32(target.bytesPerRow), format: format)
        drawBands(items, in: rects, reads: backdropReads, screen: screen, target: surface, backdrop: backdrop,
                  followsClosely: followsClosely)
        if !debug.isDisjoint(with: [.offscreen, .misaligned, .blended]) {
            RenderDebug.tint(items, over: rects, options: debug, in: surface)
        }
        flashed = debug.contains(.damage) ? RenderDebug.flash(shown, in: surface) : []
        overlay.draw(in: surface, scale: scale)
        overlaid = overlayRects
        return shown
    }

    /// Composites `items` over `rects` into `surface`: the calling thread alone for small
    /// damage, else bands across the helpers (split by the work they hold, `bandEdges`, in
    /// rounds or one band a thread, `OneRoundBalance`), and the rectangles a background filter
    /// reads whole by one more band (`BackdropFilter`: the filters read across band borders).
    private func drawBands(_ items: CompositeList, in rects: [DeviceRect], reads backdropReads: [DeviceRect], screen: DeviceRect,
                           target surface: PixelTarget, backdrop: UInt32, followsClosely: Bool) {
        // Waking the other threads costs more than a small damage takes to composite.
        let area = rects.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        let threads = workers.threads
        if area >= Self.smallestSharedArea, threads > 1 {
            // Rectangles a background filter reads are composited whole by a band of their own
            // (it reads across band borders).
            let near = backdropReads.isEmpty ? [] : rects.filter { r in backdropReads.contains { $0.intersects(r) } }
            let far = near.isEmpty ? rects : rects.filter { r in !backdropReads.contains { $0.intersects(r) } }
            // More bands than threads, each taken by whichever thread is free: a thread woken
            // late, or sharing its core with the evaluation or a free, takes fewer. They shrink
            // towards the end, so that the threads finish together. Or, where the edges would cut
            // very many items, a band per thread, split as the last frames' bands ended
            // (`OneRoundBalance`).
            let rounds = Self.bandRounds(items: items.items, splitting: far)
            // (A band's claim is a bit of a word: more threads than its bits take rounds.)
            let oneRound = rounds == 1 && threads <= Int.bitWidth
            let shares = oneRound ? oneRoundBalance.shares : Self.bandShares(threads: threads, rounds: max(rounds, 2))
            lastBandRounds = oneRound ? 1 : max(rounds, 2)
            let edges = Self.bandEdges(splitting: far, items: items.items, atShares: shares, height: surface.height)
            let taken = Atomic<Int>(0)
            // In one round, when each band began and ended, and whether its own thread drew it.
            var timed = [(began: Double, ended: Double, own: Bool)](repeating: (0, 0, false), count: oneRound ? threads : 0)
            let handedOver = Self.now()
            timed.withUnsafeMutableBufferPointer { timed in
                // The frame's last hand-over: the helpers sleep once it is done, until the next
                // frame wakes them; but they watch for its first hand-over when it comes at once.
                let watchOn = Self.keepsHelpersWatching(followsClosely: followsClosely, placedByShares: lastPlacedByShares)
                workers.perform(threads + (near.isEmpty ? 0 : 1), moreComing: watchOn) { k, thread in
                    guard k < threads else {
                        return bands[threads].draw(items, in: near, band: screen, target: surface, backdrop: backdrop)
                    }
                    while let b = oneRound ? Self.claim(bandOf: thread, among: threads, in: taken) : Self.take(from: taken, count: edges.count - 1) {
                        guard edges[b + 1] > edges[b] else { continue }
                        let band = DeviceRect(x: 0, y: edges[b], width: screen.width, height: edges[b + 1] - edges[b])
                        let began = oneRound ? Self.now() - handedOver : 0
                        bands[k].draw(items, in: far, band: band, target: surface, backdrop: backdrop)
                        if oneRound { timed[b] = (began, Self.now() - handedOver, b == thread) }
                    }
                }
            }
            if oneRound, timed.allSatisfy(\.own) { oneRoundBalance.learn(began: timed.map(\.began), ended: timed.map(\.ended)) }
        } else {
            lastBandRounds = 0
            bands[0].draw(items, in: rects, band: screen, target: surface, backdrop: backdrop)
        }
    }

    /// Whether a frame that begins at `began` follows the last one, which returned at
    /// `lastReturned` (nil: none), closely enough that helpers left watching after it are still
    /// watching (`FrameWorkers.lingering`): frames composited back to back (unpaced, or a window
    /// catching up), not those of a window paced by the display, a frame every 16 ms.
    static func followsClosely(began: CFTimeInterval, lastReturned: CFTimeInterval?) -> Bool {
        guard let lastReturned else { return false }
        let gap = began - lastReturned
        return gap >= 0 && gap < FrameWorkers.lingeringSeconds
    }

    /// Whether a frame's bands leave the helpers watching for the next frame's work rather than
    /// asleep: when it follows the last one closely (`followsClosely`), and so most likely the
    /// next one follows it, and its placing was shared (`placedByShares` layers placed on every
    /// thread), so that the next frame wakes its helpers as it starts. Waking a sleeping helper
    /// cost the caller a futex wake and the helper a wake-up on this two-core VM: about 0.05 ms
    /// of the stress frame's 2.05 at two cores. A frame whose helpers' first work comes after
    /// its placing (its bands, a few hundred microseconds in) lets them sleep: they would watch
    /// through it for nothing (0.2–0.3 ms of CPU a frame in the frosted-panel scene).
    static func keepsHelpersWatching(followsClosely: Bool, placedByShares: Int) -> Bool {
        followsClosely && placedByShares > 0
    }

    /// Whether the next frame's evaluation goes to another thread, this frame's having taken
    /// `seconds` (see `evaluationWorthSharing`).
    static func handsOver(_ seconds: CFTimeInterval, evaluatedAhead: Bool, worth: CFTimeInterval) -> Bool {
        seconds >= (evaluatedAhead ? worth / 2 : worth)
    }

    /// Frees what the last frame left — its predecessor's placed nodes that it neither reused
    /// nor keeps to renew, and its own presented tree — on the calling thread. A window's render thread calls it once a
    /// frame is put and timed, when it would otherwise wait for the next vblank.
    /// Freed there, the nodes cost no other thread's time and no contention: freed on another
    /// core while this thread planned the next frame (allocating its nodes), the two threads
    /// met on the allocator's lock about ten times a frame at 1000 moving tiles, each meeting a
    /// futex sleep and wake, and the frees themselves took glibc's slow path for another
    /// thread's memory.
    package func releaseSpentFrame() {
        guard spent != nil else { return }
        spent = nil
        // Images freed with it (the sublayer boxes its nodes were placed from held them) let
        // their textures go now, not a frame later.
        cache.dropGoneContents()
    }

    /// Where `count` horizontal bands of a `height`-row target meet (count + 1 rows, from 0 to
    /// `height`), so that each holds an equal share of the work of compositing `rects` (see
    /// `bandEdges(splitting:items:atShares:height:)`), not of the screen's rows: a frame whose
    /// damage lies in its top half still gets every core.
    static func bandEdges(splitting rects: [DeviceRect], items: [CompositeItem] = [], into count: Int, height: Int32) -> [Int32] {
        let count = max(count, 1)
        return bandEdges(splitting: rects, items: items, atShares: Array(repeating: 1 / Double(count), count: count), height: height)
    }

    /// Where horizontal bands of a `height`-row target meet (from 0 to `height`, one more row
    /// than `shares`), so that band k holds about `shares[k]` of the estimated work of
    /// compositing `rects`: each damaged pixel painted with the backdrop, and each pixel of an
    /// item's extent inside the damage, which costs `itemPixelWork` times as much (a turned
    /// tile's pixels are sampled or measured and blended; the backdrop is a fill). Bands by
    /// damaged area alone put a screen's sparse rows and its crowded ones alike.
    static func bandEdges(splitting rects: [DeviceRect], items: [CompositeItem], atShares shares: [Double], height: Int32) -> [Int32] {
        let rows = Int(max(height, 0))
        // Per row, the work starting (or ending, negative) there; summed below into work per row.
        var change = [Int](repeating: 0, count: rows + 1)
        func add(_ y0: Int32, _ y1: Int32, _ work: Int) {
            let a = Int(min(max(y0, 0), height)), b = Int(min(max(y1, 0), height))
            guard b > a, work > 0 else { return }
            change[a] += work
            change[b] -= work
        }
        var box: DeviceRect?
        for r in rects where r.width > 0 && r.height > 0 {
            add(r.y, r.y + r.height, Int(r.width))
            box = box.map { $0.union(r) } ?? r
        }
        if let box {
            // Items against each rectangle when there are few, else against their bounding box
            // (two thousand items against many rectangles would cost more than it saves).
            let against = rects.count <= 8 ? rects : [box]
            for item in items {
                guard let inBox = item.extent.intersection(box) else { continue }
                if against.count == 1 {
                    add(inBox.y, inBox.y + inBox.height, Int(inBox.width) * itemPixelWork)
                    continue
                }
                for r in against {
                    guard let part = inBox.intersection(r) else { continue }
                    add(part.y, part.y + part.height, Int(part.width) * itemPixelWork)
                }
            }
        }
        // The work above each row.
        var above = [Int](repeating: 0, count: rows + 1)
        var perRow = 0
        for y in 0..<rows {
            perRow += change[y]
            above[y + 1] = above[y] + perRow
        }
        let total = Double(above[rows])
        var edges: [Int32] = [0]
        var sum = 0.0, y = 0
        for share in shares.dropLast() {
            sum += share
            // The first row with at least that part of the work above it.
            let goal = Int((total * sum).rounded())
            while y < rows, above[y] < goal { y += 1 }
            edges.append(Int32(y))
        }
        edges.append(height)
        return edges
    }

    /// How much more an item's pixel costs to composite than a damaged pixel to paint with the
    /// backdrop (the stress frame: about 1.2 ns a tile's pixel against 0.1–0.15 ns a fill's).
    static let itemPixelWork = 8

    /// The shares of a frame's work its bands hold, for `threads` threads taking them in turn:
    /// in three `rounds` (any count but 1 and 2), a first round of one band per thread holding
    /// half the frame, a second holding a third, a last holding a sixth; in two, two thirds then
    /// a third, the last round's bands shrinking (`lastRoundSlope`); in one, a band per thread,
    /// even. The threads end within a short band of each other. Few bands: each looks at every
    /// item, and an item a band's edge cuts is set up once per band (with two bands a frame the
    /// stress scene's bands and kernel set-up took about 7 % of the kernel's time, with eleven
    /// about 10 %).
    static func bandShares(threads: Int, rounds: Int = 3) -> [Double] {
        guard threads > 1 else { return [1] }
        let n = Double(threads)
        func inRound(_ share: Double) -> [Double] { [Double](repeating: share / n, count: threads) }
        if rounds == 1 { return inRound(1) }
        guard rounds == 2 else { return inRound(1.0 / 2) + inRound(1.0 / 3) + inRound(1.0 / 6) }
        // The first band of the last round holds 1 + slope times its even part, the last 1 − slope,
        // those between in proportion: the sum stays a third.
        let last = (0..<threads).map { i in (1 + lastRoundSlope * (1 - 2 * Double(i) / (n - 1))) / (3 * n) }
        return inRound(2.0 / 3) + last
    }

    /// How much larger than an even share the first band of two rounds' last round is, and the
    /// last band smaller (`bandShares`). A helper comes to the bands after the caller (it
    /// evaluated the next frame first, 0.03–0.05 ms at 1000 tiles), so it came to the last round
    /// last and ended last, in two frames of three, by 0.05–0.2 ms; taking the smaller band
    /// there, it ends with the caller (the stress frame on two cores about 1 % shorter at 1000
    /// tiles, 2 % at 2000, frames of each kind alternating in one run).
    static let lastRoundSlope = 0.08

    /// How many rounds of bands (`bandShares`) the damage `rects` are split in, by the items an
    /// edge would cut on average (each item's rows inside the damage's bounding box less one,
    /// summed, over the box's rows): one from `cutItemsForOneRound`, two from
    /// `cutItemsForTwoRounds`, else three. A cut item is set up again in the band below, about
    /// 0.27 µs a tile of the stress scene, whose edges cut about 125 tiles each (0.03 ms of CPU
    /// an edge): its frame on two cores took about 2 % less in two rounds than in three, and
    /// 1.5 % less again in one (at 2000 tiles, 250 cut an edge, 1.4 %), frames of each kind
    /// alternating in one run. Balancing the threads' ends with later, thinner bands cost it more
    /// edges than it saved in waiting. A large item cut costs one set-up, and a scene of a few
    /// (particles) is balanced better by the third round's thin bands.
    static func bandRounds(items: [CompositeItem], splitting rects: [DeviceRect]) -> Int {
        // The box `bandEdges` measures the items against when there are many rectangles.
        let damaged = rects.filter { $0.width > 0 && $0.height > 0 }
        guard let box = damaged.dropFirst().reduce(damaged.first, { $0?.union($1) }), box.height > 1 else { return 3 }
        var rows = 0
        for item in items {
            guard let inside = item.extent.intersection(box) else { continue }
            rows += Int(inside.height) - 1
        }
        let height = Int(box.height)
        return rows >= cutItemsForOneRound * height ? 1 : rows >= cutItemsForTwoRounds * height ? 2 : 3
    }

    /// The items an edge would cut, on average, from which a frame's bands come in two rounds,
    /// not three (`bandRounds`).
    static let cutItemsForTwoRounds = 64

    /// The items an edge would cut, on average, from which a frame's bands come in one round, a
    /// band per thread (`bandRounds`).
    static let cutItemsForOneRound = 100

    /// The next of `count` bands taken in turn (`taken` counts those taken), nil when all are.
    private static func take(from taken: borrowing Atomic<Int>, count: Int) -> Int? {
        let b = taken.add(1, ordering: .relaxed).oldValue
        return b < count ? b : nil
    }

    /// In one round, a band claimed for `thread`: its own band first (band k is thread k's),
    /// then any band another thread has not claimed (one whose thread has not come, or came
    /// late); nil when all are claimed. `claimed` holds a bit per band.
    static func claim(bandOf thread: Int, among bands: Int, in claimed: borrowing Atomic<Int>) -> Int? {
        for step in 0..<bands {
            let b = (thread + step) % bands
            let bit = 1 << b
            if claimed.bitwiseOr(bit, ordering: .relaxed).oldValue & bit == 0 { return b }
        }
        return nil
    }

    /// Notes the frame's fallbacks; prints each new one once when `LAMINA_DEBUG=fallback`.
    private func report(_ fallbacks: [Fallback]) {
        lastFallbacks = fallbacks.map(\.message)
        guard debug.contains(.fallback) else { return }
        for fallback in fallbacks where reported.insert(fallback).inserted {
            RenderDebug.print(fallback.message)
        }
    }

    /// Seconds on the system's monotonic clock: for how long work takes (never the media clock,
    /// which tests make virtual).
    static func now() -> CFTimeInterval { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    private static func pixmanFormat(of context: CGContext) -> pixman_format_code_t? {
        guard context.bitsPerPixel == 32, context.bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue,
              context.bytesPerRow % 4 == 0 else { return nil }
        switch context.alphaInfo {
        case .premultipliedFirst: return PIXMAN_a8r8g8b8
        case .noneSkipFirst: return PIXMAN_x8r8g8b8
        default: return nil
        }
    }
}

/// What a frame leaves to free once it is placed: the last frame's placed tree, where it was
/// not reused (its nodes placed again are kept emptied by their successors, see `PlacedNode`;
/// the children they let go are `leftovers`), and this frame's presented tree.
private final class SpentFrame: Sendable {
    let nodes: PlacedNode?
    let leftovers: Leftovers
    let presented: LayerSnapshot?

    init(nodes: PlacedNode?, leftovers: Leftovers, presented: LayerSnapshot?) {
        self.nodes = nodes
        self.leftovers = leftovers
        self.presented = presented
    }
}

/// A tree's animations evaluated at a media time on a helper thread (`FrameWorkers.startAside`):
/// the next frame's evaluation overlaps this frame's compositing.
final class PresentedFrame: @unchecked Sendable {
    let tree: UInt64
    let time: CFTimeInterval
    private let done = DispatchSemaphore(value: 0)
    private var snapshot: LayerSnapshot?
    private var seconds: CFTimeInterval = 0
    private let cancelled = Atomic<Bool>(false)

    /// Nil when `workers` has no helper free to take it.
    init?(_ tree: RenderTree, atMediaTime time: CFTimeInterval, on workers: FrameWorkers) {
        self.tree = tree.id
        self.time = time
        let started = workers.startAside { [self] in
            guard !cancelled.load(ordering: .relaxed) else { return }
            let started = Compositor.now()
            snapshot = tree.snapshot.presented(atParentTime: time)
            seconds = Compositor.now() - started
            done.signal()
        }
        guard started else { return nil }
    }

    /// Tells the helper not to evaluate it, when it has not begun: the frame it was made for
    /// came at another time.
    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// The presented tree, once evaluated, and how long that took (never after `cancel()`).
    func result() -> (LayerSnapshot, CFTimeInterval) {
        done.wait()
        done.signal()                   // later waits return at once
        return (snapshot!, seconds)
    }
}
