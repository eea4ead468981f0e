import CoreGraphics
import CoreText
import Foundation

/// The Core Text fuzz target: an attributed string made from the bytes — text mixing letters of
/// several scripts with bidi controls, NULs, newlines and tabs, in runs each with random
/// attributes (fonts of hostile sizes and matrices, kerning, ligatures of any type, paragraph
/// styles with hostile indents and spacings, colors, underlines, strokes) — laid out as a
/// typesetter, a frame in a hostile rectangle, a suggested size, a truncated and a justified line,
/// hit-tested and drawn into a small context, as text views do.
public enum TextScenario {
    /// Code points the text is made of: letters of several scripts, marks, every bidi control,
    /// NUL, line and paragraph separators, tabs, emoji and their modifiers, a lone surrogate's
    /// replacement.
    static let alphabet: [UnicodeScalar] = [
        "a", "Z", " ", "\n", "\t", "\r", "\u{0}", "\u{2028}", "\u{2029}", "\u{85}",
        "\u{202E}", "\u{202D}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{200B}", "\u{200D}", "\u{FEFF}",
        "\u{05D0}", "\u{0627}", "\u{0644}", "\u{0915}", "\u{094D}", "\u{0E01}", "\u{4E00}", "\u{0301}", "\u{1F600}",
        "\u{FFFD}", "\u{FFFF}", "-", "\u{00AD}", "\u{2026}",
        // What Pango 1.50 broke lines inside: joiners, spacing and enclosing marks, emoji
        // modifiers and presentation selectors, other spaces, Hangul jamo, flags.
        "\u{200C}", "\u{0903}", "\u{20DD}", "\u{FE0F}", "\u{1F3FB}", "\u{1F466}", "\u{1F1FA}", "\u{1F1F8}",
        "\u{3000}", "\u{00A0}", "\u{1100}", "\u{1161}", "\u{11A8}",
    ]

    static let fontNames = ["Helvetica", "Times-Roman", "Courier", "NoSuchFont-Bold", "", "DejaVuSans"]

