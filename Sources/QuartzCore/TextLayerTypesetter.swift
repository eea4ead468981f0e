import CoreText

/// How a `CATextLayer` lays its text out and draws it, with Core Text: lines broken by a
/// typesetter (at the bounds' width when wrapped, at paragraph ends only otherwise), stacked
/// down from the top of the bounds (the first line's ascent below the top), each aligned across
/// the width and shortened with "…" as the truncation mode says.
struct TextLayerTypesetter {
    let text: NSAttributedString
    let isWrapped: Bool
    let truncation: CATextLayerTruncationMode
    let alignment: CATextLayerAlignmentMode
    /// Whether `text` is laid out in place rather than copied (it stays unchanged while this draws).
    let borrowed: Bool
    /// The attributes every character of `text` has, when known.
    let uniform: CTUniformAttributes?

    /// Lays out `text` with the layer's settings; `borrowed`: without copying it (the caller
    /// keeps it unchanged until this is done); `uniform`: the attributes all of it has.
    init(layer: CATextLayer, text: NSAttributedString, borrowed: Bool, uniform: CTUniformAttributes? = nil) {
        isWrapped = layer.isWrapped
        truncation = layer.truncationMode
        alignment = layer.alignmentMode
        self.text = text
        self.borrowed = borrowed
        self.uniform = uniform
    }

    /// The layer's text as attributed text: an attributed string as it is; a plain string in the
    /// layer's font, size and color.
    init(layer: CATextLayer) {
        isWrapped = layer.isWrapped
        truncation = layer.truncationMode
        alignment = layer.alignmentMode
        borrowed = false
        uniform = nil
        switch layer.string {
        case let attributed as NSAttributedString:
            text = attributed
        case let plain as String:
            text = NSAttributedString(string: plain, attributes: Self.attributes(of: layer))
        case nil:
            text = NSAttributedString(string: "")
        case let other?:
            // Apple draws only strings; anything else is described, as a debugger would show it.
            text = NSAttributedString(string: String(describing: other), attributes: Self.attributes(of: layer))
        }
    }

    /// The font of a plain string: the layer's font at `fontSize` (which wins over a `CTFont`'s own).
    static func font(of layer: CATextLayer) -> CTFont {
        let size = max(layer.fontSize, 0.01)
        switch layer.font {
        case let font as CTFont: return CTFontCreateCopyWithAttributes(font, size, nil, nil)
        case let font as CGFont: return CTFontCreateWithGraphicsFont(font, size, nil, nil)
        case let name as NSString: return CTFontCreateWithName(name, size, nil)
        default: return CTFontCreateWithName("Helvetica" as CFString, size, nil)
        }
    }

