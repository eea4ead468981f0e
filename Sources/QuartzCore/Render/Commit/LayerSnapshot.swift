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
    /// The layer's name, for diagnostics.
    let name: String?
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
    var backgroundColor: CGColor?
    var cornerRadius: CGFloat
    var maskedCorners: CACornerMask
    var cornerCurve: CALayerCornerCurve
    var borderWidth: CGFloat
    var borderColor: CGColor?
    var contents: CGImage?
    var contentsRect: CGRect
    var contentsCenter: CGRect
    var contentsGravity: CALayerContentsGravity
    var contentsScale: CGFloat
    var minificationFilter: CALayerContentsFilter
    var magnificationFilter: CALayerContentsFilter
    var shadowColor: CGColor?
    var shadowOpacity: CGFloat
    var shadowOffset: CGSize
    var shadowRadius: CGFloat
    var shadowPath: CGPath?
    /// Core Image filters as plain values (`filters`, `backgroundFilters`, `compositingFilter`).
    var filters: [FilterRecipe]
    var backgroundFilters: [FilterRecipe]
    var compositingFilter: FilterRecipe?
    /// Content a subclass draws itself (a gradient), above `contents`.
    var content: LayerContent?
    /// Back to front, as stored (the renderer orders by zPosition).
    private(set) var sublayers: SublayerList
    /// Indices of the sublayers in drawing order: by zPosition, then as stored (indices, so that
    /// ordering copies no snapshots). Worked out at commit, and again only when an animation moves a zPosition.
    private(set) var drawingOrder: [Int]
    var mask: [LayerSnapshot]
    /// A transition in flight (presentation only).
    var transition: TransitionState?
    /// The layer's own timing and its animations (the layer's private copies, not changed after
    /// being added), evaluated at frame time by `presented(atParentTime:)`.
    var timing: Timing
    var animations: [AnimationBox]
    /// Whether an animation in this subtree animates a key that needs the layer to redraw itself
    /// (a custom property): those frames need the main thread's `presentation()`.
    var needsDisplayWhenAnimated: Bool
    /// Whether an animation may change how the layer itself looks (anything but where it is, how
    /// it is turned, faded or ordered): if not, its textures stay the same from frame to frame.
    private(set) var animatesLook: Bool
    /// Whether an animation runs anywhere in this subtree (mask included): if not, the subtree
    /// looks the same at every time and evaluating it is a no-op.
    private(set) var hasAnimations: Bool

    /// The layer's subtree as committed: the kept snapshot when nothing in it changed since the
    /// last one.
    init(_ layer: CALayer) {
        self = Self.box(of: layer).pointer.pointee
    }

    /// The layer's kept snapshot, made now if something in its subtree changed since the last.
    static func box(of layer: CALayer) -> SnapshotBox {
        if let kept = layer.committedSnapshot { return kept }
        let box = SnapshotBox(LayerSnapshot(making: layer))
        layer.committedSnapshot = box
        return box
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
        name = layer.name
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
        backgroundColor = layer.backgroundColor
        cornerRadius = layer.cornerRadius
        maskedCorners = layer.maskedCorners
        cornerCurve = layer.cornerCurve
        borderWidth = layer.borderWidth
        borderColor = layer.borderColor
        contents = layer.contents as? CGImage
        contentsRect = layer.contentsRect
        contentsCenter = layer.contentsCenter
        contentsGravity = layer.contentsGravity
        contentsScale = layer.contentsScale
        minificationFilter = layer.minificationFilter
        magnificationFilter = layer.magnificationFilter
        shadowColor = layer.shadowColor
        shadowOpacity = CGFloat(layer.shadowOpacity)
        shadowOffset = layer.shadowOffset
        shadowRadius = layer.shadowRadius
        shadowPath = layer.shadowPath
        content = layer.renderContent
        filters = LayerFilters.recipes(layer.filters)
        backgroundFilters = LayerFilters.recipes(layer.backgroundFilters)
        compositingFilter = layer.compositingFilter.flatMap { LayerFilters.recipes([$0]).first }
        sublayers = SublayerList(layer.sublayerStorage.map { Self.box(of: $0) })
        drawingOrder = Self.drawingOrder(of: sublayers)
        mask = layer.maskStorage.map { [LayerSnapshot($0)] } ?? []
        // A mask's alpha is its drawing alone: it ignores its own filters, as Core Animation does.
        for i in mask.indices { (mask[i].filters, mask[i].backgroundFilters, mask[i].compositingFilter) = ([], [], nil) }
        transition = layer.activeTransition
        timing = layer.layerTiming
        animations = layer.attachedAnimations.map { AnimationBox(animation: $0.animation) }
        animatesLook = layer.attachedAnimations.contains { entry in
            entry.animation.animatedKeys.contains { !LayerProperty.placementKeys.contains($0) }
        }
        let redraws = layer.attachedAnimations.contains { entry in
            entry.animation.animatedKeys.contains { type(of: layer).needsDisplay(forKey: $0) }
        }
        let list = sublayers
        needsDisplayWhenAnimated = redraws || list.indices.contains { list[$0].needsDisplayWhenAnimated }
        hasAnimations = !animations.isEmpty || !sublayers.animatedIndices.isEmpty || mask.contains(where: \.hasAnimations)
    }

    /// This subtree with its animations applied at its parent's time `parentTime`: the same
    /// evaluator as `presentation()`, over values only, so that a render thread can run it.
    func presented(atParentTime parentTime: CFTimeInterval) -> LayerSnapshot {
        guard hasAnimations else { return self }
        let time = timing.localTime(fromParent: parentTime)
        var result = self
        if !animations.isEmpty {
            // The general path works on a target object, made only for the first animation that needs it.
            var target: SnapshotTarget?, model: SnapshotTarget?
            for box in animations {
                let animation = box.animation
                switch box.timing.phase(atParentTime: time) {
                case .active(let f, let i), .finished(let f?, let i):
                    if let scalar = box.scalar {
                        if let target { scalar.apply(atProgress: box.progress(f), to: &target.snapshot) }
                        else { scalar.apply(atProgress: box.progress(f), to: &result) }
                    } else {
                        let into = target ?? SnapshotTarget(result)
                        let from = model ?? SnapshotTarget(self)
                        (target, model) = (into, from)
                        animation.apply(to: into, model: from, fraction: f, iteration: i)
                    }
                default:
                    continue
                }
            }
            if let target { result = target.snapshot }
        }
        // Only animated sublayers change; the others stay as they are (no copies made for them).
        var reordered = false
        for i in sublayers.animatedIndices {
            result.sublayers.replace(i, with: sublayers[i].presented(atParentTime: time))
            reordered = reordered || result.sublayers[i].zPosition != sublayers[i].zPosition
        }
        if reordered { result.drawingOrder = Self.drawingOrder(of: result.sublayers) }
        result.mask = mask.map { $0.presented(atParentTime: time) }
        return result
    }

    var sublayerSpace: LayerGeometry.SublayerSpace {
        LayerGeometry.SublayerSpace(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                                    sublayerTransform: sublayerTransform, isGeometryFlipped: isGeometryFlipped)
    }

    /// From this layer's plane to its parent's.
    func transformToParent(in parent: LayerGeometry.SublayerSpace?) -> CATransform3D {
        LayerGeometry.transformToParent(bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ, transform: transform,
                                        position: position, zPosition: zPosition, in: parent)
    }

    /// The layer alone, without its sublayers.
    mutating func removeSublayers() {
        sublayers = SublayerList()
        drawingOrder = []
    }

    private static func drawingOrder(of sublayers: SublayerList) -> [Int] {
        guard !sublayers.isEmpty, case let z = sublayers[0].zPosition, !sublayers.indices.allSatisfy({ sublayers[$0].zPosition == z }) else {
            return Array(sublayers.indices)
        }
        return sublayers.indices.sorted { a, b in
            sublayers[a].zPosition != sublayers[b].zPosition ? sublayers[a].zPosition < sublayers[b].zPosition : a < b
        }
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
    private let timingFunction: CAMediaTimingFunction?

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

    func draw(in ctx: CGContext, bounds: CGRect, shape: CGPath) {
        switch self {
        case .gradient(let gradient): gradient.draw(in: ctx, bounds: bounds, shape: shape)
        }
    }
}
