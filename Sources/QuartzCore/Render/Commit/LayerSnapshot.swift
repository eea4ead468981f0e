import CLaminaKernels

/// An immutable copy of one layer and its subtree: what a commit hands to the renderer, which
/// never touches `CALayer` objects.
///
/// Commits are incremental: a layer keeps its last snapshot (`CALayer.committedSnapshot`) until
/// something in its subtree changes, so a commit that moved one layer of a thousand snapshots
/// that layer and its ancestors and shares every other subtree with the last tree. A snapshot
/// carries its layer's `id` and versions, so that a renderer can tell an unchanged subtree (the
/// same id and `version`) from a changed one without comparing values.
struct LayerSnapshot: Sendable {
    /// The layer's `renderID`: the same in every tree while the layer lives.
    let id: UInt64
    /// Changes whenever anything in this subtree (the layer, its sublayers, its mask, their
    /// animations) changed at a commit.
    let version: UInt64
    /// Changes whenever one of the layer's own properties changed at a commit.
    let ownVersion: UInt64
    // The fields the property rows carry (`LayerProperty.builtIn`, their `node`), filled at
    // commit by `init(making:)` one assignment each: reading the layer through the rows' key
    // paths cost several times as much (a runtime key-path projection and a metadata lookup per
    // field), and a commit snapshots every changed layer. `PropertyTableTests` holds the two
    // together: every row's node field reads what the layer holds after a commit.
    var bounds: CGRect
    var position: CGPoint
    var zPosition: CGFloat
    var anchorPoint: CGPoint
    var anchorPointZ: CGFloat
    var transform: CATransform3D
    var sublayerTransform: CATransform3D
    var isGeometryFlipped: Bool
    var shouldRasterize: Bool
    var rasterizationScale: CGFloat
    var isHidden: Bool
    var opacity: CGFloat
    var allowsGroupOpacity: Bool
    var masksToBounds: Bool
    var isDoubleSided: Bool
    var cornerRadius: CGFloat
    var maskedCorners: CACornerMask
    var borderWidth: CGFloat
    var contentsRect: CGRect
    var contentsCenter: CGRect
    var contentsScale: CGFloat
    var minificationFilterBias: Float
    var allowsEdgeAntialiasing: Bool
    var edgeAntialiasingMask: CAEdgeAntialiasingMask
    var shadowOpacity: CGFloat
    var shadowOffset: CGSize
    var shadowRadius: CGFloat
    /// Whether the flips above the layer in the tree drawn (its superlayers' `isGeometryFlipped`)
    /// are odd, so that its drawing space runs y up on screen and its contents image is drawn
    /// turned over to show upright (`ContentsOrientation`, rule 2). Not the model's: set by the
    /// renderers from the space the layer is placed in (`turned(for:)`); false at a root.
    var contentsTurned = false
    /// Whether the layer is a `CATransformLayer`.
    let isTransformLayer: Bool
    /// Whether an animation in this subtree animates a key that needs the layer to redraw itself
    /// (a custom property): those frames need the main thread's `presentation()`.
    var needsDisplayWhenAnimated: Bool
    /// Whether an animation may change how the layer itself looks (anything but where it is, how
    /// it is turned, faded or ordered): if not, its textures stay the same from frame to frame.
    private(set) var animatesLook: Bool
    /// Whether an animation runs anywhere in this subtree (mask included): if not, the subtree
    /// looks the same at every time and evaluating it is a no-op.
    private(set) var hasAnimations: Bool
    /// Everything the snapshot holds by reference (colors, images, paths, lists), in one shared
    /// object: the renderer copies snapshots all the time (each animated layer every frame, each
    /// sublayer it places), and a copy then retains one object instead of some twenty. A change
    /// makes the snapshot a new one (see `References`).
    private var references: References

    // MARK: Held by reference

