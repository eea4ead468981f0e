/// The representation of a font in an app, on a Core Text font.
///
/// The system font is Helvetica's metric-compatible stand-in (Liberation Sans: San Francisco
/// has no free equivalent), the monospaced one Menlo's (DejaVu Sans Mono); weights of semibold
/// and above use the bold face.
open class NSFont: NSObject, NSCopying, @unchecked Sendable {
    /// The Core Text font this font draws with.
    public let ctFont: CTFont
    /// Whether digits keep one advance (the text is not kerned).
    var monospacedDigits = false

    /// A Core Text font as an `NSFont` (on macOS the two are the same object).
    public init(ctFont: CTFont) {
        self.ctFont = ctFont
        super.init()
    }

    /// Creates a font object for the specified font name and size (0: the system font size);
    /// Apple's font names resolve to their metric-compatible stand-ins. Nil for an empty name.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : NSFont.systemFontSize
        self.init(ctFont: CTFontCreateWithName(fontName as CFString, size, nil))
    }

    private static func face(_ regular: String, _ bold: String, weight: Weight, size: CGFloat) -> NSFont {
        let name = weight.rawValue >= Weight.semibold.rawValue ? bold : regular
        let points = size.isFinite && size > 0 ? size : systemFontSize
        return NSFont(ctFont: CTFontCreateWithName(name as CFString, points, nil))
    }

    /// The standard system font at `fontSize` (0: the system font size).
    open class func systemFont(ofSize fontSize: CGFloat) -> NSFont { face("Helvetica", "Helvetica-Bold", weight: .regular, size: fontSize) }
    /// The system font at `fontSize` and `weight`.
    open class func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> NSFont { face("Helvetica", "Helvetica-Bold", weight: weight, size: fontSize) }
    /// The bold system font at `fontSize`.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> NSFont { face("Helvetica", "Helvetica-Bold", weight: .bold, size: fontSize) }
    /// The fixed-width system font at `fontSize` and `weight`.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> NSFont { face("Menlo-Regular", "Menlo-Bold", weight: weight, size: fontSize) }
    /// The system font whose digits share one width.
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: Weight) -> NSFont {
        let font = systemFont(ofSize: fontSize, weight: weight)
        font.monospacedDigits = true
        return font
    }
    /// The font for text the user types (Helvetica's stand-in); nil never in Lamina.
    open class func userFont(ofSize fontSize: CGFloat) -> NSFont? { face("Helvetica", "Helvetica-Bold", weight: .regular, size: fontSize) }
    /// The fixed-pitch font for text the user types (Menlo's stand-in).
    open class func userFixedPitchFont(ofSize fontSize: CGFloat) -> NSFont? { monospacedSystemFont(ofSize: fontSize, weight: .regular) }
    /// The font of labels (the system font at `labelFontSize` for 0).
    open class func labelFont(ofSize fontSize: CGFloat) -> NSFont { systemFont(ofSize: fontSize > 0 ? fontSize : labelFontSize) }
    /// The font of control content (the system font).
    open class func controlContentFont(ofSize fontSize: CGFloat) -> NSFont { systemFont(ofSize: fontSize) }

    /// The size of the standard system font: 13 points.
    open class var systemFontSize: CGFloat { 13 }
    /// The size of the small system font: 11 points.
    open class var smallSystemFontSize: CGFloat { 11 }
    /// The size of the font used for labels: 10 points.
    open class var labelFontSize: CGFloat { 10 }

    /// The point size of the font.
    open var pointSize: CGFloat { CTFontGetSize(ctFont) }
    /// The font's PostScript name.
    open var fontName: String { CTFontCopyPostScriptName(ctFont) as String }
    /// The font's family name.
    open var familyName: String? { CTFontCopyFamilyName(ctFont) as String }
    /// The font's full name, as shown to the user.
    open var displayName: String? { CTFontCopyFullName(ctFont) as String }
    /// The top y of the tallest glyphs above the baseline.
    open var ascender: CGFloat { CTFontGetAscent(ctFont) }
    /// The bottom y of the lowest glyphs below the baseline (negative).
    open var descender: CGFloat { -CTFontGetDescent(ctFont) }
    /// The font's leading (space between lines).
    open var leading: CGFloat { CTFontGetLeading(ctFont) }
    /// The height of capital letters.
    open var capHeight: CGFloat { CTFontGetCapHeight(ctFont) }
    /// The height of lowercase x.
    open var xHeight: CGFloat { CTFontGetXHeight(ctFont) }
    /// The rectangle that would enclose every glyph of the font laid over each other.
    open var boundingRectForFont: NSRect { CTFontGetBoundingBox(ctFont) }

    /// The same font at another size.
    open func withSize(_ fontSize: CGFloat) -> NSFont {
        let font = NSFont(ctFont: CTFontCreateCopyWithAttributes(ctFont, fontSize, nil, nil))
        font.monospacedDigits = monospacedDigits
        return font
    }

    /// The font itself (fonts are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The font's name and size.
    open override var description: String { "\"\(fontName) \(pointSize)pt\"" }
}

extension NSFont {
    /// The weight of a font (macOS's values, from −1 ultra light to 1 black).
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight's value.
        public let rawValue: CGFloat
        /// A weight from its value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        private init(_ value: CGFloat) { rawValue = value }
        /// −0.8.
        public static let ultraLight = Weight(-0.8)
        /// −0.6.
        public static let thin = Weight(-0.6)
        /// −0.4.
        public static let light = Weight(-0.4)
        /// 0.
        public static let regular = Weight(0)
        /// 0.23.
        public static let medium = Weight(0.23)
        /// 0.3.
        public static let semibold = Weight(0.3)
        /// 0.4.
        public static let bold = Weight(0.4)
        /// 0.56.
        public static let heavy = Weight(0.56)
        /// 0.62.
        public static let black = Weight(0.62)
    }
}

extension NSFont: TextFontValue {
    package var textDrawingFont: CTFont { ctFont }
    package var textHasMonospacedDigits: Bool { monospacedDigits }
}
