import CPixman

/// Places a presented tree as composite items, reusing what the last frame placed (`PlacedNode`)
/// wherever a subtree did not change, and adding to `damage` the device pixels that differ.
///
/// Per layer, one of these ways, chosen by `Route` — one predicate, with a reason — or,
/// under perspective, by `placeProjected`:
/// 1. **Items**: the layer's own textures (shadow, body, border) placed by an affine map, its
///    sublayers recursively; a rectangular `masksToBounds` on whole pixels clips their items. A
///    shadow of unknown shape cast by a subtree is one more item (`placeSubtreeShadow`).
/// 2. **Offscreen group** (a mask, a clip with rounded corners or off the pixel grid, group
///    opacity): the subtree is placed item by item into a texture of its own, clipped by its
///    shape or mask there, and that texture is placed as one item (`OffscreenGroup`).
/// 3. **Projected item**: a leaf under perspective, its own texture through its homography.
/// 4. **Drawn** by `LayerRenderer` into a texture, for what items cannot show: perspective over a
///    subtree and rasterization by design; transitions, a shadow of unknown shape under a mask and
///    a faded border over a background as fallbacks, reported (`LAMINA_DEBUG=fallback`).
/// Only the subtree takes the slower way; the rest of the frame stays items.
final class CompositePlan {
    /// What the last frame's nodes this frame replaced let go (`PlacedNode.retire`): freed with
    /// the spent frame, once this one is presented.
    @exclusivity(unchecked) private var leftovers = Leftovers()
    /// What a frame needs besides the cache: the screen (or group texture) it places into and
    /// where to report damage and fallbacks.
    let cache: TextureCache
    let screen: DeviceRect
    let damage: Damage?
    private let groups: GroupCompositor
    /// Subtrees drawn by the layer renderer this frame because items could not show them.
    var fallbacks: [Fallback] = []
    /// What the frame is painted with before the items (premultiplied ARGB): white, or the
    /// root's color when it fills the screen.
    var backdrop: UInt32 = 0xFFFF_FFFF
    /// The threads that may place a parent's changed sublayers at once (`placeSharing`); none
    /// for a share.
    let workers: FrameWorkers?
    /// How many threads may place a parent's changed sublayers at once.
    var threads: Int { workers?.threads ?? 1 }
    /// Whether this plan places some of a parent's sublayers while other threads place the
    /// rest (`init(sharing:)`): it then changes nothing the others could read or change — the
    /// cache's use marks, the textures' drawings (`undrawn`) — and keeps its own damage and
    /// leftovers, which `absorb` adds to its parent's.
    let isShare: Bool
    /// How many layers this plan's shares placed (for tests).
    var placedByShares = 0
    /// Textures a share placed through the sampling kernels that may not be drawn yet: drawn
    /// by `absorb`, one thread, before anything composites them.
    var undrawn: [LayerTexture] = []

    init(screen: DeviceRect, cache: TextureCache, groups: GroupCompositor, damage: Damage?, workers: FrameWorkers? = nil) {
        self.screen = screen
        self.cache = cache
        self.groups = groups
        self.damage = damage
        self.workers = workers
        isShare = false
    }

    /// A plan for one of the threads `placeSharing` places sublayers on: `parent`'s screen,
    /// cache and groups, a damage of its own.
    init(sharing parent: CompositePlan) {
        screen = parent.screen
        cache = parent.cache
        groups = parent.groups
        damage = parent.damage.map { Damage(limit: $0.limit) }
        workers = nil
        isShare = true
    }

    /// Whether this frame tells the cache which textures are in use (now and then).
    var touchesTextures: Bool { cache.wantsTouches }

    /// Tells the cache that `node`'s own textures are in use, as `keptTexture` does for the
    /// layers this plan places itself (a share leaves it to its parent).
    func touchOwnTextures(of node: PlacedNode) {
        if let texture = node.textures.shadow { cache.touch(texture) }
        if let texture = node.textures.body { cache.touch(texture) }
        if let texture = node.textures.border { cache.touch(texture) }
    }

