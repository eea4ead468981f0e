/// One key-value-coding property of a layer: how to read it and how to write it from any
/// reasonable boxed value. Numbers come out as `NSNumber` (as Apple boxes them), structures as
/// themselves (`CGPoint`, `CGRect`, `CATransform3D`…).
///
/// The table is where a property's facts are written once: whether it is animatable (a change
/// then animates implicitly, and the header says "Animatable.") and what a change affects on
/// screen (`Effect`: the render side keeps a layer's textures while only placement changes).
/// Subclasses add their rows through `CALayer.keyValueProperties`.
public struct LayerProperty {
    /// What a change of a property affects on screen.
    public enum Effect: Sendable {
        /// Where the layer is, how it is turned, faded or ordered: its drawing stays the same.
        case placement
        /// How the layer itself looks: its drawing changes.
        case look
        /// The tree: sublayers or the mask.
        case tree
        /// Nothing drawn (names, delegates, drawing hints).
        case none
    }

    let get: (CALayer) -> Any?
    /// Writes the value; false when it is of the wrong type.
    let set: (CALayer, Any?) -> Bool
    /// Whether a change animates implicitly (Apple's "Animatable."). Defaults to false.
    public let isAnimatable: Bool
    /// What a change affects on screen. Defaults to `.look`.
    public let effect: Effect

    public init(get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool,
                animatable: Bool = false, effect: Effect = .look) {
        self.get = get
        self.set = set
        isAnimatable = animatable
        self.effect = effect
    }

    /// A property of a subclass `L` stored in a `WritableKeyPath`, converted with `Boxing`.
    public static func keyPath<L: CALayer, V>(_ path: ReferenceWritableKeyPath<L, V>, animatable: Bool = false,
                                              effect: Effect = .look) -> LayerProperty {
        LayerProperty(get: { layer in (layer as? L).map { Boxing.box($0[keyPath: path]) } ?? nil },
                      set: { layer, value in
                          guard let layer = layer as? L, let v: V = Boxing.unbox(value) else { return false }
                          layer[keyPath: path] = v
                          return true
                      },
                      animatable: animatable, effect: effect)
    }

    /// CALayer's own properties.
    nonisolated(unsafe) static let builtIn: [String: LayerProperty] = [
        "bounds": .keyPath(\CALayer.bounds, animatable: true),
        "position": .keyPath(\CALayer.position, animatable: true, effect: .placement),
        "zPosition": .keyPath(\CALayer.zPosition, animatable: true, effect: .placement),
        "anchorPoint": .keyPath(\CALayer.anchorPoint, animatable: true, effect: .placement),
        "anchorPointZ": .keyPath(\CALayer.anchorPointZ, animatable: true, effect: .placement),
        "transform": .keyPath(\CALayer.transform, animatable: true, effect: .placement),
        "sublayerTransform": .keyPath(\CALayer.sublayerTransform, animatable: true, effect: .placement),
        "frame": .keyPath(\CALayer.frame),
        "geometryFlipped": .keyPath(\CALayer.isGeometryFlipped),
        "masksToBounds": .keyPath(\CALayer.masksToBounds, animatable: true),
        "contents": LayerProperty(get: { $0.contents }, set: { layer, value in layer.contents = value; return true }, animatable: true),
        "contentsRect": .keyPath(\CALayer.contentsRect, animatable: true),
        "contentsCenter": .keyPath(\CALayer.contentsCenter, animatable: true),
        "contentsGravity": .keyPath(\CALayer.contentsGravity),
        "contentsScale": .keyPath(\CALayer.contentsScale, animatable: true),
        "minificationFilter": .keyPath(\CALayer.minificationFilter),
        "magnificationFilter": .keyPath(\CALayer.magnificationFilter),
        "minificationFilterBias": .keyPath(\CALayer.minificationFilterBias),
        "opaque": .keyPath(\CALayer.isOpaque, effect: .none),
        "needsDisplayOnBoundsChange": .keyPath(\CALayer.needsDisplayOnBoundsChange, effect: .none),
        "drawsAsynchronously": .keyPath(\CALayer.drawsAsynchronously, effect: .none),
        "backgroundColor": .keyPath(\CALayer.backgroundColor, animatable: true),
        "cornerRadius": .keyPath(\CALayer.cornerRadius, animatable: true),
        "maskedCorners": .keyPath(\CALayer.maskedCorners),
        "cornerCurve": .keyPath(\CALayer.cornerCurve),
        "borderWidth": .keyPath(\CALayer.borderWidth, animatable: true),
        "borderColor": .keyPath(\CALayer.borderColor, animatable: true),
        "opacity": .keyPath(\CALayer.opacity, animatable: true, effect: .placement),
        "hidden": .keyPath(\CALayer.isHidden, animatable: true, effect: .placement),
        "doubleSided": .keyPath(\CALayer.isDoubleSided, animatable: true, effect: .placement),
        "allowsGroupOpacity": .keyPath(\CALayer.allowsGroupOpacity),
        "allowsEdgeAntialiasing": .keyPath(\CALayer.allowsEdgeAntialiasing),
        "edgeAntialiasingMask": .keyPath(\CALayer.edgeAntialiasingMask),
        "shouldRasterize": .keyPath(\CALayer.shouldRasterize),
        "rasterizationScale": .keyPath(\CALayer.rasterizationScale),
        "shadowColor": .keyPath(\CALayer.shadowColor, animatable: true),
        "shadowOpacity": .keyPath(\CALayer.shadowOpacity, animatable: true),
        "shadowOffset": .keyPath(\CALayer.shadowOffset, animatable: true),
        "shadowRadius": .keyPath(\CALayer.shadowRadius, animatable: true),
        "shadowPath": .keyPath(\CALayer.shadowPath, animatable: true),
        "filters": LayerProperty(get: { $0.filters }, set: { layer, value in layer.filters = value as? [Any]; return value == nil || value is [Any] }),
        "backgroundFilters": LayerProperty(get: { $0.backgroundFilters },
                                           set: { layer, value in layer.backgroundFilters = value as? [Any]; return value == nil || value is [Any] }),
        "compositingFilter": LayerProperty(get: { $0.compositingFilter }, set: { layer, value in layer.compositingFilter = value; return true }),
        "name": .keyPath(\CALayer.name, effect: .none),
        "style": .keyPath(\CALayer.style, effect: .none),
        "mask": .keyPath(\CALayer.mask, effect: .tree),
        "sublayers": .keyPath(\CALayer.sublayers, effect: .tree),
    ]