    /// The layer's name, for diagnostics.
    var name: String? {
        get { references.values.name }
        set { change { $0.name = newValue } }
    }
    var backgroundColor: CGColor? {
        get { references.values.backgroundColor }
        set { change { $0.backgroundColor = newValue } }
    }
    var cornerCurve: CALayerCornerCurve {
        get { references.values.cornerCurve }
        set { change { $0.cornerCurve = newValue } }
    }
    var borderColor: CGColor? {
        get { references.values.borderColor }
        set { change { $0.borderColor = newValue } }
    }
    var contents: CGImage? {
        get { references.values.contents }
        set { change { $0.contents = newValue } }
    }
    var contentsGravity: CALayerContentsGravity {
        get { references.values.contentsGravity }
        set { change { $0.contentsGravity = newValue } }
    }
    var minificationFilter: CALayerContentsFilter {
        get { references.values.minificationFilter }
        set { change { $0.minificationFilter = newValue } }
    }
    var magnificationFilter: CALayerContentsFilter {
        get { references.values.magnificationFilter }
        set { change { $0.magnificationFilter = newValue } }
    }
    var shadowColor: CGColor? {
        get { references.values.shadowColor }
        set { change { $0.shadowColor = newValue } }
    }
    var shadowPath: CGPath? {
        get { references.values.shadowPath }
        set { change { $0.shadowPath = newValue } }
    }
    /// Content a subclass draws itself (a gradient), above `contents`.
    var content: LayerContent? {
        get { references.values.content }
        set { change { $0.content = newValue } }
    }
    /// Back to front, as stored (the renderer orders by zPosition).
    private(set) var sublayers: SublayerList {
        get { references.values.sublayers }
        set { change { $0.sublayers = newValue } }
    }
    /// Indices of the sublayers in drawing order: by zPosition, then as stored (indices, so that
    /// ordering copies no snapshots). Worked out at commit, and again only when an animation moves a zPosition.
    private(set) var drawingOrder: [Int] {
        get { references.values.drawingOrder }
        set { change { $0.drawingOrder = newValue } }
    }
    var mask: [LayerSnapshot] {
        get { references.values.mask }
        set { change { $0.mask = newValue } }
    }
    /// The mask as the layer draws it: its contents turned as the layer's are (it is placed in
    /// the layer's own drawing space, `ContentsOrientation`).
    var drawnMask: LayerSnapshot? {
        guard var mask = mask.first else { return nil }
        mask.contentsTurned = contentsTurned
        return mask
    }
    /// A transition in flight (presentation only).
    var transition: TransitionState? {
        get { references.values.transition }
        set { change { $0.transition = newValue } }
    }
    /// The layer's own timing and its animations (the layer's private copies, not changed after
    /// being added), evaluated at frame time by `presented(atParentTime:)`.
    var timing: Timing { references.values.timing }
    var animations: [AnimationBox] { references.values.animations }
    /// Core Image filters as plain values (`filters`, `backgroundFilters`, `compositingFilter`).
    var filters: [FilterRecipe] {
        get { references.values.filters }
        set { change { $0.filters = newValue } }
    }
    var backgroundFilters: [FilterRecipe] {
        get { references.values.backgroundFilters }
        set { change { $0.backgroundFilters = newValue } }
    }
    var compositingFilter: FilterRecipe? {
        get { references.values.compositingFilter }
        set { change { $0.compositingFilter = newValue } }
    }
    /// A `CAReplicatorLayer`'s instance properties (nil for other layers).
    var replicator: ReplicatorState? {
        get { references.values.replicator }
        set { change { $0.replicator = newValue } }
    }
    /// A `CAEmitterLayer`'s values, cells and time (nil for other layers).
    var emitter: EmitterState? {
        get { references.values.emitter }
        set { change { $0.emitter = newValue } }
    }
    /// A `CATiledLayer`'s finished tiles, placed apart from its own texture (`TiledContent`).
    var tiles: TiledContent? {
        get { references.values.tiles }
        set { change { $0.tiles = newValue } }
    }

