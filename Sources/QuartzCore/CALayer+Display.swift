extension CALayer {
    public func needsDisplay() -> Bool { needsDisplayFlag }

    /// Redraws now if the layer was marked.
    public func displayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// Whether the contents come from drawing and are flipped for it; Lamina's drawing contexts
    /// are already in layer coordinates, so this is false, as on iOS.
    public func contentsAreFlipped() -> Bool { false }

    func defaultDisplay() {
        if let delegate {
            delegateLacksDisplay = false
            delegate.display(self)
            if !delegateLacksDisplay { return }
        }
        delegate?.layerWillDraw(self)
        contents = drawBackingImage()
    }

    /// A backing image of the bounds at `contentsScale`, drawn by `draw(in:)` through a context
    /// whose user space is the layer's (y down, bounds origin at the top left). Nil when the
    /// bounds are empty.
    func drawBackingImage() -> CGImage? {
        guard let context = LayerCanvas.make(covering: bounds, scale: contentsScale) else { return nil }
        draw(in: context)
        return context.makeImage()
    }

    func boundsSizeDidChange(from oldSize: CGSize) {
        if needsDisplayOnBoundsChange { setNeedsDisplay() }
        setNeedsLayout()
        // Autoresizing follows at once, as a frame set on Apple's layers does.
        if sublayerStorage.contains(where: { !$0.autoresizingMask.isEmpty }) { resizeSublayers(withOldSize: oldSize) }
    }
}

extension CALayer {
    /// Marks the layer for layout at the next layout pass (`layoutIfNeeded()` or a commit).
    public func setNeedsLayout() {
        needsLayoutFlag = true
        layoutManager?.invalidateLayout(of: self)
    }

    public func needsLayout() -> Bool { needsLayoutFlag }

    /// Lays out this layer if it was marked, then its sublayers, top-down.
    public func layoutIfNeeded() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        for sublayer in sublayerStorage { sublayer.layoutIfNeeded() }
    }

    func defaultLayoutSublayers() {
        if let layoutManager {
            layoutManager.layoutSublayers(of: self)
        } else {
            delegate?.layoutSublayers(of: self)
        }
    }
}
