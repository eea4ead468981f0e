import CLaminaKernels

/// What the compositor placed for one layer (and its subtree) in the last frame, kept for the
/// next one: a subtree that did not change and is placed the same way is taken as it was — its
/// items, its textures, its extent — without looking into it; one that changed is placed again
/// and compared with this to find the damage.
///
/// A frame's items are its placed tree read back to front: each node's `below` items (shadow,
/// body), its children in drawing order, then its `above` items (the border, which Core
/// Animation draws over the sublayers). An offscreen group keeps its subtree inside (`group`)
/// and shows one item.
///
/// Nodes are changed only while the planning thread builds them; the bands that composite a
/// frame on other threads only read them (hence `@unchecked Sendable`).
///
/// A node placed again keeps the one it replaced (`replaced`), emptied, and the frame after
/// next renews that object for the same layer (`renewed`) instead of allocating a new one: a
/// thousand moving layers otherwise allocate and free a thousand nodes and item arrays a frame.
/// The node a frame compares with is never the one it renews (that one is two frames old).
///
/// Its stored properties are `@exclusivity(unchecked)`: only the planning thread changes a node,
/// and no access to one of them ever overlaps another (no closure or callee reaches a node's
/// arrays while they are being changed); Swift's run-time checks of class properties took about
/// 6 % of the planning's samples at 1000 moving tiles, four to six per node placed.
final class PlacedNode: @unchecked Sendable {
    /// The layer's render id, and the snapshot version it was placed from (set once per frame
    /// it is placed in: see `replacing`).
    @exclusivity(unchecked) private(set) var id: UInt64
    @exclusivity(unchecked) private(set) var version: UInt64
    /// Whether its subtree had animations (then it is placed again every frame).
    @exclusivity(unchecked) private(set) var animated: Bool
    /// Every device pixel its items touch (for damage when it goes away). Beside the header and
    /// the id: a parent matching a still child by id reads this and retains it, one cache line.
    @exclusivity(unchecked) var extent: DeviceRect?
    /// How its parent placed it.
    @exclusivity(unchecked) private(set) var placement: Placement
    /// The node placed for the same layer the frame before, which this one replaced: emptied
    /// once compared (`retire`), kept to be renewed for the layer's next node.
    @exclusivity(unchecked) private var replaced: PlacedNode?
    /// The node this one replaced, as kept (for tests).
    var retired: PlacedNode? { replaced }
    @exclusivity(unchecked) var below: [CompositeItem] = []
    @exclusivity(unchecked) private(set) var children: [PlacedNode] = []
    /// Each child's extent, as `children[k].extent`: kept beside them so that a parent whose
    /// still children are taken over (`takeChildren`) works out its extent without reading them.
    @exclusivity(unchecked) private var childExtents: [DeviceRect?] = []
    @exclusivity(unchecked) var above: [CompositeItem] = []
    /// For a still subtree placed somewhere new: everything it draws, in the layer's own
    /// coordinates (kept while its version stays, to pass over it when out of sight).
    @exclusivity(unchecked) var localExtent: CGRect?
    /// Its own textures and what they were drawn from, kept while its look stays.
    @exclusivity(unchecked) var textures = OwnTextures()
    /// The shadow of its whole subtree, when it casts one of unknown shape, with the version and
    /// scale it was made for.
    @exclusivity(unchecked) var subtreeShadow: (version: UInt64, scale: CGFloat, texture: LayerTexture)?
    /// For a subtree shown through one texture: that texture and what it was made from.
    var group: OffscreenGroup? {
        get { groupBox?.group }
        set { groupBox = newValue.map(GroupBox.init) }
    }
    /// Boxed, as few nodes have a group: inline its key (a 4×4 matrix among the rest) made every
    /// node 640 bytes, allocated, initialized, read and freed for each layer placed again (a
    /// thousand a frame when a thousand layers move); boxed, 320.
    @exclusivity(unchecked) private var groupBox: GroupBox?
    private final class GroupBox {
        let group: OffscreenGroup
        init(_ group: OffscreenGroup) { self.group = group }
    }
    /// A `CATiledLayer`'s tiles, which its items show (kept here: items do not retain textures).
    @exclusivity(unchecked) var tiles: TiledContent?
    /// An emitter's particles this frame (`CompositePlan.placeParticles`), kept while its items are shown.
    @exclusivity(unchecked) var particles: LayerTexture?
    /// The blends and background filters its items name (items do not retain them: they are
    /// plain data), kept while its items are shown.
    @exclusivity(unchecked) var effects: [AnyObject] = []
    /// Whether its children are the last frame's layers in the same order (none came or went).
    @exclusivity(unchecked) var childrenInPlace = false
    /// How it placed its children (a child of a still parent placed the same way needs no
    /// comparison of its own).
    @exclusivity(unchecked) var childPlacement: Placement?
    /// The sublayers its children were placed from (`SublayerList.boxes`) and the drawing order
    /// they were placed in: child k showed the snapshot in `boxes[order[k]]`. The next frame
    /// knows a still child by its box alone (held here, so that a box's address is never a
    /// newer box's).
    @exclusivity(unchecked) var placedFrom: (boxes: SublayerBoxes, order: [Int])?
    /// Its items back to front, made once when first asked for (a node does not change once
    /// placed): a still subtree hands a frame its items in one piece.
    @exclusivity(unchecked) private var flattened: [CompositeItem]?
    /// Where each child's items start in `flattened`.
    @exclusivity(unchecked) private var childStarts: [Int] = []
    /// Until flattened: the last frame's node for the same layer, and per child its index among
    /// that node's children when it is the very same (still) node, else −1. Runs of such
    /// children are copied from the last frame's items in one piece.
    @exclusivity(unchecked) var reusedFrom: (old: PlacedNode, indices: [Int32])?

