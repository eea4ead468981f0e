import Foundation

/// How a layer is archived (`encode(with:)`) and unarchived (`init?(coder:)`): every property
/// of the class's property table but `frame` (which is `bounds` and `position`), its managed
/// properties, the custom keys set on it, its timing, and its animations with their keys —
/// whatever `shouldArchiveValue(forKey:)` allows and `ArchivedValue` can hold. Sublayers and the
/// mask are archived as layers, so a tree archives whole. (The open members are declared in
/// `CALayer.swift`: Swift on Linux cannot override members declared in extensions.)
extension CALayer {
    /// The layer's `CAMediaTiming` values, which the property table does not hold.
    static let archivedTimingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                                     "autoreverses", "fillMode"]

    func encodeArchivedValues(with coder: NSCoder) {
        var keys = Set(type(of: self).keyValueProperties.keys).subtracting(["frame"])
        keys.formUnion(managedProperties.keys)
        keys.formUnion(customValues.keys)
        keys.formUnion(Self.archivedTimingKeys)
        ArchivedValue.encode(keys.filter(shouldArchiveValue(forKey:)).sorted(), of: archivedValue(forKey:), into: coder,
                             owner: "\(type(of: self))")
        let animationKeys = animationKeys() ?? []
        let animations = animationKeys.compactMap { animation(forKey: $0) }
        guard !animations.isEmpty, shouldArchiveValue(forKey: "animations") else { return }
        coder.encode(NSArray(array: animationKeys.map { NSString(string: $0) }), forKey: "$laminaAnimationKeys")
        coder.encode(NSArray(array: animations), forKey: "$laminaAnimations")
    }

    func decodeArchivedValues(from coder: NSCoder) {
        ArchivedValue.decode(from: coder) { key, value in setArchivedValue(value, forKey: key) }
        guard coder.containsValue(forKey: "$laminaAnimationKeys"),
              let keys = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "$laminaAnimationKeys") as? NSArray,
              let animations = coder.decodeObject(of: ArchivedValue.classes, forKey: "$laminaAnimations") as? NSArray else { return }
        for (key, animation) in zip(keys, animations) {
            guard let key = (key as? String) ?? (key as? NSString).map({ $0 as String }), let animation = animation as? CAAnimation else { continue }
            add(animation, forKey: key)
        }
    }

    private func archivedValue(forKey key: String) -> Any? {
        switch key {
        case "beginTime": return NSNumber(value: beginTime)
        case "duration": return NSNumber(value: duration)
        case "speed": return NSNumber(value: speed)
        case "timeOffset": return NSNumber(value: timeOffset)
        case "repeatCount": return NSNumber(value: repeatCount)
        case "repeatDuration": return NSNumber(value: repeatDuration)
        case "autoreverses": return NSNumber(value: autoreverses)
        case "fillMode": return fillMode.rawValue
        default: return value(forKey: key)
        }
    }

    private func setArchivedValue(_ value: Any?, forKey key: String) {
        let number = Boxing.number(value)
        switch key {
        case "beginTime": if let number { beginTime = number }
        case "duration": if let number { duration = number }
        case "speed": if let number { speed = Float(number) }
        case "timeOffset": if let number { timeOffset = number }
        case "repeatCount": if let number { repeatCount = Float(number) }
        case "repeatDuration": if let number { repeatDuration = number }
        case "autoreverses": if let number { autoreverses = number != 0 }
        case "fillMode": if let name = value as? String { fillMode = CAMediaTimingFillMode(rawValue: name) }
        default: setValue(value, forKey: key)
        }
    }
}
