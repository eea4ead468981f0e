/// The infrastructure for drawing, printing and handling events in an app: a rectangle of a
/// window's content, in AppKit's coordinates.
///
/// Coordinates follow macOS: `isFlipped` is false by default, so a view's origin is at its
/// bottom left and y grows upward (a subview at y 0 sits at the bottom of its superview, and
/// `draw(_:)` draws y up); a subclass that answers true to `isFlipped` has its origin at the
/// top left.
///
/// Every view renders through a Core Animation layer. With `wantsLayer` the view is
/// layer-backed: AppKit makes the layer (`makeBackingLayer()`), is its delegate, and draws
/// `draw(_:)` (or calls `updateLayer()`) into it as `layerContentsRedrawPolicy` says. A layer
/// assigned to `layer` before `wantsLayer` is set makes the view layer-hosting: AppKit keeps
/// the layer's geometry in step with the view's frame and leaves its contents, sublayers and
/// delegate to the app. Without either, `layer` is nil and the view draws into a layer of its
/// own that the app does not see. A view's layer does not animate implicitly: changes animate
/// through `animator()` or inside `NSAnimationContext` groups that allow implicit animation.
@MainActor
open class NSView: NSResponder, CALayerDelegate {
    /// The layer the view renders with: the backing or hosted layer, or a private one.
    var renderLayer: CALayer
    /// Whether `renderLayer` was assigned before `wantsLayer` (layer-hosting).
    var hostsLayer = false
    /// Whether `renderLayer` is the app's: made by `makeBackingLayer()` or assigned.
    var layerIsPublic = false
    var wantsLayerStorage = false
    weak var storedSuperview: NSView?
    var storedSubviews: [NSView] = []
    /// The window whose content view this is.
    weak var contentWindow: NSWindow?
    /// Whether this view's class overrides `draw(_:)` (found once per class).
    lazy var classDraws: Bool = Self.drawsContent(self)
    var baseDrawCalled = false
    var needsDisplayStorage = false
    var needsLayoutStorage = false
    var redrawPolicyStorage: LayerContentsRedrawPolicy?
    var placementStorage = LayerContentsPlacement.scaleAxesIndependently
    var trackingAreaStorage: [NSTrackingArea] = []
    /// Whether the next change of an animatable property animates (`animator()`).
    var animatorArmed = false
    /// The resize AppKit is driving (`.duringViewResize` inside an animation), if any.
    var resizeDriver: ViewResizeDriver?

    /// Initializes and returns a newly allocated view with the specified frame rectangle (in
    /// its superview's coordinates).
    public init(frame frameRect: NSRect) {
        renderLayer = CALayer()
        super.init()
        adopt(renderLayer)
        setFrameWithoutAnimation(frameRect)
    }

    /// Creates a view from data in an unarchiver. Lamina has no nib files: this makes a view
    /// with a zero frame.
    public required init?(coder: NSCoder) {
        renderLayer = CALayer()
        super.init()
        adopt(renderLayer)
    }

    /// Creates a view with a zero frame.
    public convenience override init() {
        self.init(frame: .zero)
    }

    // MARK: - Coordinates

    /// Whether the view uses a flipped coordinate system: origin at the top left, y growing
    /// down. Defaults to false (origin at the bottom left, y up). Override to return true.
    open var isFlipped: Bool { false }

    /// The view's frame rectangle, which defines its position and size in its superview's
    /// coordinate system. Animatable (through `animator()`).
    open var frame: NSRect {
        get { frameOfLayer }
        set { setFrame(newValue) }
    }

    /// Sets the origin of the view's frame rectangle, keeping its size. Animatable.
    open func setFrameOrigin(_ newOrigin: NSPoint) {
        setFrame(NSRect(origin: newOrigin, size: frame.size))
    }

    /// Sets the size of the view's frame rectangle, keeping its origin. Animatable.
    open func setFrameSize(_ newSize: NSSize) {
        setFrame(NSRect(origin: frame.origin, size: newSize))
    }

