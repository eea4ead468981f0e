import CoreGraphics

/// Lays attributed text out in frames: paragraphs broken into lines that fit a path's width,
/// stacked down from its top. Immutable.
public final class CTFramesetter: @unchecked Sendable {
    let attributed: NSAttributedString
    /// Says once what the string needed changed for Pango, however many frames are made.
    let textChanges = OnceLog()

    init(attributed: NSAttributedString) { self.attributed = attributed }

    /// The UTF-16 ranges of the paragraphs within `range`, without and with their terminators
    /// (a newline, CR LF, or a paragraph separator).
    func paragraphs(in range: NSRange, of string: NSString) -> [(content: NSRange, terminator: Int)] {
        var result: [(NSRange, Int)] = []
        var start = range.location
        let end = range.location + range.length
        var i = start
        while i < end {
            let c = string.character(at: i)
            if c == 0x0A || c == 0x0D || c == 0x2029 || c == 0x2028 {
                let terminator = c == 0x0D && i + 1 < end && string.character(at: i + 1) == 0x0A ? 2 : 1
                result.append((NSRange(location: start, length: i - start), terminator))
                i += terminator
                start = i
            } else {
                i += 1
            }
        }
        if start < end || result.isEmpty { result.append((NSRange(location: start, length: end - start), 0)) }
        return result
    }

    /// Lines and their origins for text in `range` inside a box of `size` (y up, origins from
    /// the box's bottom-left corner). Stops at the first line whose descent would fall below the
    /// box. `height` nil: no limit, lines placed from y = 0 downwards first, then shifted. Each
    /// line's head indent comes back too (the width the text needs is measured from it).
    func layout(range: NSRange, size: CGSize) -> (lines: [CTLine], origins: [CGPoint], usedHeight: CGFloat, indents: [CGFloat]) {
        var lines: [CTLine] = []
        var origins: [CGPoint] = []
        var indents: [CGFloat] = []
        var top: CGFloat = 0        // distance from the box's top to the current line's top
        var previousBottomSpacing: CGFloat = 0
        let limit = size.height
        let string = attributed.string as NSString
        paragraphLoop: for (index, (content, terminator)) in paragraphs(in: range, of: string).enumerated() {
            let shaper = ParagraphShaper(attributed, range: content, string: string, log: textChanges)
            let style = shaper.paragraphStyle ?? .standard
            let headIndent = style.headIndent, firstIndent = style.firstLineHeadIndent
            let tail = style.tailIndent > 0 ? size.width - style.tailIndent : -style.tailIndent
            let available = max(size.width - headIndent - tail, 1)
            var paragraphLines: [CTLine]
            switch style.lineBreakMode {
            case .byWordWrapping, .byCharWrapping:
                paragraphLines = shaper.lines(width: available, wrapping: style.lineBreakMode == .byWordWrapping ? .words : .characters,
                                              firstLineIndent: firstIndent - headIndent,
                                              justify: style.alignment == .justified)
            case .byClipping:
                paragraphLines = [shaper.singleLine()]
            case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
                let line = shaper.singleLine()
                let type: CTLineTruncationType = style.lineBreakMode == .byTruncatingHead ? .start
                    : style.lineBreakMode == .byTruncatingTail ? .end : .middle
                let token = CTLineCreateWithAttributedString(NSAttributedString(
                    string: "\u{2026}", attributes: content.length > 0 ? attributed.attributes(at: content.location, effectiveRange: nil) : [:]))
                paragraphLines = [CTLineCreateTruncatedLine(line, Double(available), type, token) ?? line]
            }
            let rtl = paragraphLines.first?.isRightToLeft ?? false
            if terminator > 0, let last = paragraphLines.popLast() { paragraphLines.append(last.extendingRange(by: terminator)) }
            if index > 0 || style.paragraphSpacingBefore > 0 { top += style.paragraphSpacingBefore }
            for (n, line) in paragraphLines.enumerated() {
                var ascent = line.ascent, descent = line.descent
                let natural = ascent + descent + line.leading
                var height = natural
                if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
                if style.minimumLineHeight > 0 { height = max(height, style.minimumLineHeight) }
                if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
                // Extra height goes above the glyphs, as Core Text adds it.
                ascent += height - natural
                descent += line.leading
                let baseline = top + previousBottomSpacing + ascent
                if baseline + line.descent > limit + 0.001, !lines.isEmpty { break paragraphLoop }
                let indent = n == 0 ? firstIndent : headIndent
                let flush: CGFloat
                switch style.alignment {
                case .left, .justified: flush = rtl && style.alignment == .justified ? 1 : 0
                case .right: flush = 1
                case .center: flush = 0.5
                case .natural: flush = rtl ? 1 : 0
                }
                let pen = CTLineGetPenOffsetForFlush(line, flush, Double(available - (indent - headIndent)))
                lines.append(line)
                origins.append(CGPoint(x: indent + CGFloat(pen), y: baseline))
                indents.append(indent)
                top = baseline + descent
                previousBottomSpacing = style.interLineSpacing
            }
            top += style.paragraphSpacing
        }
        let used = lines.isEmpty ? 0 : zip(lines, origins).map { $1.y + $0.descent }.max() ?? 0
        // Baselines were measured down from the top; Core Text's origins are y up.
        return (lines, origins.map { CGPoint(x: $0.x, y: size.height - $0.y) }, used, indents)
    }
}

