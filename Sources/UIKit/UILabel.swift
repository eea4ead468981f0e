/// A view that displays one or more lines of informational text.
///
/// The text is drawn (through `draw(_:)` and `drawText(in:)`) centered vertically in the
/// bounds, in lines broken at words within the width; the last line shown is truncated per
/// `lineBreakMode` when text is left over.
@MainActor
open class UILabel: UIView {
    /// The text that the label displays. Defaults to nil.
    open var text: String? {
        get { storedAttributedText?.string ?? storedText }
        set {
            storedText = newValue
            storedAttributedText = nil
            textDidChange()
        }
    }

    /// The styled text that the label displays. Defaults to nil. Setting it sets `text` to its
    /// string; reading it after `text` was set gives the text with the label's font, color and
    /// alignment.
    open var attributedText: NSAttributedString? {
        get {
            if let storedAttributedText { return storedAttributedText }
            return storedText.map { NSAttributedString(string: $0, attributes: defaultAttributes) }
        }
        set {
            storedAttributedText = newValue
            storedText = newValue?.string
            textDidChange()
        }
    }

    /// The font of the text. Defaults to the system font at 17 points.
    open var font: UIFont! {
        get { storedFont }
        set { storedFont = newValue ?? UIFont.systemFont(ofSize: UIFont.labelFontSize); textDidChange() }
    }

    /// The color of the text. Defaults to `.label` (black).
    open var textColor: UIColor! {
        get { storedTextColor }
        set { storedTextColor = newValue ?? .label; setNeedsDisplay() }
    }

    /// The shadow color of the text. Defaults to nil (no shadow).
    open var shadowColor: UIColor? { didSet { setNeedsDisplay() } }

    /// The shadow offset, in points, for the text. Defaults to (0, -1): above the text.
    open var shadowOffset = CGSize(width: 0, height: -1) { didSet { setNeedsDisplay() } }

    /// The technique for aligning the text. Defaults to `.natural` (left).
    open var textAlignment: NSTextAlignment = .natural { didSet { setNeedsDisplay() } }

    /// The technique for wrapping and truncating the label's text. Defaults to
    /// `.byTruncatingTail`.
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail { didSet { textDidChange() } }

    /// The maximum number of lines for rendering text; 0 for as many as needed. Defaults to 1.
    open var numberOfLines: Int = 1 { didSet { textDidChange() } }

    /// The highlight color for the label's text. Defaults to nil.
    open var highlightedTextColor: UIColor? { didSet { setNeedsDisplay() } }

    /// A Boolean value that determines whether the label draws its text with a highlight.
    /// Defaults to false.
    open var isHighlighted = false { didSet { setNeedsDisplay() } }

    /// The enabled state to use when drawing the label's text. Defaults to true; a disabled
    /// label draws its text dimmed.
    open var isEnabled = true { didSet { setNeedsDisplay() } }

    /// The preferred maximum width, in points, for a multiline label (used by
    /// `intrinsicContentSize`). Defaults to 0.
    open var preferredMaxLayoutWidth: CGFloat = 0 { didSet { invalidateIntrinsicContentSize() } }

    /// A Boolean value that determines whether the label reduces the text's font size to fit
    /// the title string into the label's bounding rectangle. Defaults to false (Lamina does not
    /// shrink text).
    open var adjustsFontSizeToFitWidth = false

    /// The minimum scale factor for the label's text. Defaults to 0.
    open var minimumScaleFactor: CGFloat = 0

    var storedText: String?
    var storedAttributedText: NSAttributedString?
    var storedFont = UIFont.systemFont(ofSize: UIFont.labelFontSize)
    var storedTextColor: UIColor = .label

