import CCairo
import Glibc

/// A font file fontconfig found, with the names and style it reports.
package struct FontMatch: Hashable, Sendable {
    /// The file and the face within it (collections hold several).
    package var file: String
    package var index: Int32
    package var family: String
    package var style: String
    package var postScriptName: String
    package var fullName: String
    /// fontconfig's weight scale (`FC_WEIGHT_REGULAR` = 80, `FC_WEIGHT_BOLD` = 200).
    package var weight: Int32
    /// fontconfig's slant (0 roman, 100 italic, 110 oblique).
    package var slant: Int32
    package var isMonospaced: Bool
    /// fontconfig asks for a synthetic bold (the family has no bold face).
    package var embolden: Bool

    package var isBold: Bool { weight >= 180 }
    package var isItalic: Bool { slant != 0 }
}

/// Turns the font names Apple code spells into fonts this system has, through fontconfig.
///
/// A name is looked up as an installed PostScript name, full name or family first; then Apple's
/// system names ("Helvetica-Bold", "HelveticaNeue", ".SFUI-Regular", "Menlo", "Courier",
/// "Times New Roman", …) map to metric-compatible families (Liberation Sans has Helvetica's and
/// Arial's advance widths, Liberation Serif Times', Liberation Mono Courier's; Menlo is
/// DejaVu Sans Mono redrawn, with its metrics); a name that is neither resolves to Helvetica's
/// stand-in, as Core Text falls back to Helvetica, with one message per unknown name.
package enum FontResolver {
    /// The family standing in for Helvetica, Core Text's fallback.
    package static let fallbackName = "Helvetica"

    /// What `resolve(_:)` found, with whether the name was known.
    package struct Resolution: Sendable {
        package var match: FontMatch
        package var isKnown: Bool
    }

    /// Resolves a PostScript, full or family name (see the type's comment).
    package static func resolve(_ name: String, function: String = "CTFontCreateWithName") -> Resolution {
        if let cached = cache.value(for: name) { return cached }
        let resolution = uncachedResolve(name, function: function)
        cache.store(resolution, for: name)
        return resolution
    }

    /// The best installed font of `family` at a weight and slant (fontconfig's scales).
    package static func match(family: String, weight: Int32 = 80, slant: Int32 = 0) -> FontMatch? {
        withPattern { pattern in
            FcPatternAddString(pattern, FC_FAMILY, family)
            FcPatternAddInteger(pattern, FC_WEIGHT, weight)
            FcPatternAddInteger(pattern, FC_SLANT, slant)
            return bestMatch(for: pattern)
        }
    }

    /// Every scalable font installed (one per face), sorted by family and style.
    package static func installedFonts() -> [FontMatch] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        let objects = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(objects) }
        for key in [FC_FAMILY, FC_STYLE, FC_FILE, FC_INDEX, FC_POSTSCRIPT_NAME, FC_FULLNAME, FC_WEIGHT, FC_SLANT, FC_SPACING] {
            FcObjectSetAdd(objects, key)
        }
        guard let set = FcFontList(nil, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var fonts: [FontMatch] = []
        for i in 0..<Int(set.pointee.nfont) {
            if let font = set.pointee.fonts[i], let match = FontMatch(pattern: font) { fonts.append(match) }
        }
        return fonts.sorted { ($0.family, $0.weight, $0.slant, $0.style) < ($1.family, $1.weight, $1.slant, $1.style) }
    }

    // MARK: Resolution

    private static func uncachedResolve(_ name: String, function: String) -> Resolution {
        if let installed = installed(named: name) { return Resolution(match: installed, isKnown: true) }
        if let (family, weight, slant) = appleSystemFont(name), let match = match(family: family, weight: weight, slant: slant) {
            return Resolution(match: match, isKnown: true)
        }
        // Core Text goes on with Helvetica's stand-in; Core Graphics' CGFont gives nil.
        CGDiagnostics.log(function, "no font named \"\(name)\" on this system.")
        let fallback = appleSystemFont(fallbackName).flatMap { match(family: $0.family) }
            ?? match(family: "sans-serif")
            ?? FontMatch(file: "", index: 0, family: "sans-serif", style: "Regular", postScriptName: "", fullName: "",
                         weight: 80, slant: 0, isMonospaced: false, embolden: false)
        return Resolution(match: fallback, isKnown: false)
    }

    /// An installed face whose PostScript name or full name is `name`, else the regular face of
    /// an installed family called `name`.
    private static func installed(named name: String) -> FontMatch? {
        for key in [FC_POSTSCRIPT_NAME, FC_FULLNAME] {
            let found: FontMatch? = withPattern { pattern in
                FcPatternAddString(pattern, key, name)
                let objects = FcObjectSetCreate()!
                FcObjectSetAdd(objects, FC_FILE)
                FcObjectSetAdd(objects, FC_INDEX)
                defer { FcObjectSetDestroy(objects) }
                guard let set = FcFontList(nil, pattern, objects) else { return nil }
                defer { FcFontSetDestroy(set) }
                guard set.pointee.nfont > 0, let font = set.pointee.fonts[0] else { return nil }
                // List entries carry only the asked-for objects: match the file for the rest.
                return withPattern { exact in
                    FcPatternAddString(exact, FC_FILE, string(font, FC_FILE) ?? "")
                    FcPatternAddInteger(exact, FC_INDEX, integer(font, FC_INDEX) ?? 0)
                    return bestMatch(for: exact, keeping: name)
                }
            }
            if let found { return found }
        }
        guard let match = match(family: name), match.family.caseInsensitiveCompare(name) == .orderedSame else { return nil }
        return match
    }

    /// Apple's system families and the installed families whose metrics match theirs.
    private static let appleFamilies: [String: String] = {
        var table: [String: String] = [:]
        for name in ["helvetica", "helveticaneue", "arial", "arialmt", "sfui", "sfuitext", "sfuidisplay", "sfns", "sfnstext",
                     "sfnsdisplay", "sfpro", "sfprotext", "sfprodisplay", "system", "systemfont", "lucidagrande", "avenir",
                     "avenirnext", "verdana"] {
            table[name] = "Liberation Sans"
        }
        for name in ["times", "timesroman", "timesnewroman", "timesnewromanpsmt", "georgia", "newyork", "palatino"] {
            table[name] = "Liberation Serif"
        }
        for name in ["courier", "couriernew", "couriernewpsmt"] { table[name] = "Liberation Mono" }
        for name in ["menlo", "monaco", "sfmono", "sfnsmono", "andalemono"] { table[name] = "DejaVu Sans Mono" }
        return table
    }()

    /// Style words of PostScript names ("-BoldItalic") and full names (" Bold Italic"), with
    /// fontconfig's weights.
    private static let weightWords: [(String, Int32)] = [
        ("ultralight", 40), ("extralight", 40), ("thin", 0), ("light", 50), ("book", 75), ("regular", 80),
        ("roman", 80), ("plain", 80), ("medium", 100), ("semibold", 180), ("demibold", 180), ("demi", 180),
        ("extrabold", 205), ("bold", 200), ("heavy", 210), ("black", 210),
    ]

    /// The stand-in family, weight and slant for one of Apple's system font names.
    private static func appleSystemFont(_ name: String) -> (family: String, weight: Int32, slant: Int32)? {
        var base = name.hasPrefix(".") ? String(name.dropFirst()) : name
        var style = ""
        if let dash = base.lastIndex(of: "-") {
            style = String(base[base.index(after: dash)...])
            base = String(base[..<dash])
        }
        // Monotype's PostScript names: "Arial-BoldMT", "TimesNewRomanPS-ItalicMT".
        if style.hasSuffix("MT") { style.removeLast(2) }
        var key = base.lowercased().filter { $0.isLetter || $0.isNumber }
        if appleFamilies[key] == nil, key.hasSuffix("ps") { key.removeLast(2) }
        if let family = appleFamilies[key], let (weight, slant) = parseStyle(style) {
            return (family, weight, slant)
        }
        // Full names: "Helvetica Bold", "Times New Roman Italic".
        var words = name.split(separator: " ").map(String.init)
        var styleWords: [String] = []
        while words.count > 1, parseStyle(words.last!) != nil {
            styleWords.insert(words.removeLast(), at: 0)
            key = words.joined().lowercased().filter { $0.isLetter || $0.isNumber }
            if let family = appleFamilies[key], let (weight, slant) = parseStyle(styleWords.joined()) {
                return (family, weight, slant)
            }
        }
        return nil
    }

    /// "BoldItalic" → (200, 100); "" → regular; nil for words that are not a style.
    private static func parseStyle(_ style: String) -> (Int32, Int32)? {
        var rest = style.lowercased()
        var slant: Int32 = 0
        for (suffix, value) in [("italic", Int32(100)), ("oblique", 110), ("it", 100)] where rest.hasSuffix(suffix) {
            slant = value
            rest.removeLast(suffix.count)
            break
        }
        if rest.isEmpty { return (80, slant) }
        if let (_, weight) = weightWords.first(where: { $0.0 == rest }) { return (weight, slant) }
        return nil
    }

    // MARK: fontconfig

    private static func withPattern<T>(_ body: (OpaquePointer) -> T?) -> T? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        return body(pattern)
    }

    /// fontconfig's best match for `pattern` after its configured substitutions. `keeping` is a
    /// name the match must carry as its PostScript or full name (else nil).
    private static func bestMatch(for pattern: OpaquePointer, keeping name: String? = nil) -> FontMatch? {
        FcPatternAddBool(pattern, FC_SCALABLE, 1)
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard let font = FontMatch(pattern: matched) else { return nil }
        if let name, font.postScriptName != name, font.fullName != name { return nil }
        return font
    }

    static func string(_ pattern: OpaquePointer, _ key: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    static func integer(_ pattern: OpaquePointer, _ key: String) -> Int32? {
        var value: Int32 = 0
        return FcPatternGetInteger(pattern, key, 0, &value) == FcResultMatch ? value : nil
    }

    static func bool(_ pattern: OpaquePointer, _ key: String) -> Bool {
        var value: FcBool = 0
        return FcPatternGetBool(pattern, key, 0, &value) == FcResultMatch && value != 0
    }

    /// Forgets every name resolved so far (the fonts changed: `FontRegistry`).
    package static func forgetResolutions() { cache.removeAll() }

    private static let cache = ResolutionCache()
}

