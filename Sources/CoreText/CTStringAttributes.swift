import CoreGraphics

// The attribute names Core Text reads from an attributed string, with the values Apple's
// headers give them (several are shared with the `NSAttributedString.Key` spellings below).

/// The font (a `CTFont`). Defaults to Helvetica 12 pt.
nonisolated(unsafe) public let kCTFontAttributeName: CFString = "NSFont"
/// Take the fill color from the context instead of `kCTForegroundColorAttributeName` (a Bool).
nonisolated(unsafe) public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
/// Extra space after each character, in points (a number). Defaults to 0.
nonisolated(unsafe) public let kCTKernAttributeName: CFString = "NSKern"
/// Ligatures: 0 only those the script needs, 1 the standard ones (default), 2 all (a number).
nonisolated(unsafe) public let kCTLigatureAttributeName: CFString = "NSLigature"
/// The fill color of the glyphs (a `CGColor`). Defaults to black.
nonisolated(unsafe) public let kCTForegroundColorAttributeName: CFString = "CTForegroundColor"
/// A color filled behind the glyphs, over the line's height (a `CGColor`). Defaults to none.
nonisolated(unsafe) public let kCTBackgroundColorAttributeName: CFString = "CTBackgroundColor"
/// The paragraph's alignment, line breaking and spacing (a `CTParagraphStyle`).
nonisolated(unsafe) public let kCTParagraphStyleAttributeName: CFString = "NSParagraphStyle"
/// The outline's width in percent of the font size (a number): positive strokes only, negative
/// fills and strokes. Defaults to 0 (fill only).
nonisolated(unsafe) public let kCTStrokeWidthAttributeName: CFString = "NSStrokeWidth"
/// The outline's color (a `CGColor`). Defaults to the foreground color.
nonisolated(unsafe) public let kCTStrokeColorAttributeName: CFString = "NSStrokeColor"
/// The underline (a `CTUnderlineStyle` raw value as a number). Defaults to none.
nonisolated(unsafe) public let kCTUnderlineStyleAttributeName: CFString = "NSUnderline"
/// The underline's color (a `CGColor`). Defaults to the foreground color.
nonisolated(unsafe) public let kCTUnderlineColorAttributeName: CFString = "CTUnderlineColor"
/// Superscript (positive) or subscript (negative) steps (a number). Defaults to 0.
nonisolated(unsafe) public let kCTSuperscriptAttributeName: CFString = "NSSuperScript"
/// Moves the glyphs up from the baseline by this many points (a number). Defaults to 0.
nonisolated(unsafe) public let kCTBaselineOffsetAttributeName: CFString = "CTBaselineOffset"
/// The language of the text, a BCP 47 code (a string): picks fonts and shaping rules.
nonisolated(unsafe) public let kCTLanguageAttributeName: CFString = "NSLanguage"

extension NSAttributedString.Key {
    /// The font (a `CTFont`; Apple's `UIFont` is the same object). Same as `kCTFontAttributeName`.
    public static let font = NSAttributedString.Key("NSFont")
    /// The fill color (a `CGColor` here; `UIColor` on iOS). Core Text reads it when
    /// `kCTForegroundColorAttributeName` is absent.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// A color filled behind the text (a `CGColor`).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// Extra space after each character in points. Same as `kCTKernAttributeName`.
    public static let kern = NSAttributedString.Key("NSKern")
    /// Ligature level 0, 1 or 2. Same as `kCTLigatureAttributeName`.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// The paragraph style (a `CTParagraphStyle`). Same as `kCTParagraphStyleAttributeName`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// The outline width in percent of the font size. Same as `kCTStrokeWidthAttributeName`.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// The outline color (a `CGColor`). Same as `kCTStrokeColorAttributeName`.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The underline style (a number). Same as `kCTUnderlineStyleAttributeName`.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The underline color (a `CGColor`).
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// Points to move the glyphs up from the baseline.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
}

/// The underline's line style and pattern (`kCTUnderlineStyleAttributeName`).
public struct CTUnderlineStyle: OptionSet, Sendable {
    /// The style's bits.
    public let rawValue: Int32
    /// A style from its bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// No underline (the default).
    public static let none = CTUnderlineStyle([])
    /// One thin line.
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    /// One thick line.
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    /// Two thin lines.
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// The resolved drawing attributes of one run, read once when the line is made.
struct RunStyle {
    var font: CTFont
    /// nil: the context's fill color (`kCTForegroundColorFromContextAttributeName`).
    var foregroundColor: CGColor?
    var backgroundColor: CGColor?
    var strokeWidth: CGFloat = 0
    var strokeColor: CGColor?
    var underline: CTUnderlineStyle = .none
    var underlineColor: CGColor?
    var kern: CGFloat = 0
    var ligature = 1
    var baselineOffset: CGFloat = 0
    var language: String?

