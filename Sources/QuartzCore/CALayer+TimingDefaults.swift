extension CALayer {
    /// The defaults of the layer's `CAMediaTiming` keys, which Apple's `defaultValue(forKey:)`
    /// answers too (they are not key-value properties of the table).
    nonisolated(unsafe) static let timingDefaults: [String: Any] = [
        "beginTime": NSNumber(value: 0.0), "duration": NSNumber(value: 0.0), "speed": NSNumber(value: Float(1)),
        "timeOffset": NSNumber(value: 0.0), "repeatCount": NSNumber(value: Float(0)), "repeatDuration": NSNumber(value: 0.0),
        "autoreverses": NSNumber(value: false), "fillMode": CAMediaTimingFillMode.removed.rawValue,
    ]
}
