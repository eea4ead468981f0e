import XCTest
import CoreText

/// A paragraph style with an alignment, line break mode and line spacing.
func paragraphStyle(_ alignment: CTTextAlignment, _ lineBreak: CTLineBreakMode = .byWordWrapping, spacing: CGFloat = 0) -> CTParagraphStyle {
    var alignment = alignment
    var lineBreak = lineBreak
    var spacing = spacing
    return withUnsafeBytes(of: &alignment) { a in
        withUnsafeBytes(of: &lineBreak) { b in
            withUnsafeBytes(of: &spacing) { s in
                let settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: a.baseAddress!),
                                CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: b.baseAddress!),
                                CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: MemoryLayout<CGFloat>.size, value: s.baseAddress!)]
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
    }
}

final class CTFrameTests: XCTestCase {
    let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
    let text = "Layers animate on their own thread, so a busy main thread does not stop them. Core Text lays out the words."

    private func frame(_ string: NSAttributedString, in rect: CGRect) -> CTFrame {
        CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(string), CFRange(), CGPath(rect: rect, transform: nil), nil)
    }

    private func lines(_ frame: CTFrame) -> [CTLine] { (CTFrameGetLines(frame) as? [Any] ?? []).map { $0 as! CTLine } }

    private func origins(_ frame: CTFrame) -> [CGPoint] {
        var origins = [CGPoint](repeating: .zero, count: lines(frame).count)
        CTFrameGetLineOrigins(frame, CFRange(), &origins)
        return origins
    }

    func testLineOriginsStackDownFromTheTop() {
        let box = CGRect(x: 10, y: 20, width: 200, height: 300)
        let f = frame(attributed(text, font), in: box)
        let frameLines = lines(f)
        XCTAssertGreaterThanOrEqual(frameLines.count, 3)
        let o = origins(f)
        let ascent = CTFontGetAscent(font), descent = CTFontGetDescent(font), leading = CTFontGetLeading(font)
        // Origins are from the box's bottom-left corner: the first baseline one ascent below its top.
        XCTAssertEqual(o[0].y, box.height - ascent, accuracy: 0.01)
        for i in 1..<o.count {
            XCTAssertEqual(o[i - 1].y - o[i].y, ascent + descent + leading, accuracy: 0.01)
            XCTAssertEqual(o[i].x, 0)
        }
        // Every line fits the width, and together they hold the whole string in order.
        var next = 0
        for line in frameLines {
            XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line), 200.01)
            XCTAssertEqual(CTLineGetStringRange(line).location, next)
            next += CTLineGetStringRange(line).length
        }
        XCTAssertEqual(next, (text as NSString).length)
        XCTAssertEqual(CTFrameGetVisibleStringRange(f), CFRange(location: 0, length: (text as NSString).length))
    }

    /// Core Text's default tab stops: 12 left-aligned tabs 28 points apart, then multiples of
    /// `defaultTabInterval` when it is positive.
    func testTabsStopEvery28PointsThenAtTheDefaultInterval() {
        func offsetAfterTabs(_ count: Int, interval: CGFloat? = nil) -> CGFloat {
            var attributes: [NSAttributedString.Key: Any] = [.font: font]
            if var interval {
                attributes[NSAttributedString.Key(kCTParagraphStyleAttributeName as String)] = withUnsafeBytes(of: &interval) {
                    let setting = [CTParagraphStyleSetting(spec: .defaultTabInterval, valueSize: MemoryLayout<CGFloat>.size, value: $0.baseAddress!)]
                    return CTParagraphStyleCreate(setting, 1)
                }
            }
            let string = NSAttributedString(string: "a" + String(repeating: "\t", count: count) + "b", attributes: attributes)
            let line = lines(frame(string, in: CGRect(x: 0, y: 0, width: 2000, height: 100)))[0]
            return CTLineGetOffsetForStringIndex(line, 1 + count, nil)
        }
        XCTAssertEqual(offsetAfterTabs(1), 28, accuracy: 0.01)
        XCTAssertEqual(offsetAfterTabs(3), 84, accuracy: 0.01)
        XCTAssertEqual(offsetAfterTabs(12), 336, accuracy: 0.01)
        XCTAssertEqual(offsetAfterTabs(13, interval: 100), 400, accuracy: 0.01)
        XCTAssertEqual(offsetAfterTabs(14, interval: 100), 500, accuracy: 0.01)
    }

    func testAFrameHoldsOnlyTheLinesThatFit() {
        let height = 2 * (CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)) + 1
        let f = frame(attributed(text, font), in: CGRect(x: 0, y: 0, width: 200, height: height))
        XCTAssertEqual(lines(f).count, 2)
        XCTAssertLessThan(CTFrameGetVisibleStringRange(f).length, (text as NSString).length)
        var fit = CFRange()
        let framesetter = CTFramesetterCreateWithAttributedString(attributed(text, font))
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil, CGSize(width: 200, height: CGFloat.greatestFiniteMagnitude), &fit)
        XCTAssertEqual(fit.length, (text as NSString).length)
        XCTAssertLessThanOrEqual(size.width, 200)
        XCTAssertGreaterThan(size.width, 150)
        let all = frame(attributed(text, font), in: CGRect(x: 0, y: 0, width: 200, height: 1000))
        let count = CGFloat(lines(all).count)
        XCTAssertEqual(size.height, count * (CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font)) - CTFontGetLeading(font), accuracy: 0.01)
        // Unconstrained: one line as wide as the string.
        let wide = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), nil)
        XCTAssertEqual(Double(wide.width), CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed(text, font)), nil, nil, nil), accuracy: 0.01)
    }

    /// Centred and right-aligned text needs its own width, whatever the container: animation
    /// players size a text layer by the suggestion under an unbounded width, with the paragraph
    /// centred. (Lamina gave back where the line ended in a 10⁶-point box: 500,000 points.)
    func testTheSuggestedWidthOfAlignedTextIsTheTextsOwn() {
        let string = "Captions"
        let own = CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed(string, font)), nil, nil, nil)
        for alignment in [CTTextAlignment.left, .center, .right, .natural] {
            let framesetter = CTFramesetterCreateWithAttributedString(attributed(string, font, [.paragraphStyle: paragraphStyle(alignment)]))
            for constraint in [CGFloat.greatestFiniteMagnitude, 300] {
                let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil,
                                                                        CGSize(width: constraint, height: .greatestFiniteMagnitude), nil)
                XCTAssertEqual(Double(size.width), own, accuracy: 0.01, "\(alignment) in \(constraint)")
            }
        }
    }

    func testAlignmentSpacingAndParagraphs() {
        let width: CGFloat = 300
        let string = "Short line\nAnother paragraph"
        for (alignment, factor) in [(CTTextAlignment.left, 0.0), (.center, 0.5), (.right, 1.0)] {
            let f = frame(attributed(string, font, [.paragraphStyle: paragraphStyle(alignment)]), in: CGRect(x: 0, y: 0, width: width, height: 200))
            let frameLines = lines(f)
            XCTAssertEqual(frameLines.count, 2)
            XCTAssertEqual(CTLineGetStringRange(frameLines[0]), CFRange(location: 0, length: 11), "the newline ends the first line")
            for (line, origin) in zip(frameLines, origins(f)) {
                let used = CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line)
                XCTAssertEqual(Double(origin.x), (Double(width) - used) * factor, accuracy: 0.01)
            }
        }
        let spaced = frame(attributed(string, font, [.paragraphStyle: paragraphStyle(.left, spacing: 10)]), in: CGRect(x: 0, y: 0, width: width, height: 200))
        let o = origins(spaced)
        XCTAssertEqual(o[0].y - o[1].y, CTFontGetAscent(font) + CTFontGetDescent(font) + CTFontGetLeading(font) + 10, accuracy: 0.01)
        // Right to left paragraphs align right by default (natural alignment).
        let rtl = frame(attributed(arabic, font), in: CGRect(x: 0, y: 0, width: width, height: 100))
        let line = lines(rtl)[0]
        XCTAssertEqual(Double(origins(rtl)[0].x), Double(width) - CTLineGetTypographicBounds(line, nil, nil, nil), accuracy: 0.01)
    }

    func testTruncatingParagraphsKeepOneLine() {
        let f = frame(attributed(text, font, [.paragraphStyle: paragraphStyle(.left, .byTruncatingTail)]), in: CGRect(x: 0, y: 0, width: 200, height: 200))
        XCTAssertEqual(lines(f).count, 1)
        let line = lines(f)[0]
        XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(line, nil, nil, nil), 200)
        XCTAssertTrue(line.attributed.string.hasSuffix("\u{2026}"))
    }

    func testParagraphStyleReportsItsSettings() {
        let style = paragraphStyle(.center, .byCharWrapping, spacing: 4)
        var alignment = CTTextAlignment.left
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(style, .alignment, 1, &alignment))
        XCTAssertEqual(alignment, .center)
        var spacing: CGFloat = 0
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(style, .lineSpacingAdjustment, MemoryLayout<CGFloat>.size, &spacing))
        XCTAssertEqual(spacing, 4)
        var bad = CGFloat(2)
        let messages = CGDiagnostics.collecting {
            let settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 8, value: &bad)]
            _ = CTParagraphStyleCreate(settings, 1)
        }
        XCTAssertEqual(messages.count, 1)
    }
}

