/// The delegate of an animation (held strongly by the animation, as Apple does).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active interval began.
    func animationDidStart(_ anim: CAAnimation)
    /// It ended: `flag` is true when it ran to its end, false when it was removed early.
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    /// Does nothing: a delegate that does not implement it is not told.
    public func animationDidStart(_ anim: CAAnimation) {}
    /// Does nothing: a delegate that does not implement it is not told.
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation: timing, a timing function, a delegate. `add(_:forKey:)` stores a copy.
open class CAAnimation: NSObject, CAMediaTiming, NSCopying, NSSecureCoding {
    // Values that are not numbers (or infinite, except repeats) keep the old value, with a message.

    /// When the animation starts, in its layer's time; 0 starts it when added. Defaults to 0.
    open var beginTime: CFTimeInterval = 0 {
        didSet { beginTime = TimingValidation.time(beginTime, old: oldValue, "CAAnimation.beginTime") }
    }
    /// The length of one cycle. Defaults to 0 (0.25 s).
    open var duration: CFTimeInterval = 0 {
        didSet { duration = TimingValidation.time(duration, old: oldValue, "CAAnimation.duration") }
    }
    /// Time scale relative to the layer. Defaults to 1.
    open var speed: Float = 1 {
        didSet { speed = TimingValidation.number(speed, old: oldValue, "CAAnimation.speed") }
    }
    /// An offset into the animation's own time. Defaults to 0.
    open var timeOffset: CFTimeInterval = 0 {
        didSet { timeOffset = TimingValidation.time(timeOffset, old: oldValue, "CAAnimation.timeOffset") }
    }
    /// Cycles to run; `.infinity` (or `.greatestFiniteMagnitude`) forever. Defaults to 0 (one).
    open var repeatCount: Float = 0 {
        didSet { repeatCount = TimingValidation.number(repeatCount, old: oldValue, "CAAnimation.repeatCount", infinityMeansForever: true) }
    }
    /// How long to repeat for, instead of a count; `.infinity` forever. Defaults to 0.
    open var repeatDuration: CFTimeInterval = 0 {
        didSet {
            repeatDuration = TimingValidation.time(repeatDuration, old: oldValue, "CAAnimation.repeatDuration", infinityMeansForever: true)
        }
    }
    /// Whether each cycle plays forwards then backwards. Defaults to false.
    open var autoreverses = false
    /// Defaults to `.removed`.
    open var fillMode = CAMediaTimingFillMode.removed

    /// Maps each cycle's time fraction to progress. Defaults to nil (linear).
    open var timingFunction: CAMediaTimingFunction?
    /// Told when the animation starts and stops; held strongly. Defaults to nil.
    open var delegate: CAAnimationDelegate?
    /// Whether the layer drops the animation once it has finished. Defaults to true.
    open var isRemovedOnCompletion = true
    /// Values stored for keys that are not properties (`setValue(_:forKey:)`), copied with the
    /// animation.
    var customValues: [String: Any] = [:]

    /// Problems found while evaluating (every frame) are logged once per animation.
    let diagnostics = DiagnosticLatch()

    public required override init() {
        super.init()
    }

    /// An animation unarchived from `coder`: what `encode(with:)` archived.
    public required init?(coder: NSCoder) {
        super.init()
        decodeArchivedValues(from: coder)
    }

    /// Archives the animation into `coder`: every property of its class but the delegate, and
    /// the custom keys set on it, each as `shouldArchiveValue(forKey:)` allows.
    open func encode(with coder: NSCoder) { encodeArchivedValues(with: coder) }

    /// Animations support secure coding.
    open class var supportsSecureCoding: Bool { true }

    // MARK: Key-value coding (CAAnimation+KeyValueCoding)

    /// The value of a property by its Objective-C name (`duration`, `removedOnCompletion`,
    /// `fromValue`, …), else a value stored under `key`, else `defaultValue(forKey:)`.
    open func value(forKey key: String) -> Any? { kvcValue(forKey: key) }

    /// Sets a property (a value of the wrong type is refused with a message) or stores any other
    /// key on the animation (nil removes it); stored keys travel with the copies layers make.
    open func setValue(_ value: Any?, forKey key: String) { kvcSetValue(value, forKey: key) }

    /// The value a fresh animation of this class has for `key`: Apple's default for properties
    /// (`speed` 1, `removedOnCompletion` true, …), nil for other keys. Subclasses override it to
    /// give their own keys defaults.
    open class func defaultValue(forKey key: String) -> Any? { builtInDefault(forKey: key) }

    /// Whether `key`'s value is archived with the animation. Defaults to true for every key.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// A copy with every property (subclasses override to copy theirs, calling super).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.copyTiming(from: self)
        return copy
    }

    func copyTiming(from other: CAAnimation) {
        beginTime = other.beginTime; duration = other.duration; speed = other.speed; timeOffset = other.timeOffset
        repeatCount = other.repeatCount; repeatDuration = other.repeatDuration; autoreverses = other.autoreverses
        fillMode = other.fillMode; timingFunction = other.timingFunction; delegate = other.delegate
        isRemovedOnCompletion = other.isRemovedOnCompletion; customValues = other.customValues
    }

    /// The animation's timing as a value.
    var timing: Timing {
        Timing(beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
               repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Writes what the animation shows at `fraction` of cycle `iteration` into `layer` (a
    /// presentation copy, or a render-tree snapshot), whose model values are in `model`.
    func apply(to layer: AnimationTarget, model: AnimationTarget, fraction: Double, iteration: Int) {}

    /// Whether the animation can animate anything (a property animation needs a key path).
    var isValid: Bool { true }

    /// Whether every value the animation holds is finite (checked once, when it is added).
    var valuesAreFinite: Bool { true }

    /// The copy a layer keeps when the animation is added: deep, unlike `copy()` of a group, so
    /// that what the layer prepares and its render thread reads is the layer's own.
    func layerCopy() -> CAAnimation { copy() as! CAAnimation }

    /// Readies the layer's own copy, once, when it is added: takes the values Apple code boxes in
    /// `NSValue` out of their boxes (see `BoxedValues`) and reports values that do not fit.
    func prepare() {}

    /// The layer keys it animates (the first component of each key path).
    var animatedKeys: [String] { [] }

    /// The timing function's progress at `fraction`.
    func progress(_ fraction: Double) -> Double {
        timingFunction?.evaluate(fraction) ?? fraction
    }
}
