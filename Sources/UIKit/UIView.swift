/// An object that manages the content for a rectangular area on the screen.
///
/// A view is backed by a Core Animation layer of its class's `layerClass`, made when the view
/// is, and is that layer's delegate: the view's geometry and appearance properties are the
/// layer's, the layer's layout pass calls `layoutSubviews()`, and its display pass calls
/// `draw(_:)`. Outside an animation block the view answers the layer's `action(forKey:)` with
/// no action, so changes to its layer do not animate implicitly; inside `UIView.animate` they
/// animate with the block's timing.
@MainActor
open class UIView: UIResponder, CALayerDelegate {
    /// Returns the class used to create the layer for instances of this class. Defaults to
    /// `CALayer`.
    open class var layerClass: AnyClass { CALayer.self }

    /// The view's Core Animation layer used for rendering. The view is its delegate.
    open var layer: CALayer { backingLayer }
    let backingLayer: CALayer

    weak var storedSuperview: UIView?
    var storedSubviews: [UIView] = []
    var storedBackgroundColor: UIColor?
    var storedTintColor: UIColor?
    var maskView: UIView?
    /// Whether this view's class overrides `draw(_:)` (found the first time a view of it is made).
    var drawsContentStorage = false
    /// Set by the base `draw(_:)`: the probe of `drawsContent`.
    var baseDrawRan = false
    var doesNotAutoresizeSubviews = false
    /// The media time until which an animation block without `.allowUserInteraction` keeps
    /// touches away from the view.
    var interactionBlockedUntil: CFTimeInterval = -.infinity
    var storedAutoresizingMask: AutoresizingMask = []
    /// The gesture recognizers attached to the view, in the order they were added.
    var storedGestureRecognizers: [UIGestureRecognizer] = []
    /// The view controller whose root view this is.
    weak var owningViewController: UIViewController?
    /// Whether the move in progress takes the view into (true) or out of a visible window.
    var pendingVisibility: Bool?

    /// Initializes and returns a newly allocated view object with the specified frame rectangle.
    public init(frame: CGRect) {
        backingLayer = makeBackingLayer(of: Self.layerClass)
        super.init()
        setUp(frame: frame)
    }

    /// Creates a view from data in an unarchiver. Lamina has no nib or storyboard files: this
    /// makes a view with a zero frame.
    public required init?(coder: NSCoder) {
        backingLayer = makeBackingLayer(of: Self.layerClass)
        super.init()
        setUp(frame: .zero)
    }

    /// Creates a view with a zero frame.
    public override convenience init() {
        self.init(frame: .zero)
    }

    private func setUp(frame: CGRect) {
        layer.delegate = self
        layer.frame = frame
        drawsContentStorage = UIView.probeDrawing(self)
        if drawsContentStorage {
            layer.contentsScale = contentScaleFactorDefault
            layer.setNeedsDisplay()
        }
    }

    // MARK: Geometry

