/// Where an emitter's particles start.
public struct CAEmitterLayerEmitterShape: RawRepresentable, Hashable, Sendable {
    /// The constant's string (Apple's, e.g. "point").
    public let rawValue: String
    /// Any string; unknown ones act as the default.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// At `emitterPosition`.
    public static let point = Self(rawValue: "point")
    /// Along a line `emitterSize.width` long through `emitterPosition`, along x.
    public static let line = Self(rawValue: "line")
    /// In a rectangle of `emitterSize` centered at `emitterPosition`.
    public static let rectangle = Self(rawValue: "rectangle")
    /// In a box of `emitterSize` and `emitterDepth` centered at (`emitterPosition`, `emitterZPosition`).
    public static let cuboid = Self(rawValue: "cuboid")
    /// In a circle of radius `emitterSize.width` centered at `emitterPosition`.
    public static let circle = Self(rawValue: "circle")
    /// In a sphere of radius `emitterSize.width` centered at (`emitterPosition`, `emitterZPosition`).
    public static let sphere = Self(rawValue: "sphere")
}

/// Which part of the emitter shape particles start from.
public struct CAEmitterLayerEmitterMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string (Apple's, e.g. "point").
    public let rawValue: String
    /// Any string; unknown ones act as the default.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The shape's vertices (its center, for a point, circle or sphere).
    public static let points = Self(rawValue: "points")
    /// Its outline (edges, circumference).
    public static let outline = Self(rawValue: "outline")
    /// Its surface (inside a flat shape, on a sphere's or box's faces).
    public static let surface = Self(rawValue: "surface")
    /// Anywhere inside.
    public static let volume = Self(rawValue: "volume")
}

/// How particles are composited.
public struct CAEmitterLayerRenderMode: RawRepresentable, Hashable, Sendable {
    /// The constant's string (Apple's, e.g. "point").
    public let rawValue: String
    /// Any string; unknown ones act as the default.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// In any order (Lamina: as born, oldest first).
    public static let unordered = Self(rawValue: "unordered")
    /// The oldest particles drawn first (the newest on top).
    public static let oldestFirst = Self(rawValue: "oldestFirst")
    /// The oldest particles drawn last (on top).
    public static let oldestLast = Self(rawValue: "oldestLast")
    /// Sorted by depth, the farthest first.
    public static let backToFront = Self(rawValue: "backToFront")
    /// Particles add up (light: fire, sparks); the sum is composited over what is below.
    public static let additive = Self(rawValue: "additive")
}

