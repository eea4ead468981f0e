/// Constants that specify text alignment (iOS's values).
public enum NSTextAlignment: Int, Sendable {
    /// Text is visually left aligned.
    case left = 0
    /// Text is visually center aligned.
    case center = 1
    /// Text is visually right aligned.
    case right = 2
    /// Text is justified.
    case justified = 3
    /// Text uses the default alignment for the current localization of the app (left here).
    case natural = 4
}

/// Constants that specify what happens when a line is too long for its container.
public enum NSLineBreakMode: Int, Sendable {
    /// The value that indicates that wrapping occurs at word boundaries, unless the word
    /// doesn't fit on a single line.
    case byWordWrapping = 0
    /// The value that indicates that wrapping occurs before the first character that doesn't fit.
    case byCharWrapping = 1
    /// The value that indicates that lines don't extend past the edge of the text container.
    case byClipping = 2
    /// The value that indicates that a line displays so that the end fits in the container
    /// and an ellipsis glyph indicates the missing text at the beginning of the line.
    case byTruncatingHead = 3
    /// The value that indicates that a line displays so that the beginning fits in the
    /// container and an ellipsis glyph indicates the missing text at the end of the line.
    case byTruncatingTail = 4
    /// The value that indicates that a line displays so that the beginning and end fit in the
    /// container and an ellipsis glyph indicates the missing text in the middle.
    case byTruncatingMiddle = 5
}

/// The paragraph or ruler attributes for an attributed string.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// The text alignment of the paragraph. Defaults to `.natural`.
    open var alignment: NSTextAlignment { storage.alignment }
    /// The mode for breaking lines in the paragraph. Defaults to `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { storage.lineBreakMode }
    /// The distance in points between the bottom of one line fragment and the top of the next.
    /// Defaults to 0.
    open var lineSpacing: CGFloat { storage.lineSpacing }
    /// The space after the end of the paragraph. Defaults to 0.
    open var paragraphSpacing: CGFloat { storage.paragraphSpacing }
    /// The distance between the paragraph's top and the beginning of its text content.
    /// Defaults to 0.
    open var paragraphSpacingBefore: CGFloat { storage.paragraphSpacingBefore }
    /// The indentation of the first line of the paragraph. Defaults to 0.
    open var firstLineHeadIndent: CGFloat { storage.firstLineHeadIndent }
    /// The indentation of the paragraph's lines other than the first. Defaults to 0.
    open var headIndent: CGFloat { storage.headIndent }
    /// The trailing indentation of the paragraph (from the leading margin when positive, the
    /// trailing one when not). Defaults to 0.
    open var tailIndent: CGFloat { storage.tailIndent }
    /// The line height multiple. Defaults to 0 (none).
    open var lineHeightMultiple: CGFloat { storage.lineHeightMultiple }
    /// The paragraph's minimum line height. Defaults to 0.
    open var minimumLineHeight: CGFloat { storage.minimumLineHeight }
    /// The paragraph's maximum line height. Defaults to 0 (no limit).
    open var maximumLineHeight: CGFloat { storage.maximumLineHeight }

    struct Storage {
        var alignment = NSTextAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0, paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0, minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0
    }
    var storage = Storage()

    /// Creates a paragraph style with the default values.
    public override init() { super.init() }

    /// Returns the default paragraph style.
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.storage = storage
        return copy
    }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.storage = storage
        return copy
    }

    /// The Core Text paragraph style of the same settings.
    var ctParagraphStyle: CTParagraphStyle {
        var alignment: CTTextAlignment = switch storage.alignment {
        case .left, .natural: .left
        case .center: .center
        case .right: .right
        case .justified: .justified
        }
        var lineBreak = CTLineBreakMode(rawValue: UInt8(storage.lineBreakMode.rawValue)) ?? .byWordWrapping
        var values = [storage.firstLineHeadIndent, storage.headIndent, storage.tailIndent, storage.lineHeightMultiple,
                      storage.maximumLineHeight, storage.minimumLineHeight, storage.lineSpacing, storage.paragraphSpacing,
                      storage.paragraphSpacingBefore]
        let specs: [CTParagraphStyleSpecifier] = [.firstLineHeadIndent, .headIndent, .tailIndent, .lineHeightMultiple,
                                                  .maximumLineHeight, .minimumLineHeight, .lineSpacingAdjustment,
                                                  .paragraphSpacing, .paragraphSpacingBefore]
        return withUnsafeMutablePointer(to: &alignment) { a in
            withUnsafeMutablePointer(to: &lineBreak) { l in
                values.withUnsafeMutableBufferPointer { v in
                    var settings = [CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: a),
                                    CTParagraphStyleSetting(spec: .lineBreakMode, valueSize: MemoryLayout<CTLineBreakMode>.size, value: l)]
                    for (i, spec) in specs.enumerated() {
                        settings.append(CTParagraphStyleSetting(spec: spec, valueSize: MemoryLayout<CGFloat>.size, value: v.baseAddress! + i))
                    }
                    return CTParagraphStyleCreate(settings, settings.count)
                }
            }
        }
    }
}

/// An object for changing the values of the subattributes in a paragraph style attribute.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// The text alignment of the paragraph. Defaults to `.natural`.
    open override var alignment: NSTextAlignment {
        get { storage.alignment }
        set { storage.alignment = newValue }
    }
    /// The mode for breaking lines in the paragraph. Defaults to `.byWordWrapping`.
    open override var lineBreakMode: NSLineBreakMode {
        get { storage.lineBreakMode }
        set { storage.lineBreakMode = newValue }
    }
    /// The distance in points between the bottom of one line fragment and the top of the next.
    open override var lineSpacing: CGFloat {
        get { storage.lineSpacing }
        set { storage.lineSpacing = newValue }
    }
    /// The space after the end of the paragraph.
    open override var paragraphSpacing: CGFloat {
        get { storage.paragraphSpacing }
        set { storage.paragraphSpacing = newValue }
    }
    /// The distance between the paragraph's top and the beginning of its text content.
    open override var paragraphSpacingBefore: CGFloat {
        get { storage.paragraphSpacingBefore }
        set { storage.paragraphSpacingBefore = newValue }
    }
    /// The indentation of the first line of the paragraph.
    open override var firstLineHeadIndent: CGFloat {
        get { storage.firstLineHeadIndent }
        set { storage.firstLineHeadIndent = newValue }
    }
    /// The indentation of the paragraph's lines other than the first.
    open override var headIndent: CGFloat {
        get { storage.headIndent }
        set { storage.headIndent = newValue }
    }
    /// The trailing indentation of the paragraph.
    open override var tailIndent: CGFloat {
        get { storage.tailIndent }
        set { storage.tailIndent = newValue }
    }
    /// The line height multiple.
    open override var lineHeightMultiple: CGFloat {
        get { storage.lineHeightMultiple }
        set { storage.lineHeightMultiple = newValue }
    }
    /// The paragraph's minimum line height.
    open override var minimumLineHeight: CGFloat {
        get { storage.minimumLineHeight }
        set { storage.minimumLineHeight = newValue }
    }
    /// The paragraph's maximum line height.
    open override var maximumLineHeight: CGFloat {
        get { storage.maximumLineHeight }
        set { storage.maximumLineHeight = newValue }
    }
}
