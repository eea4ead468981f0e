/// Key-value coding on animations, as `NSObject` gives Apple's: properties by their Objective-C
/// names (`duration`, `removedOnCompletion`, `fromValue`, …), and any other key stored on the
/// animation — code tags animations this way and reads the tag in `animationDidStop(_:finished:)`.
/// Stored keys travel with the copies layers make.
extension CAAnimation {
    func kvcValue(forKey key: String) -> Any? {
        if let property = AnimationProperty.table[key], property.applies(self) { return property.get(self) }
        if let value = customValues[key] { return value }
        return type(of: self).defaultValue(forKey: key)
    }

    func kvcSetValue(_ value: Any?, forKey key: String) {
        if let property = AnimationProperty.table[key], property.applies(self) {
            if !property.set(self, value) {
                CGDiagnostics.log("\(type(of: self)).setValue(_:forKey:)",
                                  "\(value.map { "\(Swift.type(of: $0))" } ?? "nil") does not fit '\(key)'; unchanged.")
            }
            return
        }
        customValues[key] = value
    }

    /// A fresh animation's value of a property key; nil for other keys.
    static func builtInDefault(forKey key: String) -> Any? {
        guard let property = AnimationProperty.table[key] else { return nil }
        let fresh = self.init()
        return property.applies(fresh) ? property.get(fresh) : nil
    }
}

/// One key-value-coding property of an animation class.
struct AnimationProperty {
    let applies: (CAAnimation) -> Bool
    let get: (CAAnimation) -> Any?
    /// Writes the value; false when it is of the wrong type.
    let set: (CAAnimation, Any?) -> Bool

    /// A property of animation class `A`, converted with `Boxing`; names (`fillMode`,
    /// `calculationMode`, …) are also accepted as strings, and optional properties take nil.
    static func keyPath<A: CAAnimation, V>(_ path: ReferenceWritableKeyPath<A, V>) -> AnimationProperty {
        AnimationProperty(
            applies: { $0 is A },
            get: { animation in (animation as? A).map { value -> Any? in
                let v = value[keyPath: path]
                if let name = v as? any RawRepresentable<String> { return name.rawValue }
                return Boxing.box(v)
            } ?? nil },
            set: { animation, value in
                guard let animation = animation as? A else { return false }
                if let v: V = Boxing.unbox(value) { animation[keyPath: path] = v; return true }
                if let name = value as? String, let type = V.self as? any RawRepresentable<String>.Type,
                   let v = type.init(rawValue: name) as? V {
                    animation[keyPath: path] = v
                    return true
                }
                if value == nil, let none = (Optional<Any>.none as Any) as? V { animation[keyPath: path] = none; return true }
                return false
            })
    }

    /// Every class's properties by their Objective-C key names.
    nonisolated(unsafe) static let table: [String: AnimationProperty] = [
        "beginTime": .keyPath(\CAAnimation.beginTime),
        "duration": .keyPath(\CAAnimation.duration),
        "speed": .keyPath(\CAAnimation.speed),
        "timeOffset": .keyPath(\CAAnimation.timeOffset),
        "repeatCount": .keyPath(\CAAnimation.repeatCount),
        "repeatDuration": .keyPath(\CAAnimation.repeatDuration),
        "autoreverses": .keyPath(\CAAnimation.autoreverses),
        "fillMode": .keyPath(\CAAnimation.fillMode),
        "timingFunction": .keyPath(\CAAnimation.timingFunction),
        "delegate": .keyPath(\CAAnimation.delegate),
        "removedOnCompletion": .keyPath(\CAAnimation.isRemovedOnCompletion),
        "keyPath": .keyPath(\CAPropertyAnimation.keyPath),
        "additive": .keyPath(\CAPropertyAnimation.isAdditive),
        "cumulative": .keyPath(\CAPropertyAnimation.isCumulative),
        "valueFunction": .keyPath(\CAPropertyAnimation.valueFunction),
        "fromValue": .keyPath(\CABasicAnimation.fromValue),
        "toValue": .keyPath(\CABasicAnimation.toValue),
        "byValue": .keyPath(\CABasicAnimation.byValue),
        "values": .keyPath(\CAKeyframeAnimation.values),
        "path": .keyPath(\CAKeyframeAnimation.path),
        "keyTimes": .keyPath(\CAKeyframeAnimation.keyTimes),
        "timingFunctions": .keyPath(\CAKeyframeAnimation.timingFunctions),
        "calculationMode": .keyPath(\CAKeyframeAnimation.calculationMode),
        "rotationMode": .keyPath(\CAKeyframeAnimation.rotationMode),
        "tensionValues": .keyPath(\CAKeyframeAnimation.tensionValues),
        "continuityValues": .keyPath(\CAKeyframeAnimation.continuityValues),
        "biasValues": .keyPath(\CAKeyframeAnimation.biasValues),
        "mass": .keyPath(\CASpringAnimation.mass),
        "stiffness": .keyPath(\CASpringAnimation.stiffness),
        "damping": .keyPath(\CASpringAnimation.damping),
        "initialVelocity": .keyPath(\CASpringAnimation.initialVelocity),
        "allowsOverdamping": .keyPath(\CASpringAnimation.allowsOverdamping),
        "animations": .keyPath(\CAAnimationGroup.animations),
        "type": .keyPath(\CATransition.type),
        "subtype": .keyPath(\CATransition.subtype),
        "startProgress": .keyPath(\CATransition.startProgress),
        "endProgress": .keyPath(\CATransition.endProgress),
    ]
}
