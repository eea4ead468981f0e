import CoreGraphics

/// Where `CTLineCreateTruncatedLine` puts the truncation token.
public enum CTLineTruncationType: UInt32, Sendable {
    /// Cut the start.
    case start = 0
    /// Cut the end.
    case end = 1
    /// Cut the middle.
    case middle = 2
}

/// What `CTLineGetBoundsWithOptions` measures.
public struct CTLineBoundsOptions: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Leave the leading out of the height.
    public static let excludeTypographicLeading = CTLineBoundsOptions(rawValue: 1 << 0)
    /// Ignore baseline shifts.
    public static let excludeTypographicShifts = CTLineBoundsOptions(rawValue: 1 << 1)
    /// Let punctuation hang (no effect here).
    public static let useHangingPunctuation = CTLineBoundsOptions(rawValue: 1 << 2)
    /// The glyphs' ink instead of the typographic box.
    public static let useGlyphPathBounds = CTLineBoundsOptions(rawValue: 1 << 3)
    /// Optical bounds (the typographic box here).
    public static let useOpticalBounds = CTLineBoundsOptions(rawValue: 1 << 4)
    /// Room for the tallest scripts of the line's languages (no effect here).
    public static let includeLanguageExtents = CTLineBoundsOptions(rawValue: 1 << 5)
}

/// One line of laid-out text: glyph runs in visual order along a baseline, its origin at the
/// baseline's left end, y up. Immutable; made by `CTLineCreateWithAttributedString` or a frame.
public final class CTLine: @unchecked Sendable {
    let runs: [CTRun]
    let stringRange: CFRange
    /// The string the line was laid out from (for truncation; a truncated line's is its own).
    package let attributed: NSAttributedString
    /// Its string, bridged once for all the lines of a paragraph.
    let string: NSString
    /// The paragraph's direction: caret affinity and natural alignment follow it.
    let isRightToLeft: Bool
    let width: CGFloat
    let ascent: CGFloat
    let descent: CGFloat
    let leading: CGFloat

    init(runs: [CTRun], stringRange: CFRange, attributed: NSAttributedString, string: NSString, isRightToLeft: Bool) {
        self.runs = runs
        self.stringRange = stringRange
        self.attributed = attributed
        self.string = string
        self.isRightToLeft = isRightToLeft
        width = runs.reduce(0) { $0 + $1.width }
        // An empty line still has the height of the font where it stands.
        let fonts = runs.isEmpty ? [CTLine.font(in: attributed, at: stringRange.location)] : runs.map(\.font)
        ascent = fonts.map { CTFontGetAscent($0) }.max() ?? 0
        descent = fonts.map { CTFontGetDescent($0) }.max() ?? 0
        leading = fonts.map { CTFontGetLeading($0) }.max() ?? 0
    }

    /// The same line with its string range grown by `extra` characters (a paragraph's
    /// terminator, which the line ends with but does not draw).
    func extendingRange(by extra: Int) -> CTLine {
        guard extra > 0 else { return self }
        return CTLine(runs: runs, stringRange: CFRange(location: stringRange.location, length: stringRange.length + extra),
                      attributed: attributed, string: string, isRightToLeft: isRightToLeft)
    }

    static func font(in attributed: NSAttributedString, at index: Int) -> CTFont {
        guard attributed.length > 0 else { return RunStyle.defaultFont }
        let i = min(max(index, 0), attributed.length - 1)
        return attributed.attribute(NSAttributedString.Key(kCTFontAttributeName as String), at: i, effectiveRange: nil) as? CTFont
            ?? RunStyle.defaultFont
    }

    // MARK: Carets

    /// One cluster of glyphs (a character, or several a ligature joins) in visual order: the
    /// UTF-16 range it shows and its left and right edges.
    struct Cluster {
        var start: Int
        var end: Int
        var left: CGFloat
        var right: CGFloat
        var rightToLeft: Bool
    }

    /// The line's clusters, in visual order.
    var clusters: [Cluster] {
        var result: [Cluster] = []
        for run in runs {
            let rtl = run.status.contains(.rightToLeft)
            var x = run.originX
            var i = 0
            let n = run.glyphs.count
            while i < n {
                let index = run.stringIndices[i]
                var width: CGFloat = 0
                var j = i
                while j < n, run.stringIndices[j] == index {
                    width += run.advances[j].width
                    j += 1
                }
                result.append(Cluster(start: index, end: index, left: x, right: x + width, rightToLeft: rtl))
                x += width
                i = j
            }
        }
        // A cluster ends where the next one in string order starts.
        let starts = Set(result.map(\.start)).sorted()
        var next: [Int: Int] = [:]
        for (a, b) in zip(starts, starts.dropFirst()) { next[a] = b }
        let lineEnd = stringRange.location + stringRange.length
        for k in result.indices {
            let s = result[k].start
            result[k].end = next[s] ?? max(lineEnd, s + 1)
        }
        return result
    }

