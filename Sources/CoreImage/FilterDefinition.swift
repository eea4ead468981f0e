/// One input of a filter, as its `attributes` describe it. Its values are immutable objects
/// (`NSNumber`, `CIVector`, `CIColor`), hence `@unchecked Sendable`.
struct FilterParameter: @unchecked Sendable {
    enum Kind { case image, number, vector, color }
    let key: String
    let kind: Kind
    /// `kCIAttributeType…`, when Apple gives one.
    var type: String?
    var defaultValue: Any?
    var min: Double?
    var max: Double?
    var sliderMin: Double?
    var sliderMax: Double?
    var identity: Any?

    var className: String {
        switch kind {
        case .image: return "CIImage"
        case .number: return "NSNumber"
        case .vector: return "CIVector"
        case .color: return "CIColor"
        }
    }

    /// Whether the value is a length or position in pixels (scaled with the device for layers).
    var isSpatial: Bool { type == kCIAttributeTypeDistance || type == kCIAttributeTypePosition || type == kCIAttributeTypeOffset }

    static func image(_ key: String) -> FilterParameter {
        FilterParameter(key: key, kind: .image, type: kCIAttributeTypeImage)
    }

    static func number(_ key: String, _ defaultValue: Double, type: String = kCIAttributeTypeScalar, min: Double? = nil,
                       max: Double? = nil, sliderMin: Double? = nil, sliderMax: Double? = nil, identity: Double? = nil) -> FilterParameter {
        FilterParameter(key: key, kind: .number, type: type, defaultValue: NSNumber(value: defaultValue), min: min, max: max,
                        sliderMin: sliderMin ?? min, sliderMax: sliderMax ?? max, identity: identity.map { NSNumber(value: $0) })
    }

    static func vector(_ key: String, _ values: [CGFloat], type: String? = nil) -> FilterParameter {
        FilterParameter(key: key, kind: .vector, type: type, defaultValue: CIVector(array: values))
    }

    static func color(_ key: String, _ color: CIColor, type: String = kCIAttributeTypeColor) -> FilterParameter {
        FilterParameter(key: key, kind: .color, type: type, defaultValue: color)
    }

    var attributes: [String: Any] {
        var a: [String: Any] = [kCIAttributeClass: className, kCIAttributeDisplayName: Self.displayName(of: key)]
        if let type { a[kCIAttributeType] = type }
        if let defaultValue { a[kCIAttributeDefault] = defaultValue }
        if let min { a[kCIAttributeMin] = NSNumber(value: min) }
        if let max { a[kCIAttributeMax] = NSNumber(value: max) }
        if let sliderMin { a[kCIAttributeSliderMin] = NSNumber(value: sliderMin) }
        if let sliderMax { a[kCIAttributeSliderMax] = NSNumber(value: sliderMax) }
        if let identity { a[kCIAttributeIdentity] = identity }
        return a
    }

    /// "inputBackgroundImage" → "Background Image".
    static func displayName(of key: String) -> String {
        var words = "", name = key.hasPrefix("input") ? String(key.dropFirst(5)) : key
        if name == "EV" { return "EV" }
        if name.hasSuffix("Vector"), name.count == 7 { name = String(name.prefix(1)) + " Vector" }
        for c in name {
            if c.isUppercase, !words.isEmpty, words.last != " " { words.append(" ") }
            words.append(c)
        }
        return words
    }
}

/// What a filter is: its name, categories, inputs and the kernel that makes its output.
struct FilterDefinition: Sendable {
    let name: String
    let categories: [String]
    let parameters: [FilterParameter]
    /// The output for the given inputs; nil when a required image is missing.
    let output: @Sendable (FilterInputs) -> CIImage?

    var displayName: String {
        let base = name.hasPrefix("CI") ? String(name.dropFirst(2)) : name
        return FilterParameter.displayName(of: base)
    }

    func parameter(_ key: String) -> FilterParameter? { parameters.first { $0.key == key } }
}

/// A filter's inputs as its kernel reads them: each value as the kind the parameter wants,
/// its default when missing or of the wrong kind. Numbers that are not finite are reported
/// once and read as the parameter's identity (no effect), so that bad input never crashes.
struct FilterInputs {
    let filterName: String
    let definition: FilterDefinition
    let values: [String: Any]

    func image(_ key: String) -> CIImage? { values[key] as? CIImage }

    func number(_ key: String) -> Double {
        let parameter = definition.parameter(key)
        let fallback = (parameter?.defaultValue as? NSNumber)?.doubleValue ?? 0
        guard let raw = values[key] else { return fallback }
        let value: Double
        if let n = raw as? NSNumber { value = n.doubleValue }
        else if let d = raw as? Double { value = d }
        else if let f = raw as? CGFloat { value = Double(f) }
        else if let i = raw as? Int { value = Double(i) }
        else if let f = raw as? Float { value = Double(f) }
        else { return fallback }
        guard value.isFinite else {
            let identity = (parameter?.identity as? NSNumber)?.doubleValue ?? fallback
            CGDiagnostics.log("CIFilter", "\(filterName)'s \(key) is \(value), not a finite number; used \(identity).")
            return identity
        }
        if let min = parameter?.min, value < min { return min }
        if let max = parameter?.max, value > max { return max }
        return value
    }

    func vector(_ key: String) -> [Double] {
        let v = (values[key] as? CIVector) ?? (definition.parameter(key)?.defaultValue as? CIVector)
        return (v?.array ?? []).map { $0.isFinite ? Double($0) : 0 }
    }

    func color(_ key: String) -> SIMD4<Float> {
        let c = (values[key] as? CIColor) ?? (values[key] as? CGColor).map(CIColor.init(cgColor:))
            ?? (definition.parameter(key)?.defaultValue as? CIColor) ?? .black
        return c.simd.replacing(with: 0, where: .!(c.simd .== c.simd))
    }
}