    /// A snapshot's reference-counted values. Never changed once made: a change to a snapshot
    /// makes it a new object (changes are rare: presenting an animated color, image or sublayer
    /// list, and the renderer's own trimmed copies), so copies can share it across threads.
    final class References: @unchecked Sendable {
        struct Values {
            var name: String?
            var backgroundColor: CGColor?
            var cornerCurve: CALayerCornerCurve
            var borderColor: CGColor?
            var contents: CGImage?
            var contentsGravity: CALayerContentsGravity
            var minificationFilter: CALayerContentsFilter
            var magnificationFilter: CALayerContentsFilter
            var shadowColor: CGColor?
            var shadowPath: CGPath?
            var content: LayerContent?
            var sublayers: SublayerList
            var drawingOrder: [Int]
            var mask: [LayerSnapshot]
            var transition: TransitionState?
            var timing: Timing
            var animations: [AnimationBox]
            var tiles: TiledContent?
            var filters: [FilterRecipe]
            var backgroundFilters: [FilterRecipe]
            var compositingFilter: FilterRecipe?
            var replicator: ReplicatorState?
            var emitter: EmitterState?
        }

        let values: Values
        /// Whether the background, contents or subclass content can show; whether the border's
        /// and the shadow's colors can (worked out once: the renderer asks for each layer every frame).
        let bodyCanShow: Bool, borderColorShows: Bool, shadowColorShows: Bool
        /// Whether every animation takes the typed fast path (`ScalarAnimation`): a frame then
        /// needs no model copy for the general path.
        let animationsAreScalar: Bool
        /// Which of the values are there, as the planner asks of every placed layer every frame
        /// (a getter's copy of a list or an object retains and releases it; a flag is a load).
        let hasSublayers: Bool, hasMask: Bool, hasTransition: Bool, hasBackgroundColor: Bool
        /// Filters or a compositing filter; background filters; tiles, an emitter, a replicator.
        let hasFilters: Bool, hasBackgroundFilters: Bool, hasTiles: Bool, hasEmitter: Bool, hasReplicator: Bool

        init(_ values: Values) {
            self.values = values
            animationsAreScalar = values.animations.allSatisfy { $0.scalar != nil }
            hasSublayers = !values.sublayers.isEmpty
            hasMask = !values.mask.isEmpty
            hasTransition = values.transition != nil
            hasBackgroundColor = values.backgroundColor != nil
            hasFilters = !values.filters.isEmpty || values.compositingFilter != nil
            hasBackgroundFilters = !values.backgroundFilters.isEmpty
            hasTiles = values.tiles != nil
            hasEmitter = values.emitter != nil
            hasReplicator = values.replicator != nil
            bodyCanShow = (values.backgroundColor?.alpha ?? 0) > 0 || values.contents != nil || values.content != nil
            borderColorShows = (values.borderColor?.alpha ?? 0) > 0
            shadowColorShows = (values.shadowColor?.alpha ?? 0) > 0
        }
    }

    /// Whether it has sublayers, a mask, a transition in flight, a background color (see `References`).
    var hasSublayers: Bool { references.hasSublayers }
    var hasMask: Bool { references.hasMask }
    var hasTransition: Bool { references.hasTransition }
    var hasBackgroundColor: Bool { references.hasBackgroundColor }
    /// Whether it has filters or a compositing filter; background filters; tiles; an emitter; a replicator.
    var hasFilters: Bool { references.hasFilters }
    var hasBackgroundFilters: Bool { references.hasBackgroundFilters }
    var hasTiles: Bool { references.hasTiles }
    var hasEmitter: Bool { references.hasEmitter }
    var hasReplicator: Bool { references.hasReplicator }
    /// Whether its background, contents or subclass content can show (a color of alpha 0 does not).
    var bodyCanShow: Bool { references.bodyCanShow }
    /// Whether its border can show (width and color).
    var hasVisibleBorder: Bool { borderWidth > 0 && references.borderColorShows }
    /// Whether it casts a shadow the renderers draw (a layer that clips to its bounds casts none).
    var castsShadow: Bool { shadowOpacity > 0 && references.shadowColorShows && !masksToBounds }

