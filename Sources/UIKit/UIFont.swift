/// An object that provides access to the font's characteristics, on a Core Text font.
///
/// The system font is Helvetica's metric-compatible stand-in (Liberation Sans: San Francisco
/// has no free equivalent), its monospaced variant Menlo's (DejaVu Sans Mono). Weights of
/// semibold and above use the bold face.
open class UIFont: NSObject, @unchecked Sendable {
    /// The Core Text font this font draws with.
    public let ctFont: CTFont

    /// A Core Text font as a `UIFont` (on iOS the two are the same object).
    public init(ctFont: CTFont) {
        self.ctFont = ctFont
        super.init()
    }

    /// Creates and returns a font object for the specified font name and size; Apple's font
    /// names resolve to their metric-compatible stand-ins. Nil for an empty name.
    public convenience init?(name fontName: String, size fontSize: CGFloat) {
        guard !fontName.isEmpty else { return nil }
        self.init(ctFont: CTFontCreateWithName(fontName as CFString, fontSize > 0 ? fontSize : UIFont.systemFontSize, nil))
    }

    /// Creates and returns a font object for the specified font descriptor and size (0: the
    /// descriptor's).
    public convenience init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        self.init(ctFont: CTFontCreateWithFontDescriptor(descriptor.ctFontDescriptor, pointSize, nil))
    }

    // MARK: System fonts

    /// Returns the font object for standard interface items in the specified size.
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .regular)
    }

    /// Returns the font object for standard interface items that you render in the specified
    /// size and weight.
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(ctFont: CTFontCreateWithName((weight.rawValue >= UIFont.Weight.semibold.rawValue ? "Helvetica-Bold" : "Helvetica") as CFString, fontSize, nil))
    }

    /// Returns the font object for standard interface items in boldface type in the specified size.
    open class func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        systemFont(ofSize: fontSize, weight: .bold)
    }

    /// Returns the font object for standard interface items that you render in italic type in
    /// the specified size.
    open class func italicSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(ctFont: CTFontCreateWithName("Helvetica-Oblique" as CFString, fontSize, nil))
    }

    /// Returns a version of the standard system font that contains monospaced digit glyphs
    /// (Liberation Sans's digits have one advance; text in this font is not kerned).
    open class func monospacedDigitSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        let font = systemFont(ofSize: fontSize, weight: weight)
        font.hasMonospacedDigits = true
        return font
    }

    /// Whether text in this font is drawn without kerning, so that digits keep their one
    /// width ("11" has a kerning pair in Helvetica's metrics).
    var hasMonospacedDigits = false

    /// Returns the fixed-width font for standard interface text in the specified size.
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(ctFont: CTFontCreateWithName((weight.rawValue >= UIFont.Weight.semibold.rawValue ? "Menlo-Bold" : "Menlo-Regular") as CFString, fontSize, nil))
    }

    /// Returns an instance of the system font for the specified text style, at the sizes of
    /// iOS's large (default) Dynamic Type setting.
    open class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont {
        switch style {
        case .largeTitle: return systemFont(ofSize: 34)
        case .title1: return systemFont(ofSize: 28)
        case .title2: return systemFont(ofSize: 22)
        case .title3: return systemFont(ofSize: 20)
        case .headline: return systemFont(ofSize: 17, weight: .semibold)
        case .subheadline: return systemFont(ofSize: 15)
        case .callout: return systemFont(ofSize: 16)
        case .footnote: return systemFont(ofSize: 13)
        case .caption1: return systemFont(ofSize: 12)
        case .caption2: return systemFont(ofSize: 11)
        default: return systemFont(ofSize: 17)
        }
    }

    /// The standard font size used for labels: 17 points.
    open class var labelFontSize: CGFloat { 17 }
    /// The standard font size used for buttons: 18 points.
    open class var buttonFontSize: CGFloat { 18 }
    /// The size of the standard system font: 14 points.
    open class var systemFontSize: CGFloat { 14 }
    /// The size of the standard small system font: 12 points.
    open class var smallSystemFontSize: CGFloat { 12 }

    /// Returns an array of font family names available on the system.
    open class var familyNames: [String] {
        let collection = CTFontCollectionCreateFromAvailableFonts(nil)
        let descriptors = (CTFontCollectionCreateMatchingFontDescriptors(collection) as? [CTFontDescriptor]) ?? []
        return Array(Set(descriptors.compactMap { CTFontDescriptorCopyAttribute($0, kCTFontFamilyNameAttribute) as? String })).sorted()
    }

    // MARK: Variants

    /// Returns a font object that is the same as the font, except it has the specified size.
    open func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(ctFont: CTFontCreateCopyWithAttributes(ctFont, fontSize, nil, nil))
    }

    /// The font's descriptor.
    open var fontDescriptor: UIFontDescriptor { UIFontDescriptor(ctFontDescriptor: CTFontCopyFontDescriptor(ctFont)) }

    // MARK: Names and metrics

    /// The font family name.
    open var familyName: String { CTFontCopyFamilyName(ctFont) as String }
    /// The font face name (its PostScript name).
    open var fontName: String { CTFontCopyPostScriptName(ctFont) as String }
    /// The receiver's point size, or the effective vertical point size for a font with a
    /// nonstandard matrix.
    open var pointSize: CGFloat { CTFontGetSize(ctFont) }
    /// The top y-coordinate, offset from the baseline, of the font's longest ascender.
    open var ascender: CGFloat { CTFontGetAscent(ctFont) }
    /// The bottom y-coordinate, offset from the baseline, of the font's longest descender (a
    /// negative value).
    open var descender: CGFloat { -CTFontGetDescent(ctFont) }
    /// The font's cap height, offset from the baseline.
    open var capHeight: CGFloat { CTFontGetCapHeight(ctFont) }
    /// The x-height of the font.
    open var xHeight: CGFloat { CTFontGetXHeight(ctFont) }
    /// The height, in points, of text lines: ascender, descender and leading.
    open var lineHeight: CGFloat { ascender - descender + leading }
    /// The leading information, in points.
    open var leading: CGFloat { CTFontGetLeading(ctFont) }

    /// Whether `object` is a font of the same face and size.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIFont else { return false }
        return fontName == other.fontName && pointSize == other.pointSize
    }

    /// A hash of the face and size.
    open override var hash: Int { fontName.hashValue ^ pointSize.hashValue }

    /// The family and size, as iOS prints them.
    open override var description: String { "<UIFont> font-family: \"\(familyName)\"; font-size: \(pointSize)pt" }

    /// The weight of a font.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// The weight as Apple's scale has it, from -1 to 1.
        public var rawValue: CGFloat
        /// A weight from its value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The ultra-light font weight.
        public static let ultraLight = Weight(rawValue: -0.8)
        /// The thin font weight.
        public static let thin = Weight(rawValue: -0.6)
        /// The light font weight.
        public static let light = Weight(rawValue: -0.4)
        /// The regular font weight.
        public static let regular = Weight(rawValue: 0)
        /// The medium font weight.
        public static let medium = Weight(rawValue: 0.23)
        /// The semibold font weight.
        public static let semibold = Weight(rawValue: 0.3)
        /// The bold font weight.
        public static let bold = Weight(rawValue: 0.4)
        /// The heavy font weight.
        public static let heavy = Weight(rawValue: 0.56)
        /// The ultra-black font weight.
        public static let black = Weight(rawValue: 0.62)
    }

    /// Constants that describe the preferred styles for fonts.
    public struct TextStyle: RawRepresentable, Hashable, Sendable {
        /// The style's name.
        public var rawValue: String
        /// A style from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The font for large titles.
        public static let largeTitle = TextStyle(rawValue: "UICTFontTextStyleTitle0")
        /// The font for first-level hierarchical headings.
        public static let title1 = TextStyle(rawValue: "UICTFontTextStyleTitle1")
        /// The font for second-level hierarchical headings.
        public static let title2 = TextStyle(rawValue: "UICTFontTextStyleTitle2")
        /// The font for third-level hierarchical headings.
        public static let title3 = TextStyle(rawValue: "UICTFontTextStyleTitle3")
        /// The font for headings.
        public static let headline = TextStyle(rawValue: "UICTFontTextStyleHeadline")
        /// The font for subheadings.
        public static let subheadline = TextStyle(rawValue: "UICTFontTextStyleSubhead")
        /// The font for body text.
        public static let body = TextStyle(rawValue: "UICTFontTextStyleBody")
        /// The font for callouts.
        public static let callout = TextStyle(rawValue: "UICTFontTextStyleCallout")
        /// The font for footnotes.
        public static let footnote = TextStyle(rawValue: "UICTFontTextStyleFootnote")
        /// The font for standard captions.
        public static let caption1 = TextStyle(rawValue: "UICTFontTextStyleCaption1")
        /// The font for alternate captions.
        public static let caption2 = TextStyle(rawValue: "UICTFontTextStyleCaption2")
    }
}
