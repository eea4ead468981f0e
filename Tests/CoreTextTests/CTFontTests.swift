import XCTest
import CCairo
import CoreText

/// Fonts: Apple's names resolve to metric-compatible fonts, and metrics, glyphs and outlines
/// agree with FreeType reading the same file.
final class CTFontTests: XCTestCase {
    func testAppleNamesResolveToMetricCompatibleFonts() {
        let expected: [(String, String, CTFontSymbolicTraits)] = [
            ("Helvetica", "Liberation Sans", []),
            ("Helvetica-Bold", "Liberation Sans", .traitBold),
            ("HelveticaNeue", "Liberation Sans", []),
            ("HelveticaNeue-BoldItalic", "Liberation Sans", [.traitBold, .traitItalic]),
            (".SFUI-Regular", "Liberation Sans", []),
            ("Arial", "Liberation Sans", []),
            ("ArialMT", "Liberation Sans", []),
            ("Arial-BoldMT", "Liberation Sans", .traitBold),
            ("Arial-BoldItalicMT", "Liberation Sans", [.traitBold, .traitItalic]),
            ("TimesNewRomanPS-ItalicMT", "Liberation Serif", .traitItalic),
            ("CourierNewPS-BoldMT", "Liberation Mono", [.traitMonoSpace, .traitBold]),
            ("Menlo", "DejaVu Sans Mono", .traitMonoSpace),
            ("Menlo-Bold", "DejaVu Sans Mono", [.traitMonoSpace, .traitBold]),
            ("Courier", "Liberation Mono", .traitMonoSpace),
            ("Times New Roman", "Liberation Serif", []),
            ("Times-Italic", "Liberation Serif", .traitItalic),
            ("DejaVu Sans", "DejaVu Sans", []),
            ("LiberationSerif-Bold", "Liberation Serif", .traitBold),
        ]
        let messages = CGDiagnostics.collecting {
            for (name, family, traits) in expected {
                let font = CTFontCreateWithName(name as CFString, 14, nil)
                XCTAssertEqual(CTFontCopyFamilyName(font) as String, family, name)
                XCTAssertEqual(CTFontGetSymbolicTraits(font).intersection([.traitBold, .traitItalic, .traitMonoSpace]), traits, name)
                XCTAssertEqual(CTFontGetSize(font), 14)
            }
        }
        XCTAssertEqual(messages, [], "known names must not log")
        XCTAssertEqual(CTFontCopyPostScriptName(CTFontCreateWithName("Helvetica-Bold" as CFString, 12, nil)) as String, "LiberationSans-Bold")
        XCTAssertEqual(CTFontCopyFullName(CTFontCreateWithName("Courier" as CFString, 12, nil)) as String, "Liberation Mono")
    }

    func testAnUnknownNameLogsOnceAndFallsBackToHelveticasStandIn() {
        var fonts: [CTFont] = []
        let messages = CGDiagnostics.collecting {
            fonts.append(CTFontCreateWithName("NoSuchFont-Regular" as CFString, 12, nil))
            fonts.append(CTFontCreateWithName("NoSuchFont-Regular" as CFString, 20, nil))
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("NoSuchFont-Regular") ?? false)
        XCTAssertEqual(fonts.map { CTFontCopyFamilyName($0) as String }, ["Liberation Sans", "Liberation Sans"])
        XCTAssertEqual(CTFontGetSize(fonts[1]), 20)
    }

