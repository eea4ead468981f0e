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
