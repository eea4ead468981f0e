// `CGFloat` bridged to `NSNumber`, as Apple's Foundation overlay bridges it: numbers that key-value
// coding hands out (`layer.value(forKeyPath: "transform.rotation.z") as? CGFloat`) read as
// `CGFloat`, with the rule `Double` follows (a number that a `Double` cannot hold exactly is nil).
// Foundation on Linux bridges `Double`, `Float` and the integers but not `CGFloat`.

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    /// An `NSNumber` holding the value as a double.
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }

    /// The number's double value.
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }

    /// The number, when a `Double` holds it exactly.
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        result = ((source as Any) as? Double).map { CGFloat($0) }
        return result != nil
    }

    /// The number's double value, or 0.
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}
