/// An animation between two values, chosen from `fromValue`, `toValue` and `byValue` as Apple
/// documents: from→to; from→from+by; to−by→to; from→current; current→to; current→current+by;
/// none of them: current→current (the current value is the model's).
open class CABasicAnimation: CAPropertyAnimation {
    /// The value the animation starts from; nil: the layer's current presentation value (or `toValue − byValue`). Defaults to nil.
    open var fromValue: Any?
    /// The value the animation ends at; nil: the model value (or `fromValue + byValue`). Defaults to nil.
    open var toValue: Any?
    /// The change the animation makes, added to `fromValue` (or to the current value) when `toValue` is nil. Defaults to nil.
    open var byValue: Any?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CABasicAnimation
        copy.fromValue = fromValue; copy.toValue = toValue; copy.byValue = byValue
        return copy
    }

    override func prepare() {
        fromValue = BoxedValues.unboxed(fromValue)
        toValue = BoxedValues.unboxed(toValue)
        byValue = BoxedValues.unboxed(byValue)
    }

    /// The two ends for a given current (model) value; nil when the values do not combine.
    func endpoints(model: Any?) -> (from: Any?, to: Any?)? {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): return (from, to)
        case let (from?, nil, by?): return Interpolation.sum(from, by).map { (from, $0) }
        case let (nil, to?, by?): return Interpolation.difference(to, by).map { ($0, to) }
        case let (from?, nil, nil): return (from, model)
        case let (nil, to?, nil): return (model, to)
        case let (nil, nil, by?): return Interpolation.sum(model, by).map { (model, $0) }
        default: return (model, model)
        }
    }

    override var valuesAreFinite: Bool {
        Interpolation.isFinite(fromValue) && Interpolation.isFinite(toValue) && Interpolation.isFinite(byValue)
    }

    override func value(atProgress progress: Double, model: Any?) -> Any? {
        guard let (from, to) = endpoints(model: model) else {
            diagnostics.log("CABasicAnimation", "values for '\(keyPath ?? "")' cannot be combined; ignored.")
            return nil
        }
        return Interpolation.value(from: from, to: to, at: progress)
    }
}