/// A layer that emits, moves and draws particles of its `emitterCells`.
///
/// The particles are a function of the layer's time and `seed` (`EmitterSimulation`): each is
/// born at a fixed moment of its cell's rate, with values drawn from a hash of the seed, the cell
/// and its number, so a frame at time t is the same in a window, in `CARenderer` and in
/// `lamina-snap`. They are simulated on the render thread, and drawn above the layer's
/// background and contents, below its sublayers and border.
open class CAEmitterLayer: CALayer {
    /// The cells emitted. Defaults to nil. Setting copies the array, not the cells.
    open var emitterCells: [CAEmitterCell]? {
        didSet {
            // The first layer to hold a cell is told of its changes: a presentation copy, which
            // shares the model's cells, must not take them over.
            for cell in emitterCells ?? [] where cell.owner == nil { cell.owner = self }
            didChange("emitterCells", from: oldValue)
        }
    }
    /// Multiplies each cell's birth rate. Defaults to 1. Animatable. Set to 0, it stops
    /// emission while the particles alive live on.
    open var birthRate: Float = 1 {
        didSet {
            birthRate = Self.finite(birthRate, oldValue, "birthRate")
            if birthRate == 0, oldValue != 0 {
                stoppedEmission = (convertTime(CACurrentMediaTime(), from: nil), Double(oldValue))
            } else if birthRate != 0 {
                stoppedEmission = nil
            }
            didChange("birthRate", from: oldValue)
        }
    }
    /// Multiplies each cell's lifetime. Defaults to 1. Animatable.
    open var lifetime: Float = 1 { didSet { lifetime = Self.finite(lifetime, oldValue, "lifetime"); didChange("lifetime", from: oldValue) } }
    /// The center of the emission shape. Defaults to (0, 0). Animatable.
    open var emitterPosition = CGPoint.zero {
        didSet {
            if !emitterPosition.isFinite { Self.refuse("emitterPosition", emitterPosition, oldValue); emitterPosition = oldValue }
            didChange("emitterPosition", from: oldValue)
        }
    }
    /// Defaults to 0. Animatable.
    open var emitterZPosition: CGFloat = 0 {
        didSet { emitterZPosition = Self.finite(emitterZPosition, oldValue, "emitterZPosition"); didChange("emitterZPosition", from: oldValue) }
    }
    /// The size of the emission shape. Defaults to (0, 0). Animatable.
    open var emitterSize = CGSize.zero {
        didSet {
            if !emitterSize.isFinite { Self.refuse("emitterSize", emitterSize, oldValue); emitterSize = oldValue }
            didChange("emitterSize", from: oldValue)
        }
    }
    /// Defaults to 0. Animatable.
    open var emitterDepth: CGFloat = 0 {
        didSet { emitterDepth = Self.finite(emitterDepth, oldValue, "emitterDepth"); didChange("emitterDepth", from: oldValue) }
    }
    /// Defaults to `.point`.
    open var emitterShape = CAEmitterLayerEmitterShape.point { didSet { didChange("emitterShape", from: oldValue) } }
    /// Defaults to `.volume`.
    open var emitterMode = CAEmitterLayerEmitterMode.volume { didSet { didChange("emitterMode", from: oldValue) } }
    /// Defaults to `.unordered`.
    open var renderMode = CAEmitterLayerRenderMode.unordered { didSet { didChange("renderMode", from: oldValue) } }
    /// Whether particles keep their depth (Lamina draws them flat either way). Defaults to false.
    open var preservesDepth = false { didSet { didChange("preservesDepth", from: oldValue) } }
    /// Multiplies each cell's velocity. Defaults to 1. Animatable.
    open var velocity: Float = 1 { didSet { velocity = Self.finite(velocity, oldValue, "velocity"); didChange("velocity", from: oldValue) } }
    /// Multiplies each cell's scale. Defaults to 1. Animatable.
    open var scale: Float = 1 { didSet { scale = Self.finite(scale, oldValue, "scale"); didChange("scale", from: oldValue) } }
    /// Multiplies each cell's spin. Defaults to 1. Animatable.
    open var spin: Float = 1 { didSet { spin = Self.finite(spin, oldValue, "spin"); didChange("spin", from: oldValue) } }
    /// Seeds the particles' random values: the same seed, the same particles. Defaults to 0.
    open var seed: UInt32 = 0 { didSet { didChange("seed", from: oldValue) } }

    /// When `birthRate` went to 0 (the layer's time) and the rate before: particles born
    /// until then live on.
    private var stoppedEmission: (time: CFTimeInterval, rate: Double)?
    /// Says each problem found while simulating once for this layer.
    let diagnostics = DiagnosticLatch()

    /// A emitter layer with Apple's defaults.
    public override init() {
        super.init()
    }

