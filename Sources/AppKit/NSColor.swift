/// An object that stores color data and sometimes opacity: here components in sRGB (device,
/// calibrated and extended sRGB colors draw alike) and an alpha.
open class NSColor: NSObject, NSCopying, @unchecked Sendable {
    /// The red component, 0 to 1.
    open private(set) var redComponent: CGFloat
    /// The green component, 0 to 1.
    open private(set) var greenComponent: CGFloat
    /// The blue component, 0 to 1.
    open private(set) var blueComponent: CGFloat
    /// The alpha (opacity) component, 0 (transparent) to 1.
    open private(set) var alphaComponent: CGFloat

    private init(r: CGFloat, g: CGFloat, b: CGFloat, a: CGFloat) {
        func clean(_ v: CGFloat) -> CGFloat { v.isFinite ? v : 0 }
        redComponent = clean(r)
        greenComponent = clean(g)
        blueComponent = clean(b)
        alphaComponent = min(max(clean(a), 0), 1)
        super.init()
    }

    /// Creates a color from red, green, blue and alpha components (extended sRGB).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(r: red, g: green, b: blue, a: alpha)
    }

    /// Creates a color in the sRGB color space.
    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(r: red, g: green, b: blue, a: alpha)
    }

    /// Creates a color in the calibrated (generic) RGB color space; drawn as sRGB.
    public convenience init(calibratedRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(r: red, g: green, b: blue, a: alpha)
    }

    /// Creates a color in the device RGB color space.
    public convenience init(deviceRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(r: red, g: green, b: blue, a: alpha)
    }

    /// Creates a gray color of `white` (0 black, 1 white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(r: white, g: white, b: white, a: alpha)
    }

    /// Creates a gray color in the calibrated gray color space.
    public convenience init(calibratedWhite white: CGFloat, alpha: CGFloat) {
        self.init(r: white, g: white, b: white, a: alpha)
    }

    /// Creates a color from hue, saturation and brightness components (0 to 1 each).
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue.isFinite ? hue - hue.rounded(.down) : 0) * 6, s = min(max(saturation, 0), 1), v = brightness
        let sector = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(r: rgb.0, g: rgb.1, b: rgb.2, a: alpha)
    }

    /// Creates a color from a Core Graphics color (converted to sRGB); nil when it cannot be.
    public convenience init?(cgColor: CGColor) {
        guard let rgb = cgColor.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil),
              let c = rgb.components, c.count >= 4 else { return nil }
        self.init(r: c[0], g: c[1], b: c[2], a: c[3])
    }

    /// The color as a Core Graphics color (sRGB).
    open var cgColor: CGColor {
        CGColor(srgbRed: redComponent, green: greenComponent, blue: blueComponent, alpha: alphaComponent)
    }

    /// A copy of the color with the given alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> NSColor {
        NSColor(r: redComponent, g: greenComponent, b: blueComponent, a: alpha)
    }

    /// The color `fraction` (0 to 1) of the way to `color`, mixed in sRGB.
    open func blended(withFraction fraction: CGFloat, of color: NSColor) -> NSColor? {
        guard fraction.isFinite else { return nil }
        let f = min(max(fraction, 0), 1)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * f }
        return NSColor(r: mix(redComponent, color.redComponent), g: mix(greenComponent, color.greenComponent),
                       b: mix(blueComponent, color.blueComponent), a: mix(alphaComponent, color.alphaComponent))
    }

    /// Sets the color as the fill and stroke color of the current graphics context.
    open func set() {
        setFill()
        setStroke()
    }

    /// Sets the color as the fill color of the current graphics context.
    open func setFill() { NSGraphicsContext.current?.cgContext.setFillColor(cgColor) }

    /// Sets the color as the stroke color of the current graphics context.
    open func setStroke() { NSGraphicsContext.current?.cgContext.setStrokeColor(cgColor) }

    /// The color itself (colors are immutable).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// Whether `object` is a color of the same components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSColor else { return false }
        return redComponent == other.redComponent && greenComponent == other.greenComponent
            && blueComponent == other.blueComponent && alphaComponent == other.alphaComponent
    }

    /// A hash of the components.
    open override var hash: Int {
        var hasher = Hasher()
        for v in [redComponent, greenComponent, blueComponent, alphaComponent] { hasher.combine(v) }
        return hasher.finalize()
    }

    /// The components, as AppKit prints them.
    open override var description: String {
        "sRGB IEEE RGB colorspace \(redComponent) \(greenComponent) \(blueComponent) \(alphaComponent)"
    }

    /// An opaque color from its 8-bit sRGB components, `0xRRGGBB`.
    private static func hex(_ value: UInt32) -> NSColor {
        NSColor(r: CGFloat(value >> 16 & 0xFF) / 255, g: CGFloat(value >> 8 & 0xFF) / 255, b: CGFloat(value & 0xFF) / 255, a: 1)
    }

    /// An opaque color of components from 0 to 1.
    private static func unit(_ components: (CGFloat, CGFloat, CGFloat)) -> NSColor {
        NSColor(r: components.0, g: components.1, b: components.2, a: 1)
    }

    /// Black at `alpha`.
    private static func ink(_ alpha: CGFloat) -> NSColor { NSColor(r: 0, g: 0, b: 0, a: alpha) }

    // MARK: Fixed colors

    /// Black (gray 0).
    open class var black: NSColor { ink(1) }
    /// White (gray 1).
    open class var white: NSColor { unit((1, 1, 1)) }
    /// Dark gray (gray 1/3).
    open class var darkGray: NSColor { unit((1.0 / 3, 1.0 / 3, 1.0 / 3)) }
    /// Gray (gray 0.5).
    open class var gray: NSColor { unit((0.5, 0.5, 0.5)) }
    /// Light gray (gray 2/3).
    open class var lightGray: NSColor { unit((2.0 / 3, 2.0 / 3, 2.0 / 3)) }
    /// Red (1, 0, 0).
    open class var red: NSColor { unit((1, 0, 0)) }
    /// Green (0, 1, 0).
    open class var green: NSColor { unit((0, 1, 0)) }
    /// Blue (0, 0, 1).
    open class var blue: NSColor { unit((0, 0, 1)) }
    /// Cyan (0, 1, 1).
    open class var cyan: NSColor { unit((0, 1, 1)) }
    /// Magenta (1, 0, 1).
    open class var magenta: NSColor { unit((1, 0, 1)) }
    /// Yellow (1, 1, 0).
    open class var yellow: NSColor { unit((1, 1, 0)) }
    /// Orange (1, 0.5, 0).
    open class var orange: NSColor { unit((1, 0.5, 0)) }
    /// Brown (0.6, 0.4, 0.2).
    open class var brown: NSColor { unit((0.6, 0.4, 0.2)) }
    /// Purple (0.5, 0, 0.5).
    open class var purple: NSColor { unit((0.5, 0, 0.5)) }
    /// Fully transparent (gray 0, alpha 0).
    open class var clear: NSColor { ink(0) }

    // MARK: System colors (macOS's light appearance)

    /// A red that adapts to the appearance: (255, 59, 48).
    open class var systemRed: NSColor { hex(0xFF3B30) }
    /// (255, 149, 0).
    open class var systemOrange: NSColor { hex(0xFF9500) }
    /// (255, 204, 0).
    open class var systemYellow: NSColor { hex(0xFFCC00) }
    /// (40, 205, 65).
    open class var systemGreen: NSColor { hex(0x28CD41) }
    /// (0, 199, 190).
    open class var systemMint: NSColor { hex(0x00C7BE) }
    /// (89, 173, 196).
    open class var systemTeal: NSColor { hex(0x59ADC4) }
    /// (85, 190, 240).
    open class var systemCyan: NSColor { hex(0x55BEF0) }
    /// (0, 122, 255).
    open class var systemBlue: NSColor { hex(0x007AFF) }
    /// (88, 86, 214).
    open class var systemIndigo: NSColor { hex(0x5856D6) }
    /// (175, 82, 222).
    open class var systemPurple: NSColor { hex(0xAF52DE) }
    /// (255, 45, 85).
    open class var systemPink: NSColor { hex(0xFF2D55) }
    /// (162, 132, 94).
    open class var systemBrown: NSColor { hex(0xA2845E) }
    /// (142, 142, 147).
    open class var systemGray: NSColor { hex(0x8E8E93) }
    /// The text of labels: black at 85 % opacity.
    open class var labelColor: NSColor { ink(0.85) }
    /// Secondary labels: black at 50 %.
    open class var secondaryLabelColor: NSColor { ink(0.5) }
    /// Tertiary labels: black at 26 %.
    open class var tertiaryLabelColor: NSColor { ink(0.26) }
    /// Quaternary labels: black at 10 %.
    open class var quaternaryLabelColor: NSColor { ink(0.1) }
    /// Text: black.
    open class var textColor: NSColor { .black }
    /// The background of text: white.
    open class var textBackgroundColor: NSColor { .white }
    /// A window's background: gray 236.
    open class var windowBackgroundColor: NSColor { hex(0xECECEC) }
    /// The background of large controls (tables, browsers): white.
    open class var controlBackgroundColor: NSColor { .white }
    /// The face of controls: white.
    open class var controlColor: NSColor { .white }
    /// The text of enabled controls: black at 85 %.
    open class var controlTextColor: NSColor { ink(0.85) }
    /// The user's accent color: the system blue.
    open class var controlAccentColor: NSColor { systemBlue }
    /// The background of selected content in a key window: (0, 100, 225).
    open class var selectedContentBackgroundColor: NSColor { hex(0x0064E1) }
    /// Separators between sections of content: black at 10 %.
    open class var separatorColor: NSColor { ink(0.1) }
    /// Table grids: gray 230.
    open class var gridColor: NSColor { hex(0xE6E6E6) }
    /// Links: (0, 104, 218).
    open class var linkColor: NSColor { hex(0x0068DA) }
    /// The background behind a document's content: gray 0.9 at 100 %.
    open class var underPageBackgroundColor: NSColor { unit((0.9, 0.9, 0.9)) }
}

extension NSColor: TextColorValue {
    package var textDrawingColor: CGColor { cgColor }
}
