import CoreGraphics

/// A font's style as flags: bold, italic, monospaced, … (the low 16 bits), and its class in the
/// top four bits.
public struct CTFontSymbolicTraits: OptionSet, Hashable, Sendable {
    /// The flags' bits.
    public let rawValue: UInt32
    /// Traits from their bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The font is italic or oblique.
    public static let traitItalic = CTFontSymbolicTraits(rawValue: 1 << 0)
    /// The font is bold.
    public static let traitBold = CTFontSymbolicTraits(rawValue: 1 << 1)
    /// The font is wider than its family's regular width.
    public static let traitExpanded = CTFontSymbolicTraits(rawValue: 1 << 5)
    /// The font is narrower than its family's regular width.
    public static let traitCondensed = CTFontSymbolicTraits(rawValue: 1 << 6)
    /// Every glyph has the same advance.
    public static let traitMonoSpace = CTFontSymbolicTraits(rawValue: 1 << 10)
    /// The font has vertical glyph metrics.
    public static let traitVertical = CTFontSymbolicTraits(rawValue: 1 << 11)
    /// The font is designed for user interfaces.
    public static let traitUIOptimized = CTFontSymbolicTraits(rawValue: 1 << 12)
    /// The font has color glyphs (emoji).
    public static let traitColorGlyphs = CTFontSymbolicTraits(rawValue: 1 << 13)
    /// The font is a composite of other fonts.
    public static let traitComposite = CTFontSymbolicTraits(rawValue: 1 << 14)
    /// The bits that hold the font's class (`CTFontStylisticClass`).
    public static let traitClassMask = CTFontSymbolicTraits(rawValue: 15 << 28)

    /// The newer spelling of `traitItalic`.
    public static let italicTrait = traitItalic
    /// The newer spelling of `traitBold`.
    public static let boldTrait = traitBold
    /// The newer spelling of `traitMonoSpace`.
    public static let monoSpaceTrait = traitMonoSpace
    /// The newer spelling of `traitCondensed`.
    public static let condensedTrait = traitCondensed
    /// The newer spelling of `traitExpanded`.
    public static let expandedTrait = traitExpanded
}

/// The role of a user-interface font (`CTFontCreateUIFontForLanguage`).
public enum CTFontUIFontType: UInt32, Sendable {
    /// No UI font.
    case none = 4294967295
    /// The user's default font.
    case user = 0
    /// The user's default monospaced font.
    case userFixedPitch = 1
    /// The system font.
    case system = 2
    /// The bold system font.
    case emphasizedSystem = 3
    /// The small system font.
    case smallSystem = 4
    /// The small bold system font.
    case smallEmphasizedSystem = 5
    /// The mini system font.
    case miniSystem = 6
    /// The mini bold system font.
    case miniEmphasizedSystem = 7
    /// The font of views' content.
    case views = 8
    /// The application's default font.
    case application = 9
    /// The font of labels.
    case label = 10
    /// The font of menu items.
    case menuItem = 11
    /// The font of menu item marks.
    case menuItemMark = 12
    /// The font of menu item command keys.
    case menuItemCmdKey = 13
    /// The font of window titles.
    case windowTitle = 14
    /// The font of push buttons.
    case pushButton = 15
    /// The font of utility window titles.
    case utilityWindowTitle = 16
    /// The font of alert headers.
    case alertHeader = 17
    /// The font of system details.
    case systemDetail = 18
    /// The bold font of system details.
    case emphasizedSystemDetail = 19
    /// The font of toolbars.
    case toolbar = 20
    /// The font of small toolbars.
    case smallToolbar = 21
    /// The font of messages.
    case message = 22
    /// The font of palettes.
    case palette = 23
    /// The font of tool tips.
    case toolTip = 24
    /// The font of control content.
    case controlContent = 25
}

/// Which metrics a glyph query uses: horizontal or vertical.
public enum CTFontOrientation: UInt32, Sendable {
    /// Horizontal for horizontal text (the default).
    case `default` = 0
    /// Horizontal metrics.
    case horizontal = 1
    /// Vertical metrics (this implementation answers with horizontal ones).
    case vertical = 2
}

/// The trait dictionary's keys (`kCTFontTraitsAttribute`): the symbolic traits as a number,
/// the normalized weight (-1…1, 0 regular, 0.4 bold), width and slant.
nonisolated(unsafe) public let kCTFontSymbolicTrait: CFString = "NSCTFontSymbolicTrait"
/// The normalized weight trait: -1 (thinnest) … 0 (regular) … 1 (heaviest).
nonisolated(unsafe) public let kCTFontWeightTrait: CFString = "NSCTFontWeightTrait"
/// The normalized width trait: -1 (condensed) … 0 … 1 (expanded).
nonisolated(unsafe) public let kCTFontWidthTrait: CFString = "NSCTFontProportionTrait"
/// The normalized slant trait: 0 upright, 1 for 30° clockwise.
nonisolated(unsafe) public let kCTFontSlantTrait: CFString = "NSCTFontSlantTrait"

extension FontMatch {
    /// Core Text's symbolic traits of a face fontconfig reports.
    var symbolicTraits: CTFontSymbolicTraits {
        var traits: CTFontSymbolicTraits = []
        if isBold || embolden { traits.insert(.traitBold) }
        if isItalic { traits.insert(.traitItalic) }
        if isMonospaced { traits.insert(.traitMonoSpace) }
        return traits
    }

    /// Core Text's normalized weight (0 regular, 0.4 bold; the scale of `UIFont.Weight`).
    var normalizedWeight: CGFloat {
        // fontconfig weight → (OpenType weight, Core Text weight) at the named steps.
        let steps: [(Int32, CGFloat)] = [(0, -0.8), (40, -0.6), (50, -0.4), (75, 0), (80, 0), (100, 0.23),
                                         (180, 0.3), (200, 0.4), (205, 0.56), (210, 0.62), (215, 0.62)]
        var previous = steps[0]
        for step in steps {
            if weight <= step.0 {
                guard step.0 != previous.0 else { return step.1 }
                let t = CGFloat(weight - previous.0) / CGFloat(step.0 - previous.0)
                return previous.1 + (step.1 - previous.1) * t
            }
            previous = step
        }
        return 0.62
    }
}
