import QuartzCore

/// How a view's subviews and their layers are kept in step: the moves, the callbacks in the
/// order iOS calls them, and the layer stacking. (UIView's open API is in `UIView.swift`: Swift
/// on Linux cannot override members declared in extensions.)
@MainActor
extension UIView {
    /// Inserts `view` at `index` of the subviews (after removing it from wherever it was), in
    /// the order iOS calls the callbacks: `willMove(toSuperview:)`, `willMove(toWindow:)` down the
    /// subtree, the move, `didMoveToWindow()` down the subtree, `didMoveToSuperview()`,
    /// then the superview's `didAddSubview(_:)`.
    func insert(_ view: UIView, at index: Int, after sibling: UIView? = nil, before other: UIView? = nil) {
        guard view !== self, !isDescendant(of: view) else {
            CGDiagnostics.log("UIView.addSubview", "a view cannot be a subview of itself or its subviews; ignored.")
            return
        }
        if view.storedSuperview === self {
            // A move among siblings: no callbacks but the order.
            storedSubviews.removeAll { $0 === view }
            var target = min(max(index, 0), storedSubviews.count)
            if let sibling, let i = storedSubviews.firstIndex(of: sibling) { target = i + 1 }
            if let other, let i = storedSubviews.firstIndex(of: other) { target = i }
            storedSubviews.insert(view, at: target)
            restackLayers()
            return
        }
        let oldWindow = view.window, newWindow = window
        let oldTint = view.tintColor
        view.willMove(toSuperview: self)
        if oldWindow !== newWindow { view.notifyWillMove(toWindow: newWindow) }
        if let old = view.storedSuperview {
            old.willRemoveSubview(view)
            old.storedSubviews.removeAll { $0 === view }
        }
        var target = min(max(index, 0), storedSubviews.count)
        if let sibling, let i = storedSubviews.firstIndex(of: sibling) { target = i + 1 }
        if let other, let i = storedSubviews.firstIndex(of: other) { target = i }
        storedSubviews.insert(view, at: target)
        view.storedSuperview = self
        layer.insertSublayer(view.layer, at: UInt32(layerIndex(forSubviewAt: target)))
        if oldWindow !== newWindow { view.notifyDidMoveToWindow() }
        view.didMoveToSuperview()
        didAddSubview(view)
        if let oldTint, view.storedTintColor == nil, view.tintColor != oldTint { view.tintColorDidChangeInTree() }
        setNeedsLayout()
    }

    /// Where the layer of the subview at `index` goes among the sublayers: after the layer of
    /// the subview below it (sublayers that belong to no subview keep their places). The layer
    /// below is looked for from the front: a subview added on top finds it at once (from the
    /// back, adding n subviews took time in n², a fifth of building a tree of 10,000 views).
    fileprivate func layerIndex(forSubviewAt index: Int) -> Int {
        let sublayers = layer.sublayers ?? []
        guard index > 0, let below = sublayers.lastIndex(where: { $0 === storedSubviews[index - 1].layer }) else {
            // The backmost subview: in front of the sublayers that are no subview's.
            let first = storedSubviews.dropFirst().compactMap { s in sublayers.firstIndex { $0 === s.layer } }.min()
            return first ?? sublayers.count
        }
        return below + 1
    }

    /// Orders the subviews' layers as the subviews are.
    func restackLayers() {
        for (i, subview) in storedSubviews.enumerated() {
            subview.layer.removeFromSuperlayer()
            layer.insertSublayer(subview.layer, at: UInt32(layerIndex(forSubviewAt: i)))
        }
    }

    /// Tells the subtree it moves to `newWindow`, and the view controllers of its views whether
    /// they are about to appear or disappear (entering or leaving a visible window).
    func notifyWillMove(toWindow newWindow: UIWindow?) {
        let wasVisible = window.map { !$0.isHidden } ?? false, willBeVisible = newWindow.map { !$0.isHidden } ?? false
        notifyWillMove(toWindow: newWindow, visibility: wasVisible == willBeVisible ? nil : willBeVisible)
        pendingVisibility = wasVisible == willBeVisible ? nil : willBeVisible
    }

    private func notifyWillMove(toWindow newWindow: UIWindow?, visibility: Bool?) {
        if let visibility { owningViewController?.viewWillChangeVisibility(visibility) }
        willMove(toWindow: newWindow)
        for subview in storedSubviews { subview.notifyWillMove(toWindow: newWindow, visibility: visibility) }
    }

    /// Tells the subtree it moved to its window, and its view controllers that they appeared
    /// or disappeared.
    func notifyDidMoveToWindow() {
        let visibility = pendingVisibility
        pendingVisibility = nil
        notifyDidMoveToWindow(visibility: visibility)
    }

    private func notifyDidMoveToWindow(visibility: Bool?) {
        didMoveToWindow()
        if let visibility { owningViewController?.viewDidChangeVisibility(visibility) }
        for subview in storedSubviews { subview.notifyDidMoveToWindow(visibility: visibility) }
    }

    /// A window was shown (true) or hidden: the view controllers in it appear or disappear.
    func notifyVisibilityChanged(_ visible: Bool) {
        forEachViewController { $0.viewWillChangeVisibility(visible) }
        forEachViewController { $0.viewDidChangeVisibility(visible) }
    }

    private func forEachViewController(_ body: (UIViewController) -> Void) {
        if let controller = owningViewController { body(controller) }
        for subview in storedSubviews { subview.forEachViewController(body) }
    }
}
