import XCTest
import CoreText
import CoreGraphics

/// Text and numbers a hostile caller may hand Core Text: no trap, no crash inside Pango or
/// fribidi, and one message where something was changed or refused.
final class CTHostileTextTests: XCTestCase {
    let font = CTFontCreateWithName("Helvetica" as CFString, 12, nil)

    func string(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> NSAttributedString {
        var attributes = extra
        attributes[NSAttributedString.Key(kCTFontAttributeName as String)] = font
        return NSAttributedString(string: text, attributes: attributes)
    }

    func frame(_ attributed: NSAttributedString, width: CGFloat = 200, height: CGFloat = 400, range: CFRange = CFRange()) -> CTFrame {
        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        return CTFramesetterCreateFrame(framesetter, range, CGPath(rect: CGRect(x: 0, y: 0, width: width, height: height), transform: nil), nil)
    }

    func truncated(_ attributed: NSAttributedString) -> CTLine? {
        let token = CTLineCreateWithAttributedString(string("\u{2026}"))
        return CTLineCreateTruncatedLine(CTLineCreateWithAttributedString(attributed), 100, .middle, token)
    }

    /// Before: a segfault inside fribidi (through `pango_itemize_with_base_dir`) for lines,
    /// frames and truncation alike.
    func testDeeplyNestedBidiControlsAreCutToWhatFribidiTakes() {
        let controls: [Character] = ["\u{202E}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2069}", "\u{202C}", "\u{200F}"]
        var seed: UInt64 = 42
        func next() -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) }
        let cycled = String((0..<20_000).map { controls[$0 % controls.count] })
        let mixed = String((0..<20_000).map { _ in next() % 3 == 0 ? "a" : controls[next() % controls.count] })
        for text in [cycled, mixed] {
            let messages = CGDiagnostics.collecting {
                XCTAssertGreaterThan(CTLineGetGlyphCount(CTLineCreateWithAttributedString(string(text))), 0)
            }
            XCTAssertEqual(messages.count, 1, "\(messages)")
            XCTAssertTrue(messages.first?.contains("bidi") ?? false, "\(messages)")
            let framed = CGDiagnostics.collecting {
                _ = frame(string(text + "\n" + text))
                _ = truncated(string(text))
            }
            XCTAssertEqual(framed.count, 2, "one for the framesetter, one for the line: \(framed)")
        }
    }

    /// Before: a segfault inside fribidi, on PDIs left over after a paragraph separator had
    /// closed the isolates they were meant for (the text fuzz target's find, made smaller).
    func testPDIsThatCloseNoIsolateAreIgnoredWithAMessage() {
        let text = String(repeating: "\u{2067}", count: 23) + "a\u{85}" + String(repeating: "\u{2069}", count: 30)
        let messages = CGDiagnostics.collecting {
            let line = CTLineCreateWithAttributedString(string(text))
            XCTAssertEqual(CTLineGetStringRange(line).length, (text as NSString).length)
            _ = frame(string(text))
        }
        XCTAssertFalse(messages.isEmpty)
        XCTAssertTrue(messages.allSatisfy { $0.contains("PDI") }, "\(messages)")
        // PDIs that close an isolate are kept, and say nothing.
        let matched = CGDiagnostics.collecting {
            _ = CTLineCreateWithAttributedString(string("\u{2067}\u{5D0}\u{2069}a"))
        }
        XCTAssertEqual(matched, [])
    }

    func testBidiControlsWithinTheDepthAreKept() {
        let text = String(repeating: "\u{2067}\u{5D0}", count: 40) + "a" + String(repeating: "\u{2069}", count: 40)
        let messages = CGDiagnostics.collecting {
            let line = CTLineCreateWithAttributedString(string(text))
            XCTAssertEqual(CTLineGetStringRange(line).length, (text as NSString).length)
        }
        XCTAssertEqual(messages, [])
    }

    /// Before: Pango's assertion `state->run_end != state->run_start` aborted the process.
    func testNULCharactersDrawNothingAndSaySoOnce() {
        var withNULs = 0.0, without = 0.0
        let messages = CGDiagnostics.collecting {
            let line = CTLineCreateWithAttributedString(string("a\u{0}b\u{0}\u{0}c"))
            withNULs = CTLineGetTypographicBounds(line, nil, nil, nil)
            XCTAssertEqual(CTLineGetStringRange(line).length, 6)
            without = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(string("abc")), nil, nil, nil)
        }
        XCTAssertEqual(withNULs, without, accuracy: 0.01)
        XCTAssertEqual(messages.count, 1, "\(messages)")
        let framed = CGDiagnostics.collecting {
            let made = frame(string("a\u{0}b\n\u{0}\n\u{0}\u{0}"))
            XCTAssertEqual((CTFrameGetLines(made) as? [Any])?.count, 3)
            XCTAssertNotNil(truncated(string(String(repeating: "wide \u{0}", count: 40))))
        }
        XCTAssertEqual(framed.count, 2, "\(framed)")
    }

    /// Before: Pango aborted the process on its assertion `result == BREAK_SOME_FIT ||
    /// result == BREAK_EMPTY_FIT` when a frame narrower than a glyph had to be broken where
    /// Pango offers a line break inside a cluster: a space and the mark on it at a bidi level
    /// change (the text fuzz target found it), an emoji modifier on a letter before a mark,
    /// a paragraph that starts with marks and joiners.
    func testAFrameNarrowerThanAGlyphNeverBreaksInsideACluster() {
        let texts = ["a\u{5D0} \u{301}b", "a\u{202B} \u{200D}b", "\u{202D}\u{61C} \u{200D}a", "x\u{2067} \u{FE0F}y \u{20DD}",
                     "Z\u{1F3FB}\u{903}", "a\u{1F3FB}\u{20DD}\u{627}", "\u{E01}\u{1F3FB}\u{94D}",
                     "\u{94D}\u{200C}\u{1F3FB}\u{903}", "\u{2066}\u{200C}\u{1F3FB}\u{85}\u{915}"]
        for text in texts {
            let messages = CGDiagnostics.collecting {
                let lines = CTFrameGetLines(frame(string(text), width: 1, height: 1_000)) as? [CTLine] ?? []
                if text.contains(" ") { XCTAssertGreaterThan(lines.count, 1, "wrapped at its space: \(text.unicodeScalars.map { $0.value })") }
                // Every character is laid out once, and no line starts inside a cluster.
                let ranges = lines.map { CTLineGetStringRange($0) }
                XCTAssertEqual(ranges.reduce(0) { $0 + $1.length }, (text as NSString).length)
                let clusterStarts = Set(text.indices.map { text.utf16.distance(from: text.utf16.startIndex, to: $0) })
                for range in ranges { XCTAssertTrue(clusterStarts.contains(range.location), "a line starts at \(range.location) in \(text.unicodeScalars.map { $0.value })") }
            }
            XCTAssertEqual(messages, [], "the caller's text is not at fault")
        }
    }

    /// Random short texts of what Pango mishandles (marks, joiners, emoji modifiers, bidi
    /// controls, spaces, paragraph separators) in frames 0.1–20 points wide: all laid out, none
    /// aborting (a C probe of the same kind of text aborted Pango in about 1 of 60).
    func testRandomClustersInNarrowFramesAreLaidOut() {
        let alphabet: [Unicode.Scalar] = ["a", "Z", " ", "\n", "\t", "\r", "\u{2029}", "\u{85}", "\u{202B}", "\u{202E}", "\u{2066}",
                                          "\u{2067}", "\u{2069}", "\u{202C}", "\u{200F}", "\u{61C}", "\u{200B}", "\u{200C}", "\u{200D}",
                                          "\u{5D0}", "\u{627}", "\u{915}", "\u{94D}", "\u{903}", "\u{E01}", "\u{4E00}", "\u{301}",
                                          "\u{20DD}", "\u{FE0F}", "\u{1F3FB}", "\u{1F466}", "\u{1F1FA}", "\u{3000}", "\u{A0}", "\u{AD}"]
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return Int(seed >> 33) % n }
        var laidOut = 0
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<(1 + next(24)) { scalars.append(alphabet[next(alphabet.count)]) }
            let text = String(scalars)
            let width = [0.1, 1, 2, 5, 20][next(5)]
            let lines = CTFrameGetLines(frame(string(text), width: width, height: 10_000)) as? [CTLine] ?? []
            let covered = lines.reduce(0) { $0 + CTLineGetStringRange($1).length }
            if covered == (text as NSString).length { laidOut += 1 }
        }
        XCTAssertEqual(laidOut, 2_000, "every text laid out whole")
    }

    /// Pango keeps a font for every size it was asked for (36 KB each, without bound): past
    /// `PangoEngine.sizesBeforeCacheClear` sizes a thread's font map is emptied, and text lays
    /// out as before.
    func testEverNewFontSizesEmptyPangosFontCacheAndTextStillLaysOut() {
        func width(_ size: CGFloat) -> Double {
            let font = CTFontCreateWithName("Helvetica" as CFString, size, nil)
            let sized = NSAttributedString(string: "Sized", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
            return CTLineGetTypographicBounds(CTLineCreateWithAttributedString(sized), nil, nil, nil)
        }
        let before = width(13)
        let clears = PangoEngine.fontCacheClears
        for i in 0..<(PangoEngine.sizesBeforeCacheClear + 10) { _ = width(20 + CGFloat(i) / 8) }
        XCTAssertEqual(PangoEngine.fontCacheClears, clears + 1)
        XCTAssertEqual(width(13), before, accuracy: 1e-9, "the same text, the same width")
    }

    /// Text laid out at a size FreeType cannot take (past 65,535 pixels per em) leaves the
    /// font's later layouts at ordinary sizes as they were.
    func testAHugeFontSizeLeavesTheFontsLayoutsWhole() {
        func width(_ size: CGFloat) -> Double {
            let font = CTFontCreateWithName("DejaVu Sans" as CFString, size, nil)
            let sized = NSAttributedString(string: "Whole", attributes: [NSAttributedString.Key(kCTFontAttributeName as String): font])
            return CTLineGetTypographicBounds(CTLineCreateWithAttributedString(sized), nil, nil, nil)
        }
        let before = width(12)
        XCTAssertGreaterThan(before, 20)
        _ = CGDiagnostics.collecting { _ = width(900_000) }
        XCTAssertEqual(width(12), before, accuracy: 1e-9)
        XCTAssertEqual(width(13), before * 13 / 12, accuracy: 0.5)
    }

    /// Before: a trap in `start + range.length`.
    func testARangeToIntMaxIsClampedToTheString() {
        let made = frame(string("Hello, world"), range: CFRange(location: 3, length: Int.max))
        let lines = CTFrameGetLines(made) as? [CTLine] ?? []
        XCTAssertEqual(lines.first.map { CTLineGetStringRange($0).location }, 3)
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(made, CFRange(location: 0, length: Int.max), &origins)
        var glyphs = [CGGlyph](repeating: 0, count: 64)
        for run in lines.flatMap({ CTLineGetGlyphRuns($0) as? [CTRun] ?? [] }) {
            CTRunGetGlyphs(run, CFRange(location: 1, length: Int.max), &glyphs)
        }
    }

    func paragraph(_ spec: CTParagraphStyleSpecifier, _ value: CGFloat) -> [NSAttributedString.Key: Any] {
        var v = value
        let style = withUnsafeBytes(of: &v) { raw in
            var setting = CTParagraphStyleSetting(spec: spec, valueSize: MemoryLayout<CGFloat>.size, value: raw.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        return [NSAttributedString.Key(kCTParagraphStyleAttributeName as String): style]
    }

    /// Before: a trap in `Int32(… * PANGO_SCALE)`.
    func testHugeAndNonFiniteIndentsAreClampedOrIgnoredWithOneMessage() {
        for value in [1e9, -1e9, 1e300, .nan, .infinity] as [CGFloat] {
            for spec in [CTParagraphStyleSpecifier.firstLineHeadIndent, .headIndent, .tailIndent] {
                let messages = CGDiagnostics.collecting {
                    let made = frame(string("Some words to wrap over a few lines of the frame", paragraph(spec, value)))
                    XCTAssertNotNil(CTFrameGetLines(made) as? [Any])
                }
                XCTAssertEqual(messages.count, 1, "\(spec) \(value): \(messages)")
            }
        }
    }

    /// Before: `kern` NaN or 1e9 trapped converting to Pango units; a `ligature` of NaN or a
    /// string, or an `underlineStyle` of 1e300, trapped converting to integers.
    func testBadKernsLigaturesAndUnderlinesGiveOneMessage() {
        let bad: [(NSAttributedString.Key, Any)] = [(.kern, CGFloat.nan), (.kern, 1e9), (.kern, "wide"),
                                                    (.ligature, Double.nan), (.ligature, 1e300), (.ligature, "none"),
                                                    (.underlineStyle, 1e300), (.underlineStyle, "single"), (.underlineStyle, Double.infinity)]
        for (key, value) in bad {
            let messages = CGDiagnostics.collecting {
                let line = CTLineCreateWithAttributedString(string("Hello", [key: value]))
                XCTAssertTrue(CTLineGetTypographicBounds(line, nil, nil, nil).isFinite)
                _ = frame(string("Hello there", [key: value]))
            }
            XCTAssertFalse(messages.isEmpty, "\(key.rawValue) \(value)")
            XCTAssertTrue(messages.allSatisfy { $0.contains(key.rawValue) }, "\(messages)")
        }
    }

    /// Before: a NaN size or matrix was kept or replaced silently.
    func testBadFontSizesAndMatricesSaySo() {
        for size in [CGFloat.nan, .infinity, -.infinity, -3] {
            let messages = CGDiagnostics.collecting { XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Helvetica" as CFString, size, nil)), 12) }
            XCTAssertEqual(messages.count, 1, "\(size): \(messages)")
        }
        XCTAssertEqual(CGDiagnostics.collecting { _ = CTFontCreateWithName("Helvetica" as CFString, 0, nil) }, [], "0 is the default")
        var matrix = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let messages = CGDiagnostics.collecting {
            XCTAssertEqual(CTFontGetMatrix(CTFontCreateWithName("Helvetica" as CFString, 12, &matrix)), .identity)
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }
}
