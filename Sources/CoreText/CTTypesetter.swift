import CoreGraphics

/// Breaks an attributed string into lines on request: where the next line should end for a
/// width, and that range as a `CTLine`. Immutable.
public final class CTTypesetter: @unchecked Sendable {
    let attributed: NSAttributedString
    /// The string, bridged once.
    let string: NSString
    /// The attributes of every character, when the caller knows them (`borrowing`).
    let uniform: CTUniformAttributes?
    /// Says once what the string needed changed for Pango, however many lines are asked for.
    let textChanges = OnceLog()

    init(attributed: NSAttributedString, uniform: CTUniformAttributes? = nil) {
        self.attributed = attributed
        string = attributed.string as NSString
        self.uniform = uniform
    }

    /// The end of the paragraph that holds `index`, without and with its terminator.
    func paragraphEnd(from index: Int) -> (content: Int, terminated: Int) {
        var i = index
        while i < string.length {
            let c = string.character(at: i)
            if c == 0x0A || c == 0x2029 || c == 0x2028 { return (i, i + 1) }
            if c == 0x0D { return (i, i + 1 < string.length && string.character(at: i + 1) == 0x0A ? i + 2 : i + 1) }
            i += 1
        }
        return (i, i)
    }
}

/// A typesetter for an attributed string (copied).
public func CTTypesetterCreateWithAttributedString(_ string: CFAttributedString) -> CTTypesetter {
    CTTypesetter(attributed: string.copy() as? NSAttributedString ?? string)
}

extension CTTypesetter {
    /// A typesetter over `string` itself, not a copy (copying a mutable attributed string
    /// costs about what laying out a short label does): for a caller that leaves the string
    /// unchanged while it uses the typesetter and the lines made from it.
    /// `uniform`: the attributes every character of `string` has (read once by the caller
    /// rather than per line: reading an attribute run's attributes out of Foundation costs
    /// microseconds).
    package static func borrowing(_ string: NSAttributedString, uniform: CTUniformAttributes? = nil) -> CTTypesetter {
        CTTypesetter(attributed: string, uniform: uniform)
    }
}

/// Attributes that cover a whole attributed string, with the style Core Text reads from them
/// worked out once (a text layer's plain string has its font and color throughout).
package final class CTUniformAttributes: @unchecked Sendable {
    let attributes: [NSAttributedString.Key: Any]
    let style: RunStyle
    let paragraphStyle: CTParagraphStyle?

    package init(_ attributes: [NSAttributedString.Key: Any]) {
        self.attributes = attributes
        style = RunStyle(attributes)
        paragraphStyle = attributes[NSAttributedString.Key(kCTParagraphStyleAttributeName as String)] as? CTParagraphStyle
    }
}

/// The number of characters from `startIndex` that fill a line `width` points wide, broken at
/// a word boundary where there is one (else between characters), a paragraph's terminator
/// ending the line.
public func CTTypesetterSuggestLineBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, wrapping: .words)
}

/// Like `CTTypesetterSuggestLineBreak`, breaking between any two characters (grapheme clusters).
public func CTTypesetterSuggestClusterBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double) -> CFIndex {
    suggestBreak(typesetter, startIndex, width, wrapping: .characters)
}

private func suggestBreak(_ typesetter: CTTypesetter, _ startIndex: CFIndex, _ width: Double, wrapping: ParagraphShaper.Wrapping) -> CFIndex {
    guard startIndex >= 0, startIndex < typesetter.string.length else { return 0 }
    let (end, terminated) = typesetter.paragraphEnd(from: startIndex)
    guard end > startIndex else { return terminated - startIndex }
    // Only the first line is wanted: the paragraph is laid out from `startIndex` a window at a
    // time, 1,024 units first, four times as many while the first line reaches the window's
    // last 64 (where the cut could have ended it). Laying out the whole rest of the paragraph
    // for each line made a wrapped text layer of 10⁶ characters take 6.5 s for 25 lines.
    var window = 1024
    while true {
        let length = min(end - startIndex, window)
        let shaper = ParagraphShaper(typesetter.attributed, range: NSRange(location: startIndex, length: length), string: typesetter.string,
                                     uniform: typesetter.uniform, log: typesetter.textChanges)
        guard let first = shaper.lines(width: CGFloat(max(width, 1)), wrapping: wrapping).first else { return terminated - startIndex }
        let lineEnd = first.stringRange.location + first.stringRange.length
        if length == end - startIndex || lineEnd < startIndex + length - 64 {
            // A line that reaches the paragraph's end takes its terminator too.
            return max((lineEnd >= end ? terminated : lineEnd) - startIndex, 1)
        }
        window *= 4
    }
}

/// The characters in `stringRange` (length 0: to the end) as one line.
public func CTTypesetterCreateLine(_ typesetter: CTTypesetter, _ stringRange: CFRange) -> CTLine {
    CTTypesetterCreateLineWithOffset(typesetter, stringRange, 0)
}

/// The characters in `stringRange` as one line; `offset` (the pen's start, for tab stops) is
/// not used.
public func CTTypesetterCreateLineWithOffset(_ typesetter: CTTypesetter, _ stringRange: CFRange, _ offset: Double) -> CTLine {
    let range = clampedRange(stringRange, length: typesetter.string.length)
    return ParagraphShaper(typesetter.attributed, range: range, string: typesetter.string, uniform: typesetter.uniform,
                           log: typesetter.textChanges).singleLine()
}

/// The typesetter a framesetter breaks lines with.
public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter {
    CTTypesetterCreateWithAttributedString(framesetter.attributed)
}
