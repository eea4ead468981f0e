/// A basic animation of one number between two given numbers, worked out when a commit snapshots
/// it, so that frames interpolate a `Double` and store it: no key path parsed, nothing boxed or
/// cast. Every frame evaluates every animation, so this is the common case made cheap; anything
/// else (by-values, additive, cumulative, value functions, other value kinds, subclasses) takes
/// the general path, which gives the same values.
struct ScalarAnimation {
    let field: Field
    let from: Double
    let to: Double

    /// What a key path names: a number of the snapshot's own, a component of its transform (an
    /// animation of one composes over the others'), or a number of a subclass's content (a
    /// shape's `strokeEnd`: spinners animate it).
    enum Field: Equatable {
        case number(Number)
        case transform(TransformComponents.Field)
        case content(ContentKey)

        init?(_ keyPath: String) {
            if let number = Number.named[keyPath] {
                self = .number(number)
            } else if let key = ContentKey(rawValue: keyPath) {
                self = .content(key)
            } else if keyPath.hasPrefix("transform."), let field = TransformComponents.Field(String(keyPath.dropFirst(10))) {
                self = .transform(field)
            } else {
                return nil
            }
        }
    }

    /// A number of a layer snapshot that an animation writes alone. Its raw value is where it
    /// is kept (0 to 16: a bit each where a frame's animations are tallied); its key path is a
    /// row of the property table (`property`, animatable) and, for a structure, a component of it.
    enum Number: Int, CaseIterable {
        case opacity, zPosition, anchorPointZ, cornerRadius, borderWidth, shadowOpacity, shadowRadius
        case positionX, positionY, anchorPointX, anchorPointY, shadowOffsetWidth, shadowOffsetHeight
        case boundsX, boundsY, boundsWidth, boundsHeight

        /// The property table's key, and the component of its value (nil: the value itself).
        var property: (key: String, component: String?) {
            switch self {
            case .opacity: ("opacity", nil)
            case .zPosition: ("zPosition", nil)
            case .anchorPointZ: ("anchorPointZ", nil)
            case .cornerRadius: ("cornerRadius", nil)
            case .borderWidth: ("borderWidth", nil)
            case .shadowOpacity: ("shadowOpacity", nil)
            case .shadowRadius: ("shadowRadius", nil)
            case .positionX: ("position", "x")
            case .positionY: ("position", "y")
            case .anchorPointX: ("anchorPoint", "x")
            case .anchorPointY: ("anchorPoint", "y")
            case .shadowOffsetWidth: ("shadowOffset", "width")
            case .shadowOffsetHeight: ("shadowOffset", "height")
            case .boundsX: ("bounds", "origin.x")
            case .boundsY: ("bounds", "origin.y")
            case .boundsWidth: ("bounds", "size.width")
            case .boundsHeight: ("bounds", "size.height")
            }
        }

        /// Core Animation's key path for it ("position.x").
        var keyPath: String { property.component.map { "\(property.key).\($0)" } ?? property.key }

        /// Each number by its key path, for the commit's parse of an animation's (once each).
        static let named: [String: Number] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.keyPath, $0) })
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
        case .number(let number):
            switch number {
            // The table's rules for these rows, as the general path applies them: lengths are
            // never negative, and bounds are standardized.
            case .cornerRadius, .borderWidth, .shadowRadius: number.set(LayerValueRule.nonNegative(v) ?? 0, in: &layer)
            case .boundsWidth, .boundsHeight:
                number.set(v, in: &layer)
                layer.bounds = LayerValueRule.standardized(layer.bounds) ?? layer.bounds
            default: number.set(v, in: &layer)
            }
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
        var sx = (t.m11 * t.m11 + t.m12 * t.m12).squareRoot()
        let sy = (t.m21 * t.m21 + t.m22 * t.m22).squareRoot()
        // Mirrored (negative determinant): the x scale is negative, as `TransformComponents` reads it.
        if t.m11 * t.m22 - t.m12 * t.m21 < 0 { sx = -sx }
        let c = cos(angle), s = sin(angle)
        return CATransform3D(m11: sx * c, m12: sx * s, m13: 0, m14: 0,
                             m21: -(sy * s), m22: sy * c, m23: 0, m24: 0,
                             m31: 0, m32: 0, m33: c + (1 - c), m34: 0,
                             m41: t.m41, m42: t.m42, m43: 0, m44: 1)
    }
}

extension ScalarAnimation.Field {
    /// The number as `layer` holds it (0 for a transform's or content's: those are kept whole).
    func value(in layer: LayerSnapshot) -> CGFloat {
        if case .number(let number) = self { number.value(in: layer) } else { 0 }
    }

    /// Puts back a number `value(in:)` read, as it was (nothing for a transform's or content's).
    func set(_ value: CGFloat, in layer: inout LayerSnapshot) {
        if case .number(let number) = self { number.set(value, in: &layer) }
    }
}

extension ScalarAnimation.Number {
    /// The number as `layer` holds it. (Stored properties named here, not through key paths:
    /// a key path's projection costs a runtime call per write, and every frame writes these.)
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
        }
    }

    /// Writes the number as given (the caller applies the row's rule).
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
        }
    }
}
