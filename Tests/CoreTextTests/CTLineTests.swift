import XCTest
import CoreText

/// An attributed string in one font (and optional attributes).
func attributed(_ string: String, _ font: CTFont, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
    var attributes = extra
    attributes[.font] = font
    return NSAttributedString(string: string, attributes: attributes)
}

/// The runs of a line.
func runs(_ line: CTLine) -> [CTRun] { (CTLineGetGlyphRuns(line) as? [Any] ?? []).map { $0 as! CTRun } }

/// A run's glyphs, positions and string indices.
func contents(_ run: CTRun) -> (glyphs: [CGGlyph], positions: [CGPoint], indices: [CFIndex]) {
    let n = CTRunGetGlyphCount(run)
    var glyphs = [CGGlyph](repeating: 0, count: n)
    var positions = [CGPoint](repeating: .zero, count: n)
    var indices = [CFIndex](repeating: 0, count: n)
    CTRunGetGlyphs(run, CFRange(), &glyphs)
    CTRunGetPositions(run, CFRange(), &positions)
    CTRunGetStringIndices(run, CFRange(), &indices)
    return (glyphs, positions, indices)
}

let arabic = "مرحبا بالعالم"
let hindi = "नमस्ते दुनिया"

final class CTLineTests: XCTestCase {
    let menlo = CTFontCreateWithName("Menlo" as CFString, 20, nil)
    let helvetica = CTFontCreateWithName("Helvetica" as CFString, 24, nil)

