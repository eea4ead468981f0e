/// A rectangle of content in a tree: geometry, contents and visual style, as Core Animation
/// declares it. Layers are y-down with the origin at the top left, as on iOS.
///
/// Every property documents its default and whether it animates (animation arrives with the
/// animation issue; the property list is Apple's). Values that are not finite are refused with a
/// message and the old value is kept; negative sizes become zero with a message.
open class CALayer: NSObject, NSSecureCoding {
    // MARK: Geometry

    /// The layer's own coordinate space: origin and size. Defaults to `.zero`. Animatable.
    open var bounds: CGRect = .zero {
        didSet {
            guard let valid = Validate.rect(bounds, "bounds", keeping: oldValue) else { bounds = oldValue; return }
            bounds = valid
            didChange("bounds", from: oldValue)
            if bounds.size != oldValue.size { boundsSizeDidChange(from: oldValue.size) }
        }
    }

    /// Where the anchor point sits in the superlayer. Defaults to `.zero`. Animatable.
    open var position: CGPoint = .zero {
        didSet { if accept(&position, oldValue, "position", Validate.point) { didChange("position", from: oldValue) } }
    }

    /// Stacking order among siblings: higher is in front. Defaults to 0. Animatable.
    open var zPosition: CGFloat = 0 {
        didSet { if accept(&zPosition, oldValue, "zPosition", Validate.number) { didChange("zPosition", from: oldValue) } }
    }

    /// The point of the bounds, in unit coordinates, that `position` places and transforms
    /// turn about. Defaults to (0.5, 0.5). Animatable.
    open var anchorPoint = CGPoint(x: 0.5, y: 0.5) {
        didSet { if accept(&anchorPoint, oldValue, "anchorPoint", Validate.point) { didChange("anchorPoint", from: oldValue) } }
    }

    /// The anchor point's z coordinate. Defaults to 0. Animatable.
    open var anchorPointZ: CGFloat = 0 {
        didSet { if accept(&anchorPointZ, oldValue, "anchorPointZ", Validate.number) { didChange("anchorPointZ", from: oldValue) } }
    }

    /// Applied about the anchor point. Defaults to the identity. Animatable.
    open var transform = CATransform3DIdentity {
        didSet { if accept(&transform, oldValue, "transform", Validate.transform) { didChange("transform", from: oldValue) } }
    }

    /// Applied to the sublayers, about this layer's anchor point. Defaults to the identity. Animatable.
    open var sublayerTransform = CATransform3DIdentity {
        didSet {
            if accept(&sublayerTransform, oldValue, "sublayerTransform", Validate.transform) { didChange("sublayerTransform", from: oldValue) }
        }
    }

    /// Whether the layer's geometry (and its sublayers') is flipped vertically: its sublayers are
    /// placed from its bottom edge, y up. An image in `contents` shows the same either way, and
    /// `contentsAreFlipped()` says which way `draw(in:)` draws. Defaults to false.
    open var isGeometryFlipped = false { didSet { didChange("geometryFlipped", from: oldValue) } }

    // MARK: Hierarchy

    /// The layer's superlayer: the layer it is a sublayer of, or, for a mask, the layer it
    /// masks (as Apple's QuartzCore reports it; lottie-ios sizes its masks from it). Nil for the
    /// root of a tree.
    open var superlayer: CALayer? { superlayerStorage ?? maskOwner }
    /// The layer this one is a sublayer of (a mask's owner is `maskOwner`).
    weak var superlayerStorage: CALayer? {
        didSet { parentDidChange(from: oldValue) }
    }
    var sublayerStorage: [CALayer] = [] {
        didSet {
            // The last snapshot's list no longer lines up with the sublayers.
            listedSublayers = nil
            staleSublayers = []
            snapshotDidChange(own: false)
        }
    }
    /// The layer that uses this one as its mask.
    weak var maskOwner: CALayer? {
        didSet { parentDidChange(from: oldValue) }
    }
    /// How many layers of this tree (itself, its sublayers' and its mask's trees) have animations
    /// attached: kept up to date as animations and layers come and go, so that a host asks each
    /// frame without walking the tree.
    var animatedLayersInTree = 0
    /// How many layers are above this one (superlayers and mask owners), kept as layers move:
    /// the depth check of `CALayer+TreeDepth` without a walk to the root.
    var levelsAbove = 0

    /// An optional layer whose alpha masks this layer's content and sublayers. Defaults to nil.
    open var mask: CALayer? {
        get { maskStorage }
        set { setMask(newValue) }
    }
    var maskStorage: CALayer? {
        didSet { snapshotDidChange(own: false) }
    }

    /// Whether sublayers and contents are clipped to the bounds (rounded by `cornerRadius`).
    /// Defaults to false. Animatable.
    open var masksToBounds = false { didSet { didChange("masksToBounds", from: oldValue) } }

    // MARK: Contents