    /// The grapheme boundaries within the line (UTF-16 indices, the line's end included).
    var caretIndices: [Int] {
        let string = attributed.string
        let utf16 = string.utf16
        let start = stringRange.location, end = stringRange.location + stringRange.length
        var result: [Int] = []
        var offset = 0
        for character in string {
            if offset >= start && offset <= end { result.append(offset) }
            offset += character.utf16.count
            if offset > end { break }
        }
        if offset <= end, offset >= start, utf16.count >= end { result.append(offset) }
        return Array(Set(result.filter { $0 >= start && $0 <= end })).sorted()
    }

    /// The caret's x for a string index: the leading edge of the character there, within a
    /// ligature a share of its width.
    func offset(for requested: Int, clusters: [Cluster]) -> (primary: CGFloat, secondary: CGFloat) {
        // Indices outside the line are its ends.
        let index = min(max(requested, stringRange.location), stringRange.location + stringRange.length)
        func edge(_ cluster: Cluster, at index: Int) -> CGFloat {
            let count = max(cluster.end - cluster.start, 1)
            let t = CGFloat(index - cluster.start) / CGFloat(count)
            return cluster.rightToLeft ? cluster.right - (cluster.right - cluster.left) * t : cluster.left + (cluster.right - cluster.left) * t
        }
        func trailing(_ cluster: Cluster) -> CGFloat { cluster.rightToLeft ? cluster.left : cluster.right }
        let containing = clusters.first { $0.start <= index && index < $0.end }
        let before = clusters.first { $0.start <= index - 1 && index - 1 < $0.end }
        switch (containing, before) {
        case let (c?, b?): return (edge(c, at: index), b.start == c.start ? edge(c, at: index) : trailing(b))
        case let (c?, nil): return (edge(c, at: index), edge(c, at: index))
        case let (nil, b?): return (trailing(b), trailing(b))
        case (nil, nil): return isRightToLeft ? (width, width) : (0, 0)
        }
    }
}

// MARK: Creating lines

/// Lays out an attributed string as one line (a newline in it is one more glyph).
public func CTLineCreateWithAttributedString(_ attrString: CFAttributedString) -> CTLine {
    let copy = attrString.copy() as? NSAttributedString ?? attrString
    let shaper = ParagraphShaper(copy, range: NSRange(location: 0, length: copy.length))
    return shaper.singleLine()
}

/// A copy of the line no wider than `width` points, with `truncationToken` (a line, typically
/// "…") where text was cut; the line itself when it fits; nil when even the token does not fit.
/// Without a token the text is simply cut. Cuts fall between characters (grapheme clusters).
public func CTLineCreateTruncatedLine(_ line: CTLine, _ width: Double, _ truncationType: CTLineTruncationType,
                                      _ truncationToken: CTLine?) -> CTLine? {
    guard width.isFinite else { return line }
    if Double(line.width) <= width { return line }
    let token = truncationToken.map { $0.attributed.attributedSubstring(from: NSRange(location: $0.stringRange.location, length: $0.stringRange.length)) }
    if let truncationToken, Double(truncationToken.width) > width { return nil }
    // Character boundaries of the line, and a candidate keeping `kept` characters.
    let carets = line.caretIndices
    let characters = carets.count - 1
    func candidate(_ kept: Int) -> CTLine {
        let source = line.attributed
        let result = NSMutableAttributedString(string: "")
        func piece(_ from: Int, _ to: Int) {
            guard to > from else { return }
            result.append(source.attributedSubstring(from: NSRange(location: carets[from], length: carets[to] - carets[from])))
        }
        switch truncationType {
        case .end:
            piece(0, kept)
            if let token { result.append(token) }
        case .start:
            if let token { result.append(token) }
            piece(characters - kept, characters)
        case .middle:
            let head = (kept + 1) / 2
            piece(0, head)
            if let token { result.append(token) }
            piece(characters - (kept - head), characters)
        }
        // The line's own text was reported when it was made: its trial cuts say nothing again.
        return ParagraphShaper(result, range: NSRange(location: 0, length: result.length), log: OnceLog(silent: true)).singleLine()
    }
    // The most characters that fit. Each character's width in the line as laid out gives every
    // cut's width without shaping it (shaping each trial of a search cost a layout apiece, and
    // Foundation on Linux leaks the attributes of every attributed string made for one); the
    // cut found is shaped, then one more or one fewer character tried until the shaped line
    // fits and the next does not (shaping across a cut can differ by a kern or a ligature).
    guard characters > 0 else { return candidate(0) }
    let advance = characterAdvances(of: line, carets: carets)
    var prefix = [CGFloat](repeating: 0, count: characters + 1)
    for i in 0..<characters { prefix[i + 1] = prefix[i] + advance[i] }
    let tokenWidth = truncationToken.map { Double($0.width) } ?? 0
    func estimate(_ kept: Int) -> Double {
        let kept = min(max(kept, 0), characters)
        switch truncationType {
        case .end: return Double(prefix[kept]) + tokenWidth
        case .start: return Double(prefix[characters] - prefix[characters - kept]) + tokenWidth
        case .middle:
            let head = (kept + 1) / 2
            return Double(prefix[head] + prefix[characters] - prefix[characters - (kept - head)]) + tokenWidth
        }
    }
    var low = 0, high = characters - 1, kept = 0
    while low <= high {
        let mid = (low + high) / 2
        if estimate(mid) <= width { kept = mid; low = mid + 1 } else { high = mid - 1 }
    }
    var best = candidate(kept)
    while kept > 0, Double(best.width) > width {
        kept -= 1
        best = candidate(kept)
    }
    while kept + 1 < characters {
        let next = candidate(kept + 1)
        guard Double(next.width) <= width else { break }
        kept += 1
        best = next
    }
    return best
}

