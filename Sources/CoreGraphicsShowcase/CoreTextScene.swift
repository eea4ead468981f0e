import CoreText

/// Core Text on Pango: a framesetter paragraph with attributes, a glyph's outline with the
/// font's metrics, Apple's font names, truncation, and right-to-left and Devanagari lines.
enum CoreTextScene {
    static func draw(_ c: CGContext) {
        Showcase.caption("Core Text on Pango: frames, attributes, glyph outlines, names, scripts", in: c, at: CGPoint(x: 12, y: 350))
        paragraph(c, in: CGRect(x: 16, y: 150, width: 220, height: 180))
        outline(c, at: CGPoint(x: 270, y: 200))
        names(c, from: CGPoint(x: 16, y: 128))
        scripts(c, at: CGPoint(x: 260, y: 96))
    }

    /// A justified paragraph: bold, colored, underlined and outlined words, laid out by a
    /// framesetter in a rectangle.
    static func paragraph(_ c: CGContext, in rect: CGRect) {
        let body = CTFontCreateWithName("Helvetica" as CFString, 13, nil)
        var alignment = CTTextAlignment.justified
        var spacing: CGFloat = 2
        let style = withUnsafeBytes(of: &alignment) { a in
            withUnsafeBytes(of: &spacing) { s in
                let settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: a.baseAddress!),
                                CTParagraphStyleSetting(spec: .lineSpacingAdjustment, valueSize: MemoryLayout<CGFloat>.size, value: s.baseAddress!)]
                return CTParagraphStyleCreate(settings, settings.count)
            }
        }
        let text = NSMutableAttributedString(
            string: "Core Text draws in draw(in:) as on iOS. Bold words, colored words, underlined words and outlined words "
                + "share one line; the framesetter breaks lines at words and justifies them, all through Pango, HarfBuzz and fontconfig.",
            attributes: [.font: body, .paragraphStyle: style])
        let string = text.string as NSString
        text.addAttribute(.font, value: CTFontCreateWithName("Helvetica-Bold" as CFString, 13, nil), range: string.range(of: "Bold words"))
        text.addAttribute(.foregroundColor, value: Showcase.color(0.8, 0.25, 0.1), range: string.range(of: "colored words"))
        text.addAttribute(.underlineStyle, value: CTUnderlineStyle.single.rawValue, range: string.range(of: "underlined words"))
        text.addAttribute(.strokeWidth, value: 3.0, range: string.range(of: "outlined words"))
        c.setStrokeColor(gray: 0.8, alpha: 1)
        c.stroke(rect)
        let frame = CTFramesetterCreateFrame(CTFramesetterCreateWithAttributedString(text), CFRange(), CGPath(rect: rect.insetBy(dx: 6, dy: 6), transform: nil), nil)
        CTFrameDraw(frame, c)
    }

    /// "Ag" in Times' stand-in at 96 pt: the glyphs' outlines filled and stroked, with the
    /// font's ascent, cap height, x-height, baseline and descent.
    static func outline(_ c: CGContext, at origin: CGPoint) {
        let font = CTFontCreateWithName("Times New Roman" as CFString, 96, nil)
        let characters = Array("Ag".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        _ = CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count)
        var advances = [CGSize](repeating: .zero, count: glyphs.count)
        let width = CGFloat(CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count))
        let metrics: [(String, CGFloat)] = [("ascent", CTFontGetAscent(font)), ("cap height", CTFontGetCapHeight(font)),
                                            ("x-height", CTFontGetXHeight(font)), ("baseline", 0), ("descent", -CTFontGetDescent(font))]
        let label = CTFontCreateWithName("Helvetica" as CFString, 8, nil)
        for (name, y) in metrics {
            c.setStrokeColor(red: 0.2, green: 0.45, blue: 0.8, alpha: 0.6)
            c.strokeLineSegments(between: [CGPoint(x: origin.x - 4, y: origin.y + y), CGPoint(x: origin.x + width + 4, y: origin.y + y)])
            c.textPosition = CGPoint(x: origin.x + width + 8, y: origin.y + y - 3)
            CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: name, attributes: [.font: label])), c)
        }
        var x = origin.x
        for (glyph, advance) in zip(glyphs, advances) {
            var place = CGAffineTransform(translationX: x, y: origin.y)
            if let path = CTFontCreatePathForGlyph(font, glyph, &place) {
                c.addPath(path)
                c.setFillColor(red: 0.95, green: 0.85, blue: 0.55, alpha: 1)
                c.setStrokeColor(gray: 0.2, alpha: 1)
                c.setLineWidth(1)
                c.drawPath(using: .fillStroke)
            }
            x += advance.width
        }
    }

    /// Apple's font names, each drawn in the font it resolves to, with that font's name.
    static func names(_ c: CGContext, from origin: CGPoint) {
        let small = CTFontCreateWithName("Helvetica" as CFString, 9, nil)
        for (i, name) in ["Helvetica-Bold", "HelveticaNeue", ".SFUI-Regular", "Menlo", "Courier", "Times New Roman"].enumerated() {
            let font = CTFontCreateWithName(name as CFString, 12, nil)
            let y = origin.y - CGFloat(i) * 19
            c.textPosition = CGPoint(x: origin.x, y: y)
            CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(string: name, attributes: [.font: font])), c)
            c.textPosition = CGPoint(x: origin.x + 118, y: y)
            let resolved = "→ " + (CTFontCopyPostScriptName(font) as String)
            CTLineDraw(CTLineCreateWithAttributedString(NSAttributedString(
                string: resolved, attributes: [.font: small, .foregroundColor: Showcase.color(0.4, 0.4, 0.4)])), c)
        }
    }

    /// A truncated line, then Arabic (right to left, joined) and Hindi (conjuncts) lines.
    static func scripts(_ c: CGContext, at origin: CGPoint) {
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        let long = CTLineCreateWithAttributedString(NSAttributedString(string: "A line too long for its column, truncated", attributes: [.font: font]))
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}", attributes: [.font: font]))
        c.textPosition = origin
        if let cut = CTLineCreateTruncatedLine(long, 200, .end, token) { CTLineDraw(cut, c) }
        for (i, text) in ["مرحبا بالعالم", "नमस्ते दुनिया"].enumerated() {
            let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font, .foregroundColor: Showcase.color(0.15, 0.3, 0.6)]))
            // Right-aligned at the column's edge, as a right-to-left paragraph would be.
            c.textPosition = CGPoint(x: origin.x + CGFloat(CTLineGetPenOffsetForFlush(line, i == 0 ? 1 : 0, 200)), y: origin.y - 32 - CGFloat(i) * 30)
            CTLineDraw(line, c)
        }
    }
}
