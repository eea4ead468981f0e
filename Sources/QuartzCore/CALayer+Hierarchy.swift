extension CALayer {
    /// `sublayers`'s behaviour (the open member is declared in `CALayer.swift`).
    var defaultSublayers: [CALayer]? {
        get { CATransaction.withTreeLock { sublayerStorage.isEmpty ? nil : sublayerStorage } }
        set {
            CATransaction.withTreeLock {
                for layer in sublayerStorage { layer.superlayerStorage = nil }
                sublayerStorage = []
                for layer in newValue ?? [] { insert(layer, at: sublayerStorage.count) }
                setNeedsLayout()
            }
        }
    }

    /// `addSublayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultAddSublayer(_ layer: CALayer) {
        CATransaction.withTreeLock {
            insert(layer, at: sublayerStorage.count)
        }
    }

    /// `insertSublayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultInsertSublayer(_ layer: CALayer, at idx: UInt32) {
        CATransaction.withTreeLock {
            insert(layer, at: Int(idx))
        }
    }

    /// `insertSublayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultInsertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        CATransaction.withTreeLock {
            let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s } } ?? 0
            insert(layer, at: index)
        }
    }

    /// `insertSublayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultInsertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        CATransaction.withTreeLock {
            let index = sibling.flatMap { s in sublayerStorage.firstIndex { $0 === s }.map { $0 + 1 } } ?? sublayerStorage.count
            insert(layer, at: index)
        }
    }

    /// `replaceSublayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultReplaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        CATransaction.withTreeLock {
            guard let index = sublayerStorage.firstIndex(where: { $0 === oldLayer }) else {
                CGDiagnostics.log("CALayer.replaceSublayer", "\(oldLayer) is not a sublayer of \(self).")
                return
            }
            if oldLayer === newLayer { return }
            oldLayer.removeFromSuperlayer()
            insert(newLayer, at: index)
            orderEvent(kCATransition, for: newLayer)
        }
    }

    /// `removeFromSuperlayer`'s behaviour (the open member is declared in `CALayer.swift`).
    func defaultRemoveFromSuperlayer() {
        CATransaction.withTreeLock {
            if let owner = maskOwner {
                owner.maskStorage = nil
                maskOwner = nil
            }
            guard let parent = superlayerStorage else { return }
            parent.orderEvent(kCAOnOrderOut, for: self)
            parent.sublayerStorage.removeAll { $0 === self }
            superlayerStorage = nil
            parent.setNeedsLayout()
        }
    }

    /// Adds `delta` to the animated-layer count of this layer and of every layer above it.
    func countAnimatedLayers(_ delta: Int) {
        var current: CALayer? = self
        while let layer = current {
            layer.animatedLayersInTree += delta
            current = layer.parentLayer
        }
    }

    /// Moves this tree's animated-layer count from the old parent's ancestors to the new one's.
    func parentDidChange(from old: CALayer?) {
        let parent = parentLayer
        setLevelsAbove(parent.map { $0.levelsAbove + 1 } ?? 0)
        // What this subtree still has to display or lay out, the new tree's passes must visit.
        if let parent, old !== parent {
            if needsDisplayFlag || displayBelow { parent.markDisplayBelow() }
            if needsLayoutFlag || layoutBelow { parent.markLayoutBelow() }
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
        let wasHere = layer.superlayerStorage === self ? sublayerStorage.firstIndex { $0 === layer } : nil
        if layer.parentLayer != nil { layer.removeFromSuperlayer() }
        // `index` counts the sublayers as they were, with the layer still in place.
        var target = index
        if let wasHere, wasHere < target { target -= 1 }
        sublayerStorage.insert(layer, at: min(max(target, 0), sublayerStorage.count))
        layer.superlayerStorage = self
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

    /// Installs a mask, refusing cycles; a layer that belongs elsewhere is taken from there.
    func setMask(_ newMask: CALayer?) {
        CATransaction.withTreeLock {
            if newMask === maskStorage { return }
            if let newMask {
                if let problem = problem(adopting: newMask) {
                    CGDiagnostics.log("CALayer.mask", "\(newMask) as the mask of \(self): \(problem); refused.")
                    return
                }
                // A layer in another tree, or another layer's mask, leaves it first (as on Apple's).
                if newMask.maskOwner != nil || newMask.superlayerStorage != nil { newMask.removeFromSuperlayer() }
            }
            maskStorage?.maskOwner = nil
            maskStorage = newMask
            newMask?.maskOwner = self
        }
    }
}
