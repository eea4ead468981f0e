import CCairo
import CoreGraphics

/// A font at a size: a face (through fontconfig, HarfBuzz and cairo) with an em size in points
/// and an optional matrix. Immutable and shareable across threads, so a layer's snapshot (a
/// `CATextLayer`'s `font`) can hold one as it is.
///
/// Apple's system names ("Helvetica", "Helvetica-Bold", "HelveticaNeue", "Menlo",
/// ".SFUI-Regular", "Courier", "Times New Roman") resolve to installed fonts with the same
/// metrics (see `FontResolver`); the names a font reports are those of the face it uses.
///
/// An `NSObject` (equal and hashed by value) so that Foundation stores it unboxed in attributed
/// strings; see `CFObjectHeader`.
public final class CTFont: NSObject, @unchecked Sendable {
    // First stored property: Core Foundation reads it as the CF info word.
    private let cfHeader = CFObjectHeader()
    /// The face drawn and measured.
    package let face: FontFace
    /// The em size in points.
    package let size: CGFloat
    /// Applied to glyphs after scaling by `size` (an obliquing shear, for instance).
    package let matrix: CGAffineTransform

    package init(face: FontFace, size: CGFloat, matrix: CGAffineTransform = .identity) {
        self.face = face
        self.size = size
        self.matrix = matrix
        super.init()
    }

    /// A font of `face` at `size`: sizes that are not positive and finite take Core Text's
    /// default of 12 points.
    convenience init(face: FontFace, requestedSize: CGFloat, matrix: UnsafePointer<CGAffineTransform>?) {
        self.init(face: face, size: CTFont.usableSize(requestedSize, default: 12),
                  matrix: CTFont.usableMatrix(matrix?.pointee, default: .identity))
    }

    /// The same face at another size (what a text layer does with its `fontSize`).
    package func withSize(_ size: CGFloat) -> CTFont {
        CTFont(face: face, size: CTFont.usableSize(size, default: 12), matrix: matrix)
    }

    /// A caller's font size, or `fallback` for 0 (Core Text's "the default", said nothing of).
    /// Negative and non-finite sizes also take `fallback`, and sizes past what Pango can take
    /// (its sizes are 32-bit 1/1024 points) are clamped, each with a message: a NaN size used
    /// to be kept silently, and drew nothing.
    static func usableSize(_ size: CGFloat, default fallback: CGFloat) -> CGFloat {
        if size == 0 { return fallback }
        guard size.isFinite, size > 0 else {
            CGDiagnostics.log("CTFont", "a size of \(size) is not a positive finite number; \(fallback) is used.")
            return fallback
        }
        guard size <= PangoUnits.maximumLength else {
            CGDiagnostics.log("CTFont", "a size of \(size) points is clamped to \(PangoUnits.maximumLength).")
            return PangoUnits.maximumLength
        }
        return size
    }

    /// A caller's font matrix, or `fallback` when there is none or one with a field that is not
    /// a finite number (said once: such a matrix draws nothing, or everything at infinity).
    static func usableMatrix(_ matrix: CGAffineTransform?, default fallback: CGAffineTransform) -> CGAffineTransform {
        guard let matrix else { return fallback }
        guard [matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite) else {
            CGDiagnostics.log("CTFont", "a matrix of \(matrix) has fields that are not finite numbers; \(fallback) is used.")
            return fallback
        }
        return matrix
    }

    /// Points per font unit.
    var scale: CGFloat { size / CGFloat(face.unitsPerEm) }

    /// Two fonts are equal when they draw the same face at the same size and matrix.
    public static func == (lhs: CTFont, rhs: CTFont) -> Bool {
        lhs.face === rhs.face && lhs.size == rhs.size && lhs.matrix == rhs.matrix
    }

    /// Equal to another `CTFont` drawing the same face at the same size and matrix.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CTFont else { return false }
        return self == other
    }

    /// Hashes the face and size.
    public override var hash: Int {
        var hasher = Hasher()
        hasher.combine(ObjectIdentifier(face))
        hasher.combine(size)
        return hasher.finalize()
    }

    /// The PostScript name and size, as Core Text describes fonts.
    public override var description: String { "<CTFont \(face.match.postScriptName) \(size) pt>" }
}

// MARK: Creating fonts

/// The font with a PostScript, full or family name at `size` points (12 when `size` is 0), with
/// `matrix` applied to its glyphs (nil for the identity). An unknown name logs one message and
/// gives Helvetica's stand-in, as Core Text falls back to Helvetica.
public func CTFontCreateWithName(_ name: CFString, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let resolution = FontResolver.resolve(name as String, function: "CTFontCreateWithName")
    return CTFont(face: loadFace(resolution.match), requestedSize: size, matrix: matrix)
}