    init(id: UInt64, version: UInt64, animated: Bool, placement: Placement) {
        self.id = id
        self.version = version
        self.animated = animated
        self.placement = placement
    }

    /// A node for the layer `old` showed, placed anew: the node `old` replaced, renewed, when
    /// nothing else holds it any more (no tree, no group, no flattening); else a new one.
    static func replacing(_ old: PlacedNode?, id: UInt64, version: UInt64, animated: Bool, placement: Placement) -> PlacedNode {
        if let old, var spare = old.replaced {
            old.replaced = nil
            if isKnownUniquelyReferenced(&spare) {
                spare.renew(id: id, version: version, animated: animated, placement: placement)
                return spare
            }
        }
        return PlacedNode(id: id, version: version, animated: animated, placement: placement)
    }

    /// As a new node: everything it held let go, its item arrays' storage kept.
    private func renew(id: UInt64, version: UInt64, animated: Bool, placement: Placement) {
        self.id = id
        self.version = version
        self.animated = animated
        // Not stored when it is the one held already (a parent placing its sublayers alike keeps
        // its placement): the store retains one and releases the other, atomic writes each.
        if self.placement !== placement { self.placement = placement }
        below.removeAll(keepingCapacity: true)
        above.removeAll(keepingCapacity: true)
        if !children.isEmpty { children = [] }
        if !childExtents.isEmpty { childExtents = [] }
        extent = nil
        localExtent = nil
        childrenInPlace = false
        childPlacement = nil
        placedFrom = nil
        if flattened != nil { flattened = nil }
        if !childStarts.isEmpty { childStarts = [] }
        reusedFrom = nil
        // Let go by `retire` already: textures, group, shadow, tiles, particles, effects.
    }

    /// Done with `old`, the node this one replaced: what it holds that shows (textures, a group)
    /// is let go now — its textures become spares once nothing shows them — its children are
    /// added to `leftovers` (freed with the spent frame, off the planning), and the emptied node
    /// is kept to be renewed for this layer's next node. What a flattening of this node still
    /// reads of it (its items, through `reusedFrom`) stays until then.
    func retire(_ old: PlacedNode, leaving leftovers: inout Leftovers) {
        guard old !== self else { return }
        old.textures = OwnTextures()
        old.subtreeShadow = nil
        old.groupBox = nil
        old.tiles = nil
        old.particles = nil
        if !old.effects.isEmpty { old.effects = [] }
        if let placedFrom = old.placedFrom.take() { leftovers.boxes.append(placedFrom.boxes) }
        if !old.children.isEmpty {
            var children: [PlacedNode] = []
            swap(&children, &old.children)
            leftovers.children.append(children)
        }
        if !old.childExtents.isEmpty { old.childExtents = [] }
        old.replaced = nil
        replaced = old
    }

    /// Whether all it holds besides its items are its own textures (no group, tiles,
    /// particles, subtree shadow or effects): what `retire` lets go of it is then only those.
    var holdsOnlyTextures: Bool {
        groupBox == nil && tiles == nil && particles == nil && subtreeShadow == nil && effects.isEmpty
    }

    /// Sets its children (in drawing order) and each one's extent.
    func setChildren(_ nodes: [PlacedNode], extents: [DeviceRect?]) {
        precondition(nodes.count == extents.count, "an extent for each child")
        children = nodes
        childExtents = extents
    }

