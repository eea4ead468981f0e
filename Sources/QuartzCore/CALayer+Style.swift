extension CALayer {
    /// Records that a property was assigned (not filled in from `style`).
    func noteSet(_ key: String) {
        if !applyingStyle { explicitlySet.insert(key) }
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