    private mutating func change(_ body: (inout References.Values) -> Void) {
        var values = references.values
        body(&values)
        references = References(values)
    }

    /// The layer's subtree as committed: the kept snapshot when nothing in it changed since the
    /// last one.
    init(_ layer: CALayer) {
        self = Self.box(of: layer).pointer.pointee
    }

    /// The layer's kept snapshot, made now if something in its subtree changed since the last.
    /// Changed layers are snapshotted children first from an explicit stack, not by recursion:
    /// a snapshot is large, and a level of recursion per layer ran a 5000-deep tree off the stack.
    static func box(of layer: CALayer) -> SnapshotBox {
        if let kept = layer.committedSnapshot { return kept }
        var pending: [(layer: CALayer, childrenDone: Bool)] = [(layer, false)]
        while let (next, childrenDone) = pending.popLast() {
            guard next.committedSnapshot == nil else { continue }
            if childrenDone {
                next.committedSnapshot = SnapshotBox(LayerSnapshot(making: next))
                continue
            }
            pending.append((next, true))
            // Only the stale sublayers can lack a snapshot while the last list stands.
            let changed = next.listedSublayers == nil ? next.sublayerStorage : next.staleSublayers
            for child in changed where child.committedSnapshot == nil { pending.append((child, false)) }
            if let mask = next.maskStorage, mask.committedSnapshot == nil { pending.append((mask, false)) }
        }
        return layer.committedSnapshot!
    }

    private init(making layer: CALayer) {
        id = layer.renderID
        layer.subtreeVersion &+= 1
        if layer.ownPropertiesChanged {
            layer.ownVersion &+= 1
            layer.ownPropertiesChanged = false
        }
        version = layer.subtreeVersion
        ownVersion = layer.ownVersion
        bounds = layer.bounds
        position = layer.position
        zPosition = layer.zPosition
        anchorPoint = layer.anchorPoint
        anchorPointZ = layer.anchorPointZ
        transform = layer.transform
        sublayerTransform = layer.sublayerTransform
        isGeometryFlipped = layer.isGeometryFlipped
        shouldRasterize = layer.shouldRasterize
        rasterizationScale = layer.rasterizationScale
        isHidden = layer.isHidden
        opacity = CGFloat(layer.opacity)
        allowsGroupOpacity = layer.allowsGroupOpacity
        masksToBounds = layer.masksToBounds
        isDoubleSided = layer.isDoubleSided
        cornerRadius = layer.cornerRadius
        maskedCorners = layer.maskedCorners
        borderWidth = layer.borderWidth
        contentsRect = layer.contentsRect
        contentsCenter = layer.contentsCenter
        contentsScale = layer.contentsScale
        minificationFilterBias = layer.minificationFilterBias
        allowsEdgeAntialiasing = layer.allowsEdgeAntialiasing
        edgeAntialiasingMask = layer.edgeAntialiasingMask
        shadowOpacity = CGFloat(layer.shadowOpacity)
        shadowOffset = layer.shadowOffset
        shadowRadius = layer.shadowRadius
        let sublayers = SublayerList(Self.sublayerBoxes(of: layer))
        // A mask's alpha is its drawing alone: it ignores its own filters, as Core Animation does.
        let mask = (layer.maskStorage.map { [LayerSnapshot($0)] } ?? []).map { mask in
            var alone = mask
            (alone.filters, alone.backgroundFilters, alone.compositingFilter) = ([], [], nil)
            return alone
        }
        let animations = layer.attachedAnimations.map { AnimationBox(animation: $0.animation) }
        let tiles = (layer as? CATiledLayer)?.tiledContent()
        let compositingFilter = layer.compositingFilter.flatMap { LayerFilters.recipes([$0]).first }
        references = References(References.Values(
            name: layer.name, backgroundColor: layer.backgroundColor, cornerCurve: layer.cornerCurve,
            borderColor: layer.borderColor, contents: layer.contents as? CGImage, contentsGravity: layer.contentsGravity,
            minificationFilter: layer.minificationFilter, magnificationFilter: layer.magnificationFilter,
            shadowColor: layer.shadowColor, shadowPath: layer.shadowPath, content: layer.renderContent,
            sublayers: sublayers, drawingOrder: sublayers.boxes.drawingOrder, mask: mask,
            transition: layer.activeTransition, timing: layer.layerTiming, animations: animations, tiles: tiles,
            filters: LayerFilters.recipes(layer.filters), backgroundFilters: LayerFilters.recipes(layer.backgroundFilters),
            compositingFilter: compositingFilter, replicator: layer.renderReplicator, emitter: layer.renderEmitter))
        isTransformLayer = layer.isTransformLayer
        animatesLook = layer.attachedAnimations.contains { entry in
            entry.animation.animatedKeys.contains { !LayerProperty.placementKeys.contains($0) }
        }
        let redraws = layer.attachedAnimations.contains { entry in
            entry.animation.animatedKeys.contains { type(of: layer).needsDisplay(forKey: $0) }
        }
        needsDisplayWhenAnimated = redraws || sublayers.boxes.needsDisplayWhenAnimated
        hasAnimations = !animations.isEmpty || !sublayers.animatedIndices.isEmpty || mask.contains(where: \.hasAnimations)
            || tiles?.isFading == true
            || references.values.emitter?.isRunning == true       // particles move with time
    }

