extension CALayer {
    /// The value of a property, a stored custom key, the style's value for it, or the class's
    /// default — in that order.
    func kvcValue(forKey key: String) -> Any? {
        if let property = Self.keyValueProperties[key] { return property.get(self) }
        if let managed = managedProperties[key] { return managed.anyValue }
        if let value = customValues[key] { return value }
        if let value = style?[key] { return value }
        return Self.defaultValue(forKey: key)
    }

    /// Sets a property (a value of the wrong type is refused with a message) or stores any other
    /// key on the layer. A subclass's property that does not report its own change (the
    /// `keyValueProperties` recipe) is reported here, as Apple reports `@NSManaged` ones.
    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let property = Self.keyValueProperties[key] {
            let reports = changeReports
            let old = LayerProperty.builtIn[key] == nil ? property.get(self) : nil
            if !property.set(self, value) {
                refuse(value, forKey: key)
            } else if LayerProperty.builtIn[key] == nil && changeReports == reports {
                didChange(key, from: old)
            }
            return
        }
        if let managed = managedProperties[key] {
            let old = managed.anyValue
            if managed.setAny(value) { didChange(key, from: old) } else { refuse(value, forKey: key) }
            return
        }
        customValues[key] = value
    }

    private func refuse(_ value: Any?, forKey key: String) {
        CGDiagnostics.log("CALayer.setValue(_:forKey:)", "\(value.map { "\(type(of: $0))" } ?? "nil") does not fit '\(key)'; unchanged.")
    }

    /// `value`'s behaviour (the open member is declared in `CALayer.swift`).
    /// A key path without a dot is one key, read without splitting: every animation reads and
    /// writes its key path on every presentation copy.
    func kvcValue(forKeyPath keyPath: String) -> Any? {
        if !keyPath.isEmpty, !keyPath.utf8.contains(UInt8(ascii: ".")) { return value(forKey: keyPath) }
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        if first == "emitterCells", parts.count > 2, let emitter = self as? CAEmitterLayer { return emitter.cellValue(atPath: parts.dropFirst()) }
        let value = value(forKey: first)
        return parts.count == 1 ? value : StructureField.get(value, path: parts.dropFirst().joined(separator: "."))
    }

    /// `setValue`'s behaviour (the open member is declared in `CALayer.swift`).
    func kvcSetValue(_ value: Any?, forKeyPath keyPath: String) {
        if !keyPath.isEmpty, !keyPath.utf8.contains(UInt8(ascii: ".")) { setValue(value, forKey: keyPath); return }
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return }
        guard parts.count > 1 else { setValue(value, forKey: first); return }
        if first == "emitterCells", parts.count > 2, let emitter = self as? CAEmitterLayer {
            return emitter.setCellValue(value, atPath: parts.dropFirst())
        }
        let field = parts.dropFirst().joined(separator: ".")
        guard let updated = StructureField.set(self.value(forKey: first), path: field, to: value) else {
            CGDiagnostics.log("CALayer.setValue(_:forKeyPath:)", "cannot set '\(field)' of '\(first)' to \(value.map { "\($0)" } ?? "nil").")
            return
        }
        setValue(updated, forKey: first)
    }

    /// A fresh layer's value of a built-in key.
    static func builtInDefault(forKey key: String) -> Any? {
        guard let property = LayerProperty.builtIn[key], !LayerProperty.notCopied.contains(key) else { return nil }
        return property.get(DefaultLayer.shared)
    }

    /// Copies every property, the custom keys and what was explicitly set (for `init(layer:)`):
    /// CALayer's own properties one assignment each (this runs for every layer of every
    /// presentation tree; copying through the rows' key paths made `presentation()` of a
    /// 1000-layer tree 3 to 4 times as slow), a subclass's through its rows' `copy`.
    /// `PropertyTableTests` holds the copy to the table: every copied row must arrive.
    func copyProperties(from other: CALayer) {
        // A copy takes the values as they are, style-supplied ones included.
        applyingStyle = true
        defer { applyingStyle = false }
        copyBuiltInProperties(from: other)
        for (key, property) in Self.keyValueProperties where !property.isCALayerRow && LayerProperty.builtIn[key] == nil {
            property.copy(self, other)
        }
        copyManagedProperties(from: other)
        customValues = other.customValues
        explicitlySet = other.explicitlySet
    }

    private func copyBuiltInProperties(from o: CALayer) {
        bounds = o.bounds; position = o.position; zPosition = o.zPosition; anchorPoint = o.anchorPoint
        anchorPointZ = o.anchorPointZ; transform = o.transform; sublayerTransform = o.sublayerTransform
        isGeometryFlipped = o.isGeometryFlipped; masksToBounds = o.masksToBounds; contents = o.contents
        contentsRect = o.contentsRect; contentsCenter = o.contentsCenter; contentsGravity = o.contentsGravity
        contentsScale = o.contentsScale; minificationFilter = o.minificationFilter; magnificationFilter = o.magnificationFilter
        minificationFilterBias = o.minificationFilterBias; isOpaque = o.isOpaque
        needsDisplayOnBoundsChange = o.needsDisplayOnBoundsChange; drawsAsynchronously = o.drawsAsynchronously
        backgroundColor = o.backgroundColor; cornerRadius = o.cornerRadius; maskedCorners = o.maskedCorners
        cornerCurve = o.cornerCurve; borderWidth = o.borderWidth; borderColor = o.borderColor; opacity = o.opacity
        isHidden = o.isHidden; isDoubleSided = o.isDoubleSided; allowsGroupOpacity = o.allowsGroupOpacity
        allowsEdgeAntialiasing = o.allowsEdgeAntialiasing; edgeAntialiasingMask = o.edgeAntialiasingMask
        shouldRasterize = o.shouldRasterize; rasterizationScale = o.rasterizationScale; shadowColor = o.shadowColor
        shadowOpacity = o.shadowOpacity; shadowOffset = o.shadowOffset; shadowRadius = o.shadowRadius
        shadowPath = o.shadowPath; name = o.name; style = o.style
        filters = o.filters; backgroundFilters = o.backgroundFilters; compositingFilter = o.compositingFilter
        // The layer's timing and the objects it refers to: not key-value properties.
        beginTime = o.beginTime; duration = o.duration; speed = o.speed; timeOffset = o.timeOffset
        repeatCount = o.repeatCount; repeatDuration = o.repeatDuration; autoreverses = o.autoreverses; fillMode = o.fillMode
        delegate = o.delegate; layoutManager = o.layoutManager; actions = o.actions
    }
}

/// A layer in its default state, to read defaults from.
enum DefaultLayer {
    nonisolated(unsafe) static let shared = CALayer()
}
