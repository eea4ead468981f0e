import XCTest
import CoreText

/// Bad input gives something sensible (or nil), never a trap.
final class CTBadInputTests: XCTestCase {
    func testOddSizesNamesAndEmptyStrings() {
        _ = CGDiagnostics.collecting {
            for size in [CGFloat.nan, .infinity, -5, 0] {
                XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, size, nil)), 12, "\(size)")
            }
            XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("" as CFString, 12, nil)) as String, "Liberation Sans")
            let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
            let empty = CTLineCreateWithAttributedString(attributed("", font))
            XCTAssertEqual(CTLineGetGlyphCount(empty), 0)
            XCTAssertEqual(CTLineGetTypographicBounds(empty, nil, nil, nil), 0)
            XCTAssertEqual(CTLineGetStringIndexForPosition(empty, CGPoint(x: 10, y: 0)), 0)
            XCTAssertEqual(CTLineGetOffsetForStringIndex(empty, 5, nil), 0)
            let line = CTLineCreateWithAttributedString(attributed("Hello", font))
            XCTAssertTrue(CTLineCreateTruncatedLine(line, .nan, .end, nil) === line)
            XCTAssertNil(CTLineCreateTruncatedLine(line, -10, .end, CTLineCreateWithAttributedString(attributed("…", font))))
            XCTAssertEqual(CTLineGetOffsetForStringIndex(line, -3, nil), 0)
            XCTAssertEqual(Double(CTLineGetOffsetForStringIndex(line, 99, nil)), CTLineGetTypographicBounds(line, nil, nil, nil), accuracy: 0.01)
            var glyphs = [CGGlyph](repeating: 0, count: 2)
            CTRunGetGlyphs(runs(line)[0], CFRange(location: 4, length: 10), &glyphs)
            XCTAssertNil(CTFontCreatePathForGlyph(font, 60000, nil))
            let framesetter = CTFramesetterCreateWithAttributedString(attributed("", font))
            let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 50, length: -3), CGPath(rect: .zero, transform: nil), nil)
            XCTAssertLessThanOrEqual((CTFrameGetLines(frame) as? [Any] ?? []).count, 1)
            let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil, CGSize(width: CGFloat.nan, height: -1), nil)
            XCTAssertTrue(size.width.isFinite && size.height.isFinite)
            let context = whiteContext(20, 20)
            context.textPosition = CGPoint(x: CGFloat.nan, y: 0)
            context.textMatrix = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            XCTAssertEqual(context.textMatrix, .identity, "non-finite text matrices are refused")
            CTLineDraw(line, context)
            CTFrameDraw(frame, context)
            context.setFontSize(.nan)
        }
    }

    /// A glyph past what FreeType sizes (65,535 pixels per em) once left its face failed in cairo
    /// for the whole process: after a 70,000-point "a", DejaVu Sans drew nothing at any size
    /// (found by the text fuzz target; Arabic and Devanagari fallbacks went blank too). Such
    /// glyphs are filled as their outlines, and the font draws as before afterwards.
    func testAGlyphTooLargeToRasterizeDrawsAsItsOutlineAndLeavesItsFontWhole() {
        func inked(size: CGFloat, at origin: CGPoint) -> Int {
            let context = whiteContext(80, 60)
            context.textPosition = origin
            let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
            CTLineDraw(CTLineCreateWithAttributedString(attributed("\u{25A0}", font)), context)
            return (0..<60).reduce(0) { $0 + context.inkCount(row: $1) }
        }
        let before = inked(size: 40, at: CGPoint(x: 10, y: 10))
        XCTAssertGreaterThan(before, 500)
        // The square's corner at 70,000 points covers the whole context.
        XCTAssertEqual(inked(size: 70_000, at: CGPoint(x: -20_000, y: -10_000)), 80 * 60)
        XCTAssertEqual(inked(size: 40, at: CGPoint(x: 10, y: 10)), before)
        // Outlines of very large glyphs scale with the size asked for.
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 100_000, nil)
        var glyph: CGGlyph = 0
        var character: UniChar = 0x25A0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &character, &glyph, 1))
        let box = CTFontCreatePathForGlyph(font, glyph, nil)?.boundingBox ?? .null
        let small = CTFontCreatePathForGlyph(CTFontCreateWithName("DejaVu Sans" as CFString, 10, nil), glyph, nil)?.boundingBox ?? .null
        XCTAssertEqual(box.width / small.width, 10_000, accuracy: 1)
    }

    /// Past 2,048 device pixels per em glyphs are filled as outlines rather than rendered by
    /// FreeType (a line of 16,384-pixel glyphs took 1.2 GB in a 32 × 32 context): either side of
    /// the threshold a square's edge lands on the same column.
    func testGlyphsEitherSideOfTheRasterizedLimitDrawAlike() {
        let font = { (size: CGFloat) in CTFontCreateWithName("DejaVu Sans" as CFString, size, nil) }
        var glyph: CGGlyph = 0
        var character: UniChar = 0x25A0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font(10), &character, &glyph, 1))
        func edgeColumns(size: CGFloat) -> [Int] {
            let box = CTFontCreatePathForGlyph(font(size), glyph, nil)?.boundingBox ?? .null
            let context = whiteContext(80, 60)
            // The square's left edge at x = 40.3, its bottom far below the context.
            context.textPosition = CGPoint(x: 40.3 - box.minX, y: -box.minY - 100)
            CTLineDraw(CTLineCreateWithAttributedString(attributed("\u{25A0}", font(size))), context)
            return (0..<60).map { context.inkCount(row: $0) }
        }
        let rasterized = edgeColumns(size: FontFace.largestRasterizedEm - 0.5)
        let outlined = edgeColumns(size: FontFace.largestRasterizedEm + 0.5)
        XCTAssertEqual(rasterized, Array(repeating: 40, count: 60), "inked from column 40 on")
        XCTAssertEqual(outlined, rasterized)
    }
}
