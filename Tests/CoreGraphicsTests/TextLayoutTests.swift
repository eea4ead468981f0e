import XCTest
@testable import CoreGraphics
import LaminaTesting

final class TextLayoutTests: XCTestCase {
    /// Rows (memory order, top first) that hold ink, and the ink's column range.
    func ink(_ c: CGContext) -> (rows: [Int], columns: ClosedRange<Int>?) {
        var rows: [Int] = [], minX = Int.max, maxX = Int.min
        for y in 0..<c.height {
            var any = false
            for x in 0..<c.width where c.pixel(x, y).a > 64 {
                any = true; minX = min(minX, x); maxX = max(maxX, x)
            }
            if any { rows.append(y) }
        }
        return (rows, rows.isEmpty ? nil : minX...maxX)
    }

    func testMeasuresWithTheDefaultFont() {
        let text = TextLayout("Hello, Lamina", fontSize: 20)
        XCTAssertEqual(text.fontFamily, "DejaVu Sans")
        XCTAssertEqual(text.size.height, 23.3, accuracy: 1.5)          // DejaVu's line height ≈ 1.164 em
        XCTAssertGreaterThan(text.size.width, 100)
        XCTAssertLessThan(text.size.width, 160)
        XCTAssertEqual(text.firstBaseline, 18.6, accuracy: 1.5)
        XCTAssertGreaterThan(TextLayout("Hello, Lamina", fontSize: 20, weight: .bold).size.width, text.size.width)
    }

    /// A text measured, then drawn, reuses its Pango layout (shaped once): the same pixels as a
    /// text drawn unmeasured, also where the drawing's matrix differs from the measurement's
    /// (Pango lays it out again for it); a changed copy measures its own text, and the copy it
    /// came from keeps its own.
    func testMeasuredThenDrawnAsAFreshLayoutDraws() throws {
        func drawn(_ text: TextLayout, scale: CGFloat) throws -> CGImage {
            let c = TestBitmap.rgba(240, 80)
            c.scaleBy(x: scale, y: scale)
            text.draw(in: c, at: CGPoint(x: 6, y: 70 / scale))
            return try XCTUnwrap(c.makeImage())
        }
        for scale in [1, 1.7] as [CGFloat] {
            let measured = TextLayout("Row 17 · Invoice 2041", fontSize: 17)
            XCTAssertGreaterThan(measured.size.width, 100)
            let fresh = try drawn(TextLayout("Row 17 · Invoice 2041", fontSize: 17), scale: scale)
            XCTAssertEqual(SnapshotComparison.difference(try drawn(measured, scale: scale), fresh, channelTolerance: 0).differing, 0,
                           "scale \(scale)")
            XCTAssertGreaterThan(measured.size.width, 100, "measured again after drawing")
        }
        var text = TextLayout("one", fontSize: 20)
        let original = text, one = text.size.width
        text.string = "one two three"
        XCTAssertGreaterThan(text.size.width, one * 2)
        text.fontSize = 10
        XCTAssertLessThan(text.size.width, TextLayout("one two three", fontSize: 20).size.width * 0.6)
        XCTAssertEqual(original.size.width, one)
    }

    /// A label measured and then drawn upright at the scale it was measured at — in a flipped
    /// context (a layer's, or an image drawn top-down) or a y-up one — is drawn from the
    /// measurement's layout without Pango laying it out again (its serial stays); drawn at
    /// another scale it is laid out again, once.
    func testDrawingAtTheMeasuredScaleDoesNotLayOutAgain() throws {
        for (flipped, drawnBefore) in [(true, false), (true, true), (false, false), (false, true)] {
            let text = TextLayout("Row 17 · Invoice 2041", fontSize: 17)
            _ = text.size
            let measured = try XCTUnwrap(text.keptLayoutSerial)
            let c = TestBitmap.rgba(240, 40)
            if flipped {
                c.translateBy(x: 0, y: 40)
                c.scaleBy(x: 1, y: -1)
            }
            if drawnBefore {                                    // cairo's matrix set by another call first
                c.setFillColor(gray: 0.5, alpha: 1)
                c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            }
            text.draw(in: c, at: CGPoint(x: 4, y: flipped ? 6 : 34))
            XCTAssertEqual(text.keptLayoutSerial, measured, "flipped \(flipped), drawn before \(drawnBefore)")
            XCTAssertGreaterThan(ink(c).rows.count, 10)
            XCTAssertEqual(text.size, TextLayout("Row 17 · Invoice 2041", fontSize: 17).size)
        }
        let text = TextLayout("Row 17 · Invoice 2041", fontSize: 17)
        _ = text.size
        let measured = try XCTUnwrap(text.keptLayoutSerial)
        let c = TestBitmap.rgba(480, 80)
        c.scaleBy(x: 2, y: 2)
        text.draw(in: c, at: CGPoint(x: 4, y: 34))
        let drawn = try XCTUnwrap(text.keptLayoutSerial)
        XCTAssertGreaterThan(drawn, measured)
        text.draw(in: c, at: CGPoint(x: 4, y: 20))
        XCTAssertEqual(text.keptLayoutSerial, drawn, "drawn again at the same scale")
    }

