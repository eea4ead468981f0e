/// A basic animation of one number between two given numbers, worked out when a commit snapshots
/// it, so that frames interpolate a `Double` and store it: no key path parsed, nothing boxed or
/// cast. Every frame evaluates every animation, so this is the common case made cheap; anything
/// else (by-values, additive, cumulative, value functions, other value kinds, subclasses) takes
/// the general path, which gives the same values.
struct ScalarAnimation {
    let field: Field
    let from: Double
    let to: Double

    /// A number of a layer snapshot that a key path names.
    enum Field {
        case opacity, zPosition, anchorPointZ, cornerRadius, borderWidth, shadowOpacity, shadowRadius
        case positionX, positionY, anchorPointX, anchorPointY, shadowOffsetWidth, shadowOffsetHeight
        case boundsX, boundsY, boundsWidth, boundsHeight
        case transform(TransformComponents.Field)
        /// A number of a subclass's content (a shape's `strokeEnd`: spinners animate it).
        case content(String)

        init?(_ keyPath: String) {
            switch keyPath {
            case "opacity": self = .opacity
            case "zPosition": self = .zPosition
            case "anchorPointZ": self = .anchorPointZ
            case "cornerRadius": self = .cornerRadius
            case "borderWidth": self = .borderWidth
            case "shadowOpacity": self = .shadowOpacity
            case "shadowRadius": self = .shadowRadius
            case "position.x": self = .positionX
            case "position.y": self = .positionY
            case "anchorPoint.x": self = .anchorPointX
            case "anchorPoint.y": self = .anchorPointY
            case "shadowOffset.width": self = .shadowOffsetWidth
            case "shadowOffset.height": self = .shadowOffsetHeight
            case "bounds.origin.x": self = .boundsX
            case "bounds.origin.y": self = .boundsY
            case "bounds.size.width": self = .boundsWidth
            case "bounds.size.height": self = .boundsHeight
            case "strokeStart", "strokeEnd", "lineWidth", "lineDashPhase": self = .content(keyPath)
            default:
                guard keyPath.hasPrefix("transform."), let field = TransformComponents.Field(String(keyPath.dropFirst(10)))
                else { return nil }
                self = .transform(field)
            }
        }
    }

    init?(_ animation: CAAnimation) {
        // Exactly CABasicAnimation: subclasses (springs) compute their values differently.
        guard type(of: animation) == CABasicAnimation.self, let basic = animation as? CABasicAnimation,
              !basic.isAdditive, !basic.isCumulative, basic.valueFunction == nil,
              let keyPath = basic.keyPath, let field = Field(keyPath),
              let from = basic.fromValue, let to = basic.toValue,
              !Interpolation.isBoolean(from), !Interpolation.isBoolean(to),
              let p = Boxing.number(from), let q = Boxing.number(to), p.isFinite, q.isFinite
        else { return nil }
        self.field = field
        self.from = p
        self.to = q
    }

    /// Writes the value at `progress` (after the timing function) into `layer`, as the general
    /// path's setters would (radii, widths and sizes are never negative).
    func apply(atProgress progress: Double, to layer: inout LayerSnapshot) {
        let v = CGFloat(from + (to - from) * progress)
        guard v.isFinite else { return }
        switch field {
        case .opacity: layer.opacity = v
        case .zPosition: layer.zPosition = v
        case .anchorPointZ: layer.anchorPointZ = v
        case .cornerRadius: layer.cornerRadius = max(0, v)
        case .borderWidth: layer.borderWidth = max(0, v)
        case .shadowOpacity: layer.shadowOpacity = v
        case .shadowRadius: layer.shadowRadius = max(0, v)
        case .positionX: layer.position.x = v
        case .positionY: layer.position.y = v
        case .anchorPointX: layer.anchorPoint.x = v
        case .anchorPointY: layer.anchorPoint.y = v
        case .shadowOffsetWidth: layer.shadowOffset.width = v
        case .shadowOffsetHeight: layer.shadowOffset.height = v
        case .boundsX: layer.bounds.origin.x = v
        case .boundsY: layer.bounds.origin.y = v
        case .boundsWidth: layer.bounds.size.width = max(0, v)
        case .boundsHeight: layer.bounds.size.height = max(0, v)
        case .transform(let f):
            var components = TransformComponents(layer.transform)
            components[field: f] = v
            layer.transform = components.transform
        case .content(let key): layer.content?.setNumber(v, forKey: key)
        }
    }
}
