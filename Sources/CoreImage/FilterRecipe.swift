/// A filter's input that is not an image, as a plain value.
package enum FilterValue: Sendable, Hashable {
    case number(Double)
    case vector([Double])
    case color([Double])

    /// The value of an `NSNumber` (or Swift number), `CIVector` or `CIColor`; nil for others.
    package init?(_ value: Any) {
        switch value {
        case let v as CIVector: self = .vector(v.array.map { Double($0) })
        case let v as CIColor: self = .color([v.red, v.green, v.blue, v.alpha].map { Double($0) })
        case let v as NSNumber: self = .number(v.doubleValue)
        case let v as Double: self = .number(v)
        case let v as CGFloat: self = .number(Double(v))
        case let v as Float: self = .number(Double(v))
        case let v as Int: self = .number(Double(v))
        default: return nil
        }
    }

    /// As Core Image hands it around: `NSNumber`, `CIVector` or `CIColor`.
    package var object: Any {
        switch self {
        case .number(let v): return NSNumber(value: v)
        case .vector(let v): return CIVector(array: v.map { CGFloat($0) })
        case .color(let c): return CIColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: CGFloat(c[3]))
        }
    }

    func scaled(by k: Double) -> FilterValue {
        switch self {
        case .number(let v): return .number(v * k)
        case .vector(let v): return .vector(v.map { $0 * k })
        case .color: return self
        }
    }
}

/// A filter as the render side holds it: immutable, `Sendable`, compared by value (a layer's
/// snapshot carries its filters as recipes, and animations write into them by key path).
package struct FilterRecipe: Sendable, Hashable {
    /// The filter's kind ("CIGaussianBlur"), or the name given for a filter Lamina does not have.
    package var kind: String
    /// The name key paths find it by ("blur" in "filters.blur.inputRadius").
    package var name: String
    package var isEnabled: Bool
    package var values: [String: FilterValue]

    package init(kind: String, name: String, isEnabled: Bool = true, values: [String: FilterValue] = [:]) {
        self.kind = kind
        self.name = name
        self.isEnabled = isEnabled
        self.values = values
    }

    /// Whether Lamina has a filter of this kind.
    package var isKnown: Bool { FilterCatalog.definitions[kind] != nil }

    /// The inputs whose numbers are not finite (drawn as the parameter's identity).
    package var notFiniteInputs: [String] {
        values.compactMap { key, value in
            if case .number(let n) = value, !n.isFinite { return key }
            if case .vector(let v) = value, v.contains(where: { !$0.isFinite }) { return key }
            return nil
        }.sorted()
    }

    /// Whether it is a blend mode or compositing operator.
    package var isCompositeOperation: Bool {
        FilterCatalog.definitions[kind]?.categories.contains(kCICategoryCompositeOperation) ?? false
    }

    /// An input's value, as Core Image hands it around.
    package func value(forKey key: String) -> Any? {
        if let v = values[key] { return v.object }
        return FilterCatalog.definitions[kind]?.parameter(key)?.defaultValue
    }

    /// The recipe with one input set; nil when the value is not a number, vector or color.
    package func setting(_ value: Any?, forKey key: String) -> FilterRecipe? {
        guard let value, let v = FilterValue(value) else { return nil }
        var copy = self
        copy.values[key] = v
        return copy
    }

    /// An input number as given (not finite ones too: the kernel reports those), else its default.
    private func number(_ key: String) -> Double {
        if case .number(let v)? = values[key] { return v }
        return (FilterCatalog.definitions[kind]?.parameter(key)?.defaultValue as? NSNumber)?.doubleValue ?? 0
    }

    /// How many pixels beyond its input the filter's output reaches at `scale` pixels per unit.
    package func reach(scale: Double) -> Int {
        guard isEnabled, scale.isFinite, scale > 0 else { return 0 }
        let given = number(kCIInputRadiusKey)
        guard given.isFinite else { return 0 }             // drawn as the identity
        let r = min(max(given, 0), FilterCatalog.largestRadius) * scale
        switch kind {
        case "CIGaussianBlur": return BlurKernels.gaussianReach(sigma: r)
        case "CIBoxBlur": return max(Int(min(r, 4096).rounded()) - 1, 0)
        case "CIDiscBlur", "CIMotionBlur": return Int(min(r, 4096).rounded(.up))
        default: return 0
        }
    }

    /// The filter applied to `image` (its lengths and positions times `scale`), cut to the
    /// image's own size: callers pad the image by `reach(scale:)` first. Unknown or disabled
    /// filters, and compositing operators (which need a second image), return the image.
    package func apply(to image: PixelImage, scale: Double) -> PixelImage {
        var out = image
        apply(to: &out, scale: scale)
        return out
    }

    /// The filter applied to `image` in place (see `apply(to:scale:)`): a blur of a buffer the
    /// caller alone holds copies nothing.
    package func apply(to image: inout PixelImage, scale: Double) {
        guard isEnabled, let definition = FilterCatalog.definitions[kind], !isCompositeOperation, image.width > 0, image.height > 0
        else { return }
        var inputs: [String: Any] = [:]
        for parameter in definition.parameters where parameter.kind != .image {
            guard var v = values[parameter.key] else { continue }
            // Not finite: the identity, silently (this runs every frame; the layer reported it when set).
            if case .number(let n) = v, !n.isFinite { v = .number((parameter.identity as? NSNumber)?.doubleValue ?? 0) }
            inputs[parameter.key] = (parameter.isSpatial && scale.isFinite ? v.scaled(by: scale) : v).object
        }
        // The blurs' radii are distances too, though Apple types them as scalars.
        if kind.hasSuffix("Blur") || kind == "CIBloom", scale.isFinite, case .number(let r)? = values[kCIInputRadiusKey], r.isFinite {
            inputs[kCIInputRadiusKey] = NSNumber(value: r * scale)
        }
        // A gaussian blur in place: the caller padded the image already (no copies).
        if kind == "CIGaussianBlur", case let sigma = number(kCIInputRadiusKey) * scale, sigma.isFinite, sigma >= 0 {
            BlurKernels.gaussian(&image, sigma: min(sigma, FilterCatalog.largestRadius * max(scale, 1)))
            return
        }
        let extent = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        inputs[kCIInputImageKey] = CIImage(raster: image, extent: extent)
        guard let output = definition.output(FilterInputs(filterName: kind, definition: definition, values: inputs)) else { return }
        image = output.raster(covering: extent)
    }
}