    /// This subtree with its animations applied at its parent's time `parentTime`: the same
    /// evaluator as `presentation()`, over values only, so that a render thread can run it.
    func presented(atParentTime parentTime: CFTimeInterval) -> LayerSnapshot {
        guard hasAnimations else { return self }
        var result = self
        result.present(atParentTime: parentTime)
        return result
    }

    /// `presented(atParentTime:)` in place: these values, as committed, become the presented
    /// ones. A parent presents its animated sublayers straight into its list's storage
    /// (`SublayerList.presentAnimated`), so that each is copied once, and everything read here
    /// is read through the committed references, held once (each getter of a snapshot's
    /// references copies what it returns, with its retains: a thousand spinning tiles felt it).
    mutating func present(atParentTime parentTime: CFTimeInterval) {
        guard hasAnimations else { return }
        let committed = references          // what was committed: self's may be replaced below
        let time = committed.values.timing.localTime(fromParent: parentTime)
        if !committed.values.animations.isEmpty {
            // The general path works on target objects over the model (the committed values)
            // and the result, made only for the first animation that needs them.
            let model: LayerSnapshot? = committed.animationsAreScalar ? nil : self
            var target: SnapshotTarget?, modelTarget: SnapshotTarget?
            for k in committed.values.animations.indices {
                switch committed.values.animations[k].timing.phase(atParentTime: time) {
                case .active(let f, let i), .finished(let f?, let i):
                    if let scalar = committed.values.animations[k].scalar {
                        let progress = committed.values.animations[k].progress(f)
                        if let target { scalar.apply(atProgress: progress, to: &target.snapshot) }
                        else { scalar.apply(atProgress: progress, to: &self) }
                    } else if let model {
                        let into = target ?? SnapshotTarget(self)
                        let from = modelTarget ?? SnapshotTarget(model)
                        (target, modelTarget) = (into, from)
                        committed.values.animations[k].animation.apply(to: into, model: from, fraction: f, iteration: i)
                    }
                default:
                    continue
                }
            }
            if let target { self = target.snapshot }
        }
        if let tiles = committed.values.tiles { self.tiles = tiles.presented(atLocalTime: time) }   // their fade-in
        // Only animated sublayers change; the others stay as they are (no copies made for them).
        if !committed.values.sublayers.animatedIndices.isEmpty {
            var list = committed.values.sublayers
            let reordered = list.presentAnimated(atParentTime: time)
            sublayers = list
            if reordered { drawingOrder = Self.drawingOrder(list.count) { list[$0].zPosition } }
        }
        if committed.values.replicator != nil { presentReplicatorInstances(from: committed.values.sublayers, atLocalTime: time) }
        if committed.values.emitter != nil { emitter?.time = time }
        if !committed.values.mask.isEmpty { mask = committed.values.mask.map { $0.presented(atParentTime: time) } }
    }