    /// The frame rectangle, which describes the view's location and size in its superview's
    /// coordinate system. Animatable. Undefined when `transform` is not the identity.
    open var frame: CGRect {
        get { layer.frame }
        set {
            let oldSize = bounds.size
            change("position", "bounds") { layer.frame = newValue }
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The bounds rectangle, which describes the view's location and size in its own
    /// coordinate system. Defaults to the frame's size at the origin. Animatable.
    open var bounds: CGRect {
        get { layer.bounds }
        set {
            let oldSize = bounds.size
            change("bounds") { layer.bounds = newValue }
            boundsSizeDidChange(from: oldSize)
        }
    }

    /// The center point of the view's frame rectangle, in its superview's coordinates (the
    /// layer's `position`). Animatable.
    open var center: CGPoint {
        get { layer.position }
        set { change("position") { layer.position = newValue } }
    }

    /// Specifies the transform applied to the view, relative to the center of its bounds.
    /// Defaults to `.identity`. Animatable.
    open var transform: CGAffineTransform {
        get { layer.affineTransform() }
        set { change("transform") { layer.setAffineTransform(newValue) } }
    }

    /// The three-dimensional transform to apply to the view. Defaults to
    /// `CATransform3DIdentity`. Animatable.
    open var transform3D: CATransform3D {
        get { layer.transform }
        set { change("transform") { layer.transform = newValue } }
    }

    /// The scale factor applied to the view's drawn content. Defaults to the main screen's
    /// scale for views that draw (1 in Lamina).
    open var contentScaleFactor: CGFloat {
        get { layer.contentsScale }
        set {
            layer.contentsScale = newValue
            setNeedsDisplay()
        }
    }

    var contentScaleFactorDefault: CGFloat { UIScreen.main.scale }

    // MARK: Appearance

    /// The view's alpha value, from 0 (transparent) to 1 (opaque). Defaults to 1. Animatable.
    open var alpha: CGFloat {
        get { CGFloat(layer.opacity) }
        set { change("opacity") { layer.opacity = Float(newValue) } }
    }

    /// A Boolean value that determines whether the view is hidden. Defaults to false.
    open var isHidden: Bool {
        get { layer.isHidden }
        set { layer.isHidden = newValue }
    }

    /// The view's background color. Defaults to nil, a transparent background. Animatable.
    open var backgroundColor: UIColor? {
        get { storedBackgroundColor }
        set {
            storedBackgroundColor = newValue
            change("backgroundColor") { layer.backgroundColor = newValue?.cgColor }
        }
    }

    /// A Boolean value that determines whether subviews are confined to the bounds of the view
    /// (the layer's `masksToBounds`). Defaults to false.
    open var clipsToBounds: Bool {
        get { layer.masksToBounds }
        set { layer.masksToBounds = newValue }
    }

    /// A Boolean value that determines whether the view is opaque: a hint for the drawing
    /// system. Defaults to true. Lamina keeps it on the view and leaves the layer's `isOpaque`
    /// as it is.
    open var isOpaque: Bool = true

    /// A Boolean value that determines whether the view's bounds should be automatically
    /// cleared before drawing. Defaults to true.
    open var clearsContextBeforeDrawing: Bool = true

    /// A flag used to determine how a view lays out its content when its bounds change.
    /// Defaults to `.scaleToFill`.
    open var contentMode: ContentMode = .scaleToFill {
        didSet {
            layer.contentsGravity = contentMode.contentsGravity
            layer.needsDisplayOnBoundsChange = contentMode == .redraw && drawsContentStorage
        }
    }

    /// An optional view whose alpha channel is used to mask a view's content. Defaults to nil.
    open var mask: UIView? {
        get { maskView }
        set {
            maskView = newValue
            layer.mask = newValue?.layer
        }
    }

    /// The first nondefault tint color value in the view's hierarchy, ascending from and
    /// starting with the view itself; the system blue when none sets one. Setting nil goes back
    /// to the superview's.
    open var tintColor: UIColor! {
        get { storedTintColor ?? superview?.tintColor ?? UIColor.systemBlue }
        set {
            let old = tintColor
            storedTintColor = newValue
            if tintColor != old { tintColorDidChangeInTree() }
        }
    }

    /// Called by the system when the `tintColor` property changes, on the view and on every
    /// subview that inherits it. Does nothing by default.
    open func tintColorDidChange() {}

    func tintColorDidChangeInTree() {
        tintColorDidChange()
        for subview in storedSubviews where subview.storedTintColor == nil { subview.tintColorDidChangeInTree() }
    }

    /// An integer that you can use to identify view objects in your application. Defaults to 0.
    open var tag: Int = 0

    /// A Boolean value that determines whether user events are ignored and removed from the
    /// event queue. Defaults to true.
    open var isUserInteractionEnabled: Bool = true

    /// A Boolean value that indicates whether the view receives more than one touch at a time.
    /// Defaults to false.
    open var isMultipleTouchEnabled: Bool = false

    /// Returns the view whose tag matches the specified value: this view or a descendant,
    /// depth first.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in storedSubviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }

    /// The next responder: the view controller whose root view this is, else the superview.
    open override var next: UIResponder? { owningViewController ?? superview }

    /// The class, frame and layer class of the view.
    nonisolated open override var description: String {
        guard MainThread.isCurrent else { return "<\(type(of: self))>" }
        return MainActor.assumeIsolated { "<\(type(of: self)): frame = \(frame); layer = \(type(of: layer))>" }
    }
    // MARK: - Margins and safe area

    /// The default spacing to use when laying out content in the view. Defaults to 8 points on
    /// each side.
    open var layoutMargins = UIEdgeInsets(top: 8, left: 8, bottom: 8, right: 8) {
        didSet { if layoutMargins != oldValue { layoutMarginsDidChange() } }
    }

    /// Notifies the view that the layout margins changed. The default marks it for layout.
    open func layoutMarginsDidChange() { setNeedsLayout() }

    /// The insets that you use to determine the safe area for this view: zero (Lamina's
    /// screens have no notch, status bar or home indicator).
    open var safeAreaInsets: UIEdgeInsets { .zero }

    /// Called when the safe area of the view changes. Does nothing by default.
    open func safeAreaInsetsDidChange() {}

    // MARK: - Snapshots

    /// Renders a snapshot of the complete view hierarchy as visible onscreen into the current
    /// context, scaled to `rect`; false when there is no current context. The view's pending
    /// layout and drawing are done first.
    @discardableResult
    open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        layoutIfNeeded()
        UIView.displayTree(layer)
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        if bounds.width > 0, bounds.height > 0 { context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height) }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.render(in: context)
        context.restoreGState()
        return true
    }