    /// The view's bounds rectangle, which expresses its location and size in its own
    /// coordinate system. Defaults to the frame's size at the origin. (A size other than the
    /// frame's sets the frame's size too: Lamina does not scale a view's content by its bounds.)
    open var bounds: NSRect {
        get { renderLayer.bounds }
        set {
            let oldSize = frame.size
            change(["bounds"]) { renderLayer.bounds = newValue.standardized }
            frameSizeDidChange(from: oldSize)
        }
    }

    /// Sets the origin of the view's bounds rectangle: the point of its own coordinates at its
    /// frame's origin corner.
    open func setBoundsOrigin(_ newOrigin: NSPoint) {
        bounds = NSRect(origin: newOrigin, size: bounds.size)
    }

    /// The portion of the view not clipped by its superviews, in its own coordinates.
    open var visibleRect: NSRect {
        guard let superview else { return bounds }
        let visible = convert(superview.visibleRect, from: superview).intersection(bounds)
        return visible.isNull ? .zero : visible
    }

    /// Converts a point from the coordinate system of a given view (nil: the window's base
    /// coordinates) to that of the receiver.
    open func convert(_ point: NSPoint, from view: NSView?) -> NSPoint {
        localPoint(fromWindow: view.map { $0.windowPoint(fromLocal: point) } ?? point)
    }

    /// Converts a point from the receiver's coordinate system to that of a given view (nil: the
    /// window's base coordinates).
    open func convert(_ point: NSPoint, to view: NSView?) -> NSPoint {
        let inWindow = windowPoint(fromLocal: point)
        return view.map { $0.localPoint(fromWindow: inWindow) } ?? inWindow
    }

    /// Converts a rectangle from the coordinate system of another view (nil: the window's) to
    /// that of the receiver: the bounding box of its converted corners.
    open func convert(_ rect: NSRect, from view: NSView?) -> NSRect {
        boundingBox(of: rect) { convert($0, from: view) }
    }

    /// Converts a rectangle from the receiver's coordinate system to that of another view (nil:
    /// the window's).
    open func convert(_ rect: NSRect, to view: NSView?) -> NSRect {
        boundingBox(of: rect) { convert($0, to: view) }
    }

    // MARK: - Hierarchy

    /// The view's superview, or nil.
    open var superview: NSView? { storedSuperview }

    /// The view's immediate subviews, back to front. Setting it removes the old subviews that
    /// are not in the new array and adds the new ones in order.
    open var subviews: [NSView] {
        get { storedSubviews }
        set {
            for view in storedSubviews where !newValue.contains(where: { $0 === view }) { view.removeFromSuperview() }
            for view in newValue { addSubview(view) }
        }
    }

    /// The view's window (the one whose content view is this view or an ancestor), or nil.
    open var window: NSWindow? { rootView.contentWindow }

    /// The next responder: the superview, or for the content view its window, unless one was set.
    open override var nextResponder: NSResponder? {
        get { storedNextResponder ?? storedSuperview ?? contentWindow }
        set { storedNextResponder = newValue }
    }

    /// Adds a view as the frontmost subview. A view that has another superview is moved.
    open func addSubview(_ view: NSView) {
        attach(view, at: storedSubviews.count)
    }

    /// Inserts a view among the subviews, above or below `otherView` (nil: in front of or
    /// behind all).
    open func addSubview(_ view: NSView, positioned place: NSWindow.OrderingMode, relativeTo otherView: NSView?) {
        let anchor = otherView.flatMap { other in storedSubviews.firstIndex { $0 === other } }
        switch place {
        case .above: attach(view, at: anchor.map { $0 + 1 } ?? storedSubviews.count)
        case .below: attach(view, at: anchor ?? 0)
        case .out: view.removeFromSuperview()
        }
    }