    /// Whether presenting it only writes numbers of its own: it has animations, each takes the
    /// typed fast path onto one of its numbers (not its content's), and nothing else in it
    /// changes with time (no animated sublayers, no mask, tiles, replicator or emitter).
    /// `AnimatedSublayers` presents such sublayers from a table, into kept copies.
    var presentsNumbersAlone: Bool {
        let committed = references
        guard committed.animationsAreScalar, !committed.values.animations.isEmpty, !committed.hasMask, !committed.hasTiles,
              !committed.hasReplicator, !committed.hasEmitter, committed.values.sublayers.animatedIndices.isEmpty else { return false }
        return committed.values.animations.allSatisfy { box in
            if case .content = box.scalar?.field { return false }
            return true
        }
    }

    var sublayerSpace: LayerGeometry.SublayerSpace {
        LayerGeometry.SublayerSpace(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                    sublayerTransform: sublayerTransform, isGeometryFlipped: isGeometryFlipped,
                                    contentsTurned: ContentsOrientation.sublayersTurned(contentsTurned, flipped: isGeometryFlipped))
    }

    /// This layer as placed in `space`: its contents turned as the space turns its sublayers'.
    /// Nil when it is so already (or there is no space: a root, a mask, keep their own).
    func turned(for space: LayerGeometry.SublayerSpace?) -> LayerSnapshot? {
        guard let space, space.contentsTurned != contentsTurned else { return nil }
        var copy = self
        copy.contentsTurned = space.contentsTurned
        return copy
    }

    /// From this layer's plane to its parent's.
    func transformToParent(in parent: LayerGeometry.SublayerSpace?) -> CATransform3D {
        LayerGeometry.transformToParent(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ, transform: transform,
                                        position: position, zPosition: zPosition, in: parent)
    }

    /// The layer's own drawing alone: without its sublayers, or an emitter's particles (they
    /// change with time: an item of their own, `CompositePlan.placeParticles`).
    mutating func removeSublayers() {
        change {
            $0.sublayers = SublayerList()
            $0.drawingOrder = []
            $0.emitter = nil
        }
    }

    /// The sublayers' indices back to front: by `zPosition` (`z(i)`), in list order among equals.
    static func drawingOrder(_ count: Int, z: (Int) -> CGFloat) -> [Int] {
        guard count > 0 else { return [] }
        let zs = (0..<count).map(z)
        guard case let first = zs[0], !zs.allSatisfy({ $0 == first }) else { return Array(0..<count) }
        return (0..<count).sorted { a, b in zs[a] != zs[b] ? zs[a] < zs[b] : a < b }
    }

    /// The boxes of `layer`'s sublayers (each made first if its subtree changed: `box(of:)`
    /// has done so for all of them). Where the last list still lines up with the sublayers, it
    /// is taken over with the stale sublayers' new boxes put in: no other sublayer is looked at,
    /// and only the runs holding a stale one are made again (`SublayerBoxes`). Otherwise every
    /// box is retained, each asked for a few sublayers ahead, so that a thousand of them do not
    /// wait on each other's misses.
    private static func sublayerBoxes(of layer: CALayer) -> SublayerBoxes {
        let children = layer.sublayerStorage
        defer { layer.staleSublayers = [] }
        let boxes: SublayerBoxes
        if let listed = layer.listedSublayers, listed.count == children.count {
            boxes = listed.replacing(staleIndices(of: layer)) { box(of: children[$0]) }
            assert(children.indices.allSatisfy { boxes[$0] === children[$0].committedSnapshot }, "a sublayer's snapshot changed unseen")
        } else {
            var all: [SnapshotBox] = []
            all.reserveCapacity(children.count)
            for k in children.indices {
                if k + 8 < children.count, let ahead = children[k + 8].committedSnapshotAddress { lamina_prefetch_for_write(ahead) }
                all.append(box(of: children[k]))
            }
            boxes = SublayerBoxes(all)
        }
        layer.listedSublayers = boxes
        return boxes
    }