/// The font a descriptor matches, at `size` (the descriptor's size attribute, or 12, when 0).
public func CTFontCreateWithFontDescriptor(_ descriptor: CTFontDescriptor, _ size: CGFloat,
                                           _ matrix: UnsafePointer<CGAffineTransform>?) -> CTFont {
    let requested = size == 0 ? descriptor.size ?? 0 : size
    return CTFont(face: loadFace(descriptor.resolvedMatch), size: CTFont.usableSize(requested, default: 12),
                  matrix: CTFont.usableMatrix(matrix?.pointee ?? descriptor.matrix, default: .identity))
}

/// The font of a `CGFont` at a size. The attributes descriptor is not applied.
public func CTFontCreateWithGraphicsFont(_ graphicsFont: CGFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                         _ attributes: CTFontDescriptor?) -> CTFont {
    CTFont(face: graphicsFont.face, requestedSize: size, matrix: matrix)
}

/// A copy of `font` at another size (0 keeps the font's size) and matrix (nil keeps it), with the
/// attributes of `attributes` that name a different face (family, name, traits) applied.
public func CTFontCreateCopyWithAttributes(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                           _ attributes: CTFontDescriptor?) -> CTFont {
    let face = attributes.flatMap { $0.namesFace ? loadFace($0.resolvedMatch(basedOn: font.face.match)) : nil } ?? font.face
    return CTFont(face: face, size: CTFont.usableSize(size, default: font.size),
                  matrix: CTFont.usableMatrix(matrix?.pointee, default: font.matrix))
}

/// The face of `font`'s family whose bold and italic traits are `(font's & ~symTraitMask) |
/// (symTraitValue & symTraitMask)`; nil when the family has no such face.
public func CTFontCreateCopyWithSymbolicTraits(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                               _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits) -> CTFont? {
    let current = font.face.match
    let traits = current.symbolicTraits.subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    let weight: Int32 = traits.contains(.traitBold) ? (current.isBold ? current.weight : 200) : (current.isBold ? 80 : current.weight)
    let slant: Int32 = traits.contains(.traitItalic) ? (current.isItalic ? current.slant : 100) : 0
    guard let match = FontResolver.match(family: current.family, weight: weight, slant: slant),
          match.family == current.family, match.symbolicTraits.intersection([.traitBold, .traitItalic])
            == traits.intersection([.traitBold, .traitItalic]),
          let face = FontFace.face(for: match) else { return nil }
    return CTFont(face: face, size: CTFont.usableSize(size, default: font.size),
                  matrix: CTFont.usableMatrix(matrix?.pointee, default: font.matrix))
}

/// A copy of `font` in another family (the closest face to its traits); nil when the family is
/// not installed.
public func CTFontCreateCopyWithFamily(_ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
                                       _ family: CFString) -> CTFont? {
    guard let match = FontResolver.match(family: family as String, weight: font.face.match.weight, slant: font.face.match.slant),
          match.family.caseInsensitiveCompare(family as String) == .orderedSame, let face = FontFace.face(for: match) else { return nil }
    return CTFont(face: face, size: CTFont.usableSize(size, default: font.size),
                  matrix: CTFont.usableMatrix(matrix?.pointee, default: font.matrix))
}

/// The font for a user-interface role at `size` (0 for the role's default size). The system
/// fonts are Helvetica's stand-in (San Francisco has no metric-compatible free font); the fixed
/// pitch one is Menlo's. `language` does not change the face: fontconfig falls back per script.
public func CTFontCreateUIFontForLanguage(_ uiType: CTFontUIFontType, _ size: CGFloat, _ language: CFString?) -> CTFont? {
    let (name, defaultSize): (String, CGFloat)
    switch uiType {
    case .none: return nil
    case .userFixedPitch: (name, defaultSize) = ("Menlo-Regular", 10)
    case .user: (name, defaultSize) = ("Helvetica", 12)
    case .emphasizedSystem, .alertHeader, .windowTitle: (name, defaultSize) = ("Helvetica-Bold", 13)
    case .smallEmphasizedSystem, .emphasizedSystemDetail: (name, defaultSize) = ("Helvetica-Bold", 11)
    case .miniEmphasizedSystem: (name, defaultSize) = ("Helvetica-Bold", 9)
    case .smallSystem, .systemDetail, .toolTip, .utilityWindowTitle, .smallToolbar, .palette: (name, defaultSize) = ("Helvetica", 11)
    case .miniSystem: (name, defaultSize) = ("Helvetica", 9)
    case .label: (name, defaultSize) = ("Helvetica", 10)
    case .menuItem, .menuItemMark, .menuItemCmdKey: (name, defaultSize) = ("Helvetica", 14)
    case .system, .views, .application, .pushButton, .toolbar, .message, .controlContent: (name, defaultSize) = ("Helvetica", 13)
    }
    return CTFontCreateWithName(name as CFString, size > 0 ? size : defaultSize, nil)
}