    // MARK: - Hierarchy

    /// The receiver's superview, or nil if it has none.
    open var superview: UIView? { storedSuperview }

    /// The receiver's immediate subviews, back to front.
    open var subviews: [UIView] { storedSubviews }

    /// The receiver's window object, or nil if it has none: the `UIWindow` at the root of its
    /// hierarchy.
    open var window: UIWindow? {
        var view: UIView? = self
        while let current = view {
            if let window = current as? UIWindow { return window }
            view = current.storedSuperview
        }
        return nil
    }

    /// Adds a view to the end of the receiver's list of subviews (in front of the others). A
    /// view that has another superview is removed from it first.
    open func addSubview(_ view: UIView) {
        insert(view, at: storedSubviews.count)
    }

    /// Inserts a subview at the specified index (0 is the back).
    open func insertSubview(_ view: UIView, at index: Int) {
        insert(view, at: index)
    }

    /// Inserts a view above another view in the view hierarchy.
    open func insertSubview(_ view: UIView, aboveSubview siblingSubview: UIView) {
        guard let index = storedSubviews.firstIndex(of: siblingSubview) else { return addSubview(view) }
        insert(view, at: index + 1, after: siblingSubview)
    }

    /// Inserts a view below another view in the view hierarchy.
    open func insertSubview(_ view: UIView, belowSubview siblingSubview: UIView) {
        guard let index = storedSubviews.firstIndex(of: siblingSubview) else { return addSubview(view) }
        insert(view, at: index, before: siblingSubview)
    }

    /// Moves the specified subview so that it appears on top of its siblings.
    open func bringSubviewToFront(_ view: UIView) {
        guard let index = storedSubviews.firstIndex(of: view) else { return }
        storedSubviews.remove(at: index)
        storedSubviews.append(view)
        restackLayers()
    }

    /// Moves the specified subview so that it appears behind its siblings.
    open func sendSubviewToBack(_ view: UIView) {
        guard let index = storedSubviews.firstIndex(of: view) else { return }
        storedSubviews.remove(at: index)
        storedSubviews.insert(view, at: 0)
        restackLayers()
    }