    /// A copy of `layer` (presentation copies are made this way).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CAEmitterLayer { stoppedEmission = other.stoppedEmission }
    }

    /// Decoding is CALayer's.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A cell held by this layer changed: the next commit snapshots the layer again.
    func cellsDidChange() {
        snapshotDidChange()
    }

    private static func finite<F: BinaryFloatingPoint>(_ v: F, _ old: F, _ name: String) -> F {
        if v.isFinite { return v }
        CGDiagnostics.log("CAEmitterLayer.\(name)", "\(v) is not finite; kept \(old).")
        return old
    }

    private static func refuse(_ name: String, _ value: Any, _ old: Any) {
        CGDiagnostics.log("CAEmitterLayer.\(name)", "\(value) is not finite; kept \(old).")
    }

    /// A property of one of the emitter's string-backed names.
    private static func nameProperty<V: RawRepresentable<String>>(_ path: ReferenceWritableKeyPath<CAEmitterLayer, V>) -> LayerProperty {
        LayerProperty(get: { ($0 as? CAEmitterLayer).map { $0[keyPath: path].rawValue } },
                      set: { layer, value in
                          guard let layer = layer as? CAEmitterLayer, let raw = value as? String ?? (value as? NSString).map({ $0 as String }),
                                let v = V(rawValue: raw) else { return false }
                          layer[keyPath: path] = v
                          return true
                      })
    }

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        "emitterCells": LayerProperty(get: { ($0 as? CAEmitterLayer)?.emitterCells },
                                      set: { layer, value in
                                          guard let layer = layer as? CAEmitterLayer else { return false }
                                          if value == nil { layer.emitterCells = nil; return true }
                                          guard let cells = value as? [CAEmitterCell] else { return false }
                                          layer.emitterCells = cells
                                          return true
                                      }),
        "birthRate": .keyPath(\CAEmitterLayer.birthRate, animatable: true),
        "lifetime": .keyPath(\CAEmitterLayer.lifetime, animatable: true),
        "emitterPosition": .keyPath(\CAEmitterLayer.emitterPosition, animatable: true),
        "emitterZPosition": .keyPath(\CAEmitterLayer.emitterZPosition, animatable: true),
        "emitterSize": .keyPath(\CAEmitterLayer.emitterSize, animatable: true),
        "emitterDepth": .keyPath(\CAEmitterLayer.emitterDepth, animatable: true),
        "emitterShape": nameProperty(\CAEmitterLayer.emitterShape),
        "emitterMode": nameProperty(\CAEmitterLayer.emitterMode),
        "renderMode": nameProperty(\CAEmitterLayer.renderMode),
        "preservesDepth": .keyPath(\CAEmitterLayer.preservesDepth),
        "velocity": .keyPath(\CAEmitterLayer.velocity, animatable: true),
        "scale": .keyPath(\CAEmitterLayer.scale, animatable: true),
        "spin": .keyPath(\CAEmitterLayer.spin, animatable: true),
        "seed": LayerProperty(get: { ($0 as? CAEmitterLayer).map { NSNumber(value: $0.seed) } },
                              set: { layer, value in
                                  guard let layer = layer as? CAEmitterLayer, let n = Boxing.number(value), n.isFinite else { return false }
                                  layer.seed = UInt32(truncatingIfNeeded: Int64(n))
                                  return true
                              }),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    /// What the render side needs of the emitter: its values and cells as values, and its time
    /// now (a presented tree sets the frame's).
    override var renderEmitter: EmitterState? {
        EmitterState(layer: self, cells: (emitterCells ?? []).map(EmitterCellState.init),
                     time: convertTime(CACurrentMediaTime(), from: nil), stoppedEmission: stoppedEmission)
    }
}

extension CAEmitterLayer {
    /// The cell a key path names: `NAME` or `NAME.emitterCells.CHILD…` (the path's parts after
    /// `emitterCells`), and the key left over.
    func cell(atPath parts: ArraySlice<String>) -> (cell: CAEmitterCell, key: String)? {
        var cells = emitterCells ?? []
        var rest = parts
        while let name = rest.first {
            guard let cell = cells.first(where: { $0.name == name }) else { return nil }
            rest = rest.dropFirst()
            if rest.count >= 3, rest.first == "emitterCells" {
                cells = cell.emitterCells ?? []
                rest = rest.dropFirst()
                continue
            }
            guard rest.count == 1, let key = rest.first else { return nil }
            return (cell, key)
        }
        return nil
    }

    /// `value(forKeyPath: "emitterCells.NAME.key")`, as Core Animation reads a named cell's property.
    func cellValue(atPath parts: ArraySlice<String>) -> Any? {
        guard let (cell, key) = cell(atPath: parts) else { return nil }
        return cell.value(forKey: key)
    }

    /// `setValue(_:forKeyPath: "emitterCells.NAME.key")`: sets the named cell's property (the way
    /// Apple code stops or changes one cell). A presentation copy shares the model's cells, so
    /// it changes nothing there (the render side applies animations of these paths itself).
    func setCellValue(_ value: Any?, atPath parts: ArraySlice<String>) {
        guard modelLayer == nil else { return }
        guard let (cell, key) = cell(atPath: parts) else {
            CGDiagnostics.log("CAEmitterLayer.setValue(_:forKeyPath:)", "no cell named by 'emitterCells.\(parts.joined(separator: "."))'; unchanged.")
            return
        }
        cell.setValue(value, forKey: key)
    }
}