    /// Unlinks the view from its superview and its window, and removes it from the responder chain.
    open func removeFromSuperview() {
        detachFromSuperview()
    }

    /// Replaces one of the view's subviews with another view, at the same place.
    open func replaceSubview(_ oldView: NSView, with newView: NSView) {
        guard let index = storedSubviews.firstIndex(where: { $0 === oldView }) else { return }
        oldView.removeFromSuperview()
        attach(newView, at: index)
    }

    /// Whether the view is a subview of `view`, or `view` itself.
    open func isDescendant(of view: NSView) -> Bool {
        sequence(first: self, next: { $0.storedSuperview }).contains { $0 === view }
    }

    /// Informs the view that its superview is about to change to `newSuperview` (nil: it is
    /// being removed). Does nothing by default.
    open func viewWillMove(toSuperview newSuperview: NSView?) {}
    /// Informs the view that its superview has changed. Does nothing by default.
    open func viewDidMoveToSuperview() {}
    /// Informs the view that it's being added to (or removed from, nil) a window's hierarchy.
    /// Does nothing by default.
    open func viewWillMove(toWindow newWindow: NSWindow?) {}
    /// Informs the view that it has been added to a new window (or removed from one). Does
    /// nothing by default.
    open func viewDidMoveToWindow() {}
    /// Informs the view that a subview was added. Does nothing by default.
    open func didAddSubview(_ subview: NSView) {}
    /// Informs the view that a subview is about to be removed. Does nothing by default.
    open func willRemoveSubview(_ subview: NSView) {}

    // MARK: - Visibility

    /// Whether the view is hidden. Defaults to false.
    open var isHidden: Bool {
        get { renderLayer.isHidden }
        set { change(["hidden"]) { renderLayer.isHidden = newValue } }
    }

    /// Whether the view or one of its ancestors is hidden.
    open var isHiddenOrHasHiddenAncestor: Bool {
        sequence(first: self, next: { $0.storedSuperview }).contains { $0.isHidden }
    }

    /// The opacity of the view, from 0 (transparent) to 1. Defaults to 1. Animatable.
    open var alphaValue: CGFloat {
        get { CGFloat(renderLayer.opacity) }
        set { change(["opacity"]) { renderLayer.opacity = Float(newValue) } }
    }

    /// Whether the view clips its subviews and drawing to its bounds (the layer's
    /// `masksToBounds`). Defaults to false.
    open var clipsToBounds: Bool {
        get { renderLayer.masksToBounds }
        set { renderLayer.masksToBounds = newValue }
    }

    /// Whether the view fills its frame with opaque content. Defaults to false.
    open var isOpaque: Bool { false }

    /// The view's tag: -1 unless a subclass answers otherwise.
    open var tag: Int { -1 }

