extension CALayer {
    /// The sublayers, back to front; nil when there are none. Setting it removes the old ones
    /// and adopts the new ones (taking them from their previous superlayers).
    public var sublayers: [CALayer]? {
        get { sublayerStorage.isEmpty ? nil : sublayerStorage }
        set {
            for layer in sublayerStorage { layer.superlayer = nil }
            sublayerStorage = []
            for layer in newValue ?? [] { insert(layer, at: sublayerStorage.count) }
            setNeedsLayout()
        }
    }

    /// Appends `layer` to the sublayers (moving it from any other superlayer).
    public func addSublayer(_ layer: CALayer) {
        insert(layer, at: sublayerStorage.count)
    }

    /// Inserts `layer` at `idx` (clamped to the sublayer count).
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer, at: Int(idx))
    }

    /// Inserts `layer` just below `sibling` (at the front when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0
        insert(layer, at: index)
    }

    /// Inserts `layer` just above `sibling` (at the end when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerStorage.count
        insert(layer, at: index)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else {
            CGDiagnostics.log("CALayer.replaceSublayer", "\(oldLayer) is not a sublayer of \(self).")
            return
        }
        if oldLayer === newLayer { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, at: index)
        orderEvent(kCATransition, for: newLayer)
    }

    /// Detaches the layer from its superlayer (or from the layer it masks).
    public func removeFromSuperlayer() {
        if let owner = maskOwner {
            owner.maskStorage = nil
            maskOwner = nil
        }
        guard let parent = superlayer else { return }
        parent.orderEvent(kCAOnOrderOut, for: self)
        parent.sublayerStorage.removeAll { $0 === self }
        superlayer = nil
        parent.setNeedsLayout()
    }

    /// Adds `delta` to the animated-layer count of this layer and of every layer above it.
    func countAnimatedLayers(_ delta: Int) {
        var current: CALayer? = self
        while let layer = current {
            layer.animatedLayersInTree += delta
            current = layer.superlayer ?? layer.maskOwner
        }
    }

    /// Moves this tree's animated-layer count from the old parent's ancestors to the new one's.
    func parentDidChange(from old: CALayer?) {
        let parent = superlayer ?? maskOwner
        setLevelsAbove(parent.map { $0.levelsAbove + 1 } ?? 0)
        // What this subtree still has to display or lay out, the new tree's passes must visit.
        if let parent, old !== parent {
            if needsDisplayFlag || displayBelow { parent.markDisplayBelow() }
            if needsLayoutFlag || layoutBelow { superlayer?.markLayoutBelow() }
        }
        guard animatedLayersInTree != 0, old !== parent else { return }
        old?.countAnimatedLayers(-animatedLayersInTree)
        parent?.countAnimatedLayers(animatedLayersInTree)
    }

    private func insert(_ layer: CALayer, at index: Int) {
        if let problem = problem(adopting: layer) {
            CGDiagnostics.log("CALayer.addSublayer", "adding \(layer) to \(self): \(problem); refused.")
            return
        }
        guard layer.maskOwner == nil else {
            CGDiagnostics.log("CALayer.addSublayer", "\(layer) is the mask of another layer; refused.")
            return
        }
        let wasHere = layer.superlayer === self ? sublayerStorage.firstIndex { $0 === layer } : nil
        layer.removeFromSuperlayer()
        // `index` counts the sublayers as they were, with the layer still in place.
        var target = index
        if let wasHere, wasHere < target { target -= 1 }
        sublayerStorage.insert(layer, at: min(max(target, 0), sublayerStorage.count))
        layer.superlayer = self
        setNeedsLayout()
        orderEvent(kCAOnOrderIn, for: layer)
    }

    /// Runs `onOrderIn` / `onOrderOut` for a sublayer entering or leaving a shown tree (or being
    /// shown or hidden), and `transition` for one that replaced another.
    func orderEvent(_ event: String, for layer: CALayer) {
        CATransaction.current.touched[ObjectIdentifier(self)] = self
        guard hasBeenCommitted, !CATransaction.disableActions() else { return }
        CATransaction.run(layer.action(forKey: event), forKey: event, on: layer, previous: nil)
    }

    /// Installs a mask, refusing cycles and layers that already belong elsewhere.
    func setMask(_ newMask: CALayer?) {
        if newMask === maskStorage { return }
        if let newMask {
            if let problem = problem(adopting: newMask) {
                CGDiagnostics.log("CALayer.mask", "\(newMask) as the mask of \(self): \(problem); refused.")
                return
            }
            guard newMask.maskOwner == nil, newMask.superlayer == nil else {
                CGDiagnostics.log("CALayer.mask", "\(newMask) is already the mask or a sublayer of another layer; refused.")
                return
            }
        }
        maskStorage?.maskOwner = nil
        maskStorage = newMask
        newMask?.maskOwner = self
    }
}
