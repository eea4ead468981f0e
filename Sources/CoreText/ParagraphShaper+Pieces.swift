import CoreGraphics

extension ParagraphShaper {
    /// The most UTF-16 units of a paragraph Pango wraps at once. Pango shapes what is left of an
    /// item again at every line it breaks, so a long word broken by characters costs the square
    /// of its length: a frame of one 100,000-character word took 6.5 s, one of 10⁶ would take
    /// ten minutes. Longer paragraphs are wrapped piece by piece instead (linear in their length).
    static let wrappingPiece = 1024

    /// The paragraph's lines, wrapped `wrappingPiece` units at a time. Line breaking is greedy,
    /// so every line of a piece but its last is the line the whole paragraph would have; the
    /// last is laid out again at the start of the next piece. A piece that makes one line only
    /// (a frame wider than 1024 characters) ends that line at the piece's end.
    func piecewiseLines(width: CGFloat, wrapping: Wrapping, firstLineIndent: CGFloat, justify: Bool) -> [CTLine] {
        var lines: [CTLine] = []
        var start = range.location
        let end = range.location + range.length
        while start < end {
            var pieceEnd = min(end, start + Self.wrappingPiece)
            // Not between the halves of a surrogate pair.
            if pieceEnd < end, (0xD800..<0xDC00).contains(string.character(at: pieceEnd - 1)) { pieceEnd -= 1 }
            // Pango's indent: positive indents the first line, negative all the others, which is
            // what every line of a later piece is (as a narrower width).
            let first = start == range.location
            let pieceWidth = first || firstLineIndent >= 0 ? width : max(width + firstLineIndent, 1)
            // The text was checked (and any change reported) for the whole paragraph already.
            let piece = ParagraphShaper(attributed, range: NSRange(location: start, length: pieceEnd - start), string: string,
                                        uniform: uniform, log: OnceLog(silent: true))
            var pieceLines = piece.lines(width: pieceWidth, wrapping: wrapping, firstLineIndent: first ? firstLineIndent : 0,
                                         justify: justify)
            if pieceEnd < end, pieceLines.count > 1 { pieceLines.removeLast() }
            guard let last = pieceLines.last else { break }
            let next = last.stringRange.location + last.stringRange.length
            lines += pieceLines
            guard next > start else { break }
            start = next
        }
        return lines
    }
}