/// Lines broken by hand, as apps that lay out columns or shapes do.
final class CTTypesetterTests: XCTestCase {
    func testSuggestedBreaksFillTheWidthAtWords() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        let text = "Layers animate on their own thread.\nCore Text lays out the words."
        let typesetter = CTTypesetterCreateWithAttributedString(attributed(text, font))
        var start = 0
        var lines: [String] = []
        while start < (text as NSString).length {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, 120)
            XCTAssertGreaterThan(count, 0)
            let line = CTTypesetterCreateLine(typesetter, CFRange(location: start, length: count))
            XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(line, nil, nil, nil) - CTLineGetTrailingWhitespaceWidth(line), 120.01)
            XCTAssertEqual(CTLineGetStringRange(line), CFRange(location: start, length: count))
            lines.append((text as NSString).substring(with: NSRange(location: start, length: count)))
            start += count
        }
        XCTAssertEqual(lines.joined(), text)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix(" ") || $0.hasSuffix("\n") || $0.hasSuffix(".") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasSuffix("thread.\n") }, "a newline ends its line")
        // Cluster breaks fill the width up to a character.
        let cluster = CTTypesetterSuggestClusterBreak(typesetter, 0, 120)
        XCTAssertGreaterThanOrEqual(cluster, CTTypesetterSuggestLineBreak(typesetter, 0, 120) - 1)
    }
}