    /// Core Text's default font: Helvetica 12 pt.
    static let defaultFont = CTFontCreateWithName("Helvetica" as CFString, 12, nil)

    /// The attribute keys read, made once (a key made from a `CFString` costs a bridge).
    static let fontKey = NSAttributedString.Key("NSFont")
    private static let keys = (
        fromContext: NSAttributedString.Key("CTForegroundColorFromContext"), foreground: NSAttributedString.Key("CTForegroundColor"),
        nsForeground: NSAttributedString.Key("NSColor"), background: NSAttributedString.Key("CTBackgroundColor"),
        nsBackground: NSAttributedString.Key("NSBackgroundColor"), strokeWidth: NSAttributedString.Key("NSStrokeWidth"),
        strokeColor: NSAttributedString.Key("NSStrokeColor"), underline: NSAttributedString.Key("NSUnderline"),
        underlineColor: NSAttributedString.Key("CTUnderlineColor"), nsUnderlineColor: NSAttributedString.Key("NSUnderlineColor"),
        kern: NSAttributedString.Key("NSKern"), ligature: NSAttributedString.Key("NSLigature"),
        superscript: NSAttributedString.Key("NSSuperScript"), baselineOffset: NSAttributedString.Key("CTBaselineOffset"),
        nsBaselineOffset: NSAttributedString.Key("NSBaselineOffset"), language: NSAttributedString.Key("NSLanguage"))

    /// The number `key` holds, or `fallback` when it holds none. A value that is not a finite
    /// number (a string, NaN, infinity: `Int(.nan)` trapped for `.ligature`) is ignored, and one
    /// beyond ±`limit` clamped, each with a message.
    static func finite(_ attributes: [NSAttributedString.Key: Any], _ key: NSAttributedString.Key, default fallback: CGFloat,
                       limit: CGFloat = .greatestFiniteMagnitude) -> CGFloat {
        guard let value = attributes[key] else { return fallback }
        guard let v = number(value), v.isFinite else {
            CGDiagnostics.log("CTRun", "attribute \(key.rawValue) is \(value), not a finite number; \(fallback) is used.")
            return fallback
        }
        guard abs(v) <= limit else {
            CGDiagnostics.log("CTRun", "attribute \(key.rawValue) is \(v); clamped to ±\(limit).")
            return min(max(v, -limit), limit)
        }
        return v
    }

    init(_ attributes: [NSAttributedString.Key: Any]) {
        let k = RunStyle.keys
        func color(_ keys: NSAttributedString.Key...) -> CGColor? {
            for key in keys { if let v = attributes[key], let c = v as? CGColor { return c } }
            return nil
        }
        font = attributes[RunStyle.fontKey] as? CTFont ?? RunStyle.defaultFont
        let fromContext = attributes[k.fromContext].flatMap { $0 as? Bool ?? number($0).map { $0 != 0 } } ?? false
        foregroundColor = fromContext ? nil : color(k.foreground, k.nsForeground) ?? .black
        // Most runs hold only a font and a color: nothing more to read.
        let read = [RunStyle.fontKey, k.foreground, k.nsForeground, k.fromContext].reduce(0) { $0 + (attributes[$1] == nil ? 0 : 1) }
        guard attributes.count > read else { return }
        backgroundColor = color(k.background, k.nsBackground)
        strokeWidth = attributes[k.strokeWidth].flatMap(number) ?? 0
        strokeColor = color(k.strokeColor)
        // Underline styles are 32-bit patterns and ligature levels 0, 1 or 2: anything past
        // them names no style.
        underline = CTUnderlineStyle(rawValue: Int32(saturating: RunStyle.finite(attributes, k.underline, default: 0,
                                                                                 limit: CGFloat(Int32.max))))
        underlineColor = color(k.underlineColor, k.nsUnderlineColor)
        // A kern reaches Pango as letter spacing in 32-bit Pango units: held to what it can take.
        kern = RunStyle.finite(attributes, k.kern, default: 0, limit: PangoUnits.maximumLength)
        ligature = Int(saturating: RunStyle.finite(attributes, k.ligature, default: 1, limit: 2))
        let superscript = attributes[k.superscript].flatMap(number) ?? 0
        baselineOffset = (attributes[k.baselineOffset].flatMap(number) ?? attributes[k.nsBaselineOffset].flatMap(number) ?? 0)
            + superscript * CTFontGetXHeight(font) * 0.7
        language = attributes[k.language] as? String
    }
}