/// A framesetter for an attributed string (copied).
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attributed: attrString.copy() as? NSAttributedString ?? attrString)
}

/// A frame of the text in `stringRange` (length 0: to the end) laid out in `path`'s bounding
/// box (Lamina lays out in the box of any path).
public func CTFramesetterCreateFrame(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath,
                                     _ frameAttributes: CFDictionary?) -> CTFrame {
    let range = clampedRange(stringRange, length: framesetter.attributed.length)
    let box = path.boundingBox.isNull ? CGRect.zero : path.boundingBox
    let (lines, origins, _, _) = framesetter.layout(range: range, size: box.size)
    let end = lines.last.map { $0.stringRange.location + $0.stringRange.length } ?? range.location
    return CTFrame(lines: lines, origins: origins, path: path, stringRange: CFRange(location: range.location, length: range.length),
                   visibleRange: CFRange(location: range.location, length: end - range.location))
}

/// The size a frame needs for the text in `stringRange`, at most `constraints` (use
/// `.greatestFiniteMagnitude` for no limit); `fitRange` receives the range that fits.
public func CTFramesetterSuggestFrameSizeWithConstraints(_ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: CFDictionary?,
                                                         _ constraints: CGSize, _ fitRange: UnsafeMutablePointer<CFRange>?) -> CGSize {
    let range = clampedRange(stringRange, length: framesetter.attributed.length)
    let width = constraints.width.isFinite && constraints.width > 0 && constraints.width < 1e6 ? constraints.width : 1e6
    let height = constraints.height.isFinite && constraints.height > 0 ? constraints.height : .greatestFiniteMagnitude
    let (lines, _, used, indents) = framesetter.layout(range: range, size: CGSize(width: width, height: height))
    let end = lines.last.map { $0.stringRange.location + $0.stringRange.length } ?? range.location
    fitRange?.pointee = CFRange(location: range.location, length: end - range.location)
    // The width the text needs, not where alignment put it: a centred or right-aligned line is
    // as wide as it is at any container width (measured on iOS: centred text under an unbounded
    // width gets its own width back, which animation players size their text layers by).
    let widest = zip(lines, indents).map { line, indent in
        indent + CGFloat(Double(line.width) - CTLineGetTrailingWhitespaceWidth(line))
    }.max() ?? 0
    let usedWidth = width >= 1e6 ? widest : min(widest, width)
    return CGSize(width: ceil(usedWidth * 1000) / 1000, height: ceil(used * 1000) / 1000)
}

/// `range` within a string of `length` UTF-16 units (a length of 0 or less: to the end). The
/// end is found without `location + length`, which overflowed for a length of `Int.max`.
func clampedRange(_ range: CFRange, length: Int) -> NSRange {
    let start = min(max(range.location, 0), length)
    let end = range.length <= 0 ? length : start + min(range.length, length - start)
    return NSRange(location: start, length: end - start)
}
