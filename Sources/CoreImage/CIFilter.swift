/// An image filter: a named kernel and its inputs, set and read by key (`kCIInputRadiusKey`,
/// …), whose `outputImage` is the filtered image. Filters are made by name
/// (`CIFilter(name: "CIGaussianBlur")`); their inputs start at their defaults, as on iOS.
open class CIFilter: NSObject, NSCopying {
    private let definition: FilterDefinition
    private var values: [String: Any] = [:]

    /// The filter's name: its kind ("CIGaussianBlur") unless set to another, by which a layer's
    /// key paths find it ("filters.blur.inputRadius" reaches the filter named "blur").
    open var name: String
    /// Whether the filter applies (macOS): a disabled filter on a layer draws nothing different.
    /// Defaults to true.
    open var isEnabled = true

    private init(definition: FilterDefinition) {
        self.definition = definition
        name = definition.name
        super.init()
        setDefaults()
    }

    /// A filter of a subclass's own (Apple's way to write a custom filter: override
    /// `outputImage`, and `attributes` if wanted). Its kind and name are the class's name; it
    /// has no inputs of Lamina's catalog, and layers draw without it.
    public override init() {
        let kind = String(describing: type(of: self))
        definition = FilterDefinition(name: kind, categories: [], parameters: []) { _ in nil }
        name = kind
        super.init()
    }

    /// The filter of that kind with its inputs at their defaults; nil (with a message) when
    /// Lamina has no filter of that name.
    public convenience init?(name: String) {
        guard let definition = FilterCatalog.definitions[name] else {
            CGDiagnostics.log("CIFilter(name:)", "no filter named '\(name)'.")
            return nil
        }
        self.init(definition: definition)
    }

    /// The filter of that kind with the given inputs (others at their defaults).
    public convenience init?(name: String, parameters params: [String: Any]?) {
        self.init(name: name)
        for (key, value) in params ?? [:] { setValue(value, forKey: key) }
    }

    /// The filter of that kind with the given inputs (others at their defaults).
    public convenience init?(name: String, withInputParameters params: [String: Any]?) {
        self.init(name: name, parameters: params)
    }

    /// The names of the filters in `category` (all when nil), sorted.
    open class func filterNames(inCategory category: String?) -> [String] {
        filterNames(inCategories: category.map { [$0] })
    }

    /// The names of the filters in every one of `categories` (all when nil or empty), sorted.
    open class func filterNames(inCategories categories: [String]?) -> [String] {
        FilterCatalog.definitions.values.filter { d in (categories ?? []).allSatisfy { d.categories.contains($0) } }
            .map(\.name).sorted()
    }

    /// The display name of a filter kind ("Gaussian Blur"), nil when unknown.
    open class func localizedName(forFilterName filterName: String) -> String? {
        FilterCatalog.definitions[filterName]?.displayName
    }

    /// The filter's kind, display name and categories, and per input its class, type,
    /// default, range and identity (`kCIAttribute…` keys).
    open var attributes: [String: Any] {
        var a: [String: Any] = [kCIAttributeFilterName: definition.name, kCIAttributeFilterDisplayName: definition.displayName,
                                kCIAttributeFilterCategories: definition.categories]
        for parameter in definition.parameters { a[parameter.key] = parameter.attributes }
        return a
    }

    /// The keys of the filter's inputs, images first.
    open var inputKeys: [String] { definition.parameters.map(\.key) }
    /// `["outputImage"]`.
    open var outputKeys: [String] { [kCIOutputImageKey] }

    /// Sets every input that has a default to it (images are left as they are).
    open func setDefaults() {
        for parameter in definition.parameters where parameter.kind != .image {
            values[parameter.key] = parameter.defaultValue
        }
    }

    /// Sets an input (stored as given; values of the wrong kind read as the default when the
    /// filter runs), `name`, or `enabled`.
    open func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "name": if let v = value as? String { name = v }
        case "enabled": if let v = value as? Bool ?? (value as? NSNumber)?.boolValue { isEnabled = v }
        case kCIOutputImageKey: CGDiagnostics.log("CIFilter.setValue(_:forKey:)", "outputImage is read-only.")
        default: values[key] = value
        }
    }

    /// An input's value, `outputImage`, `name`, `enabled` or `attributes`.
    open func value(forKey key: String) -> Any? {
        switch key {
        case kCIOutputImageKey: return outputImage
        case "name": return name
        case "enabled": return NSNumber(value: isEnabled)
        case "attributes": return attributes
        case "inputKeys": return inputKeys
        case "outputKeys": return outputKeys
        default: return values[key]
        }
    }

    /// The filtered image; nil while an input image is missing.
    open var outputImage: CIImage? {
        definition.output(FilterInputs(filterName: definition.name, definition: definition, values: values))
    }

    /// A filter of the same kind and name with the same inputs.
    public func copy(with zone: NSZone? = nil) -> Any {
        let copy = CIFilter(definition: definition)
        copy.values = values
        copy.name = name
        copy.isEnabled = isEnabled
        return copy
    }

    open override var description: String { "CIFilter(\(definition.name)\(name != definition.name ? " '\(name)'" : ""))" }

    /// The kind of filter, whatever its `name` says.
    package var kind: String { definition.name }

    /// The inputs that are not images, as plain values (for the render side).
    package var recipe: FilterRecipe {
        var plain: [String: FilterValue] = [:]
        for (key, value) in values {
            if let v = FilterValue(value) { plain[key] = v }
        }
        return FilterRecipe(kind: definition.name, name: name, isEnabled: isEnabled, values: plain)
    }
}
