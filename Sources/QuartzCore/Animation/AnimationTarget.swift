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

    func value(forKey key: String) -> Any? {
        switch key {
        case "bounds": return snapshot.bounds
        case "position": return snapshot.position
        case "zPosition": return Boxing.box(snapshot.zPosition)
        case "anchorPoint": return snapshot.anchorPoint
        case "anchorPointZ": return Boxing.box(snapshot.anchorPointZ)
        case "transform": return snapshot.transform
        case "sublayerTransform": return snapshot.sublayerTransform
        case "opacity": return Boxing.box(snapshot.opacity)
        case "hidden": return Boxing.box(snapshot.isHidden)
        case "masksToBounds": return Boxing.box(snapshot.masksToBounds)
        case "doubleSided": return Boxing.box(snapshot.isDoubleSided)
        case "backgroundColor": return snapshot.backgroundColor
        case "cornerRadius": return Boxing.box(snapshot.cornerRadius)
        case "borderWidth": return Boxing.box(snapshot.borderWidth)
        case "borderColor": return snapshot.borderColor
        case "contents": return snapshot.contents
        case "contentsRect": return snapshot.contentsRect
        case "contentsCenter": return snapshot.contentsCenter
        case "contentsScale": return Boxing.box(snapshot.contentsScale)
        case "shadowColor": return snapshot.shadowColor
        case "shadowOpacity": return Boxing.box(snapshot.shadowOpacity)
        case "shadowOffset": return snapshot.shadowOffset
        case "shadowRadius": return Boxing.box(snapshot.shadowRadius)
        case "shadowPath": return snapshot.shadowPath
        case "filters": return snapshot.filters
        case "backgroundFilters": return snapshot.backgroundFilters
        case "compositingFilter": return snapshot.compositingFilter
        case "colors", "locations", "startPoint", "endPoint":
            guard case .gradient(let g)? = snapshot.content else { return nil }
            switch key {
            case "colors": return g.colors
            case "locations": return g.locations?.map { NSNumber(value: Double($0)) }
            case "startPoint": return g.startPoint
            default: return g.endPoint
            }
        case _ where ReplicatorState.keys.contains(key): return snapshot.replicator?.value(forKey: key)
        case _ where EmitterState.keys.contains(key): return snapshot.emitter?.value(forKey: key)
        default: return snapshot.content?.value(forKey: key)
        }
    }

    func setValue(_ value: Any?, forKey key: String) {
        func number() -> CGFloat? { Boxing.number(value).map { CGFloat($0) } }
        switch key {
        case "bounds":
            // As CALayer's setter: negative sizes become zero.
            if let v = value as? CGRect { snapshot.bounds = CGRect(origin: v.origin, size: CGSize(width: max(0, v.width), height: max(0, v.height))) }
        case "position": if let v = value as? CGPoint { snapshot.position = v }
        case "zPosition": if let v = number() { snapshot.zPosition = v }
        case "anchorPoint": if let v = value as? CGPoint { snapshot.anchorPoint = v }
        case "anchorPointZ": if let v = number() { snapshot.anchorPointZ = v }
        case "transform": if let v: CATransform3D = Boxing.unbox(value) { snapshot.transform = v }
        case "sublayerTransform": if let v: CATransform3D = Boxing.unbox(value) { snapshot.sublayerTransform = v }
        case "opacity": if let v = number() { snapshot.opacity = v }
        case "hidden": if let v = number() { snapshot.isHidden = v != 0 }
        case "masksToBounds": if let v = number() { snapshot.masksToBounds = v != 0 }
        case "doubleSided": if let v = number() { snapshot.isDoubleSided = v != 0 }
        case "backgroundColor": snapshot.backgroundColor = value as? CGColor
        case "cornerRadius": if let v = number() { snapshot.cornerRadius = max(0, v) }
        case "borderWidth": if let v = number() { snapshot.borderWidth = max(0, v) }
        case "borderColor": snapshot.borderColor = value as? CGColor
        case "contents": snapshot.contents = value as? CGImage
        case "contentsRect": if let v = value as? CGRect { snapshot.contentsRect = v }
        case "contentsCenter": if let v = value as? CGRect { snapshot.contentsCenter = v }
        case "contentsScale": if let v = number(), v > 0 { snapshot.contentsScale = v }
        case "shadowColor": snapshot.shadowColor = value as? CGColor
        case "shadowOpacity": if let v = number() { snapshot.shadowOpacity = v }
        case "shadowOffset": if let v = value as? CGSize { snapshot.shadowOffset = v }
        case "shadowRadius": if let v = number() { snapshot.shadowRadius = max(0, v) }
        case "shadowPath": snapshot.shadowPath = value as? CGPath
        case "filters": snapshot.filters = value as? [FilterRecipe] ?? LayerFilters.recipes(value as? [Any])
        case "backgroundFilters": snapshot.backgroundFilters = value as? [FilterRecipe] ?? LayerFilters.recipes(value as? [Any])
        case "compositingFilter": snapshot.compositingFilter = value as? FilterRecipe ?? value.flatMap { LayerFilters.recipes([$0]).first }
        case "colors", "locations", "startPoint", "endPoint":
            guard case .gradient(let g)? = snapshot.content else { return }
            var colors = g.colors, locations = g.locations, start = g.startPoint, end = g.endPoint
            switch key {
            case "colors": if let v = value as? [Any] { colors = v.compactMap { $0 as? CGColor } }
            case "locations": locations = (value as? [Any])?.compactMap { Boxing.number($0).map { CGFloat($0) } }
            case "startPoint": if let v = value as? CGPoint { start = v }
            default: if let v = value as? CGPoint { end = v }
            }
            snapshot.content = .gradient(GradientContent(colors: colors, locations: locations, startPoint: start, endPoint: end, type: g.type))
        case _ where ReplicatorState.keys.contains(key): snapshot.replicator?.setValue(value, forKey: key)
        case _ where EmitterState.keys.contains(key): snapshot.emitter?.setValue(value, forKey: key)
        default: snapshot.content?.setValue(value, forKey: key)
        }
    }
}