/// The advance of each character of `line` (between consecutive `carets`), in logical order:
/// the advances of the glyphs made from it.
private func characterAdvances(of line: CTLine, carets: [Int]) -> [CGFloat] {
    var advances = [CGFloat](repeating: 0, count: max(carets.count - 1, 0))
    guard !advances.isEmpty else { return advances }
    for run in line.runs {
        for i in 0..<run.glyphs.count {
            // The character holding the glyph's string index: the last caret at or before it.
            var low = 0, high = carets.count - 2
            let index = run.stringIndices[i]
            while low < high {
                let mid = (low + high + 1) / 2
                if carets[mid] <= index { low = mid } else { high = mid - 1 }
            }
            advances[low] += run.advances[i].width
        }
    }
    return advances
}

/// A copy of the line stretched to `justificationWidth` when `justificationFactor` is at least
/// 1 (0 < factor < 1 justifies only lines that need less than that share of the width): extra
/// space goes to the spaces between words, else between characters.
public func CTLineCreateJustifiedLine(_ line: CTLine, _ justificationFactor: CGFloat, _ justificationWidth: Double) -> CTLine? {
    let extra = CGFloat(justificationWidth) - line.width
    guard extra > 0, justificationFactor > 0 else { return line }
    let spaces = line.runs.reduce(0) { count, run in
        count + (0..<run.glyphs.count).filter { isSpace(line, run.stringIndices[$0]) }.count
    }
    let glyphTotal = line.runs.reduce(0) { $0 + $1.glyphs.count }
    let perSpace = spaces > 0 ? extra / CGFloat(spaces) : 0
    let perGlyph = spaces == 0 && glyphTotal > 1 ? extra / CGFloat(glyphTotal - 1) : 0
    var shift: CGFloat = 0
    var runs: [CTRun] = []
    for run in line.runs {
        var positions: [CGPoint] = [], advances: [CGSize] = []
        let originX = run.originX + shift
        for i in 0..<run.glyphs.count {
            positions.append(CGPoint(x: run.positions[i].x + shift, y: run.positions[i].y))
            let grow = isSpace(line, run.stringIndices[i]) ? perSpace : perGlyph
            advances.append(CGSize(width: run.advances[i].width + grow, height: 0))
            shift += grow
        }
        runs.append(CTRun(glyphs: Array(run.glyphs), positions: positions, advances: advances, stringIndices: Array(run.stringIndices),
                          stringRange: run.stringRange, status: run.status, attributes: run.attributes, style: run.style, originX: originX))
    }
    return CTLine(runs: runs, stringRange: line.stringRange, attributed: line.attributed, string: line.string, isRightToLeft: line.isRightToLeft)
}

private func isSpace(_ line: CTLine, _ index: Int) -> Bool {
    let string = line.string
    guard index >= 0, index < string.length else { return false }
    return string.character(at: index) == 0x20
}

// MARK: Measuring

/// The number of glyphs in the line.
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex { line.runs.reduce(0) { $0 + $1.glyphs.count } }

/// The line's runs (`CTRun`s) in visual order, left to right.
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray { line.runs as NSArray }

/// The UTF-16 range of the attributed string the line shows.
public func CTLineGetStringRange(_ line: CTLine) -> CFRange { line.stringRange }

/// The line's width (its advances), writing the largest ascent, descent and leading of its
/// fonts.
public func CTLineGetTypographicBounds(_ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
                                       _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = line.ascent
    descent?.pointee = line.descent
    leading?.pointee = line.leading
    return Double(line.width)
}

