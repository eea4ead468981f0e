/// The rule that decides which regions of a `CAShapeLayer`'s path are inside.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A point is inside when the path winds around it a nonzero number of times.
    public static let nonZero = Self(rawValue: "non-zero")
    /// A point is inside when a ray from it crosses the path an odd number of times.
    public static let evenOdd = Self(rawValue: "even-odd")
}

/// How a `CAShapeLayer` ends its open stroked lines.
public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Squared off at the end point.
    public static let butt = Self(rawValue: "butt")
    /// A half circle past the end point.
    public static let round = Self(rawValue: "round")
    /// Squared off half the line width past the end point.
    public static let square = Self(rawValue: "square")
}

/// How a `CAShapeLayer` joins the stroked segments of its path.
public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The outer edges extended until they meet (beveled past `miterLimit`).
    public static let miter = Self(rawValue: "miter")
    /// A circular arc around the joint.
    public static let round = Self(rawValue: "round")
    /// The outer corners cut off.
    public static let bevel = Self(rawValue: "bevel")
}

/// A layer that draws a path: filled, then stroked, between its contents and its first sublayer.
///
/// The shape is not clipped to the bounds unless `masksToBounds` is set, in windows and in
/// `render(in:)` alike. `strokeStart` and `strokeEnd` select a part of the path by length, so
/// that animating them draws the stroke along it (activity indicators). Each property is
/// drawn by the render side (`ShapeContent`) from the layer's snapshot, so animations of them
/// run on the render thread.
open class CAShapeLayer: CALayer {
    /// The shape to draw, in the layer's coordinates. Copied when set (paths are immutable here).
    /// Defaults to nil. Animatable, but only explicitly: changing it makes no implicit
    /// animation. An animation between two paths with the same elements moves their points;
    /// between paths whose elements differ it switches from one to the other halfway.
    open var path: CGPath? {
        didSet { didChange("path", from: oldValue) }
    }
    /// The color the path is filled with; nil fills nothing. Defaults to opaque black. Animatable.
    open var fillColor: CGColor? = CGColor(red: 0, green: 0, blue: 0, alpha: 1) {
        didSet { didChange("fillColor", from: oldValue) }
    }
    /// Defaults to `.nonZero`.
    open var fillRule = CAShapeLayerFillRule.nonZero {
        didSet { didChange("fillRule", from: oldValue) }
    }
    /// The color of the path's stroked outline; nil strokes nothing. Defaults to nil. Animatable.
    open var strokeColor: CGColor? {
        didSet { didChange("strokeColor", from: oldValue) }
    }
    /// Where the stroke starts, as a fraction of the path's length (drawn clamped to 0…1).
    /// Defaults to 0. Animatable.
    open var strokeStart: CGFloat = 0 {
        didSet { if Self.refuses(strokeStart, old: oldValue, "strokeStart") { strokeStart = oldValue } else { didChange("strokeStart", from: oldValue) } }
    }
    /// Where the stroke ends, as a fraction of the path's length (drawn clamped to 0…1).
    /// Defaults to 1. Animatable.
    open var strokeEnd: CGFloat = 1 {
        didSet { if Self.refuses(strokeEnd, old: oldValue, "strokeEnd") { strokeEnd = oldValue } else { didChange("strokeEnd", from: oldValue) } }
    }
    /// The stroke's width (a negative width strokes nothing). Defaults to 1. Animatable.
    open var lineWidth: CGFloat = 1 {
        didSet { if Self.refuses(lineWidth, old: oldValue, "lineWidth") { lineWidth = oldValue } else { didChange("lineWidth", from: oldValue) } }
    }
    /// Miter joins longer than this many half line widths are beveled. Defaults to 10. Animatable.
    open var miterLimit: CGFloat = 10 {
        didSet { if Self.refuses(miterLimit, old: oldValue, "miterLimit") { miterLimit = oldValue } else { didChange("miterLimit", from: oldValue) } }
    }
    /// Defaults to `.butt`.
    open var lineCap = CAShapeLayerLineCap.butt {
        didSet { didChange("lineCap", from: oldValue) }
    }
    /// Defaults to `.miter`.
    open var lineJoin = CAShapeLayerLineJoin.miter {
        didSet { didChange("lineJoin", from: oldValue) }
    }
    /// How far into the dash pattern the stroke starts. Defaults to 0. Animatable.
    open var lineDashPhase: CGFloat = 0 {
        didSet { if Self.refuses(lineDashPhase, old: oldValue, "lineDashPhase") { lineDashPhase = oldValue } else { didChange("lineDashPhase", from: oldValue) } }
    }
    /// Alternating painted and unpainted lengths of the stroke; nil (or empty) strokes solid.
    /// Copied when set. A pattern with a negative or non-finite length, or none above zero,
    /// strokes solid, with a message. Defaults to nil.
    open var lineDashPattern: [NSNumber]? {
        didSet {
            didChange("lineDashPattern", from: oldValue)
            if let pattern = lineDashPattern, !ShapeContent.isValidDashPattern(pattern.map { CGFloat($0.doubleValue) }) {
                CGDiagnostics.log("CAShapeLayer.lineDashPattern", "\(pattern) has a negative, non-finite or no positive length; stroked solid.")
            }
        }
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

    /// Whether `value` is refused: a non-finite number keeps the old value, with one message,
    /// before the change is reported (no redraw, no animation toward it).
    private static func refuses(_ value: CGFloat, old: CGFloat, _ name: String) -> Bool {
        if value.isFinite { return false }
        CGDiagnostics.log("CAShapeLayer.\(name)", "\(value) is not finite; kept \(old).")
        return true
    }

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        // Animatable, but Core Animation makes no implicit animation for a new path.
        "path": .keyPath(\CAShapeLayer.path),
        "fillColor": .keyPath(\CAShapeLayer.fillColor, animatable: true),
        "fillRule": .name(\CAShapeLayer.fillRule),
        "strokeColor": .keyPath(\CAShapeLayer.strokeColor, animatable: true),
        "strokeStart": .keyPath(\CAShapeLayer.strokeStart, animatable: true),
        "strokeEnd": .keyPath(\CAShapeLayer.strokeEnd, animatable: true),
        "lineWidth": .keyPath(\CAShapeLayer.lineWidth, animatable: true),
        "miterLimit": .keyPath(\CAShapeLayer.miterLimit, animatable: true),
        "lineCap": .name(\CAShapeLayer.lineCap),
        "lineJoin": .name(\CAShapeLayer.lineJoin),
        "lineDashPhase": .keyPath(\CAShapeLayer.lineDashPhase, animatable: true),
        "lineDashPattern": LayerProperty(get: { ($0 as? CAShapeLayer)?.lineDashPattern },
                                         set: { layer, value in
                                             guard let layer = layer as? CAShapeLayer else { return false }
                                             if value == nil { layer.lineDashPattern = nil; return true }
                                             guard let array = value as? [Any] else { return false }
                                             let numbers = array.compactMap { Boxing.number($0).map { NSNumber(value: $0) } }
                                             guard numbers.count == array.count else { return false }
                                             layer.lineDashPattern = numbers
                                             return true
                                         }),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    override var renderContent: LayerContent? {
        .shape(ShapeContent(path: path, fillColor: fillColor, fillRule: fillRule, strokeColor: strokeColor,
                            strokeStart: strokeStart, strokeEnd: strokeEnd, lineWidth: lineWidth, miterLimit: miterLimit,
                            lineCap: lineCap, lineJoin: lineJoin, lineDashPhase: lineDashPhase,
                            lineDashPattern: lineDashPattern.map { $0.map { CGFloat($0.doubleValue) } }))
    }
}

extension LayerProperty {
    /// A property holding a string constant type (`CAShapeLayerLineCap`, …): key-value coding
    /// reads and writes its raw string, as Apple's string-typed constants are.
    static func name<L: CALayer, V: RawRepresentable>(_ path: ReferenceWritableKeyPath<L, V>) -> LayerProperty
    where V.RawValue == String {
        LayerProperty(get: { ($0 as? L)?[keyPath: path].rawValue },
                      set: { layer, value in
                          guard let layer = layer as? L,
                                let name = (value as? String) ?? (value as? NSString).map({ $0 as String }),
                                let v = V(rawValue: name) else { return false }
                          layer[keyPath: path] = v
                          return true
                      })
    }
}