    /// Exchanges the subviews at the specified indices.
    open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
        guard storedSubviews.indices.contains(index1), storedSubviews.indices.contains(index2) else { return }
        storedSubviews.swapAt(index1, index2)
        restackLayers()
    }

    /// Unlinks the view from its superview and its window, and removes it from the responder
    /// chain.
    open func removeFromSuperview() {
        guard let parent = storedSuperview else { return }
        parent.willRemoveSubview(self)
        let oldWindow = window, oldTint = tintColor
        willMove(toSuperview: nil)
        if oldWindow != nil { notifyWillMove(toWindow: nil) }
        parent.storedSubviews.removeAll { $0 === self }
        storedSuperview = nil
        layer.removeFromSuperlayer()
        if oldWindow != nil { notifyDidMoveToWindow() }
        didMoveToSuperview()
        if storedTintColor == nil, tintColor != oldTint { tintColorDidChangeInTree() }
    }

    /// Returns a Boolean value indicating whether the receiver is a subview of a given view or
    /// identical to that view.
    open func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let c = current {
            if c === view { return true }
            current = c.storedSuperview
        }
        return false
    }

    // MARK: Callbacks

    /// Tells the view that a subview was added. Does nothing by default.
    open func didAddSubview(_ subview: UIView) {}

    /// Tells the view that a subview is about to be removed. Does nothing by default.
    open func willRemoveSubview(_ subview: UIView) {}

    /// Tells the view that its superview is about to change to the specified superview (nil
    /// when it is being removed). Does nothing by default.
    open func willMove(toSuperview newSuperview: UIView?) {}

    /// Tells the view that its superview changed. Does nothing by default.
    open func didMoveToSuperview() {}

    /// Tells the view that its window object is about to change; sent to each view of the
    /// moving subtree. Does nothing by default.
    open func willMove(toWindow newWindow: UIWindow?) {}

    /// Tells the view that its window object changed; sent to each view of the moved subtree.
    /// Does nothing by default.
    open func didMoveToWindow() {}

    // MARK: - Layout

    /// The value for a dimension that has no intrinsic size.
    public static let noIntrinsicMetric: CGFloat = -1

    /// Lays out subviews. Called by the layer's layout pass (a commit, or `layoutIfNeeded()`)
    /// after `setNeedsLayout()` or a change of the bounds' size; superviews are laid out before
    /// their subviews. The default does nothing: autoresizing has already happened when the
    /// bounds changed.
    open func layoutSubviews() {}

    /// Invalidates the current layout of the receiver and triggers a layout update during the
    /// next update cycle.
    open func setNeedsLayout() { layer.setNeedsLayout() }

    /// Lays out the subviews immediately, if layout updates are pending: this view's
    /// `layoutSubviews()`, then its subviews' that need it, top down.
    open func layoutIfNeeded() { layer.layoutIfNeeded() }

    /// Asks the view to calculate and return the size that best fits the specified size. The
    /// default returns the view's existing size.
    open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }

    /// Resizes and moves the receiver view so it just encloses its subviews: the size
    /// `sizeThatFits(_:)` returns for the current size, keeping the frame's origin.
    open func sizeToFit() {
        let size = sizeThatFits(bounds.size)
        var frame = self.frame
        frame.size = size
        self.frame = frame
    }

    /// The natural size for the receiving view, considering only properties of the view itself.
    /// Defaults to (`noIntrinsicMetric`, `noIntrinsicMetric`).
    open var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// Invalidates the view's intrinsic content size. Lamina has no Auto Layout: this marks the
    /// superview for layout.
    open func invalidateIntrinsicContentSize() { superview?.setNeedsLayout() }

    /// A Boolean value that determines whether the receiver automatically resizes its subviews
    /// when its bounds change. Defaults to true.
    open var autoresizesSubviews: Bool {
        get { !doesNotAutoresizeSubviews }
        set { doesNotAutoresizeSubviews = !newValue }
    }

    /// An integer bit mask that determines how the receiver resizes itself when its superview's
    /// bounds change. Defaults to none.
    open var autoresizingMask: AutoresizingMask {
        get { storedAutoresizingMask }
        set { storedAutoresizingMask = newValue }
    }

    // MARK: - Drawing

    /// Draws the receiver's image within the passed-in rectangle, into
    /// `UIGraphicsGetCurrentContext()` (y down, in the view's bounds coordinates). The default
    /// does nothing; a view whose class does not override it gets no backing image.
    open func draw(_ rect: CGRect) {
        baseDrawRan = true
    }

    /// Marks the receiver's entire bounds rectangle as needing to be redrawn (for views that
    /// draw: that override `draw(_:)`).
    open func setNeedsDisplay() {
        if drawsContentStorage { layer.setNeedsDisplay() }
    }

    /// Marks the specified rectangle of the receiver as needing to be redrawn.
    open func setNeedsDisplay(_ invalidRect: CGRect) {
        if drawsContentStorage { layer.setNeedsDisplay(invalidRect) }
    }

    // MARK: - Drawing

    /// Draws the view's content for its layer: the layer's context becomes the current one
    /// (`UIGraphicsGetCurrentContext()`) and `draw(_:)` is called with the bounds.
    nonisolated open func draw(_ layer: CALayer, in ctx: CGContext) {
        guard MainThread.isCurrent else { return }
        nonisolated(unsafe) let (layer, ctx) = (layer, ctx)
        MainActor.assumeIsolated {
            guard layer === self.backingLayer, self.drawsContentStorage else { return }
            UIGraphicsPushContext(ctx)
            self.draw(layer.bounds)
            UIGraphicsPopContext()
        }
    }

    /// Lays out the view's subviews for its layer's layout pass: calls `layoutSubviews()`,
    /// between its view controller's `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
    nonisolated open func layoutSublayers(of layer: CALayer) {
        guard MainThread.isCurrent else { return }
        nonisolated(unsafe) let layer = layer
        MainActor.assumeIsolated {
            guard layer === self.backingLayer else { return }
            let controller = self.owningViewController
            controller?.viewWillLayoutSubviews()
            self.layoutSubviews()
            controller?.viewDidLayoutSubviews()
        }
    }

    /// The action for a change of the view's layer: inside an animation block, an animation
    /// with the block's timing for the properties UIKit animates; otherwise `NSNull` (no
    /// implicit animation).
    nonisolated open func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard MainThread.isCurrent else { return NSNull() }
        nonisolated(unsafe) let layer = layer
        nonisolated(unsafe) var action: CAAction?
        MainActor.assumeIsolated { action = self.animationAction(for: layer, forKey: event) }
        return action
    }

    // MARK: - Gesture recognizers

    /// The gesture-recognizer objects currently attached to the view (nil when there are none).
    open var gestureRecognizers: [UIGestureRecognizer]? {
        get { storedGestureRecognizers.isEmpty ? nil : storedGestureRecognizers }
        set {
            for recognizer in storedGestureRecognizers { recognizer.view = nil }
            storedGestureRecognizers = []
            for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
        }
    }

    /// Attaches a gesture recognizer to the view (moving it from the view it was on).
    open func addGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view !== self else { return }
        gestureRecognizer.view?.removeGestureRecognizer(gestureRecognizer)
        gestureRecognizer.view = self
        storedGestureRecognizers.append(gestureRecognizer)
    }

    /// Detaches a gesture recognizer from the view.
    open func removeGestureRecognizer(_ gestureRecognizer: UIGestureRecognizer) {
        guard gestureRecognizer.view === self else { return }
        storedGestureRecognizers.removeAll { $0 === gestureRecognizer }
        gestureRecognizer.view = nil
    }

    /// Asks the view whether a gesture recognizer (of this view or a superview) should
    /// continue tracking touches that began in it. Defaults to true.
    open func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }

    // MARK: - HitTesting

    /// Returns the farthest descendant in the view hierarchy (including itself) that contains
    /// the specified point (in the receiver's coordinates). It ignores views that are hidden,
    /// that have user interaction disabled, or whose alpha is less than 0.01, and points
    /// outside the receiver's bounds (`point(inside:with:)`), so a subview that lies outside
    /// its superview is not hit there. Subviews are searched front to back. A view animating in
    /// a block without `.allowUserInteraction` is passed by until the animations end.
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard isUserInteractionEnabled, !isHidden, alpha >= 0.01, CACurrentMediaTime() >= interactionBlockedUntil,
              self.point(inside: point, with: event) else { return nil }
        for subview in storedSubviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self), with: event) { return hit }
        }
        return self
    }

    /// Returns a Boolean value indicating whether the receiver contains the specified point
    /// (in its coordinates): whether it is in the bounds.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.contains(point)
    }

    // MARK: - HitTesting

    /// Converts a point from the receiver's coordinate system to that of the specified view
    /// (nil: the window's).
    open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        layer.convert(point, to: (view ?? window)?.layer)
    }

    /// Converts a point from the coordinate system of a given view (nil: the window's) to that
    /// of the receiver.
    open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        layer.convert(point, from: (view ?? window)?.layer)
    }

    /// Converts a rectangle from the receiver's coordinate system to that of another view (nil:
    /// the window's): the bounding box of the converted rectangle.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        layer.convert(rect, to: (view ?? window)?.layer)
    }

    /// Converts a rectangle from the coordinate system of another view (nil: the window's) to
    /// that of the receiver.
    open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        layer.convert(rect, from: (view ?? window)?.layer)
    }

    // MARK: Animating views

    /// Animate changes to one or more views using the specified duration, delay, options, and
    /// completion handler. The completion handler's argument is false when an animation was
    /// interrupted (replaced or removed) before it finished. Changes made inside the block to
    /// the views (and their layers) animate from their current values.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
                            animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options)
        run(context, animations, completion: completion)
    }

    /// Animate changes to one or more views using the specified duration and completion handler.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Animate changes to one or more views using the specified duration.
    open class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Performs a view animation using a timing curve corresponding to the motion of a physical
    /// spring. `dampingRatio` 1 settles without oscillation; `velocity` is the initial speed
    /// in units of the whole distance per second.
    open class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                            usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options,
                                           spring: (dampingRatio, velocity))
        run(context, animations, completion: completion)
    }

    /// Animates changes with a spring of the given perceptual duration and bounce (0: no
    /// overshoot, up to 1: more), the iOS 17 spelling of the spring variant.
    open class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0, initialSpringVelocity velocity: CGFloat = 0,
                            delay: TimeInterval = 0, options: UIView.AnimationOptions = [], animations: () -> Void,
                            completion: ((Bool) -> Void)? = nil) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: options,
                                           spring: (max(0, min(1, 1 - bounce)), velocity))
        run(context, animations, completion: completion)
    }

    /// Disables a view transition animation: changes made in `actionsWithoutAnimation` do not
    /// animate, inside an animation block too.
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        animationContexts.append(nil)
        actionsWithoutAnimation()
        animationContexts.removeLast()
    }

    /// Sets whether view animations are enabled. Defaults to true.
    open class func setAnimationsEnabled(_ enabled: Bool) { animationsEnabledFlag = enabled }

    /// Returns a Boolean value indicating whether animations are enabled.
    open class var areAnimationsEnabled: Bool { animationsEnabledFlag }

    /// The duration of the current animation block, 0 outside one.
    open class var inheritedAnimationDuration: TimeInterval { currentAnimationContext?.duration ?? 0 }

    // MARK: - Keyframes

    /// Creates an animation block object that can be used to set up keyframe-based
    /// animations for the current view. Changes made in `animations` outside a keyframe span
    /// the whole duration; each `addKeyframe` block animates within its part of it.
    open class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                     options: UIView.KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                     completion: ((Bool) -> Void)? = nil) {
        runKeyframes(duration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Specifies the timing and animation values for a single frame of a keyframe animation:
    /// `frameStartTime` and `frameDuration` are fractions (0 to 1) of the group's duration.
    /// Call it only from the `animations` block of `animateKeyframes`.
    open class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                animations: @escaping () -> Void) {
        runKeyframe(start: frameStartTime, duration: frameDuration, animations: animations)
    }

    // MARK: - Transitions

    /// Creates a transition animation for the specified container view: the changes
    /// `animations` makes are shown through a Core Animation transition of the view's layer
    /// (`.transitionCrossDissolve` a fade; Lamina shows flips and curls as pushes).
    open class func transition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
                               animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        runTransition(with: view, duration: duration, options: options, animations: animations, completion: completion)
    }

    /// Creates a transition animation between the specified views: `fromView` leaves its
    /// superview (or is hidden, with `.showHideTransitionViews`) and `toView` takes its place.
    open class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                               options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        runTransition(from: fromView, to: toView, duration: duration, options: options, completion: completion)
    }
}