    /// The layer's content: a `CGImage`, or nil. Defaults to nil. Animatable. An image of
    /// another framework (AppKit's `NSImage`) is taken as the `CGImage` it gives for the layer's
    /// `contentsScale`, which reading the property then returns.
    open var contents: Any? {
        didSet {
            if let image = contents as? LayerContentsImageProviding {
                contents = image.layerContentsImage(forContentsScale: contentsScale)
            }
            didChange("contents", from: oldValue)
            if let contents, !(contents is CGImage) {
                CGDiagnostics.log("CALayer.contents", "\(type(of: contents)) is not a CGImage; the layer shows no contents.")
            }
        }
    }

    /// The part of the contents shown, in unit coordinates. Defaults to (0, 0, 1, 1). Animatable.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if accept(&contentsRect, oldValue, "contentsRect", Validate.unitRect) { didChange("contentsRect", from: oldValue) } }
    }

    /// The part of the contents that stretches when the contents are resized (nine-part scaling),
    /// in unit coordinates. Defaults to (0, 0, 1, 1). Animatable.
    open var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1) {
        didSet { if accept(&contentsCenter, oldValue, "contentsCenter", Validate.unitRect) { didChange("contentsCenter", from: oldValue) } }
    }

    /// Where the contents image sits in the bounds and how it is scaled to them (stretched,
    /// fitted, filled, or at its natural size against an edge or corner). Defaults to `.resize`.
    open var contentsGravity = CALayerContentsGravity.resize {
        didSet {
            // A name Core Animation does not know reads back as `.center`, as Apple's does.
            if !CALayerContentsGravity.known.contains(contentsGravity) { contentsGravity = .center }
            didChange("contentsGravity", from: oldValue)
        }
    }

    /// Pixels of backing image per point: how many of the contents image's pixels make one point
    /// of the layer (2 for an image drawn for a 2× screen). Defaults to 1. Animatable.
    open var contentsScale: CGFloat = 1 {
        didSet { if accept(&contentsScale, oldValue, "contentsScale", Validate.positive) { didChange("contentsScale", from: oldValue) } }
    }

    /// How the contents are sampled when drawn smaller than their pixels (`.trilinear` blends
    /// mipmap levels). Defaults to `.linear`.
    open var minificationFilter = CALayerContentsFilter.linear { didSet { didChange("minificationFilter", from: oldValue) } }
    /// How the contents are sampled when drawn larger than their pixels (`.nearest` keeps hard
    /// pixel edges). Defaults to `.linear`.
    open var magnificationFilter = CALayerContentsFilter.linear { didSet { didChange("magnificationFilter", from: oldValue) } }
    /// Added to the mipmap level `.trilinear` minification picks: positive is blurrier, negative
    /// sharper. Defaults to 0.
    open var minificationFilterBias: Float = 0 { didSet { didChange("minificationFilterBias", from: oldValue) } }

    /// Whether the layer promises to be fully opaque (lets the renderer skip what is behind).
    /// Defaults to false.
    open var isOpaque = false { didSet { didChange("opaque", from: oldValue) } }

    /// Whether a bounds size change calls `setNeedsDisplay()`. Defaults to false.
    open var needsDisplayOnBoundsChange = false { didSet { didChange("needsDisplayOnBoundsChange", from: oldValue) } }

    /// Whether `draw(in:)` may be queued to run later off the main thread. Kept for code that sets
    /// it; Lamina always draws when the layer is displayed. Defaults to false.
    open var drawsAsynchronously = false { didSet { didChange("drawsAsynchronously", from: oldValue) } }

    // Extended range and formats: kept with Apple's defaults, for code that sets them; Lamina
    // draws and shows every layer in 8-bit standard range, so none of them changes a pixel.

    /// The pixel format of the bitmap `display()` draws the contents into. Defaults to
    /// `.RGBA8Uint`. Changes no pixel here (see above).
    open var contentsFormat = CALayerContentsFormat.RGBA8Uint

    /// Whether the layer's content may use extended dynamic range. Defaults to false. Changes no
    /// pixel here (see above); superseded by `preferredDynamicRange` on Apple platforms.
    open var wantsExtendedDynamicRangeContent = false

    /// The dynamic range the layer's content asks for. Defaults to `.automatic`. Changes no pixel
    /// here (see above).
    open var preferredDynamicRange = CADynamicRange.automatic

    /// How extended-range content is tone mapped to the display. Defaults to `.automatic`.
    /// Changes no pixel here (see above).
    open var toneMapMode = CAToneMapMode.automatic

    /// The headroom, above standard white, that the contents use. Defaults to 0. Changes no pixel
    /// here (see above).
    open var contentsHeadroom: CGFloat = 0

    // MARK: Style

    /// The color filling the bounds (rounded by `cornerRadius`), below the contents and sublayers.
    /// Defaults to nil (no background). Animatable.
    open var backgroundColor: CGColor? { didSet { didChange("backgroundColor", from: oldValue) } }

    /// Radius of the rounded corners of the background and border (and of the clip when
    /// `masksToBounds`). Defaults to 0. Animatable.
    open var cornerRadius: CGFloat = 0 {
        didSet { if accept(&cornerRadius, oldValue, "cornerRadius", Validate.length) { didChange("cornerRadius", from: oldValue) } }
    }

    /// Which corners `cornerRadius` rounds; the others stay square. Defaults to all four corners.
    open var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] {
        didSet {
            // Only the four corner bits are kept, as Apple's does.
            if maskedCorners.rawValue & ~0xF != 0 { maskedCorners = CACornerMask(rawValue: maskedCorners.rawValue & 0xF) }
            didChange("maskedCorners", from: oldValue)
        }
    }

    /// How much longer a corner curve's rounded part is than its `cornerRadius`: 1 for
    /// `.circular`, about 1.528665 for `.continuous` (whose curve starts farther along the edge).
    open class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }

    /// The shape of the rounded corners: quarter circles, or `.continuous` curves that blend into
    /// the sides. Defaults to `.circular`.
    open var cornerCurve = CALayerCornerCurve.circular {
        didSet {
            // A curve Core Animation does not know reads back as `.circular`, as Apple's does.
            if cornerCurve != .circular && cornerCurve != .continuous { cornerCurve = .circular }
            didChange("cornerCurve", from: oldValue)
        }
    }

    /// Drawn inside the bounds, above the contents and sublayers. Defaults to 0. Animatable.
    open var borderWidth: CGFloat = 0 {
        didSet { if accept(&borderWidth, oldValue, "borderWidth", Validate.length) { didChange("borderWidth", from: oldValue) } }
    }

    /// The color of the border `borderWidth` draws. Defaults to opaque black. Animatable.
    open var borderColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { didChange("borderColor", from: oldValue) } }

    /// How opaque the layer and its sublayers are, from 0 (invisible) to 1. Defaults to 1.
    /// Animatable.
    open var opacity: Float = 1 {
        didSet { if accept(&opacity, oldValue, "opacity", Validate.number) { didChange("opacity", from: oldValue) } }
    }

    /// Whether the layer and its sublayers are left out of drawing and hit testing. Defaults to
    /// false. Animatable (discretely).
    open var isHidden = false {
        didSet {
            didChange("hidden", from: oldValue)
            if isHidden != oldValue { superlayerStorage?.orderEvent(isHidden ? kCAOnOrderOut : kCAOnOrderIn, for: self) }
        }
    }

    /// Whether the back of the layer shows when it faces away from the viewer (turned past 90°
    /// about x or y); a single-sided layer turned away draws nothing. Defaults to true. Animatable.
    open var isDoubleSided = true {
        didSet { didChange("doubleSided", from: oldValue) }
    }

    /// Whether opacity applies to the layer and its sublayers as one image. Defaults to true (iOS 7 and later).
    open var allowsGroupOpacity = true { didSet { didChange("allowsGroupOpacity", from: oldValue) } }

    /// Whether the edges of a layer turned off the pixel grid (rotated or in 3D) are antialiased,
    /// on the sides `edgeAntialiasingMask` names. Defaults to false (iOS).
    open var allowsEdgeAntialiasing = false { didSet { didChange("allowsEdgeAntialiasing", from: oldValue) } }

    /// Which edges are antialiased when `allowsEdgeAntialiasing` is on. Defaults to all four edges.
    open var edgeAntialiasingMask: CAEdgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge, .layerBottomEdge, .layerTopEdge] {
        didSet { didChange("edgeAntialiasingMask", from: oldValue) }
    }

    /// Whether the layer and its sublayers are drawn once into an image (at `rasterizationScale`)
    /// that is reused while they do not change. Defaults to false.
    open var shouldRasterize = false { didSet { didChange("shouldRasterize", from: oldValue) } }
    /// Pixels per point of the rasterized image. Defaults to 1. Must be a positive number.
    open var rasterizationScale: CGFloat = 1 {
        didSet { if accept(&rasterizationScale, oldValue, "rasterizationScale", Validate.positive) { didChange("rasterizationScale", from: oldValue) } }
    }

    // MARK: Shadow

    /// The color of the shadow cast by the layer's shape (or `shadowPath`). Defaults to opaque
    /// black. Animatable.
    open var shadowColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) { didSet { didChange("shadowColor", from: oldValue) } }
    /// How opaque the shadow is, from 0 to 1. Defaults to 0 (no shadow). Animatable.
    open var shadowOpacity: Float = 0 {
        didSet { if accept(&shadowOpacity, oldValue, "shadowOpacity", Validate.number) { didChange("shadowOpacity", from: oldValue) } }
    }
    /// How far the shadow is moved from the layer, in the superlayer's points (negative height is
    /// up on iOS). Defaults to (0, −3). Animatable.
    open var shadowOffset = CGSize(width: 0, height: -3) {
        didSet { if accept(&shadowOffset, oldValue, "shadowOffset", Validate.size) { didChange("shadowOffset", from: oldValue) } }
    }
    /// The blur radius. Defaults to 3. Animatable.
    open var shadowRadius: CGFloat = 3 {
        didSet { if accept(&shadowRadius, oldValue, "shadowRadius", Validate.length) { didChange("shadowRadius", from: oldValue) } }
    }
    /// A shape for the shadow instead of the layer's alpha. Defaults to nil. Animatable.
    open var shadowPath: CGPath? { didSet { didChange("shadowPath", from: oldValue) } }

    // MARK: Filters (see CALayer+Filters.swift)

    /// Core Image filters (`CIFilter`s) applied to the layer and its sublayers as one picture,
    /// in order. Stored as given; a filter Lamina lacks draws unfiltered, with one message.
    /// Defaults to nil. Animatable, but only explicitly, through key paths with the filter's
    /// `name` ("filters.blur.inputRadius"): changing the array makes no implicit animation.
    open var filters: [Any]? {
        didSet { didChange("filters", from: oldValue); reportUnknownFilters("filters", filters, old: oldValue) }
    }
    /// Core Image filters applied to what is behind the layer, inside its shape (the root's are
    /// ignored). Defaults to nil. Animatable, but only explicitly, through key paths with the
    /// filter's name ("backgroundFilters.frost.inputRadius").
    open var backgroundFilters: [Any]? {
        didSet { didChange("backgroundFilters", from: oldValue); reportUnknownFilters("backgroundFilters", backgroundFilters, old: oldValue) }
    }
    /// How the layer is composited with what is behind it: a `CIFilter` of the composite
    /// operation category or its name as a string ("multiplyBlendMode"); nil is source-over.
    /// Defaults to nil. Animatable, but only explicitly, through key paths
    /// ("compositingFilter.inputIntensity").
    open var compositingFilter: Any? {
        didSet {
            didChange("compositingFilter", from: oldValue)
            reportUnknownFilters("compositingFilter", compositingFilter.map { [$0] }, old: oldValue.map { [$0] })
        }
    }

    // MARK: Identity

    /// A name for finding the layer (and for debug dumps); it changes no pixel. Defaults to nil.
    open var name: String? { didSet { snapshotDidChange() } }

    /// Values for keys the layer has not set itself: properties it never assigned take their
    /// value from here (else from `defaultValue(forKey:)`), and so do other keys read through
    /// key-value coding. Defaults to nil.
    open var style: [AnyHashable: Any]? {
        didSet { if !applyingStyle { applyStyle() } }
    }

    /// Draws and lays out on the layer's behalf. Held weakly. Defaults to nil.
    open weak var delegate: CALayerDelegate?

    /// Actions by key, searched after the delegate (see `action(forKey:)`). Defaults to nil.
    open var actions: [String: CAAction]?

    /// Sizes and places the sublayers instead of the delegate. Defaults to nil.
    open var layoutManager: CALayoutManager?

    /// How the layer follows its superlayer's size changes (see `resize(withOldSuperlayerSize:)`).
    /// Defaults to `kCALayerNotSizable` (`[]`). macOS API.
    open var autoresizingMask: CAAutoresizingMask = []

    /// The layer's constraints, which a `CAConstraintLayoutManager` on its superlayer applies.
    /// Defaults to nil. macOS API.
    open var constraints: [CAConstraint]? {
        didSet { superlayerStorage?.setNeedsLayout() }
    }

    /// Values stored for keys that are not properties (`setValue(_:forKey:)`).
    var customValues: [String: Any] = [:]
    /// Built-in properties assigned by the layer's user (the others follow `style`).
    var explicitlySet: Set<String> = []
    var applyingStyle = false
    /// The serial of the last transaction this layer's changes were recorded in (0: none).
    var touchedInTransaction: UInt64 = 0

    // MARK: Timing (CAMediaTiming): the layer's time is (parent − beginTime) · speed + timeOffset

    // Values that are not numbers (or infinite, except repeats) keep the old value, with a message.

    /// When the layer's time starts, in its superlayer's time. Defaults to 0.
    open var beginTime: CFTimeInterval = 0 {
        didSet { snapshotDidChange(); beginTime = TimingValidation.time(beginTime, old: oldValue, "CALayer.beginTime") }
    }
    /// The length of one pass of the layer's time, for `repeatCount` and `autoreverses`; 0 means
    /// it runs unbounded. Defaults to 0.
    open var duration: CFTimeInterval = 0 {
        didSet { snapshotDidChange(); duration = TimingValidation.time(duration, old: oldValue, "CALayer.duration") }
    }
    /// How fast the layer's time runs against its superlayer's; 0 pauses everything in the
    /// layer's subtree. Defaults to 1.
    open var speed: Float = 1 {
        didSet { snapshotDidChange(); speed = TimingValidation.number(speed, old: oldValue, "CALayer.speed") }
    }
    /// Added to the layer's time after `speed` is applied (how far ahead a paused layer shows).
    /// Defaults to 0.
    open var timeOffset: CFTimeInterval = 0 {
        didSet { snapshotDidChange(); timeOffset = TimingValidation.time(timeOffset, old: oldValue, "CALayer.timeOffset") }
    }
    /// How many times the layer's `duration` repeats; `.infinity` repeats forever. Defaults to 0.
    open var repeatCount: Float = 0 {
        didSet { snapshotDidChange(); repeatCount = TimingValidation.number(repeatCount, old: oldValue, "CALayer.repeatCount", infinityMeansForever: true) }
    }
    /// For how long the layer's time repeats, in its own time; `.infinity` repeats forever.
    /// Defaults to 0.
    open var repeatDuration: CFTimeInterval = 0 {
        didSet {
            snapshotDidChange()
            repeatDuration = TimingValidation.time(repeatDuration, old: oldValue, "CALayer.repeatDuration", infinityMeansForever: true)
        }
    }
    /// Whether each pass of the layer's time runs forward, then backward. Defaults to false.
    open var autoreverses = false { didSet { snapshotDidChange() } }
    /// Whether the layer's time holds its first or last value outside its active span.
    /// Defaults to `.removed`.
    open var fillMode = CAMediaTimingFillMode.removed { didSet { snapshotDidChange() } }

    /// The animations attached, in the order added.
    var attachedAnimations: [AttachedAnimation] = [] {
        didSet {
            if oldValue.isEmpty != attachedAnimations.isEmpty { countAnimatedLayers(attachedAnimations.isEmpty ? -1 : 1) }
            snapshotDidChange(own: false)
        }
    }
    /// For a presentation copy: the model layer it shows.
    weak var modelLayer: CALayer?
    /// For a model root: the presentation tree made last.
    var latestPresentation: CALayer?
    /// Whether a committed transaction has shown the layer (its changes then animate implicitly).
    var hasBeenCommitted = false
    /// The values changed keys had at the last commit (see `rememberCommittedValue`); nil when
    /// nothing changed since.
    var committedValues: [String: Any?]?
    /// For a presentation copy: a transition in flight.
    var activeTransition: TransitionState? { didSet { snapshotDidChange() } }

    // MARK: Render identity (see `LayerSnapshot`)

    /// Names this layer's node in every render tree, for the layer's whole life.
    final let renderID = RenderID.next()
    /// The snapshot of this subtree made at the last commit; nil once anything in the subtree
    /// changed since (a commit then snapshots again only what changed).
    final var committedSnapshot: SnapshotBox?
    /// The boxes its last snapshot listed for its sublayers, in `sublayerStorage` order, and
    /// the sublayers whose snapshots were let go since (`snapshotDidChange`): the next commit
    /// lists the others' boxes as they were, without looking at those layers (a cache miss
    /// each, a thousand under one dragged layer). Nil, and none stale, once the sublayers
    /// themselves change: every sublayer is then looked at.
    final var listedSublayers: SublayerBoxes?
    final var staleSublayers: [CALayer] = []
    /// Where that snapshot's box is, for a prefetch: no retain of it.
    final var committedSnapshotAddress: UnsafeRawPointer? {
        committedSnapshot.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
    }
    /// Counts the snapshots made of this subtree, and of this layer's own properties.
    final var subtreeVersion: UInt64 = 0
    final var ownVersion: UInt64 = 0
    /// Whether one of the layer's own properties changed since its last snapshot.
    final var ownPropertiesChanged = true
    /// The caches `render(in:)` draws this tree with, kept while the layer lives (made on first use).
    final lazy var renderContext = RenderContext(rules: .renderInContext)

    // MARK: Display and layout state

    var needsDisplayFlag = false {
        didSet { if needsDisplayFlag, !oldValue { parentLayer?.markDisplayBelow() } }
    }
    /// Whether a layer below this one may need display (its sublayers' and mask's trees) or
    /// layout (its sublayers' trees: the layout pass does not visit masks): the passes a commit
    /// runs pass over a subtree where it is not set. Set up the tree when a layer is marked
    /// (`markDisplayBelow`, `markLayoutBelow`), or joins a tree marked; a set flag's ancestors
    /// (superlayers, and for display mask owners) are set too.
    var displayBelow = false
    var layoutBelow = false
    /// Whether `CALayer.init(layer:)` made this layer as a copy of another.
    var madeAsCopy = false
    /// The `@Managed` properties by key, once looked up (see `managedProperties`).
    var managedPropertyCache: [String: AnyManagedBox]?
    /// How many property changes the layer has reported (`didChange`): key-value coding tells
    /// from it whether a subclass's property reported its own change.
    var changeReports = 0
    var needsLayoutFlag = false {
        didSet { if needsLayoutFlag, !oldValue { parentLayer?.markLayoutBelow() } }
    }
    /// Set by `CALayerDelegate`'s default `display(_:)`: the delegate does not display by itself.
    package var delegateLacksDisplay = false

    // MARK: Initializers

    public override init() {
        super.init()
        // A new layer belongs to the current transaction: once it commits, changes animate.
        CATransaction.current.touched[ObjectIdentifier(self)] = self
    }

    /// Makes a copy of `layer` for the presentation tree: every property, no sublayers.
    /// Subclasses override it (`override init(layer: Any)`, as on Apple platforms) to copy their
    /// own state, calling `super.init(layer:)`; properties listed in `keyValueProperties` are
    /// copied without it.
    public init(layer: Any) {
        super.init()
        if let other = layer as? CALayer {
            copyProperties(from: other)
            madeAsCopy = true
        }
    }

    /// A layer unarchived from `coder`: what `encode(with:)` archived (its properties, managed
    /// properties and custom keys, timing, sublayers, mask and animations).
    public required init?(coder: NSCoder) {
        super.init()
        decodeArchivedValues(from: coder)
    }

    /// Archives the layer into `coder` (`NSKeyedArchiver`): every property but `frame`, its
    /// managed properties and custom keys, its timing, sublayers, mask and animations, each as
    /// `shouldArchiveValue(forKey:)` allows. Delegates, layout managers and actions are not
    /// archived, nor filter objects (left out with a message).
    open func encode(with coder: NSCoder) { encodeArchivedValues(with: coder) }

    /// Whether `encode(with:)` archives the value of `key` (a property name, a custom key or
    /// `"animations"`). Defaults to true for every key.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Layers support secure coding: unarchived with `NSKeyedUnarchiver.unarchivedObject(ofClass:from:)`.
    open class var supportsSecureCoding: Bool { true }

    // MARK: Open members implemented in the CALayer+… files (declared here so that subclasses
    // can override them, as Apple's are `open`)

    /// Attaches a copy of `anim`, replacing any animation under the same key. An animation whose
    /// `beginTime` is 0 starts now (in the layer's time). A property animation without a key
    /// path, or one with a value that is not finite (NaN or infinite numbers, points, sizes,
    /// rects or transforms), is ignored, with a message.
    open func add(_ anim: CAAnimation, forKey key: String?) { defaultAdd(anim, forKey: key) }

    /// The animation attached under `key` (the layer's copy: do not change it).
    open func animation(forKey key: String) -> CAAnimation? { defaultAnimation(forKey: key) }

    /// The keys of the attached animations, in the order added; nil when there are none.
    open func animationKeys() -> [String]? { defaultAnimationKeys() }

    /// Detaches the animation under `key`; its delegate hears `animationDidStop(_:finished: false)`.
    open func removeAnimation(forKey key: String) { defaultRemoveAnimation(forKey: key) }

    /// Removes every animation the layer runs; the removed animations' delegates are told they stopped, unfinished.
    open func removeAllAnimations() { defaultRemoveAllAnimations() }

    /// `t` from `l`'s time (nil: media time, `CACurrentMediaTime()`) to this layer's time.
    open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { defaultConvertTime(t, from: l) }

    /// `t` from this layer's time to `l`'s (nil: media time).
    open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { defaultConvertTime(t, to: l) }

    /// A copy of this layer (of its own class) with every active animation applied at the
    /// current media time; its sublayers, superlayer and mask are presentation layers too, so
    /// `hitTest` on it hits where things are now. Apple returns nil for a layer no render server
    /// has shown yet; Lamina returns a copy for any layer. On a presentation layer it returns itself.
    open func presentation() -> Self? { defaultPresentation() }

    /// The model layer a presentation layer shows; a model layer returns itself.
    open func model() -> Self { defaultModel() }

    /// Whether the layer is marked for redrawing (`setNeedsDisplay()`) and has not been displayed since.
    open func needsDisplay() -> Bool { defaultNeedsDisplay() }

    /// Redraws now if the layer was marked.
    open func displayIfNeeded() { defaultDisplayIfNeeded() }

    /// Whether the layer's content is implicitly flipped when rendered: true when the context
    /// `draw(in:)` gets has a y-flip applied to it (y down, the bounds' origin at the top), which
    /// is when an even number of the layer and its superlayers have flipped geometry — as on
    /// iOS, whose layers are y down: a layer with none answers true, and code that draws Core
    /// Text flips back when this is true (lottie-ios's text layers do). Under an odd number the
    /// context is y up, Core Graphics' own. Do not override it.
    open func contentsAreFlipped() -> Bool { defaultContentsAreFlipped() }

    /// Marks the layer for layout at the next layout pass (`layoutIfNeeded()` or a commit).
    open func setNeedsLayout() { defaultSetNeedsLayout() }

    /// Whether `setNeedsLayout()` was called since the layer last laid out its sublayers.
    open func needsLayout() -> Bool { defaultNeedsLayout() }

    /// Lays out this layer if it was marked, then its sublayers, top-down.
    open func layoutIfNeeded() { defaultLayoutIfNeeded() }

    /// The layer's rectangle in its superlayer: the bounds transformed about the anchor point and
    /// placed at `position`. Setting it changes `position` and `bounds.size` so that the
    /// transformed bounds fill the frame, under transforms too (as far as the transform allows).
    open var frame: CGRect { get { defaultFrame } set { defaultFrame = newValue } }

    /// The affine part of `transform`.
    open func affineTransform() -> CGAffineTransform { defaultAffineTransform() }

    /// Sets `transform` to the affine transform `m`.
    open func setAffineTransform(_ m: CGAffineTransform) { defaultSetAffineTransform(m) }

    /// `point` from `layer`'s coordinates (nil: the plane the tree's topmost frame lies in) into
    /// this layer's. Points that no longer land on the plane (behind a perspective viewer, or
    /// through a singular transform) come back as NaN.
    open func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint { defaultConvert(point, from: layer) }

    /// `point` from this layer's coordinates into `layer`'s (nil: the tree's outer plane).
    open func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint { defaultConvert(point, to: layer) }

    /// `rect` from `layer`'s coordinates: the bounding box of its converted corners.
    open func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { defaultConvert(rect, from: layer) }

    /// `rect`, in this layer's coordinates, in `layer`'s (nil: the root's): the box of its corners where the map turns it.
    open func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { defaultConvert(rect, to: layer) }

    /// The sublayers, back to front; nil when there are none. Setting it removes the old ones
    /// and adopts the new ones (taking them from their previous superlayers).
    open var sublayers: [CALayer]? { get { defaultSublayers } set { defaultSublayers = newValue } }

    /// Appends `layer` to the sublayers (moving it from any other superlayer).
    open func addSublayer(_ layer: CALayer) { defaultAddSublayer(layer) }

    /// Inserts `layer` at `idx` (clamped to the sublayer count).
    open func insertSublayer(_ layer: CALayer, at idx: UInt32) { defaultInsertSublayer(layer, at: idx) }

    /// Inserts `layer` just below `sibling` (at the front when `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { defaultInsertSublayer(layer, below: sibling) }

    /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
    open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { defaultInsertSublayer(layer, above: sibling) }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index.
    open func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { defaultReplaceSublayer(oldLayer, with: newLayer) }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    open func removeFromSuperlayer() { defaultRemoveFromSuperlayer() }

    /// Appends `c` to `constraints`.
    open func addConstraint(_ c: CAConstraint) { constraints = (constraints ?? []) + [c] }

    /// Reads a key path: a key, then fields of the value (`position.x`, `bounds.size.width`,
    /// `transform.rotation.z`, `transform.scale`, `transform.translation.x`, …).
    open func value(forKeyPath keyPath: String) -> Any? { kvcValue(forKeyPath: keyPath) }

    /// Writes a key path: the field is replaced in a copy of the value, which is then set.
    /// Unknown fields are refused with a message.
    open func setValue(_ value: Any?, forKeyPath keyPath: String) { kvcSetValue(value, forKeyPath: keyPath) }

    /// Scrolls the nearest `CAScrollLayer` above this layer so that `p` (in this layer's
    /// coordinates) lies at its origin. Does nothing without such an ancestor.
    open func scroll(_ p: CGPoint) { defaultScroll(p) }

    /// Scrolls the nearest `CAScrollLayer` above this layer as little as makes `r` (in this
    /// layer's coordinates) visible. Does nothing without such an ancestor.
    open func scrollRectToVisible(_ r: CGRect) { defaultScrollRectToVisible(r) }

    /// The part of the bounds that the nearest `CAScrollLayer` above this layer shows, in this
    /// layer's coordinates: the bounds without such an ancestor; `CGRect.null` when none of it
    /// shows.
    open var visibleRect: CGRect { defaultVisibleRect }

    // MARK: Overridable behavior (implemented in the CALayer+… files)

    /// The frontmost visible layer at `point` (in the superlayer's coordinates), this one or a
    /// descendant; nil when the point misses.
    open func hitTest(_ point: CGPoint) -> CALayer? { defaultHitTest(point) }

    /// Whether `point` (in this layer's coordinates) is inside the bounds.
    open func contains(_ point: CGPoint) -> Bool { bounds.contains(point) }

    /// Marks the whole layer for redrawing at the next display pass (`displayIfNeeded()` or a commit).
    open func setNeedsDisplay() { needsDisplayFlag = true }

    /// Marks part of the layer for redrawing; a plain layer redraws the whole of it (a
    /// `CATiledLayer` only the tiles the rectangle touches).
    open func setNeedsDisplay(_ r: CGRect) { needsDisplayFlag = true }

    /// Draws the layer's content: by default asks the delegate's `draw(_:in:)`.
    open func draw(in ctx: CGContext) { delegate?.draw(self, in: ctx) }

    /// Updates `contents`: the delegate's `display(_:)` if it has one, else a backing image
    /// drawn by `draw(in:)`.
    open func display() { defaultDisplay() }

    /// Lays out the sublayers: the layout manager's, else the delegate's `layoutSublayers(of:)`.
    open func layoutSublayers() { defaultLayoutSublayers() }

    /// Adjusts the frame after the superlayer's bounds changed from `size` (called by the
    /// superlayer's `resizeSublayers(withOldSize:)`). Per axis, the change of the superlayer's
    /// size is shared among the flexible parts as Apple's measurements show (not as the intuitive
    /// proportional split): a flexible size takes a third of it when a margin on that axis is
    /// flexible too (all of it otherwise); the flexible margins share the rest equally. A
    /// sublayer at (10, 20, 50, 40) whose superlayer grows from 100×100 to 200×300 ends at
    /// (76, 20, 84, 40) with `[layerMinXMargin, layerWidthSizable]`, at (43, 20, 84, 40) with all
    /// three horizontal bits. A moved axis ends on whole points (its min edge rounded down, its
    /// max edge up, as `CGRect.integral`); an axis without flexible parts is left as it is.
    open func resize(withOldSuperlayerSize size: CGSize) { defaultResize(withOldSuperlayerSize: size) }

    /// Tells every sublayer that this layer's size changed from `size`: the default calls
    /// `resize(withOldSuperlayerSize:)` on each. Called when the bounds' size changes.
    open func resizeSublayers(withOldSize size: CGSize) {
        for sublayer in sublayerStorage where !sublayer.autoresizingMask.isEmpty {
            sublayer.resize(withOldSuperlayerSize: size)
        }
    }

    /// The size the layer would like in its superlayer: the layout manager's answer, else the
    /// bounds' size.
    open func preferredFrameSize() -> CGSize { layoutManager?.preferredSize(of: self) ?? bounds.size }

    /// Renders the layer and its sublayers into `ctx`, in its current user space.
    open func render(in ctx: CGContext) {
        // In the layer's coordinates: its contents turned as the flips above it turn them in its tree.
        var snapshot = snapshotForRendering()
        snapshot.contentsTurned = CATransaction.withTreeLock { flipsAboveAreOdd }
        LayerRenderer.render(snapshot, in: ctx, context: renderContext)
    }

    /// The action for an event — a property key, `"onOrderIn"`, `"onOrderOut"` or
    /// `"transition"` —: the delegate's `action(for:forKey:)`, else `actions[key]`, else
    /// `style["actions"][key]`, else `defaultAction(forKey:)`; an `NSNull` anywhere ends the search
    /// with no action. For Apple's animatable properties the search ends in an implicit
    /// `CABasicAnimation` when nothing else answers.
    open func action(forKey event: String) -> CAAction? { searchAction(forKey: event) }

    /// The action used when the delegate, `actions` and `style` have none. Defaults to nil.
    open class func defaultAction(forKey event: String) -> CAAction? { nil }

    /// The default for `key` when it has no value; nil for keys that are not properties. A
    /// property's default is a new layer's value (of the receiver's class: a `CAScrollLayer`
    /// masks to its bounds), written once where the property is declared.
    open class func defaultValue(forKey key: String) -> Any? {
        if let timing = Self.timingDefaults[key] { return timing }
        guard let row = keyValueProperties[key], !LayerProperty.notCopied.contains(key) else { return nil }
        // Of the nearest built-in class: a subclass may lack `init()` (see `CALayer+Making`).
        let cls = builtInClass(of: self)
        return row.get(cls == CALayer.self ? DefaultLayer.shared : makeLayer(ofClass: cls))
    }

    /// Whether a change of `key` redraws the layer. Defaults to false for every key.
    open class func needsDisplay(forKey key: String) -> Bool { false }

    /// Key-value coding as Core Animation extends it: properties, structure fields in key
    /// paths, and any other key stored on the layer.
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property by its key (through the property table), or stores the value under an unknown key, as Core Animation does.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// What a subclass draws besides `contents` (a gradient); nil for plain layers.
    var renderContent: LayerContent? { nil }

    /// A `CAReplicatorLayer`'s instance properties for the render side; nil for other layers.
    var renderReplicator: ReplicatorState? { nil }

    /// A `CAEmitterLayer`'s values and cells for the render side; nil for other layers.
    var renderEmitter: EmitterState? { nil }

    /// Whether this is a `CATransformLayer` (its sublayers keep their 3D places).
    var isTransformLayer: Bool { false }

    /// A subclass's own properties for key-value coding and `init(layer:)`: override to add
    /// entries (and call super).
    open class var keyValueProperties: [String: LayerProperty] { LayerProperty.builtIn }

    open override var description: String {
        "<\(type(of: self)) \(name.map { "'\($0)' " } ?? "")frame=\(frame) sublayers=\(sublayerStorage.count)>"
    }
}