    func testSizeZeroIsTwelvePoints() {
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, 0, nil)), 12)
        XCTAssertEqual(CTFontGetSize(CTFontCreateUIFontForLanguage(.system, 0, nil)!), 13)
        XCTAssertNil(CTFontCreateUIFontForLanguage(.none, 0, nil))
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateUIFontForLanguage(.userFixedPitch, 0, nil)!) as String, "DejaVu Sans Mono")
    }

    /// Metrics within 0.5 pt of FreeType's for the file fontconfig matches.
    func testMetricsMatchFreeType() throws {
        for (name, size) in [("Helvetica", 24.0), ("Times New Roman", 17.0), ("Menlo", 13.0), ("DejaVu Sans", 40.0)] {
            let font = CTFontCreateWithName(name as CFString, CGFloat(size), nil)
            let reference = try FreeTypeFace(file: FontFileOf(font))
            let scale = size / Double(reference.unitsPerEm)
            XCTAssertEqual(Double(CTFontGetUnitsPerEm(font)), Double(reference.unitsPerEm), name)
            XCTAssertEqual(Double(CTFontGetAscent(font)), Double(reference.ascender) * scale, accuracy: 0.5, name)
            XCTAssertEqual(Double(CTFontGetDescent(font)), Double(-reference.descender) * scale, accuracy: 0.5, name)
            XCTAssertEqual(Double(CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)),
                           Double(reference.height) * scale, accuracy: 0.5, name)
            XCTAssertEqual(Double(CTFontGetCapHeight(font)), Double(reference.capHeight) * scale, accuracy: 0.5, name)
            XCTAssertEqual(Double(CTFontGetXHeight(font)), Double(reference.xHeight) * scale, accuracy: 0.5, name)
            let box = CTFontGetBoundingBox(font)
            XCTAssertEqual(Double(box.minY), Double(reference.bbox.yMin) * scale, accuracy: 0.5, name)
            XCTAssertEqual(Double(box.maxX), Double(reference.bbox.xMax) * scale, accuracy: 0.5, name)
            // Glyphs and advances of "Hamburgefonts".
            let characters = Array("Hamburgefonts".utf16)
            var glyphs = [CGGlyph](repeating: 0, count: characters.count)
            XCTAssertTrue(CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count), name)
            var advances = [CGSize](repeating: .zero, count: glyphs.count)
            let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
            for (i, character) in characters.enumerated() {
                let (glyph, advance) = reference.glyph(for: UInt32(character))
                XCTAssertEqual(glyphs[i], CGGlyph(glyph), name)
                XCTAssertEqual(Double(advances[i].width), Double(advance) * scale, accuracy: 0.01, name)
            }
            XCTAssertEqual(total, advances.reduce(0) { $0 + Double($1.width) }, accuracy: 1e-9)
        }
    }

    func testGlyphPathsAreOutlinesInPointsBaselineOriginYUp() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 100, nil)
        var glyph: CGGlyph = 0
        var character: UniChar = 0x48 // "H"
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &character, &glyph, 1))
        let path = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyph, nil))
        let box = path.boundingBox
        // H stands on the baseline and reaches the cap height.
        XCTAssertEqual(box.minY, 0, accuracy: 0.5)
        XCTAssertEqual(box.maxY, CTFontGetCapHeight(font), accuracy: 0.5)
        var rect = CGRect.zero
        _ = CTFontGetBoundingRectsForGlyphs(font, .horizontal, &glyph, &rect, 1)
        XCTAssertEqual(box.minX, rect.minX, accuracy: 0.5)
        XCTAssertEqual(box.width, rect.width, accuracy: 0.5)
        XCTAssertTrue(path.contains(CGPoint(x: box.minX + 3, y: 30)), "the left stem is filled")
        XCTAssertFalse(path.contains(CGPoint(x: box.midX, y: 10)), "between the stems is empty")
        var shift = CGAffineTransform(translationX: 10, y: 20)
        XCTAssertEqual(CTFontCreatePathForGlyph(font, glyph, &shift)!.boundingBox.minY, 20, accuracy: 0.5)
        var space: UniChar = 0x20
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &space, &glyph, 1))
        XCTAssertNil(CTFontCreatePathForGlyph(font, glyph, nil), "a space has no outline")
    }

    func testCopiesWithTraitsAndAttributes() throws {
        let regular = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        let bold = try XCTUnwrap(CTFontCreateCopyWithSymbolicTraits(regular, 0, nil, .traitBold, .traitBold))
        XCTAssertEqual(CTFontCopyPostScriptName(bold) as String, "LiberationSans-Bold")
        XCTAssertEqual(CTFontGetSize(bold), 12)
        let italic = try XCTUnwrap(CTFontCreateCopyWithSymbolicTraits(bold, 30, nil, .traitItalic, [.traitItalic, .traitBold]))
        XCTAssertEqual(CTFontCopyPostScriptName(italic) as String, "LiberationSans-Italic")
        XCTAssertEqual(CTFontGetSize(italic), 30)
        let bigger = CTFontCreateCopyWithAttributes(regular, 48, nil, nil)
        XCTAssertEqual(CTFontGetSize(bigger), 48)
        XCTAssertEqual(CTFontCopyPostScriptName(bigger) as String, "LiberationSans")
        let serif = CTFontCreateCopyWithAttributes(regular, 0, nil,
                                                   CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "Times"] as NSDictionary))
        XCTAssertEqual(CTFontCopyFamilyName(serif) as String, "Liberation Serif")
        XCTAssertEqual(CTFontGetSize(serif), 12)
    }

    func testDescriptorsMatchInstalledFaces() throws {
        let descriptor = CTFontDescriptorCreateWithAttributes([
            kCTFontFamilyNameAttribute: "Helvetica",
            kCTFontTraitsAttribute: [kCTFontSymbolicTrait: CTFontSymbolicTraits.traitBold.rawValue] as NSDictionary,
            kCTFontSizeAttribute: 18,
        ] as NSDictionary)
        let font = CTFontCreateWithFontDescriptor(descriptor, 0, nil)
        XCTAssertEqual(CTFontCopyPostScriptName(font) as String, "LiberationSans-Bold")
        XCTAssertEqual(CTFontGetSize(font), 18)
        let named = CTFontDescriptorCreateWithNameAndSize("Menlo" as CFString, 11)
        XCTAssertEqual(CTFontDescriptorCopyAttribute(named, kCTFontFamilyNameAttribute) as? NSString, "DejaVu Sans Mono")
        let matches = try XCTUnwrap(CTFontDescriptorCreateMatchingFontDescriptors(
            CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "Liberation Sans"] as NSDictionary), nil))
        let names = (matches as? [Any] ?? []).compactMap { CTFontDescriptorCopyAttribute($0 as! CTFontDescriptor, kCTFontNameAttribute) as? NSString }
        XCTAssertEqual(Set(names.map(String.init)), ["LiberationSans", "LiberationSans-Bold", "LiberationSans-Italic", "LiberationSans-BoldItalic"])
        let all = try XCTUnwrap(CTFontCollectionCreateMatchingFontDescriptors(CTFontCollectionCreateFromAvailableFonts(nil)))
        XCTAssertGreaterThan(all.count, 10)
        let traits = CTFontCopyTraits(CTFontCreateWithName("Helvetica-Bold" as CFString, 12, nil))
        XCTAssertEqual((traits[kCTFontWeightTrait] as? NSNumber)?.doubleValue ?? -1, 0.4, accuracy: 0.01)
    }

    func testCGFontByNameAndFromAFile() throws {
        let byName = try XCTUnwrap(CGFont("Helvetica-Bold" as CFString))
        XCTAssertEqual(byName.postScriptName as String?, "LiberationSans-Bold")
        XCTAssertEqual(byName.unitsPerEm, 2048)
        XCTAssertLessThan(byName.descent, 0, "Core Graphics reports the descent as negative")
        var unknown: CGFont?
        _ = CGDiagnostics.collecting { unknown = CGFont("NoSuchFont-Bold" as CFString) }
        XCTAssertNil(unknown, "Core Graphics has no fallback for a name")
        let file = FontFileOf(CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil))
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let fromFile = try XCTUnwrap(CGFont(CGDataProvider(data: data as NSData)!))
        XCTAssertEqual(fromFile.postScriptName as String?, "DejaVuSans")
        XCTAssertEqual(fromFile.numberOfGlyphs, try FreeTypeFace(file: file).glyphCount)
        XCTAssertNotEqual(fromFile.getGlyphWithGlyphName(name: "A" as CFString), 0)
        let font = CTFontCreateWithGraphicsFont(fromFile, 20, nil, nil)
        XCTAssertEqual(CTFontGetSize(font), 20)
        var notAFont: CGFont?
        let messages = CGDiagnostics.collecting { notAFont = CGFont(CGDataProvider(data: Data("hello".utf8) as NSData)!) }
        XCTAssertNil(notAFont)
        XCTAssertEqual(messages.count, 1)
    }
}