    func testTypographicBoundsAndGlyphPositions() {
        // Menlo has no kerning: every glyph advances by the font's advance, from x = 0.
        let line = CTLineCreateWithAttributedString(attributed("Hello", menlo))
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
        var glyphs = [CGGlyph](repeating: 0, count: 5)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(menlo, Array("Hello".utf16), &glyphs, 5))
        var advances = [CGSize](repeating: .zero, count: 5)
        let expected = CTFontGetAdvancesForGlyphs(menlo, .horizontal, glyphs, &advances, 5)
        XCTAssertEqual(width, expected, accuracy: 0.01)
        XCTAssertEqual(ascent, CTFontGetAscent(menlo), accuracy: 1e-6)
        XCTAssertEqual(descent, CTFontGetDescent(menlo), accuracy: 1e-6)
        XCTAssertEqual(leading, CTFontGetLeading(menlo), accuracy: 1e-6)
        XCTAssertEqual(CTLineGetGlyphCount(line), 5)
        XCTAssertEqual(CTLineGetStringRange(line), CFRange(location: 0, length: 5))
        let lineRuns = runs(line)
        XCTAssertEqual(lineRuns.count, 1)
        let run = contents(lineRuns[0])
        XCTAssertEqual(run.glyphs, glyphs)
        XCTAssertEqual(run.indices, [0, 1, 2, 3, 4])
        for i in 0..<5 {
            XCTAssertEqual(run.positions[i].x, advances[0].width * CGFloat(i), accuracy: 0.01)
            XCTAssertEqual(run.positions[i].y, 0)
        }
        XCTAssertTrue(CTRunGetAttributes(lineRuns[0])[kCTFontAttributeName] as? CTFont === menlo)
    }

    /// Apple: every logical caret edge, "in left-to-right visual order", `leadingEdge` logical.
    func testCaretOffsetsComeInVisualOrder() {
        func edges(_ string: String) -> [(offset: Double, index: CFIndex, leading: Bool)] {
            var out: [(offset: Double, index: CFIndex, leading: Bool)] = []
            CTLineEnumerateCaretOffsets(CTLineCreateWithAttributedString(attributed(string, helvetica))) { offset, index, leading, _ in
                out.append((offset, index, leading))
            }
            return out
        }
        // Left to right: each character's leading edge, then its trailing one.
        let latin = edges("ab")
        XCTAssertEqual(latin.map(\.index), [0, 0, 1, 1])
        XCTAssertEqual(latin.map(\.leading), [true, false, true, false])
        // Hebrew, right to left: the last character is leftmost, its trailing edge at 0 first;
        // at the join, the right edge of the left character (its leading one) before the left
        // edge of the next.
        let hebrew = edges("אב")
        XCTAssertEqual(hebrew.map(\.index), [1, 1, 0, 0])
        XCTAssertEqual(hebrew.map(\.leading), [false, true, false, true])
        XCTAssertEqual(hebrew[0].offset, 0, accuracy: 0.01)
        // Mixed: offsets never go back.
        let mixed = edges("ab אב cd")
        XCTAssertEqual(mixed.count, 16)
        XCTAssertEqual(mixed.map(\.offset), mixed.map(\.offset).sorted())
        XCTAssertEqual(Set(mixed.map(\.index)), Set(0..<8))
    }

    func testKerningAndAttributeRuns() {
        let plain = CTLineCreateWithAttributedString(attributed("AVAVAV", helvetica))
        let spaced = CTLineCreateWithAttributedString(attributed("AVAVAV", helvetica, [.kern: 3.0]))
        XCTAssertEqual(CTLineGetTypographicBounds(spaced, nil, nil, nil) - CTLineGetTypographicBounds(plain, nil, nil, nil), 18, accuracy: 0.5)
        // Each glyph moves by 3 points per character before it.
        let (plainPositions, spacedPositions) = (runs(plain).flatMap { contents($0).positions }, runs(spaced).flatMap { contents($0).positions })
        for i in 0..<6 { XCTAssertEqual(spacedPositions[i].x - plainPositions[i].x, 3 * CGFloat(i), accuracy: 0.01) }
        // A color change starts a new run, as in Core Text.
        let mixed = NSMutableAttributedString(attributedString: attributed("red blue", helvetica))
        mixed.addAttribute(NSAttributedString.Key(kCTForegroundColorAttributeName as String), value: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                           range: NSRange(location: 0, length: 3))
        let line = CTLineCreateWithAttributedString(mixed)
        XCTAssertEqual(runs(line).map { CTRunGetStringRange($0) }, [CFRange(location: 0, length: 3), CFRange(location: 3, length: 5)])
        XCTAssertNotNil(CTRunGetAttributes(runs(line)[0])[kCTForegroundColorAttributeName])
    }

    func testLigaturesFollowTheAttribute() {
        // DejaVu Sans joins "fi" by default; level 0 keeps two glyphs.
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil)
        XCTAssertEqual(CTLineGetGlyphCount(CTLineCreateWithAttributedString(attributed("fi", font))), 1)
        XCTAssertEqual(CTLineGetGlyphCount(CTLineCreateWithAttributedString(attributed("fi", font, [.ligature: 0]))), 2)
    }

    func testCaretOffsetsRoundTripWithStringIndices() {
        // Where left-to-right and right-to-left text meet, two indices share one x (Core Text's
        // too): there the round trip holds for the offset.
        for string in ["Hello, world", "fi office", arabic, hindi, "abc \(arabic) def", "e\u{301}te\u{301}"] {
            let mixed = string.hasPrefix("abc")
            let line = CTLineCreateWithAttributedString(attributed(string, helvetica))
            let length = (string as NSString).length
            var offsets: [CGFloat] = []
            var index = 0
            for character in string {
                offsets.append(CTLineGetOffsetForStringIndex(line, index, nil))
                let back = CTLineGetStringIndexForPosition(line, CGPoint(x: offsets.last!, y: 0))
                if mixed {
                    XCTAssertEqual(CTLineGetOffsetForStringIndex(line, back, nil), offsets.last!, accuracy: 0.01, "\(string) at \(index)")
                } else {
                    XCTAssertEqual(back, index, "\(string) at \(index)")
                }
                index += character.utf16.count
            }
            let end = CTLineGetOffsetForStringIndex(line, length, nil)
            XCTAssertEqual(CTLineGetStringIndexForPosition(line, CGPoint(x: end, y: 0)), length, string)
            if !mixed { XCTAssertEqual(Set(offsets + [end]).count, offsets.count + 1, "\(string): each caret has its own offset") }
        }
        // Left to right: offsets grow; right to left: they shrink from the line's width.
        let latin = CTLineCreateWithAttributedString(attributed("abc", helvetica))
        XCTAssertEqual(CTLineGetOffsetForStringIndex(latin, 0, nil), 0)
        XCTAssertEqual(Double(CTLineGetOffsetForStringIndex(latin, 3, nil)), CTLineGetTypographicBounds(latin, nil, nil, nil), accuracy: 0.01)
        let rtl = CTLineCreateWithAttributedString(attributed(arabic, helvetica))
        XCTAssertEqual(Double(CTLineGetOffsetForStringIndex(rtl, 0, nil)), CTLineGetTypographicBounds(rtl, nil, nil, nil), accuracy: 0.01)
        XCTAssertEqual(CTLineGetOffsetForStringIndex(rtl, (arabic as NSString).length, nil), 0, accuracy: 0.01)
        // A point left of everything is index 0 in a left-to-right line.
        XCTAssertEqual(CTLineGetStringIndexForPosition(latin, CGPoint(x: -50, y: 0)), 0)
        XCTAssertEqual(CTLineGetStringIndexForPosition(latin, CGPoint(x: 500, y: 0)), 3)
    }

    func testArabicShapesRightToLeft() throws {
        let line = CTLineCreateWithAttributedString(attributed(arabic, helvetica))
        let arabicRuns = runs(line).filter { CTRunGetStatus($0).contains(.rightToLeft) }
        XCTAssertFalse(arabicRuns.isEmpty)
        for run in arabicRuns {
            let (glyphs, positions, indices) = contents(run)
            XCTAssertFalse(glyphs.contains(0), "every Arabic letter has a glyph")
            // Stored as drawn: positions grow while string indices fall.
            XCTAssertEqual(positions.map(\.x), positions.map(\.x).sorted())
            XCTAssertGreaterThan(indices.first!, indices.last!)
            // Liberation Sans has no Arabic: fontconfig falls back (DejaVu Sans), and the run says so.
            let font = try XCTUnwrap(CTRunGetAttributes(run)[kCTFontAttributeName] as? CTFont)
            XCTAssertNotEqual(CTFontCopyFamilyName(font) as String, "Liberation Sans")
            XCTAssertEqual(CTFontGetSize(font), 24)
        }
        // Contextual forms: the initial, medial and final م/ر/ح… are not the isolated glyphs.
        let isolated = arabic.unicodeScalars.filter { $0 != " " }.map { scalar -> CGGlyph in
            let font = CTRunGetAttributes(arabicRuns[0])[kCTFontAttributeName] as! CTFont
            var glyph: CGGlyph = 0
            var unit = UniChar(scalar.value)
            _ = CTFontGetGlyphsForCharacters(font, &unit, &glyph, 1)
            return glyph
        }
        let shaped = arabicRuns.flatMap { contents($0).glyphs }
        XCTAssertNotEqual(Set(shaped), Set(isolated), "Arabic letters join")
    }

    func testHindiShapesWithConjunctsAndReordering() throws {
        let line = CTLineCreateWithAttributedString(attributed(hindi, helvetica))
        let devanagari = try XCTUnwrap(runs(line).first { contents($0).indices.first == 0 })
        let font = try XCTUnwrap(CTRunGetAttributes(devanagari)[kCTFontAttributeName] as? CTFont)
        XCTAssertEqual(CTFontCopyFamilyName(font) as String, "Lohit Devanagari")
        let (glyphs, _, indices) = contents(devanagari)
        XCTAssertFalse(glyphs.contains(0))
        // "स्ते" is one conjunct cluster: fewer glyphs than characters in "नमस्ते".
        let word = indices.filter { $0 < 6 }
        XCTAssertLessThan(word.count, 6)
        // The vowel sign ि in "दुनिया" is drawn before the consonant it follows: indices go back.
        XCTAssertTrue(runs(line).contains { CTRunGetStatus($0).contains(.nonMonotonic) } || Set(indices).count < indices.count)
    }

    /// At every width the truncated line fits, and keeps as many characters as fit: one more
    /// (the same cut at a width that just holds it) would not. Mixed scripts and kerning, so
    /// that shaping across a cut differs from the characters' widths in the whole line.
    func testTruncationKeepsTheMostCharactersThatFitAtEveryWidth() throws {
        let line = CTLineCreateWithAttributedString(attributed("AVATAR Ta \u{5E9}\u{5DC}\u{5D5}\u{5DD} fi ffl \u{915}\u{94D}\u{937} WAVE", helvetica))
        let token = CTLineCreateWithAttributedString(attributed("\u{2026}", helvetica))
        for type in [CTLineTruncationType.end, .start, .middle] {
            var previous = 0
            for width in stride(from: CTLineGetTypographicBounds(token, nil, nil, nil) + 0.5, through: 320, by: 3.5) {
                let cut = try XCTUnwrap(CTLineCreateTruncatedLine(line, width, type, token), "\(type) \(width)")
                XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(cut, nil, nil, nil), width + 1e-9, "\(type) \(width)")
                let kept = CTLineGetStringRange(cut).length
                XCTAssertGreaterThanOrEqual(kept, previous, "a wider line keeps no fewer characters: \(type) \(width)")
                previous = kept
            }
        }
    }

    func testTruncationWithAnEllipsis() throws {
        let font = helvetica
        let line = CTLineCreateWithAttributedString(attributed("The quick brown fox jumps over the lazy dog", font))
        let token = CTLineCreateWithAttributedString(attributed("\u{2026}", font))
        let full = CTLineGetTypographicBounds(line, nil, nil, nil)
        XCTAssertTrue(CTLineCreateTruncatedLine(line, full + 1, .end, token) === line, "a line that fits is kept")
        for type in [CTLineTruncationType.end, .start, .middle] {
            let cut = try XCTUnwrap(CTLineCreateTruncatedLine(line, 150, type, token))
            let width = CTLineGetTypographicBounds(cut, nil, nil, nil)
            XCTAssertLessThanOrEqual(width, 150)
            XCTAssertGreaterThan(width, 150 - 30, "as much text as fits is kept")
            let text = runs(cut).flatMap { run -> [CFIndex] in contents(run).indices }
            XCTAssertFalse(text.isEmpty)
            let string = try XCTUnwrap(truncatedString(cut))
            XCTAssertTrue(string.contains("\u{2026}"))
            switch type {
            case .end: XCTAssertTrue(string.hasPrefix("The quick") && string.hasSuffix("\u{2026}"), string)
            case .start: XCTAssertTrue(string.hasPrefix("\u{2026}") && string.hasSuffix("lazy dog"), string)
            case .middle: XCTAssertTrue(string.hasPrefix("The") && string.hasSuffix("dog"), string)
            }
        }
        XCTAssertNil(CTLineCreateTruncatedLine(line, 3, .end, token), "the token alone does not fit")
        let clipped = try XCTUnwrap(CTLineCreateTruncatedLine(line, 100, .end, nil))
        XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(clipped, nil, nil, nil), 100)
        XCTAssertFalse(truncatedString(clipped)!.contains("\u{2026}"))
    }

    func testImageBoundsAndTrailingWhitespace() {
        let line = CTLineCreateWithAttributedString(attributed("Hx  ", helvetica))
        let image = CTLineGetImageBounds(line, nil)
        XCTAssertEqual(image.minY, 0, accuracy: 0.6, "H and x stand on the baseline")
        XCTAssertEqual(image.maxY, CTFontGetCapHeight(helvetica), accuracy: 0.6)
        let space = CTLineCreateWithAttributedString(attributed(" ", helvetica))
        XCTAssertEqual(CTLineGetTrailingWhitespaceWidth(line), 2 * CTLineGetTypographicBounds(space, nil, nil, nil), accuracy: 0.01)
        XCTAssertEqual(CTLineGetPenOffsetForFlush(line, 1, 200), 200 - CTLineGetTypographicBounds(line, nil, nil, nil) + CTLineGetTrailingWhitespaceWidth(line), accuracy: 0.01)
        XCTAssertTrue(CTLineGetImageBounds(CTLineCreateWithAttributedString(attributed("", helvetica)), nil).isNull)
    }

    /// The string a line shows (from its attributed string and range).
    private func truncatedString(_ line: CTLine) -> String? {
        let range = CTLineGetStringRange(line)
        return (line.attributed.string as NSString).substring(with: NSRange(location: range.location, length: range.length))
    }
}

