/// Options for string drawing and measuring.
public struct NSStringDrawingOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Lines are laid out from the rectangle's top left, wrapped to its width; without it the
    /// string is one line whose baseline starts at the rectangle's origin.
    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    /// Uses the font leading for calculating line heights (Lamina always does).
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
    /// Uses image glyph bounds instead of typographic bounds (Lamina uses typographic bounds).
    public static let usesDeviceMetrics = NSStringDrawingOptions(rawValue: 1 << 3)
    /// Truncates and adds the ellipsis character to the last visible line if the text doesn't
    /// fit into the bounds specified.
    public static let truncatesLastVisibleLine = NSStringDrawingOptions(rawValue: 1 << 5)
}

/// An object that manages metrics for drawing attributed strings.
open class NSStringDrawingContext: NSObject {
    /// The minimum scale factor for the string's font. Defaults to 0 (no scaling: Lamina never
    /// scales).
    open var minimumScaleFactor: CGFloat = 0
    /// The actual scale factor used during the last drawing operation: 1.
    open private(set) var actualScaleFactor: CGFloat = 1
    /// The bounds of the string drawn or measured last.
    open internal(set) var totalBounds: CGRect = .zero
}

extension NSAttributedString {
    /// Draws the attributed string starting at the specified point in the current graphics
    /// context: the top left of its first line in a flipped context (UIKit's, a flipped view's),
    /// the bottom left of its lines in one that is not (a view that is not flipped, y up).
    public func draw(at point: CGPoint) {
        guard let current = GraphicsContextStack.current.top else { return }
        let block = TextBlock(self, width: nil)
        let top = current.isFlipped ? point.y : point.y + block.size.height
        block.draw(fromTop: top, x: point.x, width: block.size.width, in: current)
    }

    /// Draws the attributed string inside the specified bounding rectangle in the current
    /// graphics context, wrapped to its width from its top; lines that do not fit its height are
    /// not drawn.
    public func draw(in rect: CGRect) {
        draw(with: rect, options: .usesLineFragmentOrigin, context: nil)
    }

    /// Draws the attributed string in the specified bounding rectangle using the provided
    /// options: with `.usesLineFragmentOrigin` wrapped from the rectangle's top, without it on
    /// one line whose baseline starts at the rectangle's origin.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) {
        guard let current = GraphicsContextStack.current.top else { return }
        if options.contains(.usesLineFragmentOrigin) {
            let block = TextBlock(self, width: rect.width, maximumHeight: rect.height,
                                  lineBreakMode: options.contains(.truncatesLastVisibleLine) ? .byTruncatingTail : nil)
            block.draw(fromTop: current.isFlipped ? rect.minY : rect.maxY, x: rect.minX, width: rect.width, in: current)
            context?.totalBounds = CGRect(origin: rect.origin, size: block.size)
        } else {
            let block = TextBlock(self, width: nil, maximumLines: 1)
            let ascent = block.lines.first?.ascent ?? 0
            block.draw(fromTop: current.isFlipped ? rect.minY - ascent : rect.minY + ascent, x: rect.minX, width: rect.width, in: current)
        }
    }

    /// Returns the bounding rectangle necessary to draw the string: with
    /// `.usesLineFragmentOrigin`, its lines wrapped to `size`'s width from the origin; without
    /// it, one line whose baseline is at y 0 (the rectangle starts at minus the ascent).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?) -> CGRect {
        let rect: CGRect
        if options.contains(.usesLineFragmentOrigin) {
            let block = TextBlock(self, width: size.width > 0 && size.width < .greatestFiniteMagnitude ? size.width : nil,
                                  maximumHeight: size.height > 0 && size.height < .greatestFiniteMagnitude ? size.height : nil)
            rect = CGRect(origin: .zero, size: block.size)
        } else {
            let block = TextBlock(self, width: nil, maximumLines: 1)
            rect = CGRect(x: 0, y: -(block.lines.first?.ascent ?? 0), width: block.size.width, height: block.size.height)
        }
        context?.totalBounds = rect
        return rect
    }

    /// Returns the size necessary to draw the string.
    public func size() -> CGSize { TextBlock(self, width: nil).size }
}

extension TextBlock {
    /// Draws the lines down from `top` (a y of the context's user space), in `width` from `x`:
    /// in a context that is not flipped (y up) through a flip about `top`, since the lines are
    /// laid out y down.
    func draw(fromTop top: CGFloat, x: CGFloat, width: CGFloat, in current: GraphicsContextStack.Entry) {
        let context = current.context
        guard !current.isFlipped else {
            draw(in: CGRect(x: x, y: top, width: width, height: size.height), context: context)
            return
        }
        context.saveGState()
        context.translateBy(x: 0, y: top)
        context.scaleBy(x: 1, y: -1)
        draw(in: CGRect(x: x, y: 0, width: width, height: size.height), context: context)
        context.restoreGState()
    }
}

extension NSString {
    /// Draws the string with the font and other display characteristics of the given
    /// attributes, its first line's top left at `point`.
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(at: point)
    }

    /// Draws the attributed string inside the specified bounding rectangle.
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        NSAttributedString(string: self as String, attributes: attrs).draw(in: rect)
    }

    /// Draws the string in the specified bounding rectangle using the provided options.
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        NSAttributedString(string: self as String, attributes: attributes).draw(with: rect, options: options, context: context)
    }

    /// Calculates and returns the bounding rect for the receiver drawn using the given options
    /// and display characteristics, within the specified rectangle in the current graphics context.
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        NSAttributedString(string: self as String, attributes: attributes).boundingRect(with: size, options: options, context: context)
    }

    /// Returns the bounding box size the receiver occupies when drawn with the given attributes.
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        NSAttributedString(string: self as String, attributes: attrs).size()
    }
}

extension String {
    /// Draws the string with the given attributes, its first line's top left at `point` (as
    /// `NSString`'s method).
    public func draw(at point: CGPoint, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(at: point, withAttributes: attrs)
    }

    /// Draws the string inside the specified bounding rectangle (as `NSString`'s method).
    public func draw(in rect: CGRect, withAttributes attrs: [NSAttributedString.Key: Any]? = nil) {
        (self as NSString).draw(in: rect, withAttributes: attrs)
    }

    /// Draws the string in the specified bounding rectangle using the provided options (as
    /// `NSString`'s method).
    public func draw(with rect: CGRect, options: NSStringDrawingOptions = [], attributes: [NSAttributedString.Key: Any]? = nil,
                     context: NSStringDrawingContext?) {
        (self as NSString).draw(with: rect, options: options, attributes: attributes, context: context)
    }

    /// The bounding rect of the string drawn with the given options and attributes (as
    /// `NSString`'s method).
    public func boundingRect(with size: CGSize, options: NSStringDrawingOptions = [],
                             attributes: [NSAttributedString.Key: Any]? = nil, context: NSStringDrawingContext?) -> CGRect {
        (self as NSString).boundingRect(with: size, options: options, attributes: attributes, context: context)
    }

    /// The size the string occupies when drawn with the given attributes (as `NSString`'s method).
    public func size(withAttributes attrs: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        (self as NSString).size(withAttributes: attrs)
    }
}