    /// Its children and their extents, moved out (the arrays' storage taken, nothing retained):
    /// a node placed again for the same layer takes over its still children this way. Only for
    /// the node a frame replaces, whose children nothing reads after (its flattened items, which
    /// the next flattening copies from, stay).
    func takeChildren() -> (nodes: [PlacedNode], extents: [DeviceRect?]) {
        var nodes: [PlacedNode] = [], extents: [DeviceRect?] = []
        swap(&nodes, &children)
        swap(&extents, &childExtents)
        return (nodes, extents)
    }

    /// Asks the cache for the node's first line (its header, id, version and extent), which a
    /// planner reads a few children later: each a cache miss otherwise, frames 16 ms apart.
    func prefetch() {
        lamina_prefetch_bytes(Unmanaged.passUnretained(self).toOpaque(), 64)
    }

    /// Calls `body` with each item, back to front.
    func forEachItem(_ body: (CompositeItem) -> Void) {
        for item in items { body(item) }
    }

    /// Its items, back to front.
    var items: [CompositeItem] {
        if children.isEmpty && above.isEmpty { return below }
        if let flattened { return flattened }
        if let patched = itemsPatchedInPlace() { return patched }
        var all = below
        all.reserveCapacity(below.count + children.count + above.count)      // at least one item a child, mostly
        var starts: [Int] = []
        starts.reserveCapacity(children.count)
        let source = reusedFrom.flatMap { reused in reused.old.flattened.map { (reused.old, reused.indices, $0) } }
        var j = 0
        while j < children.count {
            if let (old, indices, oldItems) = source, indices[j] >= 0 {
                // A run of still children that followed each other last frame too: one copy.
                var end = j
                while end + 1 < children.count, indices[end + 1] == indices[end] + 1 { end += 1 }
                let first = Int(indices[j]), last = Int(indices[end])
                let from = old.childStarts[first]
                let to = last + 1 < old.childStarts.count ? old.childStarts[last + 1] : oldItems.count - old.above.count
                for k in first...last { starts.append(all.count + old.childStarts[k] - from) }
                all.append(contentsOf: oldItems[from..<to])
                j = end + 1
            } else {
                starts.append(all.count)
                all.append(contentsOf: children[j].items)
                j += 1
            }
        }
        all.append(contentsOf: above)
        flattened = all
        childStarts = starts
        reusedFrom = nil
        return all
    }

    /// The last frame's items taken over and written over where this node differs, when its
    /// own items and each child placed again are as many as before (a layer moved, recolored):
    /// copying all of them anew was a frame's largest copy under one moving layer (150 bytes
    /// an item, a thousand items, out of cache in a window). Nil when the counts differ.
    private func itemsPatchedInPlace() -> [CompositeItem]? {
        guard let (old, indices) = reusedFrom, childrenInPlace, old.flattened != nil,
              old.below.count == below.count, old.above.count == above.count,
              old.childStarts.count == children.count, indices.count == children.count else { return nil }
        let starts = old.childStarts
        func range(of j: Int, in total: Int) -> Range<Int> {
            starts[j]..<(j + 1 < starts.count ? starts[j + 1] : total - above.count)
        }
        let total = old.flattened!.count
        var placedAgain: [(index: Int, items: [CompositeItem])] = []
        for j in children.indices where indices[j] < 0 {
            let items = children[j].items
            guard items.count == range(of: j, in: total).count else { return nil }
            placedAgain.append((j, items))
        }
        // Moved out of the old node, so that the writes below change it in place.
        var all = old.flattened.take()!
        all.withUnsafeMutableBufferPointer { buffer in
            func write(_ items: [CompositeItem], at start: Int) {
                for (k, item) in items.enumerated() { buffer[start + k] = item }
            }
            write(below, at: 0)
            for (j, items) in placedAgain { write(items, at: starts[j]) }
            write(above, at: total - above.count)
        }
        flattened = all
        childStarts = starts
        reusedFrom = nil
        return all
    }

    /// Joins `rect` to the extent.
    func cover(_ rect: DeviceRect?) {
        guard let rect else { return }
        extent = extent.map { $0.union(rect) } ?? rect
    }
}

/// What planning lets go of the last frame's nodes it replaced, freed with the spent frame
/// once the frame is presented, off the planning: their children, and the sublayer boxes they
/// were placed from (`PlacedNode.placedFrom`: often the last reference to a parent's old list,
/// a thousand boxes whose releases are each a cache miss).
struct Leftovers: Sendable {
    var children: [[PlacedNode]] = []
    var boxes: [SublayerBoxes] = []
}

