import CCairo

/// A glyph index in a font.
public typealias CGGlyph = UInt16

/// A font face without a size: the glyphs `CGContext.showGlyphs(_:at:)` draws, and the
/// font-unit metrics of the face. Made by name (through fontconfig, with Apple's system names
/// mapped to metric-compatible fonts) or from a font file's bytes.
public final class CGFont: @unchecked Sendable {
    /// The face: tables through HarfBuzz, drawing through cairo.
    package let face: FontFace

    package init(face: FontFace) {
        self.face = face
    }

    /// The font with this PostScript, full or family name; Apple's system names resolve to the
    /// fonts installed with metrics like theirs. nil for a name no font answers to (as Core
    /// Graphics returns), with one message per name.
    public convenience init?(_ name: CFString) {
        let resolution = FontResolver.resolve(name as String, function: "CGFontCreateWithFontName")
        guard resolution.isKnown else { return nil }  // the resolver said so, once
        guard let face = FontFace.face(for: resolution.match) else {
            CGDiagnostics.log("CGFontCreateWithFontName", "font \"\(name)\" could not be loaded.")
            return nil
        }
        self.init(face: face)
    }

    /// The first face of the TrueType, OpenType or CFF font file the provider holds; nil (with a
    /// message) when its bytes are not a font.
    public convenience init?(_ provider: CGDataProvider) {
        guard let face = FontFace.face(fontData: provider.bytes) else {
            CGDiagnostics.log("CGFontCreateWithDataProvider", "the data is not a font file this system can read.")
            return nil
        }
        self.init(face: face)
    }

    /// The PostScript name ("LiberationSans-Bold").
    public var postScriptName: CFString? { face.match.postScriptName as CFString }
    /// The full name ("Liberation Sans Bold").
    public var fullName: CFString? { face.match.fullName as CFString }
    /// How many glyphs the font has.
    public var numberOfGlyphs: Int { face.glyphCount }
    /// Font units per em (2048 for most TrueType fonts, 1000 for CFF ones).
    public var unitsPerEm: Int32 { Int32(face.unitsPerEm) }
    /// The ascent in font units.
    public var ascent: Int32 { Int32(face.ascent) }
    /// The descent in font units: negative, below the baseline, as Core Graphics reports it.
    public var descent: Int32 { Int32(-face.descent) }
    /// The line gap in font units.
    public var leading: Int32 { Int32(face.leading) }
    /// The height of capital letters in font units (measured from "H" when the font omits it).
    public var capHeight: Int32 { Int32(face.capHeight) }
    /// The height of lowercase letters in font units (measured from "x" when the font omits it).
    public var xHeight: Int32 { Int32(face.xHeight) }
    /// The union of every glyph's bounds, in font units.
    public var fontBBox: CGRect { face.boundingBox }
    /// Degrees counter-clockwise from vertical; negative for fonts that lean right.
    public var italicAngle: CGFloat { face.italicAngle }
    /// The dominant width of vertical stems, estimated from the weight (fonts rarely store it).
    public var stemV: CGFloat { CGFloat(face.unitsPerEm) * (face.match.isBold ? 0.14 : 0.08) }

    /// The glyph with a PostScript glyph name ("A", "uni0627"), 0 when there is none.
    public func getGlyphWithGlyphName(name: CFString) -> CGGlyph {
        face.glyph(named: name as String) ?? 0
    }

    /// The PostScript name of a glyph, nil when the font names none.
    public func name(for glyph: CGGlyph) -> CFString? {
        face.name(of: glyph).map { $0 as CFString }
    }

    /// Writes the advance of each glyph in font units. False when a glyph is out of range.
    public func getGlyphAdvances(glyphs: UnsafePointer<CGGlyph>, count: Int, advances: UnsafeMutablePointer<Int32>) -> Bool {
        var ok = true
        for i in 0..<max(count, 0) {
            if Int(glyphs[i]) >= face.glyphCount { ok = false }
            advances[i] = Int32(face.advance(of: glyphs[i]))
        }
        return ok
    }

    /// Writes each glyph's bounding box in font units. False when a glyph is out of range.
    public func getGlyphBBoxes(glyphs: UnsafePointer<CGGlyph>, count: Int, bboxes: UnsafeMutablePointer<CGRect>) -> Bool {
        var ok = true
        for i in 0..<max(count, 0) {
            if Int(glyphs[i]) >= face.glyphCount { ok = false }
            bboxes[i] = face.bounds(of: glyphs[i])
        }
        return ok
    }
}
