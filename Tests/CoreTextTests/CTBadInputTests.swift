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
}
