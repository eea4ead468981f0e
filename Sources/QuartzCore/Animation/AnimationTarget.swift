/// What animations write into: a presentation copy of a layer (main thread, `presentation()`) or
/// a render-tree snapshot (`LayerSnapshot`, any thread, at frame time). One evaluator serves both.
protocol AnimationTarget: AnyObject {
    func value(forKeyPath keyPath: String) -> Any?
    func setValue(_ value: Any?, forKeyPath keyPath: String)
    func setTransition(_ state: TransitionState)
}

extension CALayer: AnimationTarget {
    func setTransition(_ state: TransitionState) { activeTransition = state }
}

/// A render-tree snapshot as an animation target: the keys the renderer draws, by Core
/// Animation's names. Keys it does not carry (custom properties) are ignored.
final class SnapshotTarget: AnimationTarget {
    var snapshot: LayerSnapshot

    init(_ snapshot: LayerSnapshot) { self.snapshot = snapshot }

    // Key paths are split without building arrays: this runs for every animation every frame.
    func value(forKeyPath keyPath: String) -> Any? {
        guard let dot = keyPath.firstIndex(of: ".") else { return value(forKey: keyPath) }
        if snapshot.emitter != nil, keyPath.hasPrefix("emitterCells.") { return snapshot.emitter?.cellValue(atPath: keyPath) }
        return StructureField.get(value(forKey: String(keyPath[..<dot])), path: String(keyPath[keyPath.index(after: dot)...]))
    }

    func setValue(_ value: Any?, forKeyPath keyPath: String) {
        guard let dot = keyPath.firstIndex(of: ".") else { setValue(value, forKey: keyPath); return }
        if snapshot.emitter != nil, keyPath.hasPrefix("emitterCells.") { snapshot.emitter?.setCellValue(value, atPath: keyPath); return }
        let key = String(keyPath[..<dot])
        if let updated = StructureField.set(self.value(forKey: key), path: String(keyPath[keyPath.index(after: dot)...]), to: value) {
            setValue(updated, forKey: key)
        }
    }

    func setTransition(_ state: TransitionState) { snapshot.transition = state }

    /// A built-in property through its row's node field (`LayerProperty.node`), else a key of
    /// the subclass's render state (replicator, emitter, gradient or shape content).
    func value(forKey key: String) -> Any? {
        if let field = LayerProperty.builtIn[key]?.node { return field.get(snapshot) }
        if ReplicatorState.keys.contains(key) { return snapshot.replicator?.value(forKey: key) }
        if EmitterState.keys.contains(key) { return snapshot.emitter?.value(forKey: key) }
        return snapshot.content?.value(forKey: key)
    }

    func setValue(_ value: Any?, forKey key: String) {
        if let field = LayerProperty.builtIn[key]?.node { return field.set(&snapshot, value) }
        if ReplicatorState.keys.contains(key) {
            snapshot.replicator?.setValue(value, forKey: key)
        } else if EmitterState.keys.contains(key) {
            snapshot.emitter?.setValue(value, forKey: key)
        } else {
            snapshot.content?.setValue(value, forKey: key)
        }
    }
}
