import CoreGraphics

/// The attribute keys of a font descriptor (the values Core Text spells).
/// The PostScript name (a string).
nonisolated(unsafe) public let kCTFontNameAttribute: CFString = "NSFontNameAttribute"
/// The display name (a string).
nonisolated(unsafe) public let kCTFontDisplayNameAttribute: CFString = "NSFontVisibleNameAttribute"
/// The family name (a string).
nonisolated(unsafe) public let kCTFontFamilyNameAttribute: CFString = "NSFontFamilyAttribute"
/// The style name ("Bold Italic", a string).
nonisolated(unsafe) public let kCTFontStyleNameAttribute: CFString = "NSFontFaceAttribute"
/// The traits dictionary (`kCTFontSymbolicTrait`, `kCTFontWeightTrait`, …).
nonisolated(unsafe) public let kCTFontTraitsAttribute: CFString = "NSCTFontTraitsAttribute"
/// The size in points (a number).
nonisolated(unsafe) public let kCTFontSizeAttribute: CFString = "NSFontSizeAttribute"
/// The font matrix (a `CGAffineTransform` value).
nonisolated(unsafe) public let kCTFontMatrixAttribute: CFString = "NSCTFontMatrixAttribute"
/// The font file's URL.
nonisolated(unsafe) public let kCTFontURLAttribute: CFString = "NSCTFontFileURLAttribute"

/// A description of a font by attributes (name, family, traits, size), matched against the
/// installed fonts through fontconfig.
public final class CTFontDescriptor: @unchecked Sendable {
    /// The attributes, keyed by the `kCTFont…Attribute` strings.
    let attributes: [String: Any]
    /// The face already known to match (descriptors made from a font).
    private let knownMatch: FontMatch?

    init(attributes: [String: Any], match: FontMatch? = nil) {
        self.attributes = attributes
        knownMatch = match
    }

    /// The size attribute, when there is one.
    var size: CGFloat? { attributes[String(kCTFontSizeAttribute)].flatMap(number) }

    /// The matrix attribute (a `CGAffineTransform` value), when there is one.
    var matrix: CGAffineTransform? { attributes[String(kCTFontMatrixAttribute)] as? CGAffineTransform }

    /// Whether the attributes choose a face (not only a size).
    var namesFace: Bool {
        [kCTFontNameAttribute, kCTFontFamilyNameAttribute, kCTFontTraitsAttribute, kCTFontStyleNameAttribute]
            .contains { attributes[$0 as String] != nil }
    }

    /// The installed face these attributes describe best.
    var resolvedMatch: FontMatch { resolvedMatch(basedOn: nil) }

    /// The installed face these attributes describe, starting from `base`'s family and style.
    func resolvedMatch(basedOn base: FontMatch?) -> FontMatch {
        if let knownMatch, base == nil { return knownMatch }
        if let name = attributes[String(kCTFontNameAttribute)] as? String ?? (attributes[String(kCTFontNameAttribute)] as? NSString).map(String.init) {
            return FontResolver.resolve(name, function: "CTFontDescriptor").match
        }
        let familyValue = attributes[String(kCTFontFamilyNameAttribute)]
        let family = familyValue as? String ?? (familyValue as? NSString).map(String.init) ?? base?.family ?? FontResolver.fallbackName
        var weight = base?.weight ?? 80
        var slant = base?.slant ?? 0
        if let traits = attributes[String(kCTFontTraitsAttribute)] as? NSDictionary {
            var symbolic = CTFontSymbolicTraits(rawValue: 0)
            for (key, value) in traits {
                guard let key = key as? String ?? (key as? NSString).map(String.init), let n = number(value) else { continue }
                switch key {
                case String(kCTFontSymbolicTrait): symbolic = CTFontSymbolicTraits(rawValue: UInt32(truncatingIfNeeded: Int(n)))
                case String(kCTFontWeightTrait): weight = n >= 0.5 ? 205 : n >= 0.35 ? 200 : n >= 0.25 ? 180 : n >= 0.15 ? 100 : n > -0.2 ? 80 : n > -0.5 ? 50 : 40
                default: break
                }
            }
            if symbolic.contains(.traitBold) { weight = max(weight, 200) }
            if symbolic.contains(.traitItalic) { slant = 100 }
        }
        if let style = attributes[String(kCTFontStyleNameAttribute)] as? String {
            let lowered = style.lowercased()
            if lowered.contains("bold") { weight = 200 }
            if lowered.contains("italic") || lowered.contains("oblique") { slant = 100 }
        }
        // Apple's family names ("Helvetica") resolve through the same table as font names.
        let resolvedFamily = FontResolver.match(family: family)
            .flatMap { $0.family.caseInsensitiveCompare(family) == .orderedSame ? $0.family : nil }
            ?? FontResolver.resolve(family, function: "CTFontDescriptor").match.family
        return FontResolver.match(family: resolvedFamily, weight: weight, slant: slant) ?? FontResolver.resolve(family).match
    }
}

/// A descriptor of the font with a PostScript, full or family name, at a size.
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor(attributes: [String(kCTFontNameAttribute): name as String, String(kCTFontSizeAttribute): size])
}

