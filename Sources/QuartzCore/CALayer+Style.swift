extension CALayer {
    /// A property was assigned: unless `style` filled it in, it now counts as set, the layer
    /// redraws when `needsDisplay(forKey:)` says so, and the change may start an implicit
    /// animation (see `CATransaction`).
    func didChange(_ key: String, from oldValue: Any?) {
        snapshotDidChange()
        guard !applyingStyle else { return }
        explicitlySet.insert(key)
        changeReports &+= 1
        // A value set to what it was does not redraw (measured on Apple's).
        if modelLayer == nil, type(of: self).needsDisplay(forKey: key), !Self.isSame(oldValue, kvcValue(forKey: key)) { setNeedsDisplay() }
        CATransaction.layer(self, didChange: key, from: oldValue)
    }

    /// Gives every built-in property the layer has not assigned its `style` value, or its default.
    func applyStyle() {
        applyingStyle = true
        defer { applyingStyle = false }
        for (key, property) in LayerProperty.builtIn where LayerProperty.styleable.contains(key) && !explicitlySet.contains(key) {
            if let value = style?[key], property.set(self, value) { continue }
            _ = property.set(self, Self.builtInDefault(forKey: key))
        }
    }
}

extension CALayer {
    /// Something this layer's snapshot holds changed (`own`: one of its own properties, else
    /// its sublayers, mask or animations): the next commit snapshots it, and every layer above
    /// it, again. A layer whose snapshot is kept has kept snapshots below it, so the walk stops
    /// at the first layer that has none.
    func snapshotDidChange(own: Bool = true) {
        if own { ownPropertiesChanged = true }
        var current: CALayer? = self
        while let layer = current, layer.committedSnapshot != nil {
            layer.committedSnapshot = nil
            if let parent = layer.superlayerStorage, parent.listedSublayers != nil {
                // A sublayer snapshotted again on its own (`render(in:)`, a renderer of its own)
                // while its parent is not would add itself once a round: past one entry a
                // sublayer, the parent's next list is made from every sublayer instead.
                if parent.staleSublayers.count < parent.sublayerStorage.count {
                    parent.staleSublayers.append(layer)
                } else {
                    parent.listedSublayers = nil
                    parent.staleSublayers = []
                }
            }
            current = layer.parentLayer
        }
    }
}

extension CALayer {
    /// Whether two property values are known to be equal (values that cannot be compared are not).
    static func isSame(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x?, y?):
            if let p = Boxing.number(x), let q = Boxing.number(y) { return p == q }
            if let p = x as? AnyHashable, let q = y as? AnyHashable { return p == q }
            return false
        default: return false
        }
    }
}