/// The file a font draws from (read through its `CGFont`'s face).
func FontFileOf(_ font: CTFont) -> String {
    CTFontCopyGraphicsFont(font, nil).face.match.file
}

/// FreeType's view of a font file, the reference for the metric tests.
struct FreeTypeFace {
    var unitsPerEm: Int, ascender: Int, descender: Int, height: Int, capHeight: Int, xHeight: Int, glyphCount: Int
    var bbox: (xMin: Int, yMin: Int, xMax: Int, yMax: Int)
    private let lookup: (UInt32) -> (UInt32, Int)

    init(file: String) throws {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw CocoaError(.fileReadUnknown) }
        var face: FT_Face?
        guard FT_New_Face(library, file, 0, &face) == 0, let face else { throw CocoaError(.fileReadCorruptFile) }
        let f = face.pointee
        unitsPerEm = Int(f.units_per_EM)
        ascender = Int(f.ascender)
        descender = Int(f.descender)
        height = Int(f.height)
        glyphCount = Int(f.num_glyphs)
        bbox = (Int(f.bbox.xMin), Int(f.bbox.yMin), Int(f.bbox.xMax), Int(f.bbox.yMax))
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        // Fonts with an old OS/2 table have no cap or x height: the tops of "H" and "x" are.
        func top(_ scalar: FT_ULong) -> Int {
            FT_Load_Glyph(face, FT_Get_Char_Index(face, scalar), Int32(FT_LOAD_NO_SCALE))
            return Int(face.pointee.glyph.pointee.metrics.horiBearingY)
        }
        capHeight = Int(os2?.sCapHeight ?? 0) > 0 ? Int(os2!.sCapHeight) : top(0x48)
        xHeight = Int(os2?.sxHeight ?? 0) > 0 ? Int(os2!.sxHeight) : top(0x78)
        var glyphs: [UInt32: (UInt32, Int)] = [:]
        for scalar in UInt32(0x20)...0x7E {
            let index = FT_Get_Char_Index(face, FT_ULong(scalar))
            FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE))
            glyphs[scalar] = (index, Int(face.pointee.glyph.pointee.advance.x))
        }
        lookup = { glyphs[$0] ?? (0, 0) }
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The glyph index and advance (font units) of an ASCII character.
    func glyph(for scalar: UInt32) -> (UInt32, Int) { lookup(scalar) }
}
