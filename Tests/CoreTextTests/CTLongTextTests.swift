import XCTest
import CoreText

/// Text long enough that Pango's costs grow with its square: laid out in linear time here (the
/// limits table in the README gives the times). These check what the shortcuts must keep.
final class CTLongTextTests: XCTestCase {
    let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)

    func string(_ text: String) -> NSAttributedString {
        NSAttributedString(string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
    }

    func lines(_ text: String, width: CGFloat) -> [CTLine] {
        let framesetter = CTFramesetterCreateWithAttributedString(string(text))
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: width, height: 1e6), transform: nil)
        return CTFrameGetLines(CTFramesetterCreateFrame(framesetter, CFRange(), path, nil)) as? [CTLine] ?? []
    }

    /// A paragraph past `ParagraphShaper.wrappingPiece` is wrapped piece by piece: its lines
    /// still follow each other without gap or overlap, each within the width, breaking at spaces.
    func testALongParagraphWrapsIntoContiguousLines() {
        let words = (0..<900).map { ["lamina", "core", "animation", "for", "linux"][$0 % 5] }.joined(separator: " ")
        let made = lines(words, width: 240)
        var next = 0
        for line in made {
            let range = CTLineGetStringRange(line)
            XCTAssertEqual(range.location, next)
            next = range.location + range.length
            XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line), 240.5)
        }
        XCTAssertEqual(next, (words as NSString).length)
        let short = lines(String(words.prefix(1000)), width: 240)
        XCTAssertEqual(short.prefix(10).map { CTLineGetStringRange($0).length }, made.prefix(10).map { CTLineGetStringRange($0).length },
                       "the first piece's lines are the paragraph's")
    }

    /// Before: one 10⁶-character word in a frame ran past 30 s (Pango reshaped the rest of the
    /// word at every line).
    func testOneLongWordFillsItsLines() {
        let made = lines(String(repeating: "a", count: 20_000), width: 300)
        XCTAssertGreaterThan(made.count, 20)
        XCTAssertEqual(made.reduce(0) { $0 + CTLineGetStringRange($1).length }, 20_000)
    }

    /// Before: 10⁵ tabs on a line took 5.5 s (pango_reorder_items is quadratic in items).
    func testTabsAndEmbeddingsKeepTheirVisualOrder() {
        let line = CTLineCreateWithAttributedString(string("ab\t\u{5D0}\u{5D1}\tcd"))
        let runs = CTLineGetGlyphRuns(line) as? [CTRun] ?? []
        let starts = runs.map { CTRunGetStringRange($0).location }
        XCTAssertEqual(starts.first, 0, "left to right: the first run first")
        XCTAssertTrue(runs.contains { CTRunGetStatus($0).contains(.rightToLeft) })
        let hebrewFirst = CTLineCreateWithAttributedString(string("\u{5D0}\u{5D1} ab \u{5D2}"))
        let order = (CTLineGetGlyphRuns(hebrewFirst) as? [CTRun] ?? []).map { CTRunGetStringRange($0).location }
        XCTAssertEqual(order.first, order.max(), "a right-to-left paragraph starts, on the left, with its last run")
    }

    /// The suggested break is found from the start of a long paragraph without laying out the
    /// rest of it, and is the one the whole paragraph gives.
    func testTheSuggestedBreakOfALongParagraphIsItsFirstLine() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
        func typesetter(_ text: String) -> CTTypesetter {
            CTTypesetterCreateWithAttributedString(NSAttributedString(string: text, attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font]))
        }
        let words = String(repeating: "lorem ipsum dolor ", count: 20_000)
        let short = String(words.prefix(200))
        XCTAssertEqual(CTTypesetterSuggestLineBreak(typesetter(words), 0, 150), CTTypesetterSuggestLineBreak(typesetter(short), 0, 150))
        XCTAssertEqual(CTTypesetterSuggestLineBreak(typesetter(words), 18, 150), CTTypesetterSuggestLineBreak(typesetter(short), 18, 150))
        let wide = String(words.prefix(3_000))
        // A wrapped line holds at most 1,024 units (README's limits: paragraphs are wrapped 1,024
        // units at a time); a line of 900 is found whole.
        XCTAssertEqual(CTTypesetterSuggestLineBreak(typesetter(wide), 0, 1e6), 1_024, "a line as wide as a wrapped line may be")
        XCTAssertEqual(CTTypesetterSuggestLineBreak(typesetter(String(words.prefix(900)) + "\n" + wide), 0, 1e6), 901)
    }
}
