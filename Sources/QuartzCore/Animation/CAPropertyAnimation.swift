/// Names of the functions a `CAValueFunction` applies to a scalar (or vector) to build a transform.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// One number, an angle in radians: a turn about the x axis.
    public static let rotateX = Self(rawValue: "rotateX")
    /// One number, an angle in radians: a turn about the y axis.
    public static let rotateY = Self(rawValue: "rotateY")
    /// One number, an angle in radians: a turn about the z axis.
    public static let rotateZ = Self(rawValue: "rotateZ")
    /// One number (the same scale on all three axes) or three.
    public static let scale = Self(rawValue: "scale")
    /// One number: a scale along x.
    public static let scaleX = Self(rawValue: "scaleX")
    /// One number: a scale along y.
    public static let scaleY = Self(rawValue: "scaleY")
    /// One number: a scale along z.
    public static let scaleZ = Self(rawValue: "scaleZ")
    /// Two or three numbers: a move along x, y (and z).
    public static let translate = Self(rawValue: "translate")
    /// One number: a move along x.
    public static let translateX = Self(rawValue: "translateX")
    /// One number: a move along y.
    public static let translateY = Self(rawValue: "translateY")
    /// One number: a move along z.
    public static let translateZ = Self(rawValue: "translateZ")
}

/// Turns animated numbers into transforms, for animating `transform` by angle or scale.
open class CAValueFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    /// Which transform the animated numbers make.
    open var name: CAValueFunctionName { storedName }
    private let storedName: CAValueFunctionName

    /// The value function of `name`; nil for a name Core Animation does not define.
    public init?(name: CAValueFunctionName) {
        guard [.rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX, .translateY, .translateZ]
            .contains(name) else { return nil }
        storedName = name
        super.init()
    }

    /// A value function unarchived from `coder`; nil when its name is not one of Apple's.
    public required convenience init?(coder: NSCoder) {
        guard let name = coder.decodeObject(of: [NSString.self], forKey: "name") as? NSString else { return nil }
        self.init(name: CAValueFunctionName(rawValue: name as String))
    }

    /// Archives the function's name.
    open func encode(with coder: NSCoder) { coder.encode(NSString(string: name.rawValue), forKey: "name") }

    /// Value functions support secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// The transform for an animated value: a number, or an array of 3 for the vector forms.
    final func transform(for value: Any?) -> CATransform3D? {
        let numbers: [CGFloat]
        if let array = value as? [Any] { numbers = array.compactMap { Boxing.number($0).map { CGFloat($0) } } }
        else if let n = Boxing.number(value) { numbers = [CGFloat(n)] }
        else { return nil }
        guard let v = numbers.first else { return nil }
        func vector() -> (CGFloat, CGFloat, CGFloat) { numbers.count >= 3 ? (numbers[0], numbers[1], numbers[2]) : (v, v, v) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(v, 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(v, 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(v, 0, 0, 1)
        case .scale: let s = vector(); return CATransform3DMakeScale(s.0, s.1, s.2)
        case .scaleX: return CATransform3DMakeScale(v, 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, v, 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, v)
        case .translate: let s = numbers.count >= 3 ? vector() : (v, v, v); return CATransform3DMakeTranslation(s.0, s.1, s.2)
        case .translateX: return CATransform3DMakeTranslation(v, 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, v, 0)
        default: return CATransform3DMakeTranslation(0, 0, v)
        }
    }
}

/// An animation of one property, named by key path (`"position"`, `"transform.rotation.z"`).
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path. Defaults to nil (the animation does nothing).
    open var keyPath: String?
    /// Whether the animated value adds to the model value. Defaults to false.
    open var isAdditive = false
    /// Whether each repeat builds on the previous cycle's end value. Defaults to false.
    open var isCumulative = false
    /// Turns animated numbers into a transform. Defaults to nil.
    open var valueFunction: CAValueFunction?

    public required init() {
        super.init()
    }

    /// An animation unarchived from `coder`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// An animation of the property at `path` (see `keyPath`).
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAPropertyAnimation
        copy.keyPath = keyPath; copy.isAdditive = isAdditive; copy.isCumulative = isCumulative; copy.valueFunction = valueFunction
        return copy
    }

    override var isValid: Bool { keyPath?.isEmpty == false }

    override var animatedKeys: [String] {
        // The first non-empty component, found in the path's bytes: a commit asks every animation
        // it snapshots, and splitting the path into an array of parts was 40 % of snapshotting
        // the stress scene's 3000 animations.
        guard let path = keyPath?.utf8, let start = path.firstIndex(where: { $0 != UInt8(ascii: ".") }) else { return [] }
        let end = path[start...].firstIndex(of: UInt8(ascii: ".")) ?? path.endIndex
        return [String(Substring(path[start..<end]))]
    }

    /// The animated value at `progress` of one cycle; nil when there is none.
    func value(atProgress progress: Double, model: Any?) -> Any? { nil }

    /// The value at the end of one cycle, for cumulative repeats.
    func cycleEndValue(model: Any?) -> Any? { value(atProgress: 1, model: model) }

    override func apply(to layer: AnimationTarget, model: AnimationTarget, fraction: Double, iteration: Int) {
        guard let keyPath else { return }
        let modelValue = model.value(forKeyPath: keyPath)
        guard var animated = value(atProgress: progress(fraction), model: modelValue) else { return }
        if isCumulative, iteration > 0, let end = cycleEndValue(model: modelValue), let start = value(atProgress: 0, model: modelValue),
           let step = Interpolation.difference(end, start) {
            for _ in 0..<iteration { animated = Interpolation.sum(animated, step) ?? animated }
        }
        if let function = valueFunction, let transform = function.transform(for: animated) { animated = transform }
        if isAdditive, let sum = Interpolation.sum(layer.value(forKeyPath: keyPath), animated) { animated = sum }
        // Finite but extreme values (1e308 to -1e308) can still overflow on the way.
        guard Interpolation.isFinite(animated) else {
            diagnostics.log("CAPropertyAnimation", "'\(keyPath)' reached a value that is not finite; those frames show the layer's own.")
            return
        }
        layer.setValue(animated, forKeyPath: keyPath)
    }
}
