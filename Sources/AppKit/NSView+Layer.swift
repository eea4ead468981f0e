/// How a view and its layer are kept in step: which layer renders the view, its geometry in
/// AppKit's coordinates, the flip that makes a view's coordinates y up, and animated changes.
/// (NSView's open API is in `NSView.swift`: Swift on Linux cannot override members declared in
/// extensions.)
///
/// Lamina's layers are y down (the window's root layer too). A view's layer has flipped geometry
/// (`isGeometryFlipped`) where the view's flippedness differs from its superview's (a view with
/// none: from the y-down root's), so that its sublayers (its subviews' layers among them) are
/// placed in the view's coordinates, y up from its bottom edge when it is not flipped. Core
/// Animation keeps contents upright under those flips and gives `draw(in:)` a context in the
/// layer's own geometry (`contentsAreFlipped()` is the view's `isFlipped`), as on macOS, so
/// the view's images and drawing need no flip of their own.
@MainActor
extension NSView {
    /// The layer's geometry as a frame in the superview's coordinates.
    var frameOfLayer: NSRect {
        let layer = renderLayer, size = layer.bounds.size
        return NSRect(x: layer.position.x - layer.anchorPoint.x * size.width, y: layer.position.y - layer.anchorPoint.y * size.height,
                      width: size.width, height: size.height)
    }

    /// Sets the frame (animated when `animator()` asked for it), then resizes the subviews.
    func setFrame(_ newFrame: NSRect) {
        guard newFrame.isFiniteRect else {
            CGDiagnostics.log("NSView.frame", "\(newFrame) is not a finite rectangle; kept \(frame).")
            return
        }
        let frame = newFrame.standardized, oldSize = self.frame.size
        resizeDriver?.stop()
        if frame.size != oldSize, layerIsPublic, !hostsLayer, layerContentsRedrawPolicy == .duringViewResize, classDraws || wantsUpdateLayer,
           let context = NSAnimationContext.animatingContext(for: self) {
            // AppKit drives the resize, redrawing at each step.
            animatorArmed = false
            let driver = ViewResizeDriver(view: self, from: self.frame, to: frame, context: context)
            resizeDriver = driver
            driver.start(on: renderLayer)
            return
        }
        change(["position", "bounds"]) { placeLayer(at: frame) }
        frameSizeDidChange(from: oldSize)
    }

    /// One step of a resize AppKit drives: the frame, without animation, and what follows a
    /// size change (redrawing, autoresizing).
    func setFrameStep(_ frame: NSRect) {
        let oldSize = self.frame.size
        withoutActions { placeLayer(at: frame) }
        frameSizeDidChange(from: oldSize)
    }

    func setFrameWithoutAnimation(_ newFrame: NSRect) {
        guard newFrame.isFiniteRect else { return }
        withoutActions { placeLayer(at: newFrame.standardized) }
    }

    private func placeLayer(at frame: NSRect) {
        let layer = renderLayer
        layer.bounds = NSRect(origin: layer.bounds.origin, size: frame.size)
        layer.position = NSPoint(x: frame.minX + layer.anchorPoint.x * frame.width, y: frame.minY + layer.anchorPoint.y * frame.height)
    }

    /// After the frame's size changed from `oldSize`: redraws as the redraw policy says (a
    /// crossfade inside an animation), lays out, resizes the subviews, updates tracking areas.
    func frameSizeDidChange(from oldSize: NSSize) {
        let size = frame.size
        guard size != oldSize else { return }
        let policy = layerContentsRedrawPolicy
        let redraws = layerIsPublic ? [.duringViewResize, .beforeViewResize, .crossfade].contains(policy) : !hostsLayer
        if redraws, classDraws || wantsUpdateLayer {
            if policy == .crossfade, let context = NSAnimationContext.animatingContext(for: self) {
                let fade = CATransition()
                fade.type = .fade
                fade.duration = context.duration
                fade.timingFunction = context.timingFunction
                renderLayer.add(fade, forKey: "contents")
            }
            needsDisplay = true
        }
        needsLayout = true
        if autoresizesSubviews { resizeSubviews(withOldSize: oldSize) }
        updateTrackingAreas()
    }

    /// Runs `body`, which changes the layer's `keys`: after `animator()`, or inside a group
    /// with a duration, as animations from the values on screen with the current context's
    /// timing; otherwise without Core Animation's implicit actions (a hosted layer's included).
    func change(_ keys: [String], _ body: () -> Void) {
        defer { animatorArmed = false }
        let layer = renderLayer
        guard let context = NSAnimationContext.animatingContext(for: self) else {
            if NSAnimationContext.allowsImplicitAnimationNow { body() } else { withoutActions(body) }
            return
        }
        let before = keys.map { key in layer.animation(forKey: key) != nil ? layer.presentation()?.value(forKey: key) ?? layer.value(forKey: key) : layer.value(forKey: key) }
        withoutActions(body)
        for (key, old) in zip(keys, before) {
            let new = layer.value(forKey: key)
            guard !ValueMath.equal(old, new) else { continue }
            let animation = CABasicAnimation(keyPath: key)
            animation.fromValue = old
            animation.toValue = new
            animation.duration = context.duration
            animation.timingFunction = context.timingFunction
            ViewAnimationAction(animation: animation, key: key).run(forKey: key, object: layer, arguments: nil)
        }
    }

