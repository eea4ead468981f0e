import CoreText

/// How a `CATextLayer` shortens a line too long for its bounds.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Not shortened: the line runs past the bounds (and is cut there).
    public static let none = Self(rawValue: "none")
    /// The start replaced by "…".
    public static let start = Self(rawValue: "start")
    /// The end replaced by "…".
    public static let end = Self(rawValue: "end")
    /// The middle replaced by "…".
    public static let middle = Self(rawValue: "middle")
}

/// How a `CATextLayer` places each line across its bounds.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// As the script reads: left for left-to-right text.
    public static let natural = Self(rawValue: "natural")
    /// Flush with the left edge.
    public static let left = Self(rawValue: "left")
    /// Flush with the right edge.
    public static let right = Self(rawValue: "right")
    /// Centered.
    public static let center = Self(rawValue: "center")
    /// Stretched to both edges, except a paragraph's last line (left).
    public static let justified = Self(rawValue: "justified")
}

/// A layer that draws a string: laid out by Core Text (Pango underneath) into its contents,
/// the first line hanging from the top of the bounds.
///
/// Changing the string or any text property redraws the layer (`needsDisplay(forKey:)`), at
/// `contentsScale` (2 draws sharp text on a 2× screen). Text is antialiased in grays (no
/// subpixel antialiasing). A font name that no installed font matches falls back to Helvetica's
/// stand-in with one message.
open class CATextLayer: CALayer {
    /// The text: a `String` (drawn in `font`, `fontSize` and `foregroundColor`) or an
    /// `NSAttributedString` (drawn with its own attributes). Defaults to nil.
    open var string: Any? {
        didSet { didChange("string", from: oldValue) }
    }
    /// The font: a font name (`String`), a `CGFont` or a `CTFont`; `fontSize` sets its size.
    /// nil means Helvetica. Used only for plain strings. Defaults to the name "Helvetica", as
    /// Apple's has a default (Liberation Sans, Helvetica's metric twin, draws it here).
    open var font: AnyObject? = "Helvetica" as NSString {
        didSet {
            plainText.invalidate()
            didChange("font", from: oldValue)
        }
    }
    /// The size of the font, in points; it wins over a `CTFont`'s own size. Used only for plain
    /// strings. Defaults to 36. Animatable.
    open var fontSize: CGFloat = 36 {
        didSet {
            // Refused before it is reported: no redraw, no animation toward a bad value.
            guard fontSize.isFinite else {
                CGDiagnostics.log("CATextLayer.fontSize", "\(fontSize) is not finite; kept \(oldValue).")
                fontSize = oldValue
                return
            }
            plainText.invalidate()
            didChange("fontSize", from: oldValue)
        }
    }
    /// The color of plain strings. Defaults to opaque white. Animatable.
    open var foregroundColor: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1) {
        didSet {
            plainText.invalidate()
            didChange("foregroundColor", from: oldValue)
        }
    }
    /// Whether lines wrap at the bounds' width. Defaults to false.
    open var isWrapped = false {
        didSet { didChange("wrapped", from: oldValue) }
    }
    /// How a line too wide for the bounds (or the last line that fits, when wrapped and more
    /// text follows) is shortened. Defaults to `.none`.
    open var truncationMode = CATextLayerTruncationMode.none {
        didSet { didChange("truncationMode", from: oldValue) }
    }
    /// How lines are placed across the bounds. Defaults to `.natural`.
    open var alignmentMode = CATextLayerAlignmentMode.natural {
        didSet { didChange("alignmentMode", from: oldValue) }
    }
    /// Whether glyph positions may be rounded to whole pixels. Glyphs are placed at fractional
    /// positions either way here. Defaults to false.
    open var allowsFontSubpixelQuantization = false {
        didSet { didChange("allowsFontSubpixelQuantization", from: oldValue) }
    }

    /// A plain string's attributed text, reused from draw to draw.
    private let plainText = TextLayerPlainText()

    public override init() {
        super.init()
    }

    public override init(layer: Any) {
        super.init(layer: layer)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The text properties redraw the layer, and so does a new size (the text is laid out in
    /// the bounds); other keys as CALayer.
    open override class func needsDisplay(forKey key: String) -> Bool {
        textKeys.contains(key) || key == "bounds" || super.needsDisplay(forKey: key)
    }

    private static let textKeys: Set<String> = ["string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode",
                                                "alignmentMode", "allowsFontSubpixelQuantization"]

    /// CALayer's rows and this class's, merged once: the table is read for every key-value
    /// access, every animated value and every presentation copy.
    nonisolated(unsafe) private static let propertyTable: [String: LayerProperty] = CALayer.keyValueProperties.merging([
        "string": LayerProperty(get: { ($0 as? CATextLayer)?.string },
                                set: { layer, value in
                                    guard let layer = layer as? CATextLayer else { return false }
                                    layer.string = value
                                    return true
                                }),
        "font": LayerProperty(get: { ($0 as? CATextLayer)?.font },
                              set: { layer, value in
                                  guard let layer = layer as? CATextLayer else { return false }
                                  if value == nil { layer.font = nil; return true }
                                  if let name = value as? String { layer.font = name as NSString; return true }
                                  guard let object = value.map({ $0 as AnyObject }) else { return false }
                                  layer.font = object
                                  return true
                              }),
        "fontSize": .keyPath(\CATextLayer.fontSize, animatable: true),
        "foregroundColor": .keyPath(\CATextLayer.foregroundColor, animatable: true),
        "wrapped": .keyPath(\CATextLayer.isWrapped),
        "truncationMode": .name(\CATextLayer.truncationMode),
        "alignmentMode": .name(\CATextLayer.alignmentMode),
        "allowsFontSubpixelQuantization": .keyPath(\CATextLayer.allowsFontSubpixelQuantization),
    ]) { $1 }

    open override class var keyValueProperties: [String: LayerProperty] { propertyTable }

    /// Lays the text out in the bounds and draws it (the layer's `display()` calls this for its
    /// backing image).
    open override func draw(in ctx: CGContext) {
        super.draw(in: ctx)
        // The text reads from the top of the screen down, whichever way the layer's geometry
        // runs: a y-up context is flipped back to the y down the typesetter lays out in.
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if !contentsAreFlipped() { ctx.concatenate(CGContext.imageFlip(about: bounds)) }
        if !(string is NSAttributedString), let plain = string as? String {
            plainText.with(plain, attributes: { TextLayerTypesetter.attributes(of: self) }) { text, attributes in
                TextLayerTypesetter(layer: self, text: text, borrowed: true, uniform: attributes).draw(in: ctx, bounds: bounds)
            }
        } else {
            TextLayerTypesetter(layer: self).draw(in: ctx, bounds: bounds)
        }
    }
}
