extension CALayer {
    /// `needsDisplay`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultNeedsDisplay() -> Bool { needsDisplayFlag }

    /// `displayIfNeeded`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultDisplayIfNeeded() {
        guard needsDisplayFlag else { return }
        needsDisplayFlag = false
        display()
    }

    /// `contentsAreFlipped`'s behaviour (the open member is declared in `CALayer.swift`):
    /// `ContentsOrientation`, rule 1.
    func defaultContentsAreFlipped() -> Bool {
        ContentsOrientation.contentsAreFlipped(oddFlips: flipsAboveAreOdd != isGeometryFlipped)
    }

    /// Whether an odd number of the layer's superlayers (up to the root) have flipped geometry:
    /// its drawing space then runs y up on screen. A mask counts its owner's superlayers, not
    /// its owner's own flip (Lamina places a mask in its owner's space unflipped).
    var flipsAboveAreOdd: Bool {
        var odd = false
        var layer = self
        while let parent = layer.parentLayer {
            if parent.isGeometryFlipped, parent.maskStorage !== layer { odd.toggle() }
            layer = parent
        }
        return odd
    }

    func defaultDisplay() {
        // Displaying answers the mark, whoever called it (Apple's `display()` clears it too).
        needsDisplayFlag = false
        if let delegate {
            delegateLacksDisplay = false
            delegate.display(self)
            if !delegateLacksDisplay { return }
        }
        delegate?.layerWillDraw(self)
        contents = drawBackingImage()
    }

    /// The tree as it is now, laid out and displayed, for `render(in:)` and `CARenderer`: read
    /// whole under the tree lock, since other threads may be changing it.
    func snapshotForRendering() -> LayerSnapshot {
        CATransaction.withTreeLock {
            prepareForRendering()
            return LayerSnapshot(self)
        }
    }

    /// A backing image of the bounds at `contentsScale`, drawn by `draw(in:)` through a context
    /// whose user space is the layer's bounds: y down (the bounds' origin on the image's top
    /// row) when `contentsAreFlipped()`, else y up, as Core Graphics' own (`ContentsOrientation`,
    /// rule 4). Nil when the bounds are empty.
    func drawBackingImage() -> CGImage? {
        guard let context = LayerCanvas.make(covering: bounds, scale: contentsScale) else { return nil }
        if !contentsAreFlipped() { context.concatenate(CGContext.imageFlip(about: bounds)) }
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
    /// `setNeedsLayout`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultSetNeedsLayout() {
        // The layout manager hears of an invalidation once, not of every change until the pass.
        let wasMarked = needsLayoutFlag
        needsLayoutFlag = true
        if !wasMarked { layoutManager?.invalidateLayout(of: self) }
    }

    /// `needsLayout`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultNeedsLayout() -> Bool { needsLayoutFlag }

    /// `layoutIfNeeded`'s behaviour: as Apple documents, the superlayers (and, for a mask, the
    /// layer it masks) are walked up while they need layout, and the whole tree below the
    /// topmost that does is laid out — so a sublayer is never laid out before its superlayer
    /// has placed it.
    func defaultLayoutIfNeeded() {
        var top = self
        while let parent = top.parentLayer, parent.needsLayoutFlag { top = parent }
        top.layoutPass()
    }

    /// Lays out this layer if it needs it, then every sublayer and the mask that need it (masks
    /// are laid out as sublayers are: lottie-ios sizes its masks in `layoutSublayers`).
    func layoutPass() {
        if needsLayoutFlag {
            needsLayoutFlag = false
            layoutSublayers()
        }
        // Cleared before the sublayers are visited: one marked meanwhile marks this one again.
        guard layoutBelow else { return }
        layoutBelow = false
        for sublayer in sublayerStorage { sublayer.layoutPass() }
        maskStorage?.layoutPass()
    }

    /// The layer a mark goes up to: its superlayer, or the layer it masks.
    var parentLayer: CALayer? { superlayerStorage ?? maskOwner }

    /// Marks this layer and its ancestors as having a layer below that needs display (up to the
    /// first one marked already: its ancestors are).
    func markDisplayBelow() {
        var layer: CALayer? = self
        while let next = layer, !next.displayBelow {
            next.displayBelow = true
            layer = next.parentLayer
        }
    }

    /// Marks this layer and the layers above it (superlayers and mask owners) as having a layer
    /// below that needs layout.
    func markLayoutBelow() {
        var layer: CALayer? = self
        while let next = layer, !next.layoutBelow {
            next.layoutBelow = true
            layer = next.parentLayer
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
