/// Moving views in and out of superviews and windows, with AppKit's callbacks, and keeping
/// their layers stacked as the subviews are.
@MainActor
extension NSView {
    /// The topmost ancestor (the content view, in a window).
    var rootView: NSView {
        var view = self
        while let parent = view.storedSuperview { view = parent }
        return view
    }

    /// Puts `view` at `index` among the subviews: the callbacks, in macOS's order, around the
    /// move (`viewWillMove(toSuperview:)`, `viewWillMove(toWindow:)` down the subtree, the move,
    /// `viewDidMoveToWindow()` down the subtree, `viewDidMoveToSuperview()`, `didAddSubview(_:)`).
    func attach(_ view: NSView, at index: Int) {
        guard view !== self, !isDescendant(of: view) else {
            CGDiagnostics.log("NSView.addSubview", "a view cannot be a subview of itself or of its subviews; ignored.")
            return
        }
        if view.storedSuperview === self {
            storedSubviews.removeAll { $0 === view }
            storedSubviews.insert(view, at: min(max(index, 0), storedSubviews.count))
            stackSubviewLayers()
            return
        }
        let target = window, source = view.window
        view.viewWillMove(toSuperview: self)
        if target !== source { view.forEachInSubtree { $0.viewWillMove(toWindow: target) } }
        if let previous = view.storedSuperview {
            previous.willRemoveSubview(view)
            previous.storedSubviews.removeAll { $0 === view }
        }
        storedSubviews.insert(view, at: min(max(index, 0), storedSubviews.count))
        view.storedSuperview = self
        view.applyFlip()
        stackSubviewLayers()
        if target !== source { view.forEachInSubtree { $0.movedToWindow() } }
        view.viewDidMoveToSuperview()
        didAddSubview(view)
    }

    /// Takes the view out of its superview, with the callbacks.
    func detachFromSuperview() {
        guard let parent = storedSuperview else { return }
        let oldWindow = window
        parent.willRemoveSubview(self)
        viewWillMove(toSuperview: nil)
        if oldWindow != nil { forEachInSubtree { $0.viewWillMove(toWindow: nil) } }
        parent.storedSubviews.removeAll { $0 === self }
        storedSuperview = nil
        withoutActions { renderLayer.removeFromSuperlayer() }
        applyFlip()
        if oldWindow != nil { forEachInSubtree { $0.movedToWindow() } }
        viewDidMoveToSuperview()
    }

    /// After a move to another window: the scale and tracking areas follow, then the callback.
    func movedToWindow() {
        if let scale = window?.backingScaleFactor, renderLayer.contentsScale != scale, !hostsLayer {
            withoutActions { renderLayer.contentsScale = scale }
            if classDraws { needsDisplay = true }
        }
        updateTrackingAreas()
        viewDidMoveToWindow()
    }

    func forEachInSubtree(_ body: (NSView) -> Void) {
        body(self)
        for subview in storedSubviews { subview.forEachInSubtree(body) }
    }

    /// Orders the subviews' layers as the subviews are, after the sublayers that are no
    /// subview's (the app's own stay behind the subviews).
    func stackSubviewLayers() {
        withoutActions {
            let own = Set(storedSubviews.map { ObjectIdentifier($0.renderLayer) })
            let others = (renderLayer.sublayers ?? []).filter { !own.contains(ObjectIdentifier($0)) }
            for (offset, subview) in storedSubviews.enumerated() {
                let sublayer = subview.renderLayer
                let wanted = others.count + offset
                if renderLayer.sublayers?.indices.contains(wanted) == true, renderLayer.sublayers?[wanted] === sublayer { continue }
                sublayer.removeFromSuperlayer()
                renderLayer.insertSublayer(sublayer, at: UInt32(min(wanted, renderLayer.sublayers?.count ?? 0)))
            }
        }
    }

    // MARK: Coordinates

    /// A point of the view's coordinates in its layer's, and back (the same map both ways): the
    /// view's coordinates are its layer's sublayer space, which the layer's flipped geometry
    /// turns over about the bounds' middle from the layer's own.
    func layerPoint(fromLocal point: NSPoint) -> NSPoint {
        renderLayer.isGeometryFlipped ? NSPoint(x: point.x, y: bounds.minY + bounds.maxY - point.y) : point
    }

    func layerRect(fromLocal rect: NSRect) -> NSRect {
        renderLayer.isGeometryFlipped ? NSRect(x: rect.minX, y: bounds.minY + bounds.maxY - rect.maxY, width: rect.width, height: rect.height) : rect
    }

    /// A point of the view's coordinates in its window's base coordinates (y up from the
    /// content area's bottom left); for a view in no window, in its topmost ancestor's
    /// superview coordinates.
    func windowPoint(fromLocal point: NSPoint) -> NSPoint {
        let root = rootView
        let inRootLayer = renderLayer.convert(layerPoint(fromLocal: point), to: root.renderLayer)
        return root.superviewPoint(fromLocal: root.layerPoint(fromLocal: inRootLayer))
    }

    /// A point of the window's base coordinates in the view's.
    func localPoint(fromWindow point: NSPoint) -> NSPoint {
        let root = rootView
        let inRootLayer = root.layerPoint(fromLocal: root.localPoint(fromSuperview: point))
        return layerPoint(fromLocal: renderLayer.convert(inRootLayer, from: root.renderLayer))
    }

    /// From the view's coordinates to its (base, y-up) superview space, by its frame and bounds.
    func superviewPoint(fromLocal point: NSPoint) -> NSPoint {
        let frame = self.frame, bounds = self.bounds
        let dy = point.y - bounds.minY
        return NSPoint(x: frame.minX + point.x - bounds.minX, y: isFlipped ? frame.maxY - dy : frame.minY + dy)
    }

    func localPoint(fromSuperview point: NSPoint) -> NSPoint {
        let frame = self.frame, bounds = self.bounds
        let dy = isFlipped ? frame.maxY - point.y : point.y - frame.minY
        return NSPoint(x: bounds.minX + point.x - frame.minX, y: bounds.minY + dy)
    }

    func boundingBox(of rect: NSRect, _ map: (NSPoint) -> NSPoint) -> NSRect {
        let corners = [NSPoint(x: rect.minX, y: rect.minY), NSPoint(x: rect.maxX, y: rect.minY),
                       NSPoint(x: rect.minX, y: rect.maxY), NSPoint(x: rect.maxX, y: rect.maxY)].map(map)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return NSRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    // MARK: Autoresizing

    /// AppKit's autoresizing: per axis, the change of the superview's size is shared equally
    /// among the parts the mask makes flexible; with none flexible the view keeps its place.
    func autoresizedFrame(from oldSize: NSSize, to newSize: NSSize) -> NSRect {
        let mask = autoresizingMask
        var frame = self.frame
        func shares(_ delta: CGFloat, low: Bool, length: Bool, high: Bool) -> (origin: CGFloat, length: CGFloat) {
            let parts = [low, length, high].filter { $0 }.count
            guard parts > 0, delta != 0 else { return (0, 0) }
            let each = delta / CGFloat(parts)
            return (low ? each : 0, length ? each : 0)
        }
        let x = shares(newSize.width - oldSize.width, low: mask.contains(.minXMargin), length: mask.contains(.width), high: mask.contains(.maxXMargin))
        let y = shares(newSize.height - oldSize.height, low: mask.contains(.minYMargin), length: mask.contains(.height), high: mask.contains(.maxYMargin))
        frame.origin.x += x.origin
        frame.size.width = max(0, frame.width + x.length)
        frame.origin.y += y.origin
        frame.size.height = max(0, frame.height + y.length)
        return frame
    }
}