    /// An empty text draws nothing, without laying anything out; its size is still one line's.
    func testAnEmptyTextDrawsNothingWithoutALayout() throws {
        let c = TestBitmap.rgba(60, 30)
        c.setFillColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 60, height: 30))
        let before = try XCTUnwrap(c.makeImage())
        let empty = TextLayout("", fontSize: 20, color: .black)
        empty.draw(in: c, at: CGPoint(x: 4, y: 26))
        XCTAssertNil(empty.keptLayoutSerial, "nothing laid out")
        XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(c.makeImage()), before, channelTolerance: 0).differing, 0)
        XCTAssertEqual(empty.size.height, TextLayout("Row", fontSize: 20).size.height, "one line high, as Pango measures it")
        XCTAssertEqual(empty.size.width, 0)
    }

    func testWrapping() {
        let long = TextLayout("one two three four five six seven eight", fontSize: 12, wrapWidth: 60)
        XCTAssertGreaterThan(long.lineCount, 2)
        XCTAssertEqual(long.size.width, 60)
        XCTAssertEqual(TextLayout("one two", fontSize: 12).lineCount, 1)
    }

    /// Before: Pango aborted the process on its `process_line` assertion when a width narrower
    /// than a glyph had to be broken inside a cluster (see `PangoSafeText`).
    func testWrappingNarrowerThanAGlyphKeepsClustersWhole() {
        for text in ["a\u{5D0} \u{301}b", "Z\u{1F3FB}\u{903}", "\u{94D}\u{200C}\u{1F3FB}\u{903}", "x\u{2067} \u{FE0F}y \u{20DD}"] {
            let layout = TextLayout(text, fontSize: 12, wrapWidth: 1)
            XCTAssertGreaterThanOrEqual(layout.lineCount, 1)
            XCTAssertLessThanOrEqual(layout.lineCount, text.count, "no line inside a cluster: \(text.unicodeScalars.map { $0.value })")
        }
        // Nested past what fribidi takes, as in Core Text: laid out, not a crash inside fribidi.
        XCTAssertEqual(TextLayout(String(repeating: "\u{202E}a", count: 5_000), fontSize: 12).lineCount, 1)
    }

    func testDrawsUprightBelowTheGivenTopLeftCornerInAYUpContext() {
        let c = TestBitmap.rgba(120, 60)
        TextLayout("T", fontSize: 40).draw(in: c, at: CGPoint(x: 10, y: 55))   // visual top at y = 55 → memory row 5
        let (rows, columns) = ink(c)
        XCTAssertGreaterThanOrEqual(rows.first!, 5)
        XCTAssertLessThan(rows.first!, 15)
        XCTAssertGreaterThanOrEqual(columns!.lowerBound, 10)
        // A "T" has a wide bar at the top and a narrow stem below: upright, not mirrored.
        XCTAssertGreaterThan(inkWidth(c, row: rows.first! + 1), 3 * inkWidth(c, row: rows.last! - 1))
    }

    func testDrawsUprightInAFlippedContext() {
        let c = TestBitmap.rgba(120, 60)
        c.translateBy(x: 0, y: 60)
        c.scaleBy(x: 1, y: -1)
        TextLayout("T", fontSize: 40).draw(in: c, at: CGPoint(x: 10, y: 5))
        let (rows, _) = ink(c)
        XCTAssertGreaterThanOrEqual(rows.first!, 5)
        XCTAssertLessThan(rows.first!, 15)
        XCTAssertGreaterThan(inkWidth(c, row: rows.first! + 1), 3 * inkWidth(c, row: rows.last! - 1))
    }

    func testColorAlignmentAndContextAlpha() {
        let c = TestBitmap.rgba(200, 40)
        c.setAlpha(0.5)
        TextLayout("III", fontSize: 30, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1), alignment: .right)
            .draw(in: c, in: CGRect(x: 0, y: 0, width: 200, height: 40))
        let (_, columns) = ink(c)
        XCTAssertGreaterThan(columns!.lowerBound, 120)                 // right-aligned in the rect
        let strongest = (0..<200).map { c.pixel($0, 20) }.max { $0.a < $1.a }!
        XCTAssertTrue(strongest.isClose(to: RGBA(0, 0, 128, 128), tolerance: 2), "\(strongest)")
    }

    func inkWidth(_ c: CGContext, row: Int) -> Int {
        (0..<c.width).filter { c.pixel($0, row).a > 64 }.count
    }
}