/// The face for a match; the fallback face when the file cannot be read (fontconfig listed a
/// font that is gone): drawing something beats trapping.
func loadFace(_ match: FontMatch) -> FontFace {
    if let face = FontFace.face(for: match) { return face }
    CGDiagnostics.log("CTFont", "could not read \(match.file); using \(FontResolver.fallbackName)'s stand-in.")
    return FontFace.face(for: FontResolver.resolve(FontResolver.fallbackName).match)!
}

// MARK: Metrics (in points)

/// The em size in points.
public func CTFontGetSize(_ font: CTFont) -> CGFloat { font.size }
/// The font's matrix (the identity unless one was given).
public func CTFontGetMatrix(_ font: CTFont) -> CGAffineTransform { font.matrix }
/// The distance from the baseline to the top of the line, in points.
public func CTFontGetAscent(_ font: CTFont) -> CGFloat { CGFloat(font.face.ascent) * font.scale }
/// The distance from the baseline to the bottom of the line, in points (positive).
public func CTFontGetDescent(_ font: CTFont) -> CGFloat { CGFloat(font.face.descent) * font.scale }
/// The line gap below the descent, in points.
public func CTFontGetLeading(_ font: CTFont) -> CGFloat { CGFloat(font.face.leading) * font.scale }
/// The height of capital letters above the baseline, in points.
public func CTFontGetCapHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.capHeight) * font.scale }
/// The height of lowercase letters above the baseline, in points.
public func CTFontGetXHeight(_ font: CTFont) -> CGFloat { CGFloat(font.face.xHeight) * font.scale }
/// Font units per em.
public func CTFontGetUnitsPerEm(_ font: CTFont) -> UInt32 { UInt32(font.face.unitsPerEm) }
/// The number of glyphs in the font.
public func CTFontGetGlyphCount(_ font: CTFont) -> CFIndex { font.face.glyphCount }
/// The union of every glyph's bounds, in points.
public func CTFontGetBoundingBox(_ font: CTFont) -> CGRect {
    let box = font.face.boundingBox
    let s = font.scale
    return CGRect(x: box.minX * s, y: box.minY * s, width: box.width * s, height: box.height * s)
}
/// The underline's offset from the baseline (negative: below it), in points.
public func CTFontGetUnderlinePosition(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlinePosition) * font.scale }
/// The underline's thickness, in points.
public func CTFontGetUnderlineThickness(_ font: CTFont) -> CGFloat { CGFloat(font.face.underlineThickness) * font.scale }
/// The slant angle in degrees (negative for fonts that lean right).
public func CTFontGetSlantAngle(_ font: CTFont) -> CGFloat { font.face.italicAngle }
/// Bold, italic, monospaced, … as flags.
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits { font.face.match.symbolicTraits }

/// The traits dictionary: `kCTFontSymbolicTrait` (a number) and `kCTFontWeightTrait`,
/// `kCTFontWidthTrait`, `kCTFontSlantTrait` (normalized numbers).
public func CTFontCopyTraits(_ font: CTFont) -> CFDictionary {
    let match = font.face.match
    let slant = match.isItalic ? min(max(-font.face.italicAngle / 30, 0), 1) : 0
    return [kCTFontSymbolicTrait: NSNumber(value: match.symbolicTraits.rawValue),
            kCTFontWeightTrait: NSNumber(value: Double(match.normalizedWeight)),
            kCTFontWidthTrait: NSNumber(value: 0.0),
            kCTFontSlantTrait: NSNumber(value: Double(slant))] as NSDictionary
}

// MARK: Names

/// The PostScript name of the face ("LiberationSans-Bold").
public func CTFontCopyPostScriptName(_ font: CTFont) -> CFString { font.face.match.postScriptName as CFString }
/// The family name ("Liberation Sans").
public func CTFontCopyFamilyName(_ font: CTFont) -> CFString { font.face.match.family as CFString }
/// The full name ("Liberation Sans Bold").
public func CTFontCopyFullName(_ font: CTFont) -> CFString { font.face.match.fullName as CFString }
/// The name to show to people: the full name.
public func CTFontCopyDisplayName(_ font: CTFont) -> CFString { font.face.match.fullName as CFString }

/// The name table entries Core Text names by these keys.
nonisolated(unsafe) public let kCTFontFamilyNameKey: CFString = "family"
/// The style name key ("Bold Italic").
nonisolated(unsafe) public let kCTFontStyleNameKey: CFString = "subfamily"
/// The full name key.
nonisolated(unsafe) public let kCTFontFullNameKey: CFString = "full"
/// The PostScript name key.
nonisolated(unsafe) public let kCTFontPostScriptNameKey: CFString = "postscript"