    /// The indices (ascending) of `layer`'s sublayers whose snapshots were let go since the
    /// last list.
    private static func staleIndices(of layer: CALayer) -> [Int] {
        let children = layer.sublayerStorage, stale = layer.staleSublayers
        guard !stale.isEmpty else { return [] }
        if stale.count <= 8 {
            // Compared by reference: no sublayer is read.
            var found: [Int] = []
            for child in stale { if let k = children.firstIndex(where: { $0 === child }) { found.append(k) } }
            return Set(found).sorted()
        }
        let ids = Set(stale.map(ObjectIdentifier.init))
        return children.indices.filter { ids.contains(ObjectIdentifier(children[$0])) }
    }
}

/// An attached animation handed to the render side. Attached animations are the layer's own
/// copies and are not changed after `add(_:forKey:)`, so sharing them across threads is safe.
struct AnimationBox: @unchecked Sendable {
    let animation: CAAnimation
    /// Its timing, read once (the animation's properties don't change after it is added).
    let timing: Timing
    /// The typed fast path, when the animation is a plain number from one value to another.
    let scalar: ScalarAnimation?
    let timingFunction: CAMediaTimingFunction?

    init(animation: CAAnimation) {
        self.animation = animation
        timing = animation.timing
        scalar = ScalarAnimation(animation)
        timingFunction = animation.timingFunction
    }

    /// The timing function's progress at `fraction` (as `CAAnimation.progress`, without asking the animation).
    func progress(_ fraction: Double) -> Double { timingFunction?.evaluate(fraction) ?? fraction }
}

/// Content that a layer subclass draws itself.
enum LayerContent: Hashable, Sendable {
    case gradient(GradientContent)
    /// A shape layer's path, filled and stroked; it may reach past the bounds.
    case shape(ShapeContent)

    func draw(in ctx: CGContext, bounds: CGRect, shape: CGPath) {
        switch self {
        case .gradient(let gradient): gradient.draw(in: ctx, bounds: bounds, shape: shape)
        case .shape(let content): content.draw(in: ctx)
        }
    }

    /// What it draws beyond the bounds, in layer coordinates (null: nothing; the layer's own
    /// extent is the bounds joined with it).
    var overflow: CGRect {
        switch self {
        case .gradient: return .null
        case .shape(let content): return content.extent
        }
    }

    /// The same content for the layer's bounds moved from `origin` to zero (own textures are drawn so).
    func movedToOrigin(from origin: CGPoint) -> LayerContent {
        switch self {
        case .gradient: return self
        case .shape(let content): return .shape(content.movedToOrigin(from: origin))
        }
    }

    /// An animated property of the content, by Core Animation's key (nil: not one of its keys).
    func value(forKey key: String) -> Any? {
        switch self {
        case .gradient(let content): return content.value(forKey: key)
        case .shape(let content): return content.value(forKey: key)
        }
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        switch self {
        case .gradient(var content):
            content.setValue(value, forKey: key)
            self = .gradient(content)
        case .shape(var content):
            content.setValue(value, forKey: key)
            self = .shape(content)
        }
    }

    /// Writes an animated number (`ScalarAnimation`'s fast path): a shape's without boxing it.
    mutating func setNumber(_ number: CGFloat, forKey key: String) {
        switch self {
        case .gradient: setValue(NSNumber(value: Double(number)), forKey: key)
        case .shape(var content):
            content.setNumber(number, forKey: key)
            self = .shape(content)
        }
    }
}
