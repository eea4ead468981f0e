/// A layer that draws its sublayers `instanceCount` times, each copy moved by `instanceTransform`
/// from the one before, tinted by `instanceColor` plus the offsets, and running its animations
/// `instanceDelay` later.
///
/// Windows (the compositor) place each copy as items of the same textures with a per-item color
/// multiply (`CompositePlan.placeInstances`); `render(in:)` and `CARenderer` follow Apple's measured
/// `render(in:)` instead (`LayerRenderer.drawReplicatorInstances`): copies without colors, the transform applied
/// about the layer's origin. Hit tests reach only the first copy (the sublayers themselves).
open class CAReplicatorLayer: CALayer {
    /// How many copies of the sublayers are drawn, the first being the sublayers themselves.
    /// Defaults to 1. Animatable.
    /// A negative count draws no copies; more than 10,000 draw 10,000 (both said when set).
    open var instanceCount: Int = 1 {
        didSet {
            if instanceCount < 0 {
                CGDiagnostics.log("CAReplicatorLayer.instanceCount", "\(instanceCount) is negative; no copies are drawn.")
            } else if instanceCount > ReplicatorState.maximumInstances {
                CGDiagnostics.log("CAReplicatorLayer.instanceCount",
                                  "\(instanceCount) copies; only the first \(ReplicatorState.maximumInstances) are drawn.")
            }
            didChange("instanceCount", from: oldValue)
        }
    }
    /// Seconds between the animations of one copy and the next. Defaults to 0. Animatable.
    open var instanceDelay: CFTimeInterval = 0 {
        didSet {
            instanceDelay = Self.finite(instanceDelay, oldValue, "instanceDelay")
            didChange("instanceDelay", from: oldValue)
        }
    }
    /// Applied to copy k − 1 to make copy k, about the center of the layer. Defaults to the
    /// identity. Animatable.
    open var instanceTransform: CATransform3D = CATransform3DIdentity {
        didSet {
            if !instanceTransform.isFinite {
                CGDiagnostics.log("CAReplicatorLayer.instanceTransform", "a matrix with a non-finite entry; kept the old one.")
                instanceTransform = oldValue
            }
            didChange("instanceTransform", from: oldValue)
        }
    }
    /// Multiplies the first copy's colors (nil: opaque white). Defaults to opaque white. Animatable.
    open var instanceColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet { didChange("instanceColor", from: oldValue) }
    }
    /// Added to the red component of the color for each copy after the first. Defaults to 0. Animatable.
    open var instanceRedOffset: Float = 0 {
        didSet { instanceRedOffset = Self.finite(instanceRedOffset, oldValue, "instanceRedOffset"); didChange("instanceRedOffset", from: oldValue) }
    }
    /// Added to the green component for each copy after the first. Defaults to 0. Animatable.
    open var instanceGreenOffset: Float = 0 {
        didSet { instanceGreenOffset = Self.finite(instanceGreenOffset, oldValue, "instanceGreenOffset"); didChange("instanceGreenOffset", from: oldValue) }
    }
    /// Added to the blue component for each copy after the first. Defaults to 0. Animatable.
    open var instanceBlueOffset: Float = 0 {
        didSet { instanceBlueOffset = Self.finite(instanceBlueOffset, oldValue, "instanceBlueOffset"); didChange("instanceBlueOffset", from: oldValue) }
    }
    /// Added to the alpha component for each copy after the first. Defaults to 0. Animatable.
    open var instanceAlphaOffset: Float = 0 {
        didSet { instanceAlphaOffset = Self.finite(instanceAlphaOffset, oldValue, "instanceAlphaOffset"); didChange("instanceAlphaOffset", from: oldValue) }
    }
    /// Whether the copies keep their depth (are not flattened into the layer's plane). Defaults to false.
    open var preservesDepth = false {
        didSet { didChange("preservesDepth", from: oldValue) }
    }

    /// A replicator layer with Apple's defaults.
    public override init() {
        super.init()
    }

    /// A copy of `layer` (presentation copies are made this way).
    public override init(layer: Any) {
        super.init(layer: layer)
    }

    /// Decoding is CALayer's.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// Non-finite values keep the old value, with a message.
    private static func finite<F: BinaryFloatingPoint>(_ v: F, _ old: F, _ name: String) -> F {
        if v.isFinite { return v }
        CGDiagnostics.log("CAReplicatorLayer.\(name)", "\(v) is not finite; kept \(old).")
        return old
    }

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        // Not `.keyPath`: a boxed NaN or 1e300 must not reach Int(…), which traps.
        "instanceCount": LayerProperty(get: { ($0 as? CAReplicatorLayer).map { NSNumber(value: $0.instanceCount) } },
                                       set: { layer, value in
                                           guard let layer = layer as? CAReplicatorLayer, let n = Boxing.number(value) else { return false }
                                           guard n.isFinite else {
                                               CGDiagnostics.log("CAReplicatorLayer.instanceCount", "\(n) is not a count; kept \(layer.instanceCount).")
                                               return true
                                           }
                                           layer.instanceCount = Int(saturating: min(max(n.rounded(), -1e9), 1e9))
                                           return true
                                       }, animatable: true),
        "instanceDelay": .keyPath(\CAReplicatorLayer.instanceDelay, animatable: true),
        "instanceTransform": .keyPath(\CAReplicatorLayer.instanceTransform, animatable: true),
        "instanceColor": .keyPath(\CAReplicatorLayer.instanceColor, animatable: true),
        "instanceRedOffset": .keyPath(\CAReplicatorLayer.instanceRedOffset, animatable: true),
        "instanceGreenOffset": .keyPath(\CAReplicatorLayer.instanceGreenOffset, animatable: true),
        "instanceBlueOffset": .keyPath(\CAReplicatorLayer.instanceBlueOffset, animatable: true),
        "instanceAlphaOffset": .keyPath(\CAReplicatorLayer.instanceAlphaOffset, animatable: true),
        "preservesDepth": .keyPath(\CAReplicatorLayer.preservesDepth),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    /// What the render side needs of the replicator.
    override var renderReplicator: ReplicatorState? {
        ReplicatorState(count: instanceCount, delay: instanceDelay, transform: instanceTransform,
                        color: ReplicatorState.rgba(instanceColor),
                        offset: SIMD4(Double(instanceRedOffset), Double(instanceGreenOffset), Double(instanceBlueOffset),
                                      Double(instanceAlphaOffset)),
                        preservesDepth: preservesDepth)
    }
}