/// A descriptor from an attributes dictionary keyed by `kCTFont…Attribute`.
public func CTFontDescriptorCreateWithAttributes(_ attributes: CFDictionary) -> CTFontDescriptor {
    CTFontDescriptor(attributes: stringKeyed(attributes))
}

/// A copy of `original` with `attributes` added (replacing those with the same keys).
public func CTFontDescriptorCreateCopyWithAttributes(_ original: CTFontDescriptor, _ attributes: CFDictionary) -> CTFontDescriptor {
    CTFontDescriptor(attributes: original.attributes.merging(stringKeyed(attributes)) { $1 })
}

/// A copy of `original` in another family.
public func CTFontDescriptorCreateCopyWithFamily(_ original: CTFontDescriptor, _ family: CFString) -> CTFontDescriptor? {
    var attributes = original.attributes
    attributes[String(kCTFontNameAttribute)] = nil
    attributes[String(kCTFontFamilyNameAttribute)] = family as String
    return CTFontDescriptor(attributes: attributes)
}

/// A copy of `original` with the symbolic traits `(traits & ~mask) | (value & mask)`.
public func CTFontDescriptorCreateCopyWithSymbolicTraits(_ original: CTFontDescriptor, _ symTraitValue: CTFontSymbolicTraits,
                                                         _ symTraitMask: CTFontSymbolicTraits) -> CTFontDescriptor? {
    let current = original.resolvedMatch
    let traits = current.symbolicTraits.subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    var attributes = original.attributes
    attributes[String(kCTFontNameAttribute)] = nil
    attributes[String(kCTFontFamilyNameAttribute)] = current.family
    attributes[String(kCTFontTraitsAttribute)] = [kCTFontSymbolicTrait: NSNumber(value: traits.rawValue)] as NSDictionary
    return CTFontDescriptor(attributes: attributes)
}

/// The value of one attribute; for the name, family, style and traits of a descriptor that
/// does not give them, those of the face it matches (as Core Text answers).
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    if let value = descriptor.attributes[attribute as String] { return value as AnyObject }
    let match = descriptor.resolvedMatch
    switch attribute as String {
    case String(kCTFontNameAttribute): return match.postScriptName as NSString
    case String(kCTFontFamilyNameAttribute): return match.family as NSString
    case String(kCTFontStyleNameAttribute): return match.style as NSString
    case String(kCTFontDisplayNameAttribute): return match.fullName as NSString
    case String(kCTFontURLAttribute): return NSURL(fileURLWithPath: match.file)
    default: return nil
    }
}

/// The attributes the descriptor was made with.
public func CTFontDescriptorCopyAttributes(_ descriptor: CTFontDescriptor) -> CFDictionary {
    NSDictionary(dictionary: descriptor.attributes)
}

/// Every installed face that matches the descriptor's family (or name) and traits, best first;
/// nil when none does. `mandatoryAttributes` is not consulted.
public func CTFontDescriptorCreateMatchingFontDescriptors(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: CFSet?) -> CFArray? {
    let best = descriptor.resolvedMatch
    let family = best.family
    let wantsTraits = descriptor.attributes[String(kCTFontTraitsAttribute)] != nil
    let faces = FontResolver.installedFonts().filter { $0.family == family }
        .filter { !wantsTraits || $0.symbolicTraits.intersection([.traitBold, .traitItalic]) == best.symbolicTraits.intersection([.traitBold, .traitItalic]) }
        .sorted { ($0 == best ? 0 : 1, $0.weight, $0.slant) < ($1 == best ? 0 : 1, $1.weight, $1.slant) }
    guard !faces.isEmpty else { return nil }
    return faces.map { CTFontDescriptor(attributes: [String(kCTFontNameAttribute): $0.postScriptName,
                                                     String(kCTFontFamilyNameAttribute): $0.family], match: $0) } as NSArray
}

/// The installed face that best matches the descriptor, as a descriptor.
public func CTFontDescriptorCreateMatchingFontDescriptor(_ descriptor: CTFontDescriptor, _ mandatoryAttributes: CFSet?) -> CTFontDescriptor? {
    let match = descriptor.resolvedMatch
    return CTFontDescriptor(attributes: [String(kCTFontNameAttribute): match.postScriptName,
                                         String(kCTFontFamilyNameAttribute): match.family], match: match)
}

/// A dictionary's entries keyed by Swift strings (its keys may be `NSString`s or `String`s).
func stringKeyed(_ dictionary: NSDictionary) -> [String: Any] {
    var result: [String: Any] = [:]
    for (key, value) in dictionary {
        if let key = key as? String ?? (key as? NSString).map(String.init) { result[key] = value }
    }
    return result
}

/// A number from any of the types Apple code puts in attribute dictionaries.
func number(_ value: Any) -> CGFloat? {
    switch value {
    case let v as CGFloat: return v
    case let v as Double: return CGFloat(v)
    case let v as Float: return CGFloat(v)
    case let v as Int: return CGFloat(v)
    case let v as Int32: return CGFloat(v)
    case let v as UInt32: return CGFloat(v)
    case let v as Int8: return CGFloat(v)
    case let v as UInt8: return CGFloat(v)
    case let v as NSNumber: return CGFloat(v.doubleValue)
    default: return nil
    }
}