extension FontMatch {
    /// Reads a fontconfig pattern; nil without a file.
    package init?(pattern: OpaquePointer) {
        guard let file = FontResolver.string(pattern, FC_FILE) else { return nil }
        self.file = file
        index = FontResolver.integer(pattern, FC_INDEX) ?? 0
        family = FontResolver.string(pattern, FC_FAMILY) ?? ""
        style = FontResolver.string(pattern, FC_STYLE) ?? "Regular"
        postScriptName = FontResolver.string(pattern, FC_POSTSCRIPT_NAME) ?? family.filter { $0 != " " }
        fullName = FontResolver.string(pattern, FC_FULLNAME) ?? "\(family) \(style)"
        weight = FontResolver.integer(pattern, FC_WEIGHT) ?? 80
        slant = FontResolver.integer(pattern, FC_SLANT) ?? 0
        isMonospaced = (FontResolver.integer(pattern, FC_SPACING) ?? 0) >= 100
        embolden = FontResolver.bool(pattern, FC_EMBOLDEN)
    }
}

/// Names already resolved: fontconfig matching costs tens of microseconds, and an unknown name
/// is reported once. Fonts are a process-wide resource (fontconfig's own configuration is one),
/// so this cache is too; it holds only immutable values.
private final class ResolutionCache: @unchecked Sendable {
    private var entries: [String: FontResolver.Resolution] = [:]
    private let lock = NSLock()

    func value(for name: String) -> FontResolver.Resolution? {
        lock.lock(); defer { lock.unlock() }
        return entries[name]
    }

    func store(_ resolution: FontResolver.Resolution, for name: String) {
        lock.lock(); defer { lock.unlock() }
        entries[name] = resolution
    }

    func removeAll() {
        lock.lock(); defer { lock.unlock() }
        entries = [:]
    }
}
