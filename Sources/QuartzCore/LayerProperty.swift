/// One key-value-coding property of a layer: how to read it and how to write it from any
/// reasonable boxed value. Numbers come out as `NSNumber` (as Apple boxes them), structures as
/// themselves (`CGPoint`, `CGRect`, `CATransform3D`…).
public struct LayerProperty {
    let get: (CALayer) -> Any?
    /// Writes the value; false when it is of the wrong type.
    let set: (CALayer, Any?) -> Bool

    public init(get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool) {
        self.get = get
        self.set = set
    }

    /// A property of a subclass `L` stored in a `WritableKeyPath`, converted with `Boxing`.
    public static func keyPath<L: CALayer, V>(_ path: ReferenceWritableKeyPath<L, V>) -> LayerProperty {
        LayerProperty(get: { layer in (layer as? L).map { Boxing.box($0[keyPath: path]) } ?? nil },
                      set: { layer, value in
                          guard let layer = layer as? L, let v: V = Boxing.unbox(value) else { return false }
                          layer[keyPath: path] = v
                          return true
                      })
    }

    /// CALayer's own properties.
    nonisolated(unsafe) static let builtIn: [String: LayerProperty] = [
        "bounds": .keyPath(\CALayer.bounds),
        "position": .keyPath(\CALayer.position),
        "zPosition": .keyPath(\CALayer.zPosition),
        "anchorPoint": .keyPath(\CALayer.anchorPoint),
        "anchorPointZ": .keyPath(\CALayer.anchorPointZ),
        "transform": .keyPath(\CALayer.transform),
        "sublayerTransform": .keyPath(\CALayer.sublayerTransform),
        "frame": .keyPath(\CALayer.frame),
        "geometryFlipped": .keyPath(\CALayer.isGeometryFlipped),
        "masksToBounds": .keyPath(\CALayer.masksToBounds),
        "contents": LayerProperty(get: { $0.contents }, set: { layer, value in layer.contents = value; return true }),
        "contentsRect": .keyPath(\CALayer.contentsRect),
        "contentsCenter": .keyPath(\CALayer.contentsCenter),
        "contentsGravity": .keyPath(\CALayer.contentsGravity),
        "contentsScale": .keyPath(\CALayer.contentsScale),
        "minificationFilter": .keyPath(\CALayer.minificationFilter),
        "magnificationFilter": .keyPath(\CALayer.magnificationFilter),
        "minificationFilterBias": .keyPath(\CALayer.minificationFilterBias),
        "opaque": .keyPath(\CALayer.isOpaque),
        "needsDisplayOnBoundsChange": .keyPath(\CALayer.needsDisplayOnBoundsChange),
        "drawsAsynchronously": .keyPath(\CALayer.drawsAsynchronously),
        "backgroundColor": .keyPath(\CALayer.backgroundColor),
        "cornerRadius": .keyPath(\CALayer.cornerRadius),
        "maskedCorners": .keyPath(\CALayer.maskedCorners),
        "cornerCurve": .keyPath(\CALayer.cornerCurve),
        "borderWidth": .keyPath(\CALayer.borderWidth),
        "borderColor": .keyPath(\CALayer.borderColor),
        "opacity": .keyPath(\CALayer.opacity),
        "hidden": .keyPath(\CALayer.isHidden),
        "doubleSided": .keyPath(\CALayer.isDoubleSided),
        "allowsGroupOpacity": .keyPath(\CALayer.allowsGroupOpacity),
        "allowsEdgeAntialiasing": .keyPath(\CALayer.allowsEdgeAntialiasing),
        "edgeAntialiasingMask": .keyPath(\CALayer.edgeAntialiasingMask),
        "shouldRasterize": .keyPath(\CALayer.shouldRasterize),
        "rasterizationScale": .keyPath(\CALayer.rasterizationScale),
        "shadowColor": .keyPath(\CALayer.shadowColor),
        "shadowOpacity": .keyPath(\CALayer.shadowOpacity),
        "shadowOffset": .keyPath(\CALayer.shadowOffset),
        "shadowRadius": .keyPath(\CALayer.shadowRadius),
        "shadowPath": .keyPath(\CALayer.shadowPath),
        "name": .keyPath(\CALayer.name),
        "style": .keyPath(\CALayer.style),
        "mask": .keyPath(\CALayer.mask),
        "sublayers": .keyPath(\CALayer.sublayers),
    ]

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
            case is Int.Type: return Int(number) as? V
            case is Bool.Type: return (number != 0) as? V
            case is CACornerMask.Type: return CACornerMask(rawValue: UInt(number)) as? V
            case is CAEdgeAntialiasingMask.Type: return CAEdgeAntialiasingMask(rawValue: UInt32(number)) as? V
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
