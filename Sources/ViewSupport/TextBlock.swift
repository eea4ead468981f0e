/// An attributed string with UIKit's or AppKit's attributes laid out in lines for drawing and measuring:
/// what string drawing and `UILabel` share. Lines break at words (or characters) within the
/// width and at newlines; the last line shown ends in "…" when text is left over and the break
/// mode truncates.
package struct TextBlock {
    package struct Line {
        package var line: CTLine
        package var ascent: CGFloat, descent: CGFloat, leading: CGFloat
        /// The width without trailing white space.
        package var width: CGFloat
        package var endsParagraph: Bool
    }

    package var lines: [Line] = []
    package var alignment: NSTextAlignment
    package var lineSpacing: CGFloat

    /// The size the lines take: the widest line, and the lines' heights.
    package var size: CGSize {
        guard !lines.isEmpty else { return .zero }
        let width = lines.map(\.width).max() ?? 0
        let height = lines.reduce(0) { $0 + $1.ascent + $1.descent + $1.leading } + lineSpacing * CGFloat(lines.count - 1)
        return CGSize(width: width, height: height)
    }

    /// Lays out `string` (UIKit attributes) within `width` (nil: no limit), in at most
    /// `maximumLines` lines (0: any number) whose total height is within `maximumHeight`.
    package init(_ string: NSAttributedString, width: CGFloat?, maximumLines: Int = 0, maximumHeight: CGFloat? = nil,
         lineBreakMode: NSLineBreakMode? = nil, alignment: NSTextAlignment? = nil) {
        let text = TextBlock.coreTextString(string)
        let style = string.length > 0 ? string.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle : nil
        let breakMode = lineBreakMode ?? style?.lineBreakMode ?? .byWordWrapping
        self.alignment = alignment ?? style?.alignment ?? .natural
        self.lineSpacing = style?.lineSpacing ?? 0
        guard text.length > 0 else { return }
        let typesetter = CTTypesetterCreateWithAttributedString(text)
        let characters = text.string as NSString
        var start = 0, height: CGFloat = 0
        while start < characters.length {
            let newline = characters.rangeOfCharacter(from: .newlines, options: [], range: NSRange(location: start, length: characters.length - start))
            let paragraphEnd = newline.location == NSNotFound ? characters.length : newline.location + newline.length
            var count = paragraphEnd - start
            if let width, width > 0 {
                let fits = breakMode == .byCharWrapping
                    ? CTTypesetterSuggestClusterBreak(typesetter, start, Double(width))
                    : CTTypesetterSuggestLineBreak(typesetter, start, Double(width))
                count = max(1, min(count, fits))
            }
            let line = CTTypesetterCreateLine(typesetter, CFRange(location: start, length: count))
            var entry = TextBlock.line(line, endsParagraph: start + count >= paragraphEnd)
            let lineHeight = entry.ascent + entry.descent + entry.leading
            if let maximumHeight, !lines.isEmpty, height + lineSpacing + lineHeight > maximumHeight + 0.001 { break }
            height += (lines.isEmpty ? 0 : lineSpacing) + lineHeight
            let isLastAllowed = maximumLines > 0 && lines.count + 1 == maximumLines
            if isLastAllowed, start + count < characters.length {
                // Text is left over: the last line takes the rest, cut to the width.
                let rest = NSMutableAttributedString(attributedString: text.attributedSubstring(from: NSRange(location: start, length: characters.length - start)))
                _ = rest.mutableString.replaceOccurrences(of: "\n", with: " ", options: [], range: NSRange(location: 0, length: rest.length))
                entry = TextBlock.line(TextBlock.truncated(CTLineCreateWithAttributedString(rest), width: width, mode: breakMode, attributes: rest),
                                       endsParagraph: true)
                lines.append(entry)
                return
            }
            lines.append(entry)
            start += count
        }
        // Cut by the height: the last line shown ends in "…" when text was left out.
        if let last = lines.last, start < characters.length, let width {
            let range = CTLineGetStringRange(last.line)
            let rest = NSMutableAttributedString(attributedString: text.attributedSubstring(from: NSRange(location: range.location, length: characters.length - range.location)))
            _ = rest.mutableString.replaceOccurrences(of: "\n", with: " ", options: [], range: NSRange(location: 0, length: rest.length))
            lines[lines.count - 1] = TextBlock.line(TextBlock.truncated(CTLineCreateWithAttributedString(rest), width: width, mode: breakMode, attributes: rest),
                                                    endsParagraph: true)
        }
    }

    private static func line(_ line: CTLine, endsParagraph: Bool) -> Line {
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        let width = CGFloat(CTLineGetTypographicBounds(line, &ascent, &descent, &leading)) - CGFloat(CTLineGetTrailingWhitespaceWidth(line))
        return Line(line: line, ascent: ascent, descent: descent, leading: leading, width: max(width, 0), endsParagraph: endsParagraph)
    }

    private static func truncated(_ line: CTLine, width: CGFloat?, mode: NSLineBreakMode, attributes: NSAttributedString) -> CTLine {
        let type: CTLineTruncationType
        switch mode {
        case .byTruncatingHead: type = .start
        case .byTruncatingMiddle: type = .middle
        case .byTruncatingTail: type = .end
        default: return line
        }
        guard let width else { return line }
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}",
                                                                         attributes: attributes.length > 0 ? attributes.attributes(at: 0, effectiveRange: nil) : [:]))
        return CTLineCreateTruncatedLine(line, Double(max(width, 0)), type, token) ?? line
    }

    /// Draws the lines from the top left of `rect` in `context` (y down), aligned in its width.
    package func draw(in rect: CGRect, context: CGContext) {
        context.saveGState()
        defer { context.restoreGState() }
        context.textMatrix = .identity
        var top = rect.minY
        for line in lines {
            var drawn = line.line
            var x = rect.minX
            switch alignment {
            case .right: x += rect.width - line.width
            case .center: x += (rect.width - line.width) / 2
            case .justified where !line.endsParagraph:
                drawn = CTLineCreateJustifiedLine(drawn, 1, Double(rect.width)) ?? drawn
            default: break
            }
            let baseline = top + line.ascent
            context.saveGState()
            // Core Text draws y up: flip about the baseline.
            context.translateBy(x: 0, y: baseline)
            context.scaleBy(x: 1, y: -1)
            context.textPosition = CGPoint(x: x, y: 0)
            CTLineDraw(drawn, context)
            context.restoreGState()
            top = baseline + line.descent + line.leading + lineSpacing
        }
    }

    /// `string` with the frameworks' attribute values (`UIFont`/`NSFont`, `UIColor`/`NSColor`,
    /// `NSParagraphStyle`: see `TextFontValue`, `TextColorValue`) as
    /// Core Text's (`CTFont`, `CGColor`, `CTParagraphStyle`), and the defaults string drawing has where a range has none: Helvetica 12, black.
    package static func coreTextString(_ string: NSAttributedString) -> NSAttributedString {
        let result = NSMutableAttributedString(attributedString: string)
        let whole = NSRange(location: 0, length: result.length)
        let colorKeys: [NSAttributedString.Key] = [.foregroundColor, .backgroundColor, .strokeColor, .underlineColor]
        string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            var converted: [NSAttributedString.Key: Any] = [:]
            if let font = attributes[.font] as? TextFontValue {
                converted[.font] = font.textDrawingFont
                if font.textHasMonospacedDigits, attributes[.kern] == nil { converted[.kern] = 0 }
            }
            if attributes[.font] == nil { converted[.font] = defaultFont }
            for key in colorKeys {
                if let color = attributes[key] as? TextColorValue { converted[key] = color.textDrawingColor }
            }
            if attributes[.foregroundColor] == nil { converted[.foregroundColor] = CGColor(red: 0, green: 0, blue: 0, alpha: 1) }
            if let style = attributes[.paragraphStyle] as? NSParagraphStyle { converted[.paragraphStyle] = style.ctParagraphStyle }
            if !converted.isEmpty { result.addAttributes(converted, range: range) }
        }
        return result
    }

    package static let defaultFont = CTFontCreateWithName("Helvetica" as CFString, 12, nil)
}