/// Where a parent puts a sublayer: the parent's sublayer space and its map to device pixels, the
/// opacity it hands down, and the device rectangle its clip leaves (if any). A still subtree
/// with the same placement looks the same as last frame.
///
/// A class, made once per parent and shared by its sublayers' nodes: the sublayer space holds a
/// 4×4 matrix, and copying it into each of a thousand children every frame showed in profiles.
final class Placement: Equatable, @unchecked Sendable {
    let space: LayerGeometry.SublayerSpace?
    let toDevice: CGAffineTransform
    let opacity: CGFloat
    let clip: DeviceRect
    /// A color multiplier (r, g, b, a) handed down, like opacity: a replicator instance's color.
    let tint: SIMD4<Double>?
    /// Whether the sublayer space neither flips nor transforms (or there is none): a flat
    /// sublayer's map into it is then written out (`CompositePlan.planeAffine`), decided once
    /// for all the parent's sublayers.
    let isPlainSpace: Bool

    init(space: LayerGeometry.SublayerSpace?, toDevice: CGAffineTransform, opacity: CGFloat, clip: DeviceRect,
         tint: SIMD4<Double>? = nil) {
        self.space = space
        self.toDevice = toDevice
        self.opacity = opacity
        self.clip = clip
        self.tint = tint
        isPlainSpace = space.map { !$0.isGeometryFlipped && CATransform3DIsIdentity($0.sublayerTransform) } ?? true
    }

    /// Equal placements for the threads that place the sublayers at once (`placeSharing`), made
    /// on first use and kept with this one, which a parent keeps while it places its sublayers
    /// alike: only the parent's thread asks, before the threads start.
    private var threadCopies: [Placement] = []

    /// This placement for each of `threads` threads, by thread number: itself for the caller
    /// (0), an equal object of its own for each helper. Each thread's nodes then hold an object
    /// only that thread retains and releases: one object referenced by every node from two
    /// threads had its reference count written from both cores, a cache line passed between
    /// them for every sublayer.
    func forThreads(_ threads: Int) -> [Placement] {
        while threadCopies.count + 1 < threads {
            threadCopies.append(Placement(space: space, toDevice: toDevice, opacity: opacity, clip: clip, tint: tint))
        }
        return [self] + threadCopies.prefix(max(threads - 1, 0))
    }

    static func == (a: Placement, b: Placement) -> Bool {
        a === b || (a.toDevice == b.toDevice && a.opacity == b.opacity && a.clip == b.clip && a.tint == b.tint && a.space == b.space)
    }
}

/// A layer's own textures (shadow, body or whole drawing, border), with the look version and
/// scale they were drawn for: while both stay and no animation changes the look, the frame takes
/// them from here instead of hashing the look.
struct OwnTextures {
    var ownVersion: UInt64 = 0
    var scale: CGFloat = 0
    /// Whether they were drawn for an animated look: such textures show one moment of the
    /// animation (and are drawn over for the next), so when the animation goes the model's look
    /// is drawn again although the look version stayed.
    var drawnAnimated = false
    /// Whether they were drawn with the contents turned over (`LayerSnapshot.contentsTurned`):
    /// the placing's, which the look version does not follow.
    var turned = false
    var shadow: LayerTexture?
    var body: LayerTexture?
    var border: LayerTexture?

    /// Whether they were drawn for the look `ownVersion` names at `scale`, turned as asked, and
    /// not for an animated one: then `keptTexture` hands them on.
    func fit(ownVersion: UInt64, scale: CGFloat, turned: Bool) -> Bool {
        self.ownVersion == ownVersion && self.scale == scale && !drawnAnimated && self.turned == turned
    }

    /// Whether it holds a body or whole drawing alone (no shadow, no separate border).
    var holdsBodyAlone: Bool { body != nil && shadow == nil && border == nil }

    /// Whether it holds none of the three.
    var isEmpty: Bool { body == nil && shadow == nil && border == nil }

    /// One of the three (an enum, not a key path: key paths are slow to apply, and every placed
    /// layer asks each frame).
    enum Slot { case shadow, body, border }

    subscript(slot: Slot) -> LayerTexture? {
        switch slot {
        case .shadow: shadow
        case .body: body
        case .border: border
        }
    }

    /// One of the three, moved out (no retain and release: handed from the last frame's node to
    /// this frame's).
    mutating func take(_ slot: Slot) -> LayerTexture? {
        switch slot {
        case .shadow: shadow.take()
        case .body: body.take()
        case .border: border.take()
        }
    }
}

extension DeviceRect {
    /// The smallest rectangle holding both.
    func union(_ other: DeviceRect) -> DeviceRect {
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        let x1 = Swift.max(x + width, other.x + other.width), y1 = Swift.max(y + height, other.y + other.height)
        return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The pixels in both; nil when none.
    func intersection(_ other: DeviceRect) -> DeviceRect? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(x + width, other.x + other.width), y1 = Swift.min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return DeviceRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
