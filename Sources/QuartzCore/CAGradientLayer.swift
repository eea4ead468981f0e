/// The kind of gradient a `CAGradientLayer` draws.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Along the line from `startPoint` to `endPoint`.
    public static let axial = Self(rawValue: "axial")
    /// An ellipse centered at `startPoint` whose radii reach `endPoint`.
    public static let radial = Self(rawValue: "radial")
    /// Around `startPoint`, starting in the direction of `endPoint`.
    public static let conic = Self(rawValue: "conic")
}

/// A layer that fills its bounds with a gradient (above its background, below its sublayers).
open class CAGradientLayer: CALayer {
    /// `CGColor`s, one per stop. Defaults to nil (nothing drawn). Animatable.
    open var colors: [Any]? {
        didSet { didChange("colors", from: oldValue) }
    }
    /// Stop locations from 0 to 1, increasing; nil spreads the colors evenly. Defaults to nil. Animatable.
    open var locations: [NSNumber]? {
        didSet { didChange("locations", from: oldValue) }
    }
    /// In the unit coordinate space of the bounds (y down). Defaults to (0.5, 0). Animatable.
    open var startPoint = CGPoint(x: 0.5, y: 0) {
        didSet { didChange("startPoint", from: oldValue) }
    }
    /// Defaults to (0.5, 1). Animatable.
    open var endPoint = CGPoint(x: 0.5, y: 1) {
        didSet { didChange("endPoint", from: oldValue) }
    }
    /// Defaults to `.axial`.
    open var type = CAGradientLayerType.axial {
        didSet { didChange("type", from: oldValue) }
    }

    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        "colors": LayerProperty(get: { ($0 as? CAGradientLayer)?.colors },
                                set: { layer, value in
                                    guard let layer = layer as? CAGradientLayer else { return false }
                                    if value == nil { layer.colors = nil; return true }
                                    guard let array = value as? [Any] ?? (value as? NSArray).map({ $0.map { $0 } }) else { return false }
                                    layer.colors = array
                                    return true
                                }, animatable: true),
        "locations": LayerProperty(get: { ($0 as? CAGradientLayer)?.locations },
                                   set: { layer, value in
                                       guard let layer = layer as? CAGradientLayer else { return false }
                                       if value == nil { layer.locations = nil; return true }
                                       guard let array = value as? [Any] else { return false }
                                       let numbers = array.compactMap { Boxing.number($0).map { NSNumber(value: $0) } }
                                       guard numbers.count == array.count else { return false }
                                       layer.locations = numbers
                                       return true
                                   }, animatable: true),
        "startPoint": .keyPath(\CAGradientLayer.startPoint, animatable: true),
        "endPoint": .keyPath(\CAGradientLayer.endPoint, animatable: true),
        "type": LayerProperty(get: { ($0 as? CAGradientLayer)?.type.rawValue },
                              set: { layer, value in
                                  guard let layer = layer as? CAGradientLayer, let name = value as? String else { return false }
                                  layer.type = CAGradientLayerType(rawValue: name)
                                  return true
                              }),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    override var renderContent: LayerContent? {
        let cgColors = (colors ?? []).compactMap { $0 as? CGColor }
        if let colors, cgColors.count != colors.count {
            CGDiagnostics.log("CAGradientLayer.colors", "every element must be a CGColor; nothing drawn.")
            return nil
        }
        // What Apple's draws nothing for (measured): a single color, fewer locations than colors,
        // a radial gradient whose points lie on one axis (an ellipse with no width or height).
        // `contents` is drawn over the gradient (`LayerRenderer.drawOwnContent`).
        guard cgColors.count >= 2 else { return nil }
        var stops = locations?.map { CGFloat($0.doubleValue) }
        if let s = stops, s.count < cgColors.count { return nil }
        if let s = stops, s.count > cgColors.count { stops = Array(s.prefix(cgColors.count)) }
        if type == .radial, startPoint.x == endPoint.x || startPoint.y == endPoint.y { return nil }
        return .gradient(GradientContent(colors: cgColors, locations: stops, startPoint: startPoint, endPoint: endPoint, type: type))
    }
}
