/// A collection of attributes that describes a font, on a Core Text font descriptor.
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    let ctFontDescriptor: CTFontDescriptor

    init(ctFontDescriptor: CTFontDescriptor) {
        self.ctFontDescriptor = ctFontDescriptor
        super.init()
    }

    /// Creates a font descriptor with the specified font name and point size.
    public convenience init(name fontName: String, size: CGFloat) {
        self.init(ctFontDescriptor: CTFontDescriptorCreateWithNameAndSize(fontName as CFString, size))
    }

    /// Returns a new font descriptor that is the same as the receiver but with the specified
    /// symbolic traits taking precedence over the existing ones; nil when no font has them.
    open func withSymbolicTraits(_ symbolicTraits: SymbolicTraits) -> UIFontDescriptor? {
        var traits: CTFontSymbolicTraits = []
        if symbolicTraits.contains(.traitItalic) { traits.insert(.traitItalic) }
        if symbolicTraits.contains(.traitBold) { traits.insert(.traitBold) }
        if symbolicTraits.contains(.traitMonoSpace) { traits.insert(.traitMonoSpace) }
        return CTFontDescriptorCreateCopyWithSymbolicTraits(ctFontDescriptor, traits, traits).map(UIFontDescriptor.init)
    }

    /// Symbolic representations of stylistic aspects of a font.
    public struct SymbolicTraits: OptionSet, Sendable {
        /// The traits' bits.
        public let rawValue: UInt32
        /// Traits from their bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// The font's style is italic.
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// The font's style is bold.
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
        /// The font uses fixed-pitch glyphs.
        public static let traitMonoSpace = SymbolicTraits(rawValue: 1 << 10)
    }
}
