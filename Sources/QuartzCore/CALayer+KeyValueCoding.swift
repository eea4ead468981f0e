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

    /// Reads a key path: a key, then fields of the value (`position.x`, `bounds.size.width`,
    /// `transform.rotation.z`, `transform.scale`, `transform.translation.x`, …).
    public func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".").map(String.init)
        guard let first = parts.first else { return nil }
        if first == "emitterCells", parts.count > 2, let emitter = self as? CAEmitterLayer { return emitter.cellValue(atPath: parts.dropFirst()) }
        let value = value(forKey: first)
        return parts.count == 1 ? value : StructureField.get(value, path: parts.dropFirst().joined(separator: "."))
    }

    /// Writes a key path: the field is replaced in a copy of the value, which is then set.
    /// Unknown fields are refused with a message.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
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
    /// each row of the property table through its typed `copy` (this runs for every layer of
    /// every presentation tree), then the layer's timing and the objects it refers to, which are
    /// not key-value properties.
    func copyProperties(from other: CALayer) {
        // A copy takes the values as they are, style-supplied ones included.
        applyingStyle = true
        defer { applyingStyle = false }
        for property in LayerProperty.copied { property.copy(self, other) }
        for (key, property) in Self.keyValueProperties where LayerProperty.builtIn[key] == nil {
            property.copy(self, other)
        }
        beginTime = other.beginTime; duration = other.duration; speed = other.speed; timeOffset = other.timeOffset
        repeatCount = other.repeatCount; repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode
        delegate = other.delegate; layoutManager = other.layoutManager; actions = other.actions
        copyManagedProperties(from: other)
        customValues = other.customValues
        explicitlySet = other.explicitlySet
    }
}

/// A layer in its default state, to read defaults from.
enum DefaultLayer {
    nonisolated(unsafe) static let shared = CALayer()
}
