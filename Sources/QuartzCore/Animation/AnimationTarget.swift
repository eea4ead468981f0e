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

    func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        let value = value(forKey: parts[0])
        return parts.count == 1 ? value : StructureField.get(value, path: parts[1])
    }

    func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 1 { setValue(value, forKey: parts[0]); return }
        if let updated = StructureField.set(self.value(forKey: parts[0]), path: parts[1], to: value) {
            setValue(updated, forKey: parts[0])
        }
    }

    func setTransition(_ state: TransitionState) { snapshot.transition = state }

    func value(forKey key: String) -> Any? {
        let s = snapshot
        switch key {
        case "bounds": return s.bounds
        case "position": return s.position
        case "zPosition": return Boxing.box(s.zPosition)
        case "anchorPoint": return s.anchorPoint
        case "anchorPointZ": return Boxing.box(s.anchorPointZ)
        case "transform": return s.transform
        case "sublayerTransform": return s.sublayerTransform
        case "opacity": return Boxing.box(s.opacity)
        case "hidden": return Boxing.box(s.isHidden)
        case "masksToBounds": return Boxing.box(s.masksToBounds)
        case "doubleSided": return Boxing.box(s.isDoubleSided)
        case "backgroundColor": return s.backgroundColor
        case "cornerRadius": return Boxing.box(s.cornerRadius)
        case "borderWidth": return Boxing.box(s.borderWidth)
        case "borderColor": return s.borderColor
        case "contents": return s.contents
        case "contentsRect": return s.contentsRect
        case "contentsCenter": return s.contentsCenter
        case "contentsScale": return Boxing.box(s.contentsScale)
        case "shadowColor": return s.shadowColor
        case "shadowOpacity": return Boxing.box(s.shadowOpacity)
        case "shadowOffset": return s.shadowOffset
        case "shadowRadius": return Boxing.box(s.shadowRadius)
        case "shadowPath": return s.shadowPath
        case "colors", "locations", "startPoint", "endPoint":
            guard case .gradient(let g)? = s.content else { return nil }
            switch key {
            case "colors": return g.colors
            case "locations": return g.locations?.map { NSNumber(value: Double($0)) }
            case "startPoint": return g.startPoint
            default: return g.endPoint
            }
        default: return nil
        }
    }

    func setValue(_ value: Any?, forKey key: String) {
        func number() -> CGFloat? { Boxing.number(value).map { CGFloat($0) } }
        switch key {
        case "bounds": if let v = value as? CGRect { snapshot.bounds = v }
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
        default: break
        }
    }
}