    /// Adds what `share` placed to this plan: its damage, its leftovers and fallbacks, and draws
    /// the textures it left undrawn. After the threads are done, on this plan's thread.
    func absorb(_ share: CompositePlan) {
        if let damage, let theirs = share.damage { damage.add(theirs) }
        leftovers.children.append(contentsOf: share.leftovers.children)
        leftovers.boxes.append(contentsOf: share.leftovers.boxes)
        fallbacks.append(contentsOf: share.fallbacks)
        for texture in share.undrawn { texture.ensureDrawn() }
    }

    /// Places the root at `scale` device pixels per point; `previous` is the last frame's root.
    func placeRoot(_ root: LayerSnapshot, scale: CGFloat, previous: PlacedNode?, previousBackdrop: UInt32) -> PlacedNode {
        let placement = Placement(space: nil, toDevice: CGAffineTransform(scaleX: scale, y: scale), opacity: 1, clip: screen)
        let node = place(root, placement, old: previous, tracked: damage != nil, isRoot: true)
        if node === previous { backdrop = previousBackdrop }
        return node
    }

    /// The last frame's nodes this frame let go (see `leftovers`), moved out.
    func takeLeftovers() -> Leftovers {
        var taken = Leftovers()
        swap(&taken, &leftovers)
        return taken
    }

    // MARK: Reuse and damage

    /// `layer` placed as `placement` says: the old node itself when nothing changed, else a new
    /// one, compared with the old (when `tracked`) for damage. `flat`: the layer's map to the
    /// device, when the caller has worked it out already (`placesAlone`).
    func place(_ layer: LayerSnapshot, _ placement: Placement, old: PlacedNode?, tracked: Bool,
               isRoot: Bool = false, flat: CGAffineTransform? = nil) -> PlacedNode {
        // Under an odd number of flips its contents draw turned over (rare: copied only then).
        if let turned = layer.turned(for: placement.space) {
            return place(turned, placement, old: old, tracked: tracked, isRoot: isRoot, flat: flat)
        }
        if let old, old.id == layer.id, Self.isStill(old, layer.version, layer.hasAnimations, placement) {
            return reuse(old)
        }
        let match = old?.id == layer.id ? old : nil
        let node = PlacedNode.replacing(match, id: layer.id, version: layer.version, animated: layer.hasAnimations, placement: placement)
        // Compared with below; then emptied and kept to be renewed for the layer's next node.
        defer { if let match { node.retire(match, leaving: &leftovers) } }
        if let match, match.version == layer.version, !match.animated, !layer.hasAnimations {
            // A still subtree placed elsewhere (scrolled, say): what it covers is known from
            // last frame, so one out of sight is passed over without looking inside.
            let local = match.localExtent ?? LayerNode.extent(of: layer)
            node.localExtent = local
            if !Self.canShow(local, of: layer, in: placement) {
                if tracked, let damage { addDamage(from: match, to: node, in: damage) }
                return node
            }
        } else if match == nil, !isRoot, let local = Self.firstPlacementExtent(of: layer),
                  !Self.canShow(local, of: layer, in: placement) {
            // Seen for the first time (a first frame, a layer just added) and out of sight: its
            // textures are drawn when it comes into view (Culling.swift).
            if !layer.hasAnimations { node.localExtent = local }
            if tracked, let damage { damage.add(old?.extent) }
            return node
        }
        placeLayer(layer, node, placement, old: match, tracked: tracked && match != nil, isRoot: isRoot, flat: flat)
        guard tracked, let damage else { return node }
        guard let match else {
            // Something else was here: all of it, and all of this, changed.
            damage.add(old?.extent)
            damage.add(node.extent)
            return node
        }
        addDamage(from: match, to: node, in: damage)
        return node
    }

    /// Whether the layer's last node shows it as it is now: the same version, no animations, placed the same way.
    private static func isStill(_ old: PlacedNode, _ version: UInt64, _ animated: Bool, _ placement: Placement) -> Bool {
        old.version == version && !animated && !old.animated && old.placement == placement
    }

    /// A still subtree's last node, as it is.
    @discardableResult
    private func reuse(_ old: PlacedNode) -> PlacedNode {
        // Its textures stay cached while used; telling the cache now and then is enough (a
        // share leaves it to its parent, who touches what the shares placed).
        if !isShare, cache.wantsTouches { old.forEachItem { cache.touch($0.texture) } }
        return old
    }