    /// Keys of CALayer's own properties whose change only places the layer (its drawing stays).
    static let placementKeys: Set<String> = Set(builtIn.filter { $0.value.effect == .placement }.keys)

    /// Keys that `init(layer:)` does not copy: the tree is not part of a layer's state.
    static let notCopied: Set<String> = ["frame", "sublayers", "mask"]

    /// Keys whose properties `style` can supply (those that record being assigned).
    static let styleable: Set<String> = Set(builtIn.keys).subtracting(["frame", "sublayers", "mask", "contents", "name", "style"])
}

/// Conversions between property values and what key-value coding hands around.
public enum Boxing {
    /// Numbers and booleans become `NSNumber`; everything else stays as it is.
    public static func box<V>(_ value: V) -> Any? {
        switch value {
        case let v as CGFloat: return NSNumber(value: Double(v))
        case let v as Float: return NSNumber(value: v)
        case let v as Double: return NSNumber(value: v)
        case let v as Bool: return NSNumber(value: v)
        case let v as Int: return NSNumber(value: v)
        case let v as CALayerContentsGravity: return v.rawValue
        case let v as CALayerContentsFilter: return v.rawValue
        case let v as CALayerCornerCurve: return v.rawValue
        case let v as CACornerMask: return NSNumber(value: v.rawValue)
        case let v as CAEdgeAntialiasingMask: return NSNumber(value: v.rawValue)
        default:
            // Unwrap optionals so that a nil property reads as nil.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return mirror.children.first?.value }
            return value
        }
    }

    /// The value as a `V`, accepting any numeric box for numbers and raw strings for names.
    public static func unbox<V>(_ value: Any?) -> V? {
        if let v = value as? V { return v }
        if V.self == Optional<CGColor>.self || V.self == Optional<CGPath>.self || V.self == Optional<String>.self
            || V.self == Optional<CALayer>.self || V.self == Optional<[CALayer]>.self || V.self == Optional<[AnyHashable: Any]>.self {
            if value == nil { return (Optional<Any>.none as Any) as? V }
        }
        if let number = number(value) {
            switch V.self {
            case is CGFloat.Type: return CGFloat(number) as? V
            case is Float.Type: return Float(number) as? V
            case is Double.Type: return number as? V
            // Whole numbers only where they fit: a NaN or 1e300 is a wrong value (refused with a
            // message by the caller), never a trap in the conversion.
            case is Int.Type: return Int(exactly: number.rounded(.towardZero)) as? V
            case is Bool.Type: return (number != 0) as? V
            case is CACornerMask.Type: return UInt(exactly: number.rounded(.towardZero)).map(CACornerMask.init(rawValue:)) as? V
            case is CAEdgeAntialiasingMask.Type:
                return UInt32(exactly: number.rounded(.towardZero)).map(CAEdgeAntialiasingMask.init(rawValue:)) as? V
            default: break
            }
        }
        if let name = (value as? String) ?? (value as? NSString).map({ $0 as String }) {
            switch V.self {
            case is CALayerContentsGravity.Type: return CALayerContentsGravity(rawValue: name) as? V
            case is CALayerContentsFilter.Type: return CALayerContentsFilter(rawValue: name) as? V
            case is CALayerCornerCurve.Type: return CALayerCornerCurve(rawValue: name) as? V
            default: break
            }
        }
        if V.self == CATransform3D.self, let affine = value as? CGAffineTransform {
            return CATransform3DMakeAffineTransform(affine) as? V
        }
        return nil
    }

    /// Any numeric box as a Double.
    public static func number(_ value: Any?) -> Double? {
        switch value {
        case let v as NSNumber: return v.doubleValue
        case let v as CGFloat: return Double(v)
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as Bool: return v ? 1 : 0
        default: return nil
        }
    }
}