/// The width of the whitespace at the line's end (in string order).
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double {
    let string = line.string
    var index = line.stringRange.location + line.stringRange.length - 1
    func isWhitespace(_ i: Int) -> Bool {
        i >= line.stringRange.location && i < string.length && Unicode.Scalar(string.character(at: i))?.properties.isWhitespace == true
    }
    guard isWhitespace(index) else { return 0 }
    while isWhitespace(index - 1) { index -= 1 }
    // The advances of the glyphs that show the trailing whitespace.
    var width: CGFloat = 0
    for run in line.runs {
        for i in 0..<run.glyphs.count where run.stringIndices[i] >= index { width += run.advances[i].width }
    }
    return Double(width)
}

/// The line's box from its origin: typographic (width × ascent + descent + leading) or, with
/// `.useGlyphPathBounds`, the glyphs' ink.
public func CTLineGetBoundsWithOptions(_ line: CTLine, _ options: CTLineBoundsOptions) -> CGRect {
    if options.contains(.useGlyphPathBounds) { return CTLineGetImageBounds(line, nil) }
    let leading = options.contains(.excludeTypographicLeading) ? 0 : line.leading
    return CGRect(x: 0, y: -line.descent - leading, width: line.width, height: line.ascent + line.descent + leading)
}

/// The ink bounds of the line's glyphs, from the context's text position (the line's origin
/// without a context); `.null` for a line that draws nothing.
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    line.runs.reduce(CGRect.null) { $0.union(CTRunGetImageBounds($1, context, CFRange())) }
}

/// The pen offset that aligns the line within `flushWidth`: 0 flush left, 0.5 centered, 1 flush
/// right.
public func CTLineGetPenOffsetForFlush(_ line: CTLine, _ flushFactor: CGFloat, _ flushWidth: Double) -> Double {
    let used = Double(line.width) - CTLineGetTrailingWhitespaceWidth(line)
    return max(flushWidth - used, 0) * Double(min(max(flushFactor, 0), 1))
}

// MARK: Carets

/// The string index of the caret nearest to `position.x` (from the line's origin): a point in a
/// character's leading half gives its index, in its trailing half the next one.
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    let clusters = line.clusters
    var best = line.stringRange.location
    var distance = CGFloat.infinity
    for index in line.caretIndices {
        let x = line.offset(for: index, clusters: clusters).primary
        if abs(x - position.x) < distance {
            distance = abs(x - position.x)
            best = index
        }
    }
    return best
}

/// The caret's x (from the line's origin) at a string index; `secondaryOffset` receives the
/// other edge where left-to-right and right-to-left text meet (else the same).
public func CTLineGetOffsetForStringIndex(_ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?) -> CGFloat {
    let (primary, secondary) = line.offset(for: charIndex, clusters: line.clusters)
    secondaryOffset?.pointee = secondary
    return primary
}

/// Calls `block` for each character edge in string order: the offset, the string index, whether
/// it is the character's leading edge, and a flag to stop. `block` is `@escaping`, as Apple
/// declares it (it is not kept after the call).
public func CTLineEnumerateCaretOffsets(_ line: CTLine, _ block: @escaping (Double, CFIndex, Bool, UnsafeMutablePointer<Bool>) -> Void) {
    // Apple: "once for each logical caret edge in the line, in left-to-right visual order";
    // `leadingEdge` is logical (a right-to-left character's leading edge is its right one). Edges
    // at one offset come as a left-to-right walk of the characters meets them: the right edge of
    // the character on the left, then the left edge of the one after it.
    let clusters = line.clusters
    var edges: [(offset: Double, index: CFIndex, leading: Bool, leftEdge: Bool, order: Int)] = []
    for index in line.caretIndices.dropLast() {
        let cluster = clusters.first { $0.start <= index && index < $0.end }
        let rightToLeft = cluster?.rightToLeft ?? false
        let (leading, _) = line.offset(for: index, clusters: clusters)
        let next = line.caretIndices.first { $0 > index } ?? index + 1
        let trailing = cluster.map { $0.rightToLeft ? $0.left : $0.right } ?? line.offset(for: next, clusters: clusters).primary
        edges.append((Double(leading), index, true, !rightToLeft, edges.count))
        edges.append((Double(trailing), index, false, rightToLeft, edges.count))
    }
    edges.sort { a, b in
        if a.offset != b.offset { return a.offset < b.offset }
        if a.leftEdge != b.leftEdge { return !a.leftEdge }
        return a.order < b.order
    }
    var stop = false
    for edge in edges {
        block(edge.offset, edge.index, edge.leading, &stop)
        if stop { return }
    }
}

// MARK: Drawing

/// Draws the line with its baseline's left end at the context's text position.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    for run in line.runs { CTRunDraw(run, context, CFRange()) }
}