    /// What differs between a node and the one placed for the same layer last frame (its
    /// children placed again have added their own).
    private func addDamage(from old: PlacedNode, to node: PlacedNode, in damage: Damage) {
        if !Self.same(old.below, node.below) || !Self.same(old.above, node.above) {
            func addAll(_ items: [CompositeItem]) { for item in items { damage.add(item.extent) } }
            addAll(old.below); addAll(old.above); addAll(node.below); addAll(node.above)
        }
        if !node.childrenInPlace { addChildDamage(old: old.children, new: node.children, to: damage) }
    }

    /// A group's layer placed into its texture by `toDevice`, item by item, at full opacity,
    /// compared with `old` for damage.
    func placeContents(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, scale: CGFloat, old: PlacedNode?) {
        placeItems(layer, node, toDevice: toDevice, opacity: 1, scale: scale, old: old, tracked: damage != nil && old != nil, isRoot: false)
        if let damage, let old { addDamage(from: old, to: node, in: damage) }
    }

    /// Children placed again damage themselves; this adds those that came, went or changed order.
    private func addChildDamage(old: [PlacedNode], new: [PlacedNode], to damage: Damage) {
        if old.count == new.count, zip(old, new).allSatisfy({ $0.id == $1.id }) { return }
        let oldIDs = Set(old.map(\.id)), newIDs = Set(new.map(\.id))
        for node in old where !newIDs.contains(node.id) { damage.add(node.extent) }
        for node in new where !oldIDs.contains(node.id) { damage.add(node.extent) }
        let keptOld = old.filter { newIDs.contains($0.id) }, keptNew = new.filter { oldIDs.contains($0.id) }
        if keptOld.map(\.id) != keptNew.map(\.id) {
            for node in keptOld + keptNew { damage.add(node.extent) }
        }
    }