    // MARK: Which layer

    /// Makes `layer` the one the view renders with: its geometry follows the view's frame, its
    /// sublayers move over, it takes the old one's place in the superview's layer.
    func install(_ layer: CALayer, hosting: Bool, isPublic: Bool = true) {
        let old = renderLayer
        guard layer !== old else {
            hostsLayer = hosting
            layerIsPublic = isPublic
            adopt(layer)
            return
        }
        let frame = frameOfLayer, boundsOrigin = old.bounds.origin
        withoutActions {
            layer.isHidden = old.isHidden
            layer.opacity = old.opacity
            layer.masksToBounds = old.masksToBounds
            for subview in storedSubviews where subview.renderLayer.superlayer === old { layer.addSublayer(subview.renderLayer) }
            if let parent = old.superlayer { parent.replaceSublayer(old, with: layer) }
        }
        if old.delegate === self { old.delegate = nil }
        renderLayer = layer
        hostsLayer = hosting
        layerIsPublic = isPublic
        adopt(layer)
        withoutActions {
            layer.bounds.origin = boundsOrigin
            placeLayer(at: frame)
        }
        if !hosting, classDraws || wantsUpdateLayer { needsDisplay = true }
    }

    /// Sets up a layer the view renders with: the anchor and the flips; unless the app hosts
    /// it, the delegate, the scale and the placement.
    func adopt(_ layer: CALayer) {
        withoutActions {
            if !hostsLayer {
                layer.delegate = self
                layer.contentsScale = window?.backingScaleFactor ?? NSScreen.defaultScale
            }
            layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            applyFlip()
        }
        // A hosted layer keeps its own gravity until the placement is set.
        if !hostsLayer { applyPlacement() }
        if !hostsLayer, classDraws { layer.needsDisplayOnBoundsChange = false; needsDisplay = true }
    }

    /// The flip that gives the view AppKit's coordinates (see the type's comment).
    func applyFlip() {
        let outside = storedSuperview?.isFlipped ?? true
        withoutActions { renderLayer.isGeometryFlipped = isFlipped != outside }
    }

    func applyPlacement() {
        withoutActions { renderLayer.contentsGravity = placementStorage.gravity(contentsAreFlipped: isFlipped) }
    }

    /// Marks the layer for display where the view draws or updates its layer and its policy lets
    /// it (a view without a public layer always redraws).
    func markLayerForDisplay(_ rect: NSRect?) {
        guard !hostsLayer, classDraws || (wantsUpdateLayer && layerIsPublic),
              !layerIsPublic || layerContentsRedrawPolicy != .never else { return }
        if let rect, classDraws, !(wantsUpdateLayer && layerIsPublic) {
            renderLayer.setNeedsDisplay(layerRect(fromLocal: rect))
        } else {
            renderLayer.setNeedsDisplay()
        }
        // A mark alone joins no transaction, so a shown window would not commit (and display)
        // for it: the layer is touched with a setting that changes nothing.
        withoutActions { renderLayer.needsDisplayOnBoundsChange = renderLayer.needsDisplayOnBoundsChange }
    }

    /// Draws `draw(_:)` into the layer's context, in the view's coordinates.
    func drawForLayer(_ layer: CALayer, in ctx: CGContext) {
        guard layer === renderLayer, classDraws else { return }
        needsDisplayStorage = false
        viewWillDraw()
        ctx.saveGState()
        // The context is y down when the layer's contents are flipped: the view's coordinates
        // when it is flipped (always so in AppKit's own layers; a hosted layer may differ).
        if layer.contentsAreFlipped() != isFlipped {
            ctx.translateBy(x: 0, y: bounds.minY + bounds.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        let graphics = NSGraphicsContext(cgContext: ctx, flipped: isFlipped)
        let stack = GraphicsContextStack.current
        stack.push(.init(context: ctx, isFlipped: isFlipped, owner: graphics))
        draw(bounds)
        stack.pop()
        ctx.restoreGState()
    }

    /// Draws (or updates) every layer of the subtree that is marked for display.
    func displayTreeNow() {
        renderLayer.displayIfNeeded()
        for subview in storedSubviews { subview.displayTreeNow() }
    }

    /// Whether `view`'s class overrides `draw(_:)`: found once per class, by drawing into a
    /// one-pixel context and seeing whether the base implementation ran.
    static func drawsContent(_ view: NSView) -> Bool {
        let id = ObjectIdentifier(type(of: view))
        if let known = drawingClasses[id] { return known }
        var draws = false
        if let probe = makeDrawingContext(size: CGSize(width: 1, height: 1), scale: 1, flipped: view.isFlipped) {
            view.baseDrawCalled = false
            let stack = GraphicsContextStack.current
            stack.push(.init(context: probe, isFlipped: view.isFlipped))
            view.draw(NSRect(x: 0, y: 0, width: 1, height: 1))
            stack.pop()
            draws = !view.baseDrawCalled
        }
        drawingClasses[id] = draws
        return draws
    }

    static var drawingClasses: [ObjectIdentifier: Bool] = [:]
}

/// Runs `body` with Core Animation's implicit actions disabled.
@MainActor
func withoutActions(_ body: () -> Void) {
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    body()
    CATransaction.commit()
}

extension CGRect {
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