    /// The view, or the first of its descendants depth first, whose tag is `tag`.
    open func viewWithTag(_ tag: Int) -> NSView? {
        if self.tag == tag { return self }
        for subview in storedSubviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    // MARK: - Layers

    /// Whether the view uses a layer as its backing store (is layer-backed). Defaults to false.
    /// Setting it makes the layer with `makeBackingLayer()`, unless a layer was assigned first
    /// (layer-hosting); setting it back to false lets a layer-backed view's layer go (the view
    /// draws into a private one again).
    open var wantsLayer: Bool {
        get { wantsLayerStorage }
        set {
            guard newValue != wantsLayerStorage else { return }
            wantsLayerStorage = newValue
            if newValue, !layerIsPublic {
                install(makeBackingLayer(), hosting: false)
            } else if !newValue, layerIsPublic, !hostsLayer {
                install(CALayer(), hosting: false, isPublic: false)
            }
        }
    }

    /// The Core Animation layer the view uses as its backing store; nil unless the view is
    /// layer-backed or layer-hosting. Assigning a layer before setting `wantsLayer` makes the
    /// view layer-hosting.
    open var layer: CALayer? {
        get { layerIsPublic ? renderLayer : nil }
        set {
            guard let newValue else {
                if layerIsPublic { install(CALayer(), hosting: false, isPublic: false) }
                return
            }
            install(newValue, hosting: !wantsLayerStorage)
        }
    }

    /// Creates the view's backing layer: called when `wantsLayer` becomes true. Defaults to a
    /// plain `CALayer`; override to return a layer of another class.
    open func makeBackingLayer() -> CALayer { CALayer() }

    /// Whether the view updates its layer with `updateLayer()` instead of drawing with
    /// `draw(_:)`. Defaults to false. Only layer-backed views update their layers.
    open var wantsUpdateLayer: Bool { false }

    /// Updates the view's layer (its contents, colors…) when the view needs display and
    /// `wantsUpdateLayer` is true. Does nothing by default.
    open func updateLayer() {}

    /// How the view's layer is redrawn as the view resizes. Defaults to `.duringViewResize` for
    /// layer-backed views and to `.never` for layer-hosting views and views without a layer.
    open var layerContentsRedrawPolicy: LayerContentsRedrawPolicy {
        get { redrawPolicyStorage ?? (layerIsPublic && !hostsLayer ? .duringViewResize : .never) }
        set {
            redrawPolicyStorage = newValue
            applyPlacement()
        }
    }

    /// How the layer's existing contents are placed in it while it is resized and not redrawn:
    /// the layer's `contentsGravity`. Defaults to `.scaleAxesIndependently`.
    open var layerContentsPlacement: LayerContentsPlacement {
        get { placementStorage }
        set {
            placementStorage = newValue
            applyPlacement()
        }
    }

    /// Whether the view draws its subviews into its own layer. Defaults to false; kept, and
    /// each subview still draws into its own layer in Lamina.
    open var canDrawSubviewsIntoLayer = false

    /// The Core Image filters applied to the view's contents and subviews (the layer's
    /// `filters`). Defaults to empty.
    open var contentFilters: [CIFilter] {
        get { (renderLayer.filters as? [CIFilter]) ?? [] }
        set { renderLayer.filters = newValue.isEmpty ? nil : newValue }
    }

    /// The Core Image filters applied to what is behind the view (the layer's
    /// `backgroundFilters`). Defaults to empty.
    open var backgroundFilters: [CIFilter] {
        get { (renderLayer.backgroundFilters as? [CIFilter]) ?? [] }
        set { renderLayer.backgroundFilters = newValue.isEmpty ? nil : newValue }
    }

    /// Returns a proxy for animating the view's properties: in Lamina the view itself, whose
    /// next animatable property set (frame, frame origin or size, bounds, `alphaValue`)
    /// animates with the current `NSAnimationContext`'s duration and timing function.
    open func animator() -> Self {
        animatorArmed = true
        return self
    }

    // MARK: - Drawing

    /// Draws the view within `dirtyRect` into `NSGraphicsContext.current` (in the view's
    /// coordinates: y up unless the view is flipped). The default does nothing; a view whose
    /// class does not override it gets no backing image.
    open func draw(_ dirtyRect: NSRect) {
        baseDrawCalled = true
    }

    /// Whether the view needs to be redrawn before being displayed. Setting true marks the
    /// whole bounds.
    open var needsDisplay: Bool {
        get { needsDisplayStorage }
        set {
            needsDisplayStorage = newValue
            if newValue { markLayerForDisplay(nil) }
        }
    }

    /// Marks `invalidRect` (in the view's coordinates) as needing to be redrawn.
    open func setNeedsDisplay(_ invalidRect: NSRect) {
        needsDisplayStorage = true
        markLayerForDisplay(invalidRect)
    }

    /// Displays the view and its subviews now: lays out what needs it, then draws (or updates
    /// the layers of) every view that needs display.
    open func display() {
        layoutSubtreeIfNeeded()
        needsDisplay = true
        displayIfNeeded()
    }

    /// Displays the views of the subtree that need display now.
    open func displayIfNeeded() {
        displayTreeNow()
    }

    /// Called before the view draws; the default does nothing.
    open func viewWillDraw() {}

    /// A bitmap representation of `rect`'s size (at the window's scale, 1 outside windows) for
    /// `cacheDisplay(in:to:)`; nil for an empty rectangle.
    open func bitmapImageRepForCachingDisplay(in rect: NSRect) -> NSBitmapImageRep? {
        let scale = window?.backingScaleFactor ?? NSScreen.defaultScale
        guard let context = makeDrawingContext(size: rect.size, scale: scale), let blank = context.makeImage() else { return nil }
        return NSBitmapImageRep(cgImage: blank, size: rect.size)
    }

    /// Draws `rect` of the view and its subviews (laid out and displayed first) into
    /// `bitmapImageRep`, as they appear: the view's own position and transform play no part.
    open func cacheDisplay(in rect: NSRect, to bitmapImageRep: NSBitmapImageRep) {
        layoutSubtreeIfNeeded()
        displayTreeNow()
        let scale = rect.width > 0 ? CGFloat(bitmapImageRep.pixelsWide) / rect.width : 1
        guard let context = makeDrawingContext(size: rect.size, scale: scale) else { return }
        let shown = layerRect(fromLocal: rect)
        // `render(in:)` draws the layer's own coordinates. Where the flips above the layer are
        // odd (then its contents are flipped exactly when its own geometry is), those run y up on
        // screen: turned over, the picture is as seen.
        if renderLayer.contentsAreFlipped() == renderLayer.isGeometryFlipped {
            context.translateBy(x: -shown.minX, y: shown.maxY)
            context.scaleBy(x: 1, y: -1)
        } else {
            context.translateBy(x: -shown.minX, y: -shown.minY)
        }
        renderLayer.render(in: context)
        if let image = context.makeImage() { bitmapImageRep.replaceImage(with: image) }
    }

    // MARK: - Layout

    /// Whether the view needs a layout pass (`layout()`) before being displayed. Setting true
    /// lays it out at the next update (a commit) or `layoutSubtreeIfNeeded()`.
    open var needsLayout: Bool {
        get { needsLayoutStorage }
        set {
            needsLayoutStorage = newValue
            if newValue { renderLayer.setNeedsLayout() }
        }
    }

    /// Lays out the view's subviews. The default does nothing: autoresizing happens when the
    /// frame changes. Called by the layout pass when `needsLayout` is true, superviews first.
    open func layout() {}

    /// Lays out the view and its subviews now, where `needsLayout` is set, top down.
    open func layoutSubtreeIfNeeded() {
        if needsLayoutStorage {
            needsLayoutStorage = false
            layout()
        }
        for subview in storedSubviews { subview.layoutSubtreeIfNeeded() }
    }

    /// Whether the view resizes its subviews (by their `autoresizingMask`) when its frame size
    /// changes. Defaults to true.
    open var autoresizesSubviews = true

    /// How the view resizes when its superview's size changes. Defaults to `.none`.
    open var autoresizingMask: AutoresizingMask = []

    /// Tells each subview that the view's size changed from `oldSize` (`resize(withOldSuperviewSize:)`).
    open func resizeSubviews(withOldSize oldSize: NSSize) {
        for subview in storedSubviews { subview.resize(withOldSuperviewSize: oldSize) }
    }

    /// Resizes the view by its `autoresizingMask` after its superview's size changed from `oldSize`.
    open func resize(withOldSuperviewSize oldSize: NSSize) {
        guard let superview, !autoresizingMask.isEmpty else { return }
        setFrame(autoresizedFrame(from: oldSize, to: superview.bounds.size))
    }

    // MARK: - Live resize

    /// Whether the view is being resized by the user (its window's live resize).
    open var inLiveResize: Bool { window?.inLiveResize ?? false }

    /// Informs the view of the start of a live resize of its window. Does nothing by default.
    open func viewWillStartLiveResize() {}

    /// Informs the view of the end of a live resize of its window (its size has stayed for a
    /// quarter of a second). Does nothing by default; a view that drew roughly during the
    /// resize can mark itself as needing display here.
    open func viewDidEndLiveResize() {}

    // MARK: - Events

    /// Returns the farthest descendant of the view (including itself) that contains `point`
    /// (in the superview's coordinates), or nil when the point is outside the view. Hidden
    /// views and their subviews are passed by; subviews are searched front to back.
    open func hitTest(_ point: NSPoint) -> NSView? {
        guard !isHidden else { return nil }
        let local = superview.map { convert(point, from: $0) } ?? localPoint(fromSuperview: point)
        guard bounds.contains(local) else { return nil }
        for subview in storedSubviews.reversed() {
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    /// Whether the view wants the click that makes its window key to be a mouse-down too.
    /// Defaults to false.
    open func acceptsFirstMouse(for event: NSEvent?) -> Bool { false }

    /// The view's tracking areas.
    open var trackingAreas: [NSTrackingArea] { trackingAreaStorage }

    /// Adds a tracking area to the view.
    open func addTrackingArea(_ trackingArea: NSTrackingArea) {
        trackingAreaStorage.append(trackingArea)
    }

    /// Removes a tracking area from the view.
    open func removeTrackingArea(_ trackingArea: NSTrackingArea) {
        trackingAreaStorage.removeAll { $0 === trackingArea }
    }

    /// Asks the view to update its tracking areas: called when its size changes or it moves to
    /// a window. Does nothing by default.
    open func updateTrackingAreas() {}

    /// The class and frame of the view.
    nonisolated open override var description: String {
        guard Thread.isMainThread else { return "<\(type(of: self))>" }
        return MainActor.assumeIsolated { "<\(type(of: self)): frame = \(frame)>" }
    }

    // MARK: - CALayerDelegate

    /// Updates the layer when the view `wantsUpdateLayer` (calls `updateLayer()`); otherwise
    /// lets the layer draw through `draw(_:in:)`.
    nonisolated open func display(_ layer: CALayer) {
        guard Thread.isMainThread else { layer.delegateLacksDisplay = true; return }
        nonisolated(unsafe) let layer = layer
        MainActor.assumeIsolated {
            if layer === renderLayer, wantsUpdateLayer, layerIsPublic {
                needsDisplayStorage = false
                updateLayer()
            } else {
                layer.delegateLacksDisplay = true
            }
        }
    }

    /// Draws the view for its layer: `NSGraphicsContext.current` becomes the layer's context in
    /// the view's coordinates (flipped or not) and `draw(_:)` is called with the bounds.
    nonisolated open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard Thread.isMainThread else { return }
        nonisolated(unsafe) let (layer, ctx) = (layer, ctx)
        MainActor.assumeIsolated { drawForLayer(layer, in: ctx) }
    }

    /// Lays out the view for its layer's layout pass: calls `layout()` when `needsLayout`.
    nonisolated open func layoutSublayers(of layer: CALayer) {
        guard Thread.isMainThread else { return }
        nonisolated(unsafe) let layer = layer
        MainActor.assumeIsolated {
            guard layer === renderLayer, needsLayoutStorage else { return }
            needsLayoutStorage = false
            layout()
        }
    }

    /// The action for a change of the view's layer: none (`NSNull`), so that the layer does not
    /// animate implicitly, except inside an `NSAnimationContext` group that allows implicit
    /// animation, where Core Animation's own action runs with the group's timing.
    nonisolated open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard Thread.isMainThread else { return NSNull() }
        nonisolated(unsafe) var action: CAAction?
        MainActor.assumeIsolated { action = NSAnimationContext.allowsImplicitAnimationNow ? nil : NSNull() }
        return action
    }
}