    static func attributes(of layer: CATextLayer) -> [NSAttributedString.Key: Any] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font(of: layer)]
        attributes[NSAttributedString.Key(kCTForegroundColorAttributeName as String)] = layer.foregroundColor ?? CGColor(gray: 0, alpha: 0)
        return attributes
    }

    /// One laid-out line: the Core Text line and whether it ends its paragraph.
    struct Line {
        var line: CTLine
        var endsParagraph: Bool
    }

    /// The lines of the text, broken for `width`; when `height` is given, only as many as reach
    /// past it by two lines (the first one below it, and one more that says the text goes on):
    /// the layer draws no further, and a wrapped string of 10⁶ characters was broken into every
    /// one of its 25,000 lines, a layout each, for a layer showing 25 (over a minute).
    func lines(width: CGFloat, height: CGFloat = .infinity) -> [Line] {
        let string = text.string as NSString
        let length = string.length
        guard length > 0 else { return [] }
        let typesetter = borrowed ? CTTypesetter.borrowing(text, uniform: uniform) : CTTypesetterCreateWithAttributedString(text)
        var lines: [Line] = []
        var laidDown: CGFloat = 0, linesBelow = 0
        /// Whether enough lines are made: two whose tops are at or past `height`.
        func enough() -> Bool {
            guard height.isFinite, let last = lines.last else { return false }
            var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            _ = CTLineGetTypographicBounds(last.line, &ascent, &descent, &leading)
            if laidDown > height { linesBelow += 1 }
            laidDown += ascent + descent + leading
            return linesBelow >= 2
        }
        var start = 0
        paragraphs: while start < length {
            // The paragraph: up to a line or paragraph separator.
            var end = start, next = start
            string.getParagraphStart(nil, end: &next, contentsEnd: &end, for: NSRange(location: start, length: 0))
            if isWrapped, width > 0, width.isFinite {
                var lineStart = start
                repeat {
                    let count = max(1, min(CTTypesetterSuggestLineBreak(typesetter, lineStart, Double(width)), end - lineStart))
                    let lineEnd = lineStart + count
                    // The spaces a line breaks after are not part of it (justification would widen them).
                    var shown = lineEnd
                    while shown > lineStart, let scalar = Unicode.Scalar(string.character(at: shown - 1)),
                          scalar.properties.isWhitespace { shown -= 1 }
                    lines.append(Line(line: CTTypesetterCreateLine(typesetter, CFRange(location: lineStart, length: shown - lineStart)),
                                      endsParagraph: lineEnd >= end))
                    if enough() { break paragraphs }
                    lineStart = lineEnd
                } while lineStart < end
            } else {
                lines.append(Line(line: CTTypesetterCreateLine(typesetter, CFRange(location: start, length: end - start)), endsParagraph: true))
                if enough() { break paragraphs }
            }
            if end == start && next == start { break }
            start = max(next, start + 1)
        }
        if linesBelow < 2, string.character(at: length - 1) == 10 || string.character(at: length - 1) == 13 {
            lines.append(Line(line: CTTypesetterCreateLine(typesetter, CFRange(location: length, length: 0)), endsParagraph: true))
        }
        return lines
    }

    /// Draws the text in `bounds` of a context whose user space is the layer's (y down).
    func draw(in ctx: CGContext, bounds: CGRect) {
        var lines = lines(width: bounds.width, height: bounds.height)
        guard !lines.isEmpty else { return }
        let truncationType: CTLineTruncationType? = switch truncation {
        case .start: .start
        case .middle: .middle
        case .end: .end
        default: nil
        }
        // Wrapped text that does not fit ends in the last line that fits, shortened with the rest.
        if isWrapped, let truncationType, let last = lastFittingLine(lines, height: bounds.height), last < lines.count - 1 {
            let range = CTLineGetStringRange(lines[last].line)
            let rest = text.attributedSubstring(from: NSRange(location: range.location, length: text.length - range.location))
            let joined = NSMutableAttributedString(attributedString: rest)
            _ = joined.mutableString.replaceOccurrences(of: "\n", with: " ", options: [], range: NSRange(location: 0, length: joined.length))
            let line = CTLineCreateWithAttributedString(joined)
            lines = Array(lines[...last])
            lines[last] = Line(line: truncated(line, width: bounds.width, type: truncationType, at: range.location), endsParagraph: true)
        } else if let truncationType {
            for i in lines.indices where CTLineGetTypographicBounds(lines[i].line, nil, nil, nil) > Double(bounds.width) {
                lines[i].line = truncated(lines[i].line, width: bounds.width, type: truncationType,
                                          at: CTLineGetStringRange(lines[i].line).location)
            }
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.textMatrix = .identity
        var top = bounds.minY
        for line in lines {
            var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            var drawn = line.line
            let width = CGFloat(CTLineGetTypographicBounds(drawn, &ascent, &descent, &leading))
            let visible = width - CGFloat(CTLineGetTrailingWhitespaceWidth(drawn))
            var x = bounds.minX
            switch alignment {
            case .right: x += bounds.width - visible
            case .center: x += (bounds.width - visible) / 2
            case .justified where !line.endsParagraph:
                drawn = CTLineCreateJustifiedLine(drawn, 1, Double(bounds.width)) ?? drawn
            default: break
            }
            let baseline = top + ascent
            ctx.saveGState()
            // Core Text draws y up: flip about the baseline.
            ctx.translateBy(x: 0, y: baseline)
            ctx.scaleBy(x: 1, y: -1)
            ctx.textPosition = CGPoint(x: x, y: 0)
            CTLineDraw(drawn, ctx)
            ctx.restoreGState()
            top = baseline + descent + leading
        }
    }

    /// The index of the last line whose bottom is within `height` (the first line always counts).
    private func lastFittingLine(_ lines: [Line], height: CGFloat) -> Int? {
        var top: CGFloat = 0, last = 0
        for (i, line) in lines.enumerated() {
            var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
            _ = CTLineGetTypographicBounds(line.line, &ascent, &descent, &leading)
            if i > 0, top + ascent + descent > height + 0.001 { return last }
            last = i
            top += ascent + descent + leading
        }
        return last
    }

    /// `line` shortened to `width` with "…" in the attributes of the text at `index`.
    private func truncated(_ line: CTLine, width: CGFloat, type: CTLineTruncationType, at index: Int) -> CTLine {
        let attributes = index < text.length ? text.attributes(at: index, effectiveRange: nil) : [:]
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}", attributes: attributes))
        return CTLineCreateTruncatedLine(line, Double(max(width, 0)), type, token) ?? line
    }
}
