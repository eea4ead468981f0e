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
        // Cleared before the sublayers are visited: one marked meanwhile marks this one again.
        guard layoutBelow else { return }
        layoutBelow = false
        for sublayer in sublayerStorage { sublayer.layoutIfNeeded() }
    }

    /// The layer a mark goes up to: its superlayer, or the layer it masks.
    var parentLayer: CALayer? { superlayer ?? maskOwner }

    /// Marks this layer and its ancestors as having a layer below that needs display (up to the
    /// first one marked already: its ancestors are).
    func markDisplayBelow() {
        var layer: CALayer? = self
        while let next = layer, !next.displayBelow {
            next.displayBelow = true
            layer = next.parentLayer
        }
    }

    /// Marks this layer and its superlayers as having a sublayer below that needs layout (masks
    /// are not laid out by the pass, so a mask's marks stop at it).
    func markLayoutBelow() {
        var layer: CALayer? = self
        while let next = layer, !next.layoutBelow {
            next.layoutBelow = true
            layer = next.superlayer
        }
    }

    func defaultLayoutSublayers() {
        if let layoutManager {
            layoutManager.layoutSublayers(of: self)
        } else {
            delegate?.layoutSublayers(of: self)
        }
    }
}