    private static func same(_ a: [CompositeItem], _ b: [CompositeItem]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.looksLike($1) }
    }

    // MARK: Placing one layer

    /// `placement` is the node's (passed, not read from the node: a reference read from a
    /// stored property is retained, and released at the end, an atomic write each, which waits for
    /// the stores before it). `flat`: the layer's map to the device, when known (see `place`).
    private func placeLayer(_ layer: LayerSnapshot, _ node: PlacedNode, _ placement: Placement, old: PlacedNode?, tracked: Bool,
                            isRoot: Bool, flat: CGAffineTransform?) {
        guard layer.isVisible else { return }
        if layer.isTransformLayer { return placeTransformLayer(layer, node, old: old, tracked: tracked) }
        let toDevice: CGAffineTransform
        switch flat.map(DeviceMap.flat) ?? Self.deviceMap(of: layer, in: placement) {
        case .flat(let map): toDevice = map
        case .perspective(let m):
            // A layer that is its own drawing alone goes straight through the projective
            // kernel; any other is drawn flat and warped by the layer renderer.
            if !placeProjected(layer, m, node, old: old) { placeDrawnInParent(layer, m, node, old: old) }
            return
        case .unseen: return
        }
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        let opacity = placement.opacity * min(layer.opacity, 1)
        let scale = Self.textureScale(abs(det).squareRoot())
        // The path cache read only when the question is asked (see `Route.init`), nothing retained for it.
        let route = Route(of: layer, toDevice: toDevice, opacity: opacity,
                          shadowUnderMaskIsUnknown: layer.castsShadow && layer.hasMask
                              && Route.shadowUnderMaskIsUnknown(layer, paths: cache.context.paths))
        // A shadow of unknown shape cast by a subtree or a faded drawing: the blurred alpha of the
        // whole picture, placed behind it as one item (the picture itself takes its route; a
        // texture the layer renderer draws has its shadow in it already).
        var subtreeShadow = false
        if case .drawn = route {} else {
            subtreeShadow = layer.castsShadow && !layer.hasMask && (layer.hasSublayers || opacity < 1)
                && LayerShadow.knownShape(of: layer, paths: cache.context.paths) == nil
        }
        if !isRoot, layer.hasBackgroundFilters {
            Self.placeBackdrop(layer, node, toDevice: toDevice, opacity: opacity, paths: cache.context.paths)   // FilterNode.swift
        }
        if subtreeShadow { placeSubtreeShadow(layer, node, toDevice: toDevice, opacity: opacity, scale: scale, old: old) }
        switch route {
        case .items:
            placeItems(layer, node, toDevice: toDevice, opacity: opacity, scale: scale, old: old, tracked: tracked, isRoot: isRoot,
                       withShadow: !subtreeShadow)
        case .group(let reason):
            if reason == .opacity, layer.castsShadow, !subtreeShadow {
                // Core Animation casts the shadow outside the group, faded with it.
                placeShadow(layer, node, toDevice: toDevice, opacity: opacity, scale: scale, old: old)
            }
            let group = groups.group(of: layer, reason: reason, toDevice: toDevice, scale: scale, clip: placement.clip,
                                     old: old?.group, cache: cache)
            node.group = group
            if let group { place(group.texture, into: &node.below, node, toDevice: toDevice, opacity: opacity, offscreen: true) }
        case .drawn(let reason):
            if reason.isFallback { fallbacks.append(Fallback(id: layer.id, name: layer.name, reason: reason)) }
            placeDrawn(layer, node, toDevice: toDevice, opacity: placement.opacity, scale: scale, reason: reason, old: old)
        }
    }

    /// The sublayers' items (or a replicator's copies of them), clipped by a rectangular
    /// `masksToBounds`, each matched with the last frame's node for reuse.
    func placeSublayers(of layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                        old: PlacedNode?, tracked: Bool) {
        var clip = node.placement.clip
        if layer.masksToBounds, let rect = Route.rectangularClip(of: layer, toDevice: toDevice) {
            guard let inside = clip.intersection(rect) else { return }
            clip = inside
        }
        if layer.hasReplicator, let replicator = layer.replicator {
            placeInstances(of: layer, replicator, node, toDevice: toDevice, opacity: opacity, clip: clip, old: old, tracked: tracked)
            return
        }
        let placement = Placement(space: layer.sublayerSpace, toDevice: toDevice, opacity: opacity, clip: clip,
                                  tint: node.placement.tint)
        // Compared once for all the children. The last frame's object is kept when equal:
        // the children's nodes hold it already (`PlacedNode.renew`), and so do the threads'
        // copies of it (`Placement.forThreads`).
        let placedAlike = old?.childPlacement == placement
        let childPlacement = placedAlike ? old?.childPlacement ?? placement : placement
        node.childPlacement = childPlacement
        if placedAlike, let old, let changed = Self.changedChildren(of: layer, old: old) {
            placeChanged(changed, of: layer, node, childPlacement, old: old, tracked: tracked)
        } else {
            placeChildren(of: layer, node, childPlacement, placedAlike: placedAlike, old: old, tracked: tracked)
        }
        node.placedFrom = (layer.sublayers.boxes, layer.drawingOrder)
    }

    /// Places each sublayer, in drawing order, matching it with the last frame's node for the
    /// same layer by id (a still one is that node after a look at its id and version alone).
    private func placeChildren(of layer: LayerSnapshot, _ node: PlacedNode, _ childPlacement: Placement, placedAlike: Bool,
                               old: PlacedNode?, tracked: Bool) {
        let olds = old?.children ?? []
        var byID: [UInt64: Int]?
        var reusedIndices: [Int32] = []
        if old != nil { reusedIndices.reserveCapacity(layer.sublayers.count) }
        // Sublayers are read in place (a copy of a snapshot retains all it holds).
        let sublayers = layer.sublayers, order = layer.drawingOrder
        // Built in locals and stored once: each access to a node's stored properties is
        // checked for exclusivity at run time, which a thousand children feel.
        var children: [PlacedNode] = [], extents: [DeviceRect?] = []
        children.reserveCapacity(sublayers.count)
        extents.reserveCapacity(sublayers.count)
        var extent = node.extent
        let touches = cache.wantsTouches
        var inPlace = olds.count == sublayers.count
        for (k, i) in order.enumerated() {
            // What a later iteration reads, asked for ahead: each a cache miss otherwise (a
            // window's frames are 16 ms apart).
            if k + 8 < olds.count { olds[k + 8].prefetch() }
            if k + 4 < order.count { sublayers.prefetch(order[k + 4]) }
            let id = sublayers[i].id
            var at = k < olds.count && olds[k].id == id ? k : nil
            if at == nil, !olds.isEmpty {
                if byID == nil { byID = Dictionary(olds.indices.map { (olds[$0].id, $0) }, uniquingKeysWith: { a, _ in a }) }
                at = byID?[id]
            }
            if at != k { inPlace = false }
            let match = at.map { olds[$0] }
            let placed: PlacedNode
            if let match, placedAlike, match.version == sublayers[i].version, !match.animated, !sublayers[i].hasAnimations {
                if touches { reuse(match) }
                placed = match
            } else {
                // Lent, not copied: a copy retained its references (see `SublayerList.lend`).
                placed = sublayers.lend(i) { place($0, childPlacement, old: match, tracked: tracked && match != nil) }
            }
            children.append(placed)
            extents.append(placed.extent)
            if let covered = placed.extent { extent = extent.map { $0.union(covered) } ?? covered }
            if old != nil { reusedIndices.append(placed === match ? Int32(at!) : -1) }
        }
        node.setChildren(children, extents: extents)
        node.extent = extent
        node.childrenInPlace = inPlace
        if let old { node.reusedFrom = (old, reusedIndices) }
    }

    /// The places (in drawing order) of the sublayers that may look different from last frame,
    /// when the others are known still without reading them or their nodes: the same box
    /// (`SublayerList.boxes`: the same snapshot) at the same place in the same drawing order as
    /// `old` placed them (`PlacedNode.placedFrom`), and not animated; the caller has checked
    /// that they are placed alike. Nil when `old`'s children cannot be taken as they stand: a
    /// layer came, went or moved, or another layer is at one of the places.
    private static func changedChildren(of layer: LayerSnapshot, old: PlacedNode) -> [Int]? {
        guard let before = old.placedFrom else { return nil }
        let sublayers = layer.sublayers, boxes = sublayers.boxes, order = layer.drawingOrder, olds = old.children
        guard before.boxes.count == boxes.count, olds.count == order.count, before.order == order else { return nil }
        // Their indices in the list, ascending, run by run: a run both lists share is still but
        // for its animated sublayers (equal counts make runs of equal lengths); in another one
        // each box is compared.
        var indices: [Int] = []
        // Boxes not the last list's at their place: another layer's, maybe.
        var replaced: [Int] = []
        let length = SublayerBoxes.runLength
        for (r, run) in boxes.runs.enumerated() {
            let start = r * length, was = before.boxes.runs[r]
            if run === was {
                for offset in run.animatedOffsets { indices.append(start + offset) }
                continue
            }
            var animated = run.animatedOffsets[...]
            for (offset, box) in run.boxes.enumerated() {
                let animates = animated.first == offset
                if animates { animated = animated.dropFirst() }
                let other = was.boxes[offset] !== box
                if other { replaced.append(start + offset) }
                if animates || other { indices.append(start + offset) }
            }
        }
        // Their places in drawing order (a layer raised by its zPosition moves them).
        var changed = indices
        var place: [Int] = []
        if !order.elementsEqual(order.indices) {
            place = [Int](repeating: 0, count: order.count)
            for (k, i) in order.enumerated() { place[i] = k }
            changed = indices.map { place[$0] }.sorted()
        }
        // The same layers at those places: their ids read where the box differs. The same box
        // is the same layer at the same place (the order is the same): reading the ids of a
        // thousand moving layers (a node and a snapshot each, most of them written on the other
        // core) held up the shared placing's start.
        for i in replaced {
            let k = place.isEmpty ? i : place[i]
            if olds[k].id != sublayers[order[k]].id { return nil }
        }
        return changed
    }

    /// Places the sublayers at `changed` (`changedChildren`) again into `old`'s children, taken
    /// over as they stand: the still ones are neither read nor retained nor released. Under one
    /// dragged layer that was a thousand cache misses a frame, each with an atomic on it.
    private func placeChanged(_ changed: [Int], of layer: LayerSnapshot, _ node: PlacedNode, _ childPlacement: Placement,
                              old: PlacedNode, tracked: Bool) {
        var (children, extents) = old.takeChildren()
        let sublayers = layer.sublayers, order = layer.drawingOrder
        var reusedIndices = Array(Int32(0)..<Int32(children.count))
        var changed = changed
        if threads > 1, changed.count >= Self.sharedPlacingCount {
            // Those that touch nothing but their own nodes on all threads (SharedPlacing.swift);
            // the rest below.
            changed = placeSharing(changed, of: sublayers, order, childPlacement, tracked: tracked,
                                   children: &children, extents: &extents, reusedIndices: &reusedIndices)
        }
        for (n, k) in changed.enumerated() {
            // Asked for ahead, as in `placeChildren`: the node compared with and the sublayer.
            if n + 8 < changed.count { children[changed[n + 8]].prefetch() }
            if n + 4 < changed.count { sublayers.prefetch(order[changed[n + 4]]) }
            let match = children[k]
            let placed = sublayers.lend(order[k]) { place($0, childPlacement, old: match, tracked: tracked) }
            if placed !== match { reusedIndices[k] = -1 }
            extents[k] = placed.extent
            children[k] = placed
        }
        if cache.wantsTouches {
            for k in children.indices where reusedIndices[k] >= 0 { reuse(children[k]) }
        }
        var extent = node.extent
        for case let covered? in extents { extent = extent.map { $0.union(covered) } ?? covered }
        node.setChildren(children, extents: extents)
        node.extent = extent
        node.childrenInPlace = true
        node.reusedFrom = (old, reusedIndices)
    }

    /// The part of `rect` (layer coordinates) that can show inside `clip` (device pixels), in
    /// layer coordinates; nil when none.
    static func visible(_ rect: CGRect, toDevice: CGAffineTransform, clip: DeviceRect) -> CGRect? {
        let inverse = toDevice.inverted()
        let shown = rect.intersection(clip.cgRect.applying(inverse))
        guard !shown.isNull, shown.width > 0, shown.height > 0, shown.isFiniteRect else { return nil }
        return shown
    }

    // MARK: Items

    /// Places `texture` (drawn in layer coordinates shifted by `origin`: own textures are drawn
    /// at the bounds' origin zero) by `toDevice`, clipped to the node's clip; `edges` are the
    /// sides of its outline cut aliased (a layer's own drawing).
    func place(_ texture: LayerTexture, into items: inout [CompositeItem], _ node: PlacedNode,
               toDevice: CGAffineTransform, opacity: CGFloat, origin: CGPoint = .zero, offscreen: Bool = false,
               edges: AliasedEdges = []) {
        var placed = texture.toLayer
        if origin != .zero { placed = placed.concatenating(CGAffineTransform(translationX: origin.x, y: origin.y)) }
        placed = placed.concatenating(toDevice)
        let corners = CGRect(x: 0, y: 0, width: Int(texture.width), height: Int(texture.height)).applying(placed)
        guard let extent = DeviceRect(enclosing: corners, within: node.placement.clip) else { return }
        let alpha = UInt8((min(max(opacity, 0), 1) * 255).rounded())
        guard alpha > 0 else { return }
        var item = CompositeItem(texture: texture, toDevice: placed, alpha: alpha, extent: extent)
        item.generation = texture.generation
        item.isOffscreen = offscreen
        item.tint = ReplicatorState.packedTint(node.placement.tint, alpha: alpha)
        item.aliasedEdges = edges.rawValue
        if item.outline == nil {
            // A share leaves the drawing to its parent: the texture may be another layer's too.
            if isShare { undrawn.append(texture) } else { texture.ensureDrawn() }
        }
        items.append(item)
        node.cover(extent)
    }

    // MARK: Texture scale

    /// Texture pixels per point for a layer shown at `scale` device pixels per point: in steps
    /// of √2, so that a layer animating its scale is redrawn a few times, not every frame.
    static func textureScale(_ scale: CGFloat) -> CGFloat {
        if abs(scale - 1) < 1e-4 { return 1 }     // most layers (what the formula gives them, without a logarithm)
        let steps = (2 * log2(max(scale, 1.0 / 64)) - 1e-3).rounded(.up)   // 1.0000001 is 1
        return min(pow(2, steps / 2), 16)
    }
}
