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
        case content(ContentKey)

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
            case "strokeStart": self = .content(.strokeStart)
            case "strokeEnd": self = .content(.strokeEnd)
            case "lineWidth": self = .content(.lineWidth)
            case "lineDashPhase": self = .content(.lineDashPhase)
            default:
                guard keyPath.hasPrefix("transform."), let field = TransformComponents.Field(String(keyPath.dropFirst(10)))
                else { return nil }
                self = .transform(field)
            }
        }
    }

    /// Where a field's number is kept: the fields of one transform share it (an animation of
    /// one composes over the others'), every other field is a number of its own (0 to 16).
    enum Storage: Equatable {
        case number(Int), transform, content(ContentKey)
    }

    /// A content number's key (an enum rather than the key's string, so that the animation is
    /// plain data: evaluating a frame copies none of it with retains).
    enum ContentKey: String {
        case strokeStart, strokeEnd, lineWidth, lineDashPhase
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
        case .transform(.rotationZ) where Self.isTurnedInPlane(layer.transform):
            layer.transform = Self.turnedInPlane(layer.transform, to: v)
        case .transform(let f):
            var components = TransformComponents(layer.transform)
            components[field: f] = v
            layer.transform = components.transform
        case .content(let key): layer.content?.setNumber(v, forKey: key.rawValue)
        case .cornerRadius, .borderWidth, .shadowRadius: field.set(LayerValueRule.nonNegative(v) ?? 0, in: &layer)
        case .boundsWidth, .boundsHeight:
            // The layer's own rule for its bounds (`LayerValueRule.standardized`), as the
            // general path applies it.
            field.set(v, in: &layer)
            layer.bounds = LayerValueRule.standardized(layer.bounds) ?? layer.bounds
        default: field.set(v, in: &layer)
        }
    }

    /// Whether `t` only scales, turns about z and moves in the plane (no depth, no perspective):
    /// what a layer spun by `transform.rotation.z` usually holds (the identity, most often).
    static func isTurnedInPlane(_ t: CATransform3D) -> Bool {
        t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1
            && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
    }

    /// Such a transform with its rotation about z set to `angle`: the values the general path
    /// (`TransformComponents`: decompose, set, compose scale · Rx · Ry · Rz) gives, worked out
    /// without its three rotation matrices and their products. Its x and y rotations are 0
    /// there and its z scale 1, so the product is the planar scales times the z rotation,
    /// whose m33 is `c + (1 − c)` as `CATransform3DMakeRotation` computes it (not always
    /// exactly 1). Every frame of a spinning layer takes this path.
    static func turnedInPlane(_ t: CATransform3D, to angle: CGFloat) -> CATransform3D {
        let sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot(), sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        let c = cos(angle), s = sin(angle)
        return CATransform3D(m11: sx * c, m12: sx * s, m13: 0, m14: 0,
                             m21: -(sy * s), m22: sy * c, m23: 0, m24: 0,
                             m31: 0, m32: 0, m33: c + (1 - c), m34: 0,
                             m41: t.m41, m42: t.m42, m43: 0, m44: 1)
    }
}

extension ScalarAnimation.Field {
    /// Where the number is kept (see `Storage`).
    var storage: ScalarAnimation.Storage {
        switch self {
        case .opacity: .number(0)
        case .zPosition: .number(1)
        case .anchorPointZ: .number(2)
        case .cornerRadius: .number(3)
        case .borderWidth: .number(4)
        case .shadowOpacity: .number(5)
        case .shadowRadius: .number(6)
        case .positionX: .number(7)
        case .positionY: .number(8)
        case .anchorPointX: .number(9)
        case .anchorPointY: .number(10)
        case .shadowOffsetWidth: .number(11)
        case .shadowOffsetHeight: .number(12)
        case .boundsX: .number(13)
        case .boundsY: .number(14)
        case .boundsWidth: .number(15)
        case .boundsHeight: .number(16)
        case .transform: .transform
        case .content(let key): .content(key)
        }
    }

    /// The number as `layer` holds it (0 for a transform's or content's: those are kept whole).
    func value(in layer: LayerSnapshot) -> CGFloat {
        switch self {
        case .opacity: layer.opacity
        case .zPosition: layer.zPosition
        case .anchorPointZ: layer.anchorPointZ
        case .cornerRadius: layer.cornerRadius
        case .borderWidth: layer.borderWidth
        case .shadowOpacity: layer.shadowOpacity
        case .shadowRadius: layer.shadowRadius
        case .positionX: layer.position.x
        case .positionY: layer.position.y
        case .anchorPointX: layer.anchorPoint.x
        case .anchorPointY: layer.anchorPoint.y
        case .shadowOffsetWidth: layer.shadowOffset.width
        case .shadowOffsetHeight: layer.shadowOffset.height
        case .boundsX: layer.bounds.origin.x
        case .boundsY: layer.bounds.origin.y
        case .boundsWidth: layer.bounds.size.width
        case .boundsHeight: layer.bounds.size.height
        case .transform, .content: 0
        }
    }

    /// Puts back a number `value(in:)` read, as it was (no clamping; nothing for a transform's
    /// or content's).
    func set(_ value: CGFloat, in layer: inout LayerSnapshot) {
        switch self {
        case .opacity: layer.opacity = value
        case .zPosition: layer.zPosition = value
        case .anchorPointZ: layer.anchorPointZ = value
        case .cornerRadius: layer.cornerRadius = value
        case .borderWidth: layer.borderWidth = value
        case .shadowOpacity: layer.shadowOpacity = value
        case .shadowRadius: layer.shadowRadius = value
        case .positionX: layer.position.x = value
        case .positionY: layer.position.y = value
        case .anchorPointX: layer.anchorPoint.x = value
        case .anchorPointY: layer.anchorPoint.y = value
        case .shadowOffsetWidth: layer.shadowOffset.width = value
        case .shadowOffsetHeight: layer.shadowOffset.height = value
        case .boundsX: layer.bounds.origin.x = value
        case .boundsY: layer.bounds.origin.y = value
        case .boundsWidth: layer.bounds.size.width = value
        case .boundsHeight: layer.bounds.size.height = value
        case .transform, .content: break
        }
    }
}
