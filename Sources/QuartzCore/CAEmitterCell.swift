/// One kind of particle a `CAEmitterLayer` emits: how many per second, for how long, how they
/// move, turn, scale and change color, and the image they show. Each value with a range varies
/// per particle, uniformly in [mean − range/2, mean + range/2]. A cell's own `emitterCells` are
/// emitted by each of its particles.
///
/// A change to a cell that an emitter layer holds shows at the layer's next commit (the cell
/// tells the layer), as Core Animation picks it up.
open class CAEmitterCell: NSObject, CAMediaTiming, NSCopying, NSSecureCoding {
    /// Particles per second, multiplied by the layer's `birthRate`. Defaults to 0. Animatable.
    open var birthRate: Float = 0 { didSet { birthRate = finite(birthRate, oldValue, "birthRate") } }
    /// Seconds each particle lives, multiplied by the layer's `lifetime`. Defaults to 0. Animatable.
    open var lifetime: Float = 0 { didSet { lifetime = finite(lifetime, oldValue, "lifetime") } }
    /// How much `lifetime` varies. Defaults to 0. Animatable.
    open var lifetimeRange: Float = 0 { didSet { lifetimeRange = finite(lifetimeRange, oldValue, "lifetimeRange") } }
    /// The emission direction's angle out of the x-y plane, in radians. Defaults to 0. Animatable.
    open var emissionLatitude: CGFloat = 0 { didSet { emissionLatitude = finite(emissionLatitude, oldValue, "emissionLatitude") } }
    /// The emission direction's angle in the x-y plane from the x axis, in radians (−π/2 is up in
    /// a layer's y-down space). Defaults to 0. Animatable.
    open var emissionLongitude: CGFloat = 0 { didSet { emissionLongitude = finite(emissionLongitude, oldValue, "emissionLongitude") } }
    /// The angle of the cone around the emission direction that particles leave in. Defaults to 0. Animatable.
    open var emissionRange: CGFloat = 0 { didSet { emissionRange = finite(emissionRange, oldValue, "emissionRange") } }
    /// Points per second, multiplied by the layer's `velocity`. Defaults to 0. Animatable.
    open var velocity: CGFloat = 0 { didSet { velocity = finite(velocity, oldValue, "velocity") } }
    /// How much `velocity` varies. Defaults to 0. Animatable.
    open var velocityRange: CGFloat = 0 { didSet { velocityRange = finite(velocityRange, oldValue, "velocityRange") } }
    /// Points per second squared along x. Defaults to 0. Animatable.
    open var xAcceleration: CGFloat = 0 { didSet { xAcceleration = finite(xAcceleration, oldValue, "xAcceleration") } }
    /// Points per second squared along y (positive is down). Defaults to 0. Animatable.
    open var yAcceleration: CGFloat = 0 { didSet { yAcceleration = finite(yAcceleration, oldValue, "yAcceleration") } }
    /// Points per second squared along z. Defaults to 0. Animatable.
    open var zAcceleration: CGFloat = 0 { didSet { zAcceleration = finite(zAcceleration, oldValue, "zAcceleration") } }
    /// The size of the image, multiplied by the layer's `scale`. Defaults to 1. Animatable.
    open var scale: CGFloat = 1 { didSet { scale = finite(scale, oldValue, "scale") } }
    /// How much `scale` varies. Defaults to 0. Animatable.
    open var scaleRange: CGFloat = 0 { didSet { scaleRange = finite(scaleRange, oldValue, "scaleRange") } }
    /// Change of scale per second. Defaults to 0. Animatable.
    open var scaleSpeed: CGFloat = 0 { didSet { scaleSpeed = finite(scaleSpeed, oldValue, "scaleSpeed") } }
    /// Radians per second, multiplied by the layer's `spin`. Defaults to 0. Animatable.
    open var spin: CGFloat = 0 { didSet { spin = finite(spin, oldValue, "spin") } }
    /// How much `spin` varies. Defaults to 0. Animatable.
    open var spinRange: CGFloat = 0 { didSet { spinRange = finite(spinRange, oldValue, "spinRange") } }
    /// Multiplies the image's colors (nil: opaque white). Defaults to opaque white. Animatable.
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) { didSet { changed() } }
    /// How much the red component varies. Defaults to 0. Animatable.
    open var redRange: Float = 0 { didSet { redRange = finite(redRange, oldValue, "redRange") } }
    /// How much the green component varies. Defaults to 0. Animatable.
    open var greenRange: Float = 0 { didSet { greenRange = finite(greenRange, oldValue, "greenRange") } }
    /// How much the blue component varies. Defaults to 0. Animatable.
    open var blueRange: Float = 0 { didSet { blueRange = finite(blueRange, oldValue, "blueRange") } }
    /// How much the alpha component varies. Defaults to 0. Animatable.
    open var alphaRange: Float = 0 { didSet { alphaRange = finite(alphaRange, oldValue, "alphaRange") } }
    /// Change of the red component per second over a particle's life. Defaults to 0. Animatable.
    open var redSpeed: Float = 0 { didSet { redSpeed = finite(redSpeed, oldValue, "redSpeed") } }
    /// Change of the green component per second. Defaults to 0. Animatable.
    open var greenSpeed: Float = 0 { didSet { greenSpeed = finite(greenSpeed, oldValue, "greenSpeed") } }
    /// Change of the blue component per second. Defaults to 0. Animatable.
    open var blueSpeed: Float = 0 { didSet { blueSpeed = finite(blueSpeed, oldValue, "blueSpeed") } }
    /// Change of the alpha component per second (−1/lifetime fades a particle out). Defaults to 0. Animatable.
    open var alphaSpeed: Float = 0 { didSet { alphaSpeed = finite(alphaSpeed, oldValue, "alphaSpeed") } }
    /// The particle image (a `CGImage`; nil draws nothing). Defaults to nil. Animatable.
    open var contents: Any? { didSet { changed() } }
    /// The part of the image shown, in unit coordinates. Defaults to (0, 0, 1, 1). Animatable.
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1) { didSet { changed() } }
    /// Image pixels per point. Defaults to 1.
    open var contentsScale: CGFloat = 1 {
        didSet {
            if !(contentsScale > 0) || !contentsScale.isFinite {
                CGDiagnostics.log("CAEmitterCell.contentsScale", "\(contentsScale) is not a positive number; kept \(oldValue).")
                contentsScale = oldValue
            }
            changed()
        }
    }
    /// Defaults to "linear".
    open var minificationFilter = "linear" { didSet { changed() } }
    /// Defaults to "linear".
    open var magnificationFilter = "linear" { didSet { changed() } }
    /// Defaults to 0.
    open var minificationFilterBias: Float = 0 { didSet { changed() } }
    /// Cells each particle of this cell emits. Defaults to nil. Animatable.
    open var emitterCells: [CAEmitterCell]? {
        didSet {
            for cell in emitterCells ?? [] where cell.owner == nil { cell.owner = self }
            changed()
        }
    }
    /// Defaults to nil.
    open var name: String? { didSet { changed() } }
    /// Whether the cell emits. Defaults to true.
    open var isEnabled = true { didSet { changed() } }
    /// Values for keys the cell does not set itself. Defaults to nil.
    open var style: [AnyHashable: Any]?

    // MARK: CAMediaTiming (the window of the layer's time in which the cell emits)

    /// Defaults to 0.
    open var beginTime: CFTimeInterval = 0 { didSet { beginTime = finite(beginTime, oldValue, "beginTime") } }
    /// Defaults to 0 (emits for as long as the layer lives).
    open var duration: CFTimeInterval = 0 { didSet { duration = finite(duration, oldValue, "duration") } }
    /// Defaults to 1.
    open var speed: Float = 1 { didSet { speed = finite(speed, oldValue, "speed") } }
    /// Defaults to 0.
    open var timeOffset: CFTimeInterval = 0 { didSet { timeOffset = finite(timeOffset, oldValue, "timeOffset") } }
    /// Defaults to 0.
    open var repeatCount: Float = 0 {
        didSet { if repeatCount.isNaN { repeatCount = finite(repeatCount, oldValue, "repeatCount") } else { changed() } }
    }
    /// Defaults to 0.
    open var repeatDuration: CFTimeInterval = 0 { didSet { repeatDuration = finite(repeatDuration, oldValue, "repeatDuration") } }
    /// Defaults to false.
    open var autoreverses = false { didSet { changed() } }
    /// Defaults to `.removed`.
    open var fillMode = CAMediaTimingFillMode.removed { didSet { changed() } }

    /// The emitter layer or cell that holds this cell (told of changes).
    weak var owner: AnyObject?

    /// A cell with Apple's defaults: it emits nothing until given a birth rate, a lifetime and contents.
    public override init() {
        super.init()
    }

    /// A cell unarchived from `coder`: what `encode(with:)` archived.
    public required init?(coder: NSCoder) {
        super.init()
        ArchivedValue.decode(from: coder) { key, value in _ = Self.properties[key]?.set(self, value) }
    }

    /// Archives every key of the cell (its sub-cells as cells), as `shouldArchiveValue(forKey:)` allows.
    open func encode(with coder: NSCoder) {
        ArchivedValue.encode(Self.properties.keys.filter(shouldArchiveValue(forKey:)).sorted(), of: { Self.properties[$0]?.get(self) },
                             into: coder, owner: "CAEmitterCell")
    }

    /// Emitter cells support secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Non-finite numbers keep the old value, with a message; any change is reported.
    private func finite<F: BinaryFloatingPoint>(_ v: F, _ old: F, _ name: String) -> F {
        defer { changed() }
        if v.isFinite { return v }
        CGDiagnostics.log("CAEmitterCell.\(name)", "\(v) is not finite; kept \(old).")
        return old
    }

    /// Tells the layer holding this cell (through its parent cells) that it changed. The walk
    /// is bounded: a cell that holds itself (or an ancestor) must not loop.
    func changed() {
        var holder = owner
        for _ in 0..<EmitterCellState.deepestNesting + 2 {
            if let layer = holder as? CAEmitterLayer { layer.cellsDidChange(); return }
            guard let cell = holder as? CAEmitterCell else { return }
            holder = cell.owner
        }
    }

    /// A copy of the cell: every property (its `emitterCells` the same cell objects, as Apple's
    /// copy is shallow), held by no layer.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = CAEmitterCell()
        for property in Self.properties.values { _ = property.set(copy, property.get(self)) }
        return copy
    }

    /// Apple's defaults for a cell's keys (`"enabled"` true, `"scale"` 1, `"contentsRect"` the
    /// unit square, …); nil for keys without one (`"birthRate"`, `"lifetime"`).
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "enabled": return NSNumber(value: true)
        case "scale", "contentsScale", "speed": return NSNumber(value: 1)
        case "contentsRect": return CGRect(x: 0, y: 0, width: 1, height: 1)
        case "color": return CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        case "minificationFilter", "magnificationFilter": return "linear"
        default: return nil
        }
    }

    /// Whether key-value archiving would store `key`: only values that differ from a fresh cell's.
    open func shouldArchiveValue(forKey key: String) -> Bool {
        guard let property = Self.properties[key] else { return false }
        let fresh = property.get(CAEmitterCell())
        let mine = property.get(self)
        switch (fresh, mine) {
        case (nil, nil): return false
        case let (a as NSObject, b as NSObject): return !a.isEqual(b)
        default: return true
        }
    }

    /// Key-value coding over the cell's properties (by their Objective-C names: `"enabled"`);
    /// other keys read nil.
    open func value(forKey key: String) -> Any? {
        if let property = Self.properties[key] { return property.get(self) }
        return style?[key] ?? Self.defaultValue(forKey: key)
    }

    /// Sets a property from a boxed value; a value of the wrong type is refused with a message.
    open func setValue(_ value: Any?, forKey key: String) {
        guard let property = Self.properties[key] else {
            CGDiagnostics.log("CAEmitterCell.setValue(_:forKey:)", "no property '\(key)'; unchanged.")
            return
        }
        if !property.set(self, value) {
            CGDiagnostics.log("CAEmitterCell.setValue(_:forKey:)", "\(value.map { "\(type(of: $0))" } ?? "nil") does not fit '\(key)'; unchanged.")
        }
    }

    /// One key of the cell: how to read it and write it boxed.
    private struct Property {
        let get: (CAEmitterCell) -> Any?
        let set: (CAEmitterCell, Any?) -> Bool

        static func number<V: BinaryFloatingPoint>(_ path: ReferenceWritableKeyPath<CAEmitterCell, V>) -> Property {
            Property(get: { NSNumber(value: Double($0[keyPath: path])) },
                     set: { cell, value in
                         guard let n = Boxing.number(value) else { return false }
                         cell[keyPath: path] = V(n)
                         return true
                     })
        }

        static func value<V>(_ path: ReferenceWritableKeyPath<CAEmitterCell, V>) -> Property {
            Property(get: { Boxing.box($0[keyPath: path]) },
                     set: { cell, value in
                         guard let v: V = Boxing.unbox(value) else { return false }
                         cell[keyPath: path] = v
                         return true
                     })
        }
    }

    private nonisolated(unsafe) static let properties: [String: Property] = [
        "birthRate": .number(\.birthRate), "lifetime": .number(\.lifetime), "lifetimeRange": .number(\.lifetimeRange),
        "emissionLatitude": .number(\.emissionLatitude), "emissionLongitude": .number(\.emissionLongitude),
        "emissionRange": .number(\.emissionRange), "velocity": .number(\.velocity), "velocityRange": .number(\.velocityRange),
        "xAcceleration": .number(\.xAcceleration), "yAcceleration": .number(\.yAcceleration), "zAcceleration": .number(\.zAcceleration),
        "scale": .number(\.scale), "scaleRange": .number(\.scaleRange), "scaleSpeed": .number(\.scaleSpeed),
        "spin": .number(\.spin), "spinRange": .number(\.spinRange),
        "redRange": .number(\.redRange), "greenRange": .number(\.greenRange), "blueRange": .number(\.blueRange),
        "alphaRange": .number(\.alphaRange), "redSpeed": .number(\.redSpeed), "greenSpeed": .number(\.greenSpeed),
        "blueSpeed": .number(\.blueSpeed), "alphaSpeed": .number(\.alphaSpeed),
        "contentsScale": .number(\.contentsScale), "minificationFilterBias": .number(\.minificationFilterBias),
        "beginTime": .number(\.beginTime), "duration": .number(\.duration), "speed": .number(\.speed),
        "timeOffset": .number(\.timeOffset), "repeatCount": .number(\.repeatCount), "repeatDuration": .number(\.repeatDuration),
        "color": Property(get: { $0.color }, set: { cell, value in
            if value == nil { cell.color = nil; return true }
            guard let color = value as? CGColor else { return false }
            cell.color = color
            return true
        }),
        "contents": Property(get: { $0.contents }, set: { cell, value in cell.contents = value; return true }),
        "contentsRect": .value(\.contentsRect),
        "minificationFilter": .value(\.minificationFilter), "magnificationFilter": .value(\.magnificationFilter),
        "emitterCells": Property(get: { $0.emitterCells }, set: { cell, value in
            if value == nil { cell.emitterCells = nil; return true }
            guard let cells = value as? [CAEmitterCell] else { return false }
            cell.emitterCells = cells
            return true
        }),
        "name": .value(\.name),
        "enabled": .value(\.isEnabled),
        "autoreverses": .value(\.autoreverses),
    ]
}