    /// Creates a label with the specified frame: no user interaction, content mode `.redraw`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLabel()
    }

    /// Creates a label from an unarchiver (a zero frame in Lamina).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLabel()
    }

    private func setUpLabel() {
        isUserInteractionEnabled = false
        contentMode = .redraw
    }

    // MARK: Drawing and sizing

    /// Returns the drawing rectangle for the label's text: the text's size, at the origin of
    /// `bounds`, in at most `numberOfLines` lines (0: any number) within the bounds.
    open func textRect(forBounds bounds: CGRect, limitedToNumberOfLines numberOfLines: Int) -> CGRect {
        let block = layout(width: bounds.width, height: bounds.height, lines: numberOfLines)
        let size = block.size
        return CGRect(x: bounds.minX, y: bounds.minY, width: min(ceil(size.width), bounds.width), height: min(ceil(size.height), bounds.height))
    }

    /// Draws the label's text (or its shadow) in the specified rectangle, centered vertically.
    open func drawText(in rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let block = layout(width: rect.width, height: rect.height, lines: numberOfLines)
        let height = block.size.height
        let top = rect.minY + (rect.height - height) / 2
        context.saveGState()
        if let shadowColor {
            // UIKit's offsets are y down; Core Graphics' shadows are in the device's y-up space.
            context.setShadow(offset: CGSize(width: shadowOffset.width, height: -shadowOffset.height), blur: 0, color: shadowColor.cgColor)
        }
        block.draw(in: CGRect(x: rect.minX, y: top, width: rect.width, height: height), context: context)
        context.restoreGState()
    }

    /// Draws the text through `drawText(in:)` with the bounds.
    open override func draw(_ rect: CGRect) {
        drawText(in: bounds)
    }

    /// The size of the text, rounded up, in `numberOfLines` lines; lines wrap at
    /// `preferredMaxLayoutWidth` when it is set and the label has more than one line.
    open override var intrinsicContentSize: CGSize {
        let width: CGFloat? = numberOfLines != 1 && preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : nil
        let size = layout(width: width, height: nil, lines: numberOfLines).size
        return CGSize(width: ceil(size.width), height: ceil(size.height))
    }

    /// The size of the text, rounded up, wrapped within `size`'s width for a label of more
    /// than one line.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width: CGFloat? = numberOfLines != 1 && size.width > 0 ? size.width : nil
        let fitted = layout(width: width, height: nil, lines: numberOfLines).size
        return CGSize(width: ceil(fitted.width), height: ceil(fitted.height))
    }

    // MARK: Workings

    private var defaultAttributes: [NSAttributedString.Key: Any] {
        let style = NSMutableParagraphStyle()
        style.alignment = textAlignment
        style.lineBreakMode = lineBreakMode
        return [.font: storedFont, .foregroundColor: storedTextColor, .paragraphStyle: style]
    }

    /// The text to draw: the attributed text with the label's font, color and alignment
    /// where it has none.
    private var drawnText: NSAttributedString? {
        guard let string = storedAttributedText ?? storedText.map({ NSAttributedString(string: $0) }), string.length > 0 else { return nil }
        let result = NSMutableAttributedString(attributedString: string)
        var color = isHighlighted ? (highlightedTextColor ?? storedTextColor) : storedTextColor
        if !isEnabled { color = color.withAlphaComponent(color.alphaValue * 0.44) }
        let whole = NSRange(location: 0, length: result.length)
        string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
            var missing: [NSAttributedString.Key: Any] = [:]
            if attributes[.font] == nil { missing[.font] = storedFont }
            if attributes[.foregroundColor] == nil || storedAttributedText == nil { missing[.foregroundColor] = color }
            if !missing.isEmpty { result.addAttributes(missing, range: range) }
        }
        return result
    }

    private func layout(width: CGFloat?, height: CGFloat?, lines: Int) -> TextBlock {
        guard let text = drawnText else { return TextBlock(NSAttributedString(string: ""), width: nil) }
        let style = text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        // One line: no wrapping at all, the line cut to the width.
        let wraps = lines != 1
        var block = TextBlock(text, width: wraps ? width : nil, maximumLines: lines, maximumHeight: height,
                              lineBreakMode: lineBreakMode, alignment: storedAttributedText == nil ? textAlignment : (style?.alignment ?? textAlignment))
        if !wraps, let width, let first = block.lines.first, first.width > width {
            block = TextBlock(text, width: width, maximumLines: 1, lineBreakMode: lineBreakMode, alignment: block.alignment)
        }
        return block
    }

    private func textDidChange() {
        setNeedsDisplay()
        invalidateIntrinsicContentSize()
    }
}
