import Foundation

/// How an animation is archived (`encode(with:)`) and unarchived (`init?(coder:)`): every
/// property its class has by its Objective-C name (timing, timing function, key path, values,
/// key times, a group's animations, a spring's parameters…) but the delegate, and the custom
/// keys set on it — whatever `shouldArchiveValue(forKey:)` allows and `ArchivedValue` can hold.
/// (The open members are declared in `CAAnimation.swift`.)
extension CAAnimation {
    func encodeArchivedValues(with coder: NSCoder) {
        var keys = Set(AnimationProperty.table.compactMap { key, property in property.applies(self) ? key : nil }).subtracting(["delegate"])
        keys.formUnion(customValues.keys)
        ArchivedValue.encode(keys.filter(shouldArchiveValue(forKey:)).sorted(), of: value(forKey:), into: coder,
                             owner: "\(type(of: self))")
    }

    func decodeArchivedValues(from coder: NSCoder) {
        ArchivedValue.decode(from: coder) { key, value in setValue(value, forKey: key) }
    }
}