/// A name of the font by key (`kCTFontFamilyNameKey`, …); nil for keys it does not hold.
public func CTFontCopyName(_ font: CTFont, _ nameKey: CFString) -> CFString? {
    let match = font.face.match
    switch nameKey as String {
    case String(kCTFontFamilyNameKey): return match.family as CFString
    case String(kCTFontStyleNameKey): return match.style as CFString
    case String(kCTFontFullNameKey): return match.fullName as CFString
    case String(kCTFontPostScriptNameKey): return match.postScriptName as CFString
    default: return nil
    }
}

/// The font's face as a `CGFont`; `attributes`, when given, receives nil.
public func CTFontCopyGraphicsFont(_ font: CTFont, _ attributes: UnsafeMutablePointer<Unmanaged<CTFontDescriptor>?>?) -> CGFont {
    attributes?.pointee = nil
    return CGFont(face: font.face)
}

/// A descriptor naming this font (its PostScript name and size).
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor {
    CTFontDescriptor(attributes: [String(kCTFontNameAttribute): font.face.match.postScriptName,
                                  String(kCTFontSizeAttribute): font.size], match: font.face.match)
}

// MARK: Glyphs

/// Maps UTF-16 characters to the font's glyphs, writing 0 where the font has none (and 0 in the
/// second slot of a surrogate pair). True when every character has a glyph.
public func CTFontGetGlyphsForCharacters(_ font: CTFont, _ characters: UnsafePointer<UniChar>, _ glyphs: UnsafeMutablePointer<CGGlyph>,
                                         _ count: CFIndex) -> Bool {
    var all = true
    var i = 0
    while i < count {
        let unit = characters[i]
        var scalar = UInt32(unit)
        var width = 1
        if UTF16.isLeadSurrogate(unit), i + 1 < count, UTF16.isTrailSurrogate(characters[i + 1]) {
            scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(characters[i + 1] - 0xDC00)
            width = 2
        }
        let glyph = font.face.glyph(for: scalar)
        if glyph == 0 { all = false }
        glyphs[i] = glyph
        if width == 2 { glyphs[i + 1] = 0 }
        i += width
    }
    return all
}

/// Writes each glyph's advance in points (when `advances` is given) and returns their sum.
public func CTFontGetAdvancesForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                       _ advances: UnsafeMutablePointer<CGSize>?, _ count: CFIndex) -> Double {
    var total = 0.0
    for i in 0..<max(count, 0) {
        let width = CGFloat(font.face.advance(of: glyphs[i])) * font.scale
        let advance = CGSize(width: width, height: 0).applying(font.matrix)
        advances?[i] = advance
        total += Double(advance.width)
    }
    return total
}

/// Writes each glyph's ink bounds in points (when `boundingRects` is given) and returns their
/// union.
public func CTFontGetBoundingRectsForGlyphs(_ font: CTFont, _ orientation: CTFontOrientation, _ glyphs: UnsafePointer<CGGlyph>,
                                            _ boundingRects: UnsafeMutablePointer<CGRect>?, _ count: CFIndex) -> CGRect {
    var union = CGRect.null
    let s = font.scale
    for i in 0..<max(count, 0) {
        let b = font.face.bounds(of: glyphs[i])
        let rect = CGRect(x: b.minX * s, y: b.minY * s, width: b.width * s, height: b.height * s).applying(font.matrix)
        boundingRects?[i] = rect
        if !rect.isEmpty { union = union.union(rect) }
    }
    return union.isNull ? .zero : union
}

/// The glyph's outline in points, baseline origin, y up, transformed by the font's matrix and
/// then `matrix`; nil for glyphs without contours (a space).
public func CTFontCreatePathForGlyph(_ font: CTFont, _ glyph: CGGlyph, _ matrix: UnsafePointer<CGAffineTransform>?) -> CGPath? {
    guard Int(glyph) < font.face.glyphCount else { return nil }
    return font.face.path(of: glyph, size: font.size, transform: font.matrix.concatenating(matrix?.pointee ?? .identity))
}

/// Draws glyphs of the font at positions in text space (the context's text matrix maps them) with
/// the context's fill color.
public func CTFontDrawGlyphs(_ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int,
                             _ context: CGContext) {
    guard count > 0 else { return }
    context.showGlyphs(Array(UnsafeBufferPointer(start: glyphs, count: count)), at: Array(UnsafeBufferPointer(start: positions, count: count)),
                       face: font.face, size: font.size, fontMatrix: font.matrix)
}