    /// Lays out and draws the string the bytes describe.
    public static func run(_ data: Data) {
        var input = FuzzInput(data)
        let string = NSMutableAttributedString(string: "")
        // Up to 8 runs of up to 64 characters each: every attribute combination is reached
        // without inputs whose layout alone takes the time.
        for _ in 0..<(1 + input.index(8)) {
            var text = String.UnicodeScalarView()
            for _ in 0..<input.index(64) {
                let b = input.byte()
                text.append(b < 200 ? alphabet[Int(b) % alphabet.count] : UnicodeScalar(UInt8(b - 100)))
            }
            string.append(NSAttributedString(string: String(text), attributes: attributes(&input)))
        }
        quietly {
            let attributed = string as CFAttributedString
            let typesetter = CTTypesetterCreateWithAttributedString(attributed)
            let length = string.length
            let start = input.index(max(length, 1))
            _ = CTTypesetterSuggestLineBreak(typesetter, start, Double(input.number()))
            _ = CTTypesetterSuggestClusterBreak(typesetter, start, Double(input.number()))
            let line = CTTypesetterCreateLineWithOffset(typesetter, range(&input, length), Double(input.number()))
            _ = CTLineGetTypographicBounds(line, nil, nil, nil)
            _ = CTLineGetStringIndexForPosition(line, input.point())
            _ = CTLineGetOffsetForStringIndex(line, input.index(length + 2) - 1, nil)
            _ = CTLineGetPenOffsetForFlush(line, input.number(), Double(input.number()))
            let token = CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}") as CFAttributedString)
            let type: CTLineTruncationType = [.start, .middle, .end][input.index(3)]
            let truncated = CTLineCreateTruncatedLine(line, Double(input.number()), type, input.bool() ? token : nil)
            let justified = CTLineCreateJustifiedLine(line, input.number(), Double(input.number()))
            let framesetter = CTFramesetterCreateWithAttributedString(attributed)
            _ = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, range(&input, length), nil, input.size(), nil)
            let frame = CTFramesetterCreateFrame(framesetter, range(&input, length), CGPath(rect: input.rect(), transform: nil), nil)
            guard let context = CGContext(data: nil, width: 32, height: 32, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) else { return }
            context.textPosition = input.point()
            CTLineDraw(line, context)
            if let truncated { CTLineDraw(truncated, context) }
            if let justified { _ = CTLineGetImageBounds(justified, context) }
            CTFrameDraw(frame, context)
        }
    }

    /// A string range: any, past the end, negative, or the whole string.
    static func range(_ input: inout FuzzInput, _ length: Int) -> CFRange {
        switch input.index(4) {
        case 0: return CFRange(location: 0, length: 0)
        case 1: return CFRange(location: input.index(length + 3), length: Int.max)
        case 2: return CFRange(location: -input.index(5), length: input.index(length + 3) - 1)
        default: return CFRange(location: input.index(length + 1), length: input.index(length + 1))
        }
    }

    /// Random attributes for one run; values of the wrong type as often as the right one.
    static func attributes(_ input: inout FuzzInput) -> [NSAttributedString.Key: Any] {
        var a: [NSAttributedString.Key: Any] = [:]
        let flags = input.byte()
        if flags & 1 != 0 {
            var matrix = CGAffineTransform(a: input.number(), b: 0, c: input.number(), d: input.number(), tx: 0, ty: 0)
            let name = fontNames[input.index(fontNames.count)] as CFString
            a[NSAttributedString.Key(kCTFontAttributeName as String)] = input.bool()
                ? CTFontCreateWithName(name, input.number(), &matrix) : CTFontCreateWithName(name, input.number(), nil)
        }
        if flags & 2 != 0 { a[NSAttributedString.Key(kCTKernAttributeName as String)] = NSNumber(value: Double(input.number())) }
        if flags & 4 != 0 {
            a[NSAttributedString.Key(kCTLigatureAttributeName as String)] = input.bool() ? NSNumber(value: input.index(4) - 1) as Any : "two" as Any
        }
        if flags & 8 != 0 { a[NSAttributedString.Key(kCTParagraphStyleAttributeName as String)] = paragraphStyle(&input) }
        if flags & 16 != 0 {
            a[NSAttributedString.Key(kCTForegroundColorAttributeName as String)] = input.bool()
                ? CGColor(red: input.number(), green: 0.5, blue: 0, alpha: input.number()) as Any : NSNumber(value: 3) as Any
        }
        if flags & 32 != 0 {
            a[NSAttributedString.Key(kCTUnderlineStyleAttributeName as String)] = input.bool()
                ? NSNumber(value: Int32(truncatingIfNeeded: Int(input.byte()) << 8 | Int(input.byte()))) as Any : CGColor(gray: 0, alpha: 1) as Any
        }
        if flags & 64 != 0 {
            a[NSAttributedString.Key(kCTStrokeWidthAttributeName as String)] = NSNumber(value: Double(input.number()))
            a[NSAttributedString.Key(kCTStrokeColorAttributeName as String)] = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        }
        if flags & 128 != 0 {
            a[NSAttributedString.Key(kCTBaselineOffsetAttributeName as String)] = NSNumber(value: Double(input.number()))
            a[NSAttributedString.Key(kCTSuperscriptAttributeName as String)] = NSNumber(value: input.index(5) - 2)
        }
        return a
    }

    /// A paragraph style with a few of its settings, each a hostile number or a random value.
    static func paragraphStyle(_ input: inout FuzzInput) -> CTParagraphStyle {
        var alignment = CTTextAlignment(rawValue: UInt8(input.index(6))) ?? .natural
        var lineBreak = CTLineBreakMode(rawValue: UInt8(input.index(7))) ?? .byWordWrapping
        var direction = CTWritingDirection(rawValue: Int8(input.index(3)) - 1) ?? .natural
        let numbers: [CTParagraphStyleSpecifier] = [.firstLineHeadIndent, .headIndent, .tailIndent, .defaultTabInterval,
                                                    .lineHeightMultiple, .maximumLineHeight, .minimumLineHeight,
                                                    .lineSpacing, .paragraphSpacing, .paragraphSpacingBefore]
        var values = numbers.map { _ in input.bool() ? input.number() : 0 }
        return withUnsafeBytes(of: &alignment) { a in
            withUnsafeBytes(of: &lineBreak) { b in
                withUnsafeBytes(of: &direction) { d in
                    values.withUnsafeMutableBytes { v in
                        var settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: 1, value: a.baseAddress!),
                                        CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: 1, value: b.baseAddress!),
                                        CTParagraphStyleSetting(spec: .baseWritingDirection, valueSize: 1, value: d.baseAddress!)]
                        let size = MemoryLayout<CGFloat>.size
                        for (i, spec) in numbers.enumerated() where v.load(fromByteOffset: i * size, as: CGFloat.self) != 0 {
                            settings.append(CTParagraphStyleSetting(spec: spec, valueSize: size, value: v.baseAddress! + i * size))
                        }
                        return CTParagraphStyleCreate(settings, settings.count)
                    }
                }
            }
        }
    }
}
