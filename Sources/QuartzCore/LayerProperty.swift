/// One key-value-coding property of a layer: how to read it and how to write it from any
/// reasonable boxed value. Numbers come out as `NSNumber` (as Apple boxes them), structures as
/// themselves (`CGPoint`, `CGRect`, `CATransform3D`…).
///
/// The table is where a property's facts are written once: whether it is animatable (a change
/// then animates implicitly, and the header says "Animatable."), what a change affects on
/// screen (`Effect`: the render side keeps a layer's textures while only placement changes), how
/// a presentation copy (`init(layer:)`) takes it, and, for the properties the render tree
/// carries, the render node's field (`NodeField`): the snapshot a commit makes reads the layer
/// through it, and animations write into the node through it on the render thread. Defaults are
/// a new layer's values (`CALayer.defaultValue(forKey:)`). Subclasses add their rows through
/// `CALayer.keyValueProperties`.
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
    /// Copies the value from the second layer into the first (`init(layer:)` of a subclass's
    /// rows; CALayer's own are copied one assignment each): typed for rows made from key paths,
    /// through `get` and `set` for the others.
    let copy: (_ into: CALayer, _ from: CALayer) -> Void
    /// The render node's side of the property; nil when the render tree does not carry it.
    let node: NodeField?
    /// Whether this row is one of CALayer's own (`builtIn`): `init(layer:)` copies those one
    /// assignment each and skips them in the table without looking their keys up.
    private(set) var isCALayerRow = false

    /// A subclass's property read by `get` and written by `set` (false for a value of the wrong type), copied through them.
    public init(get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool,
                animatable: Bool = false, effect: Effect = .look) {
        self.init(get: get, set: set, copy: { _ = set($0, get($1)) }, animatable: animatable, effect: effect)
    }

    init(get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool, copy: @escaping (CALayer, CALayer) -> Void,
         node: NodeField? = nil, animatable: Bool, effect: Effect) {
        self.get = get
        self.set = set
        self.copy = copy
        self.node = node
        isAnimatable = animatable
        self.effect = effect
    }

    /// A property of a subclass `L` stored in a `WritableKeyPath`, converted with `Boxing`.
    public static func keyPath<L: CALayer, V>(_ path: ReferenceWritableKeyPath<L, V>, animatable: Bool = false,
                                              effect: Effect = .look) -> LayerProperty {
        keyPath(path, node: nil, animatable: animatable, effect: effect)
    }

    /// A property stored in a `WritableKeyPath`, carried by the render node through `node`.
    static func keyPath<L: CALayer, V>(_ path: ReferenceWritableKeyPath<L, V>, node: NodeField?, animatable: Bool = false,
                                       effect: Effect = .look) -> LayerProperty {
        LayerProperty(get: { layer in (layer as? L).map { Boxing.box($0[keyPath: path]) } ?? nil },
                      set: { layer, value in
                          guard let layer = layer as? L, let v: V = Boxing.unbox(value) else { return false }
                          layer[keyPath: path] = v
                          return true
                      },
                      copy: { into, from in
                          guard let into = into as? L, let from = from as? L else { return }
                          into[keyPath: path] = from[keyPath: path]
                      },
                      node: node, animatable: animatable, effect: effect)
    }

    /// A property the render node carries in its field `node`, as the same type or `convert`ed;
    /// `rule` is what an animated value becomes before the node takes it.
    static func keyPath<V>(_ path: ReferenceWritableKeyPath<CALayer, V>, node: WritableKeyPath<LayerSnapshot, V>,
                           rule: ((V) -> V?)? = nil, animatable: Bool = false, effect: Effect = .look) -> LayerProperty {
        keyPath(path, node: NodeField.value(path, node, convert: { $0 }, rule: rule), animatable: animatable, effect: effect)
    }

    static func keyPath<V, N>(_ path: ReferenceWritableKeyPath<CALayer, V>, node: WritableKeyPath<LayerSnapshot, N>,
                              convert: @escaping (V) -> N, animatable: Bool = false, effect: Effect = .look) -> LayerProperty {
        keyPath(path, node: NodeField.value(path, node, convert: convert), animatable: animatable, effect: effect)
    }

    /// CALayer's own properties. A row with a `node` field is carried by the render tree: the
    /// render thread's animations reach the node's field through the row.
    nonisolated(unsafe) static let builtIn: [String: LayerProperty] = ([
        "bounds": .keyPath(\CALayer.bounds, node: \.bounds, rule: LayerValueRule.standardized, animatable: true),
        "position": .keyPath(\CALayer.position, node: \.position, animatable: true, effect: .placement),
        "zPosition": .keyPath(\CALayer.zPosition, node: \.zPosition, animatable: true, effect: .placement),
        "anchorPoint": .keyPath(\CALayer.anchorPoint, node: \.anchorPoint, animatable: true, effect: .placement),
        "anchorPointZ": .keyPath(\CALayer.anchorPointZ, node: \.anchorPointZ, animatable: true, effect: .placement),
        "transform": .keyPath(\CALayer.transform, node: \.transform, animatable: true, effect: .placement),
        "sublayerTransform": .keyPath(\CALayer.sublayerTransform, node: \.sublayerTransform, animatable: true, effect: .placement),
        "frame": .keyPath(\CALayer.frame),
        "geometryFlipped": .keyPath(\CALayer.isGeometryFlipped, node: \.isGeometryFlipped),
        "masksToBounds": .keyPath(\CALayer.masksToBounds, node: \.masksToBounds, animatable: true),
        "contents": LayerProperty(get: { $0.contents }, set: { layer, value in layer.contents = value; return true },
                                  copy: { $0.contents = $1.contents },
                                  node: NodeField.value(\.contents, \.contents, convert: { $0 as? CGImage }),
                                  animatable: true, effect: .look),
        "contentsRect": .keyPath(\CALayer.contentsRect, node: \.contentsRect, animatable: true),
        "contentsCenter": .keyPath(\CALayer.contentsCenter, node: \.contentsCenter, animatable: true),
        "contentsGravity": .keyPath(\CALayer.contentsGravity, node: \.contentsGravity),
        "contentsScale": .keyPath(\CALayer.contentsScale, node: \.contentsScale, rule: LayerValueRule.positive, animatable: true),
        "minificationFilter": .keyPath(\CALayer.minificationFilter, node: \.minificationFilter),
        "magnificationFilter": .keyPath(\CALayer.magnificationFilter, node: \.magnificationFilter),
        "minificationFilterBias": .keyPath(\CALayer.minificationFilterBias, node: \.minificationFilterBias),
        "opaque": .keyPath(\CALayer.isOpaque, effect: .none),
        "needsDisplayOnBoundsChange": .keyPath(\CALayer.needsDisplayOnBoundsChange, effect: .none),
        "drawsAsynchronously": .keyPath(\CALayer.drawsAsynchronously, effect: .none),
        "backgroundColor": .keyPath(\CALayer.backgroundColor, node: \.backgroundColor, animatable: true),
        "cornerRadius": .keyPath(\CALayer.cornerRadius, node: \.cornerRadius, rule: LayerValueRule.nonNegative, animatable: true),
        "maskedCorners": .keyPath(\CALayer.maskedCorners, node: \.maskedCorners),
        "cornerCurve": .keyPath(\CALayer.cornerCurve, node: \.cornerCurve),
        "borderWidth": .keyPath(\CALayer.borderWidth, node: \.borderWidth, rule: LayerValueRule.nonNegative, animatable: true),
        "borderColor": .keyPath(\CALayer.borderColor, node: \.borderColor, animatable: true),
        "opacity": .keyPath(\CALayer.opacity, node: \.opacity, convert: { CGFloat($0) }, animatable: true, effect: .placement),
        "hidden": .keyPath(\CALayer.isHidden, node: \.isHidden, animatable: true, effect: .placement),
        "doubleSided": .keyPath(\CALayer.isDoubleSided, node: \.isDoubleSided, animatable: true, effect: .placement),
        "allowsGroupOpacity": .keyPath(\CALayer.allowsGroupOpacity, node: \.allowsGroupOpacity),
        "allowsEdgeAntialiasing": .keyPath(\CALayer.allowsEdgeAntialiasing, node: \.allowsEdgeAntialiasing),
        "edgeAntialiasingMask": .keyPath(\CALayer.edgeAntialiasingMask, node: \.edgeAntialiasingMask),
        "shouldRasterize": .keyPath(\CALayer.shouldRasterize, node: \.shouldRasterize),
        "rasterizationScale": .keyPath(\CALayer.rasterizationScale, node: \.rasterizationScale, rule: LayerValueRule.positive),
        "shadowColor": .keyPath(\CALayer.shadowColor, node: \.shadowColor, animatable: true),
        "shadowOpacity": .keyPath(\CALayer.shadowOpacity, node: \.shadowOpacity, convert: { CGFloat($0) }, animatable: true),
        "shadowOffset": .keyPath(\CALayer.shadowOffset, node: \.shadowOffset, animatable: true),
        "shadowRadius": .keyPath(\CALayer.shadowRadius, node: \.shadowRadius, rule: LayerValueRule.nonNegative, animatable: true),
        "shadowPath": .keyPath(\CALayer.shadowPath, node: \.shadowPath, animatable: true),
        "filters": LayerProperty(get: { $0.filters }, set: { layer, value in layer.filters = value as? [Any]; return value == nil || value is [Any] },
                                 copy: { $0.filters = $1.filters },
                                 node: NodeField.value(\.filters, \.filters, convert: LayerFilters.recipes), animatable: false, effect: .look),
        "backgroundFilters": LayerProperty(get: { $0.backgroundFilters },
                                           set: { layer, value in layer.backgroundFilters = value as? [Any]; return value == nil || value is [Any] },
                                           copy: { $0.backgroundFilters = $1.backgroundFilters },
                                           node: NodeField.value(\.backgroundFilters, \.backgroundFilters, convert: LayerFilters.recipes),
                                           animatable: false, effect: .look),
        "compositingFilter": LayerProperty(get: { $0.compositingFilter }, set: { layer, value in layer.compositingFilter = value; return true },
                                           copy: { $0.compositingFilter = $1.compositingFilter },
                                           node: NodeField.value(\.compositingFilter, \.compositingFilter, convert: { $0.flatMap { LayerFilters.recipes([$0]).first } }),
                                           animatable: false, effect: .look),
        "name": .keyPath(\CALayer.name, node: \.name, effect: .none),
        "style": .keyPath(\CALayer.style, effect: .none),
        "mask": .keyPath(\CALayer.mask, effect: .tree),
        "sublayers": .keyPath(\CALayer.sublayers, effect: .tree),
    ] as [String: LayerProperty]).mapValues { row in
        var row = row
        row.isCALayerRow = true
        return row
    }

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
