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

    /// Returns an immutable copy of the paragraph style.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.storage = storage
        return copy
    }

    /// Returns a mutable copy of the paragraph style (an `NSMutableParagraphStyle`).
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.storage = storage
        return copy
    }

    /// The Core Text paragraph style of the same settings.
    package var ctParagraphStyle: CTParagraphStyle {
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