/// `TextLayout` and Core Text are one engine: the same names give the same faces and (up to
/// `TextLayout`'s grid fitting) the same advances.
final class OneEngineTests: XCTestCase {
    func testTextLayoutAndCoreTextAgree() {
        for (name, string) in [("Helvetica", "Hamburgefonts"), ("Times New Roman", "The quick brown fox"), ("Menlo", "let x = 42")] {
            let font = CTFontCreateWithName(name as CFString, 20, nil)
            let line = CTLineCreateWithAttributedString(attributed(string, font))
            let layout = TextLayout(string, fontFamily: name, fontSize: 20)
            // Whole-pixel advances differ from design advances by under half a pixel a glyph.
            XCTAssertEqual(Double(layout.size.width), CTLineGetTypographicBounds(line, nil, nil, nil),
                           accuracy: Double(string.count) * 0.5, name)
            XCTAssertNotEqual(layout.size.width, 0)
        }
        // Another family would show: DejaVu Sans is far wider than Liberation Sans.
        let dejaVu = TextLayout("Hamburgefonts", fontFamily: "DejaVu Sans", fontSize: 20).size.width
        let helvetica = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(
            attributed("Hamburgefonts", CTFontCreateWithName("Helvetica" as CFString, 20, nil))), nil, nil, nil)
        XCTAssertGreaterThan(Double(dejaVu) - helvetica, 10)
    }
}
