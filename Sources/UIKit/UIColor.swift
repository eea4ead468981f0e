/// An object that stores color data and sometimes opacity.
///
/// Colors are sRGB components, as iOS's are; the system colors are iOS's in the light
/// appearance (Lamina has no dark mode).
open class UIColor: NSObject, @unchecked Sendable {
    let red: CGFloat, green: CGFloat, blue: CGFloat, alphaValue: CGFloat

    /// Creates a color object using the specified opacity and RGB component values (0 to 1;
    /// values outside are extended-range sRGB).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red; self.green = green; self.blue = blue; self.alphaValue = alpha
        super.init()
    }

    /// Creates a color object using the specified opacity and grayscale values.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Creates a color object using the specified opacity and HSB color space component values.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let h = (hue - hue.rounded(.down)) * 6, s = min(max(saturation, 0), 1), v = min(max(brightness, 0), 1)
        let i = Int(h) % 6, f = h - CGFloat(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (CGFloat, CGFloat, CGFloat)
        switch i {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// Creates a color object using the specified Quartz color reference (its components
    /// taken as sRGB: gray colors become equal red, green and blue).
    public convenience init(cgColor: CGColor) {
        let c = cgColor.components ?? [0, 1]
        if c.count >= 4 {
            self.init(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        } else if c.count == 2 {
            self.init(white: c[0], alpha: c[1])
        } else {
            self.init(red: c.first ?? 0, green: c.first ?? 0, blue: c.first ?? 0, alpha: cgColor.alpha)
        }
    }

    /// Creates a color object using the specified opacity and RGB component values in the
    /// Display P3 color space (Lamina keeps them as sRGB components).
    public convenience init(displayP3Red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: displayP3Red, green: green, blue: blue, alpha: alpha)
    }

    /// Creates a color object that uses the specified block to generate its color data
    /// dynamically; Lamina resolves it once, for the light appearance.
    public convenience init(dynamicProvider: (UITraitCollection) -> UIColor) {
        let color = dynamicProvider(UITraitCollection.current)
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: color.alphaValue)
    }

    /// The Quartz color that corresponds to the color object.
    open var cgColor: CGColor { CGColor(red: red, green: green, blue: blue, alpha: alphaValue) }

    /// Returns the components that form the color in the RGB color space; true (the colors are
    /// all RGB).
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = self.red; green?.pointee = self.green; blue?.pointee = self.blue; alpha?.pointee = alphaValue
        return true
    }

    /// Returns the grayscale components of the color; true only for gray colors (equal red,
    /// green and blue).
    open func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        guard red == green, green == blue else { return false }
        white?.pointee = red; alpha?.pointee = alphaValue
        return true
    }

    /// Returns the components that form the color in the HSB color space; true.
    open func getHue(_ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?,
                     brightness: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let maxC = max(red, green, blue), minC = min(red, green, blue), d = maxC - minC
        var h: CGFloat = 0
        if d > 0 {
            if maxC == red { h = (green - blue) / d + (green < blue ? 6 : 0) }
            else if maxC == green { h = (blue - red) / d + 2 }
            else { h = (red - green) / d + 4 }
            h /= 6
        }
        hue?.pointee = h; saturation?.pointee = maxC == 0 ? 0 : d / maxC; brightness?.pointee = maxC; alpha?.pointee = alphaValue
        return true
    }

    /// Creates a color object that has the same color space and component values as the
    /// receiver, but has the specified alpha component.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Returns the version of the current color that results from the specified traits: the
    /// color itself (Lamina's colors have the light appearance only).
    open func resolvedColor(with traitCollection: UITraitCollection) -> UIColor { self }

    /// Sets the color of subsequent fill and stroke operations in the current context.
    open func set() { setFill(); setStroke() }

    /// Sets the color of subsequent fill operations in the current context.
    open func setFill() { UIGraphicsGetCurrentContext()?.setFillColor(cgColor) }

    /// Sets the color of subsequent stroke operations in the current context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.setStrokeColor(cgColor) }

    /// Whether `object` is a color of the same components.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return red == other.red && green == other.green && blue == other.blue && alphaValue == other.alphaValue
    }

    /// A hash of the components.
    open override var hash: Int {
        var hasher = Hasher()
        hasher.combine(red); hasher.combine(green); hasher.combine(blue); hasher.combine(alphaValue)
        return hasher.finalize()
    }

    /// The color space and components, as iOS prints them.
    open override var description: String {
        "UIExtendedSRGBColorSpace \(red) \(green) \(blue) \(alphaValue)"
    }

    static func rgb(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> UIColor {
        UIColor(red: r / 255, green: g / 255, blue: b / 255, alpha: a)
    }

    // MARK: Fixed colors

    /// A color object in the sRGB color space whose grayscale value is 0.0 and whose alpha value is 1.0.
    open class var black: UIColor { UIColor(white: 0, alpha: 1) }
    /// A color object whose grayscale value is 1/3 and whose alpha value is 1.0.
    open class var darkGray: UIColor { UIColor(white: 1.0 / 3, alpha: 1) }
    /// A color object whose grayscale value is 2/3 and whose alpha value is 1.0.
    open class var lightGray: UIColor { UIColor(white: 2.0 / 3, alpha: 1) }
    /// A color object whose grayscale value is 1.0 and whose alpha value is 1.0.
    open class var white: UIColor { UIColor(white: 1, alpha: 1) }
    /// A color object whose grayscale value is 0.5 and whose alpha value is 1.0.
    open class var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
    /// A color object whose RGB values are 1.0, 0.0, and 0.0 and whose alpha value is 1.0.
    open class var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
    /// A color object whose RGB values are 0.0, 1.0, and 0.0 and whose alpha value is 1.0.
    open class var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
    /// A color object whose RGB values are 0.0, 0.0, and 1.0 and whose alpha value is 1.0.
    open class var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
    /// A color object whose RGB values are 0.0, 1.0, and 1.0 and whose alpha value is 1.0.
    open class var cyan: UIColor { UIColor(red: 0, green: 1, blue: 1, alpha: 1) }
    /// A color object whose RGB values are 1.0, 1.0, and 0.0 and whose alpha value is 1.0.
    open class var yellow: UIColor { UIColor(red: 1, green: 1, blue: 0, alpha: 1) }
    /// A color object whose RGB values are 1.0, 0.0, and 1.0 and whose alpha value is 1.0.
    open class var magenta: UIColor { UIColor(red: 1, green: 0, blue: 1, alpha: 1) }
    /// A color object whose RGB values are 1.0, 0.5, and 0.0 and whose alpha value is 1.0.
    open class var orange: UIColor { UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) }
    /// A color object whose RGB values are 0.5, 0.0, and 0.5 and whose alpha value is 1.0.
    open class var purple: UIColor { UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1) }
    /// A color object whose RGB values are 0.6, 0.4, and 0.2 and whose alpha value is 1.0.
    open class var brown: UIColor { UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1) }
    /// A color object whose grayscale and alpha values are both 0.0.
    open class var clear: UIColor { UIColor(white: 0, alpha: 0) }

    // MARK: Adaptable colors (light appearance)

    /// A blue color that automatically adapts to the current trait environment (0, 122, 255).
    open class var systemBlue: UIColor { rgb(0, 122, 255) }
    /// A red color (255, 59, 48).
    open class var systemRed: UIColor { rgb(255, 59, 48) }
    /// A green color (52, 199, 89).
    open class var systemGreen: UIColor { rgb(52, 199, 89) }
    /// An orange color (255, 149, 0).
    open class var systemOrange: UIColor { rgb(255, 149, 0) }
    /// A yellow color (255, 204, 0).
    open class var systemYellow: UIColor { rgb(255, 204, 0) }
    /// A pink color (255, 45, 85).
    open class var systemPink: UIColor { rgb(255, 45, 85) }
    /// A purple color (175, 82, 222).
    open class var systemPurple: UIColor { rgb(175, 82, 222) }
    /// A teal color (48, 176, 199).
    open class var systemTeal: UIColor { rgb(48, 176, 199) }
    /// An indigo color (88, 86, 214).
    open class var systemIndigo: UIColor { rgb(88, 86, 214) }
    /// A brown color (162, 132, 94).
    open class var systemBrown: UIColor { rgb(162, 132, 94) }
    /// A mint color (0, 199, 190).
    open class var systemMint: UIColor { rgb(0, 199, 190) }
    /// A cyan color (50, 173, 230).
    open class var systemCyan: UIColor { rgb(50, 173, 230) }
    /// The base gray color (142, 142, 147).
    open class var systemGray: UIColor { rgb(142, 142, 147) }
    /// A second-level shade of gray (174, 174, 178).
    open class var systemGray2: UIColor { rgb(174, 174, 178) }
    /// A third-level shade of gray (199, 199, 204).
    open class var systemGray3: UIColor { rgb(199, 199, 204) }
    /// A fourth-level shade of gray (209, 209, 214).
    open class var systemGray4: UIColor { rgb(209, 209, 214) }
    /// A fifth-level shade of gray (229, 229, 234).
    open class var systemGray5: UIColor { rgb(229, 229, 234) }
    /// A sixth-level shade of gray (242, 242, 247).
    open class var systemGray6: UIColor { rgb(242, 242, 247) }
    /// The tint color to apply to the view hierarchy: the system blue.
    open class var tintColor: UIColor { systemBlue }

    /// The color for text labels that contain primary content (black).
    open class var label: UIColor { rgb(0, 0, 0) }
    /// The color for text labels that contain secondary content.
    open class var secondaryLabel: UIColor { rgb(60, 60, 67, 0.6) }
    /// The color for text labels that contain tertiary content.
    open class var tertiaryLabel: UIColor { rgb(60, 60, 67, 0.3) }
    /// The color for text labels that contain quaternary content.
    open class var quaternaryLabel: UIColor { rgb(60, 60, 67, 0.18) }
    /// The color for links.
    open class var link: UIColor { rgb(0, 122, 255) }
    /// The color for placeholder text in controls or text views.
    open class var placeholderText: UIColor { rgb(60, 60, 67, 0.3) }
    /// The color for thin borders or divider lines that allows some underlying content to be visible.
    open class var separator: UIColor { rgb(60, 60, 67, 0.29) }
    /// The color for borders or divider lines that hides any underlying content.
    open class var opaqueSeparator: UIColor { rgb(198, 198, 200) }
    /// The color for the main background of your interface (white).
    open class var systemBackground: UIColor { rgb(255, 255, 255) }
    /// The color for content layered on top of the main background.
    open class var secondarySystemBackground: UIColor { rgb(242, 242, 247) }
    /// The color for content layered on top of secondary backgrounds (white).
    open class var tertiarySystemBackground: UIColor { rgb(255, 255, 255) }
    /// The color for the main background of your grouped interface.
    open class var systemGroupedBackground: UIColor { rgb(242, 242, 247) }
    /// The color for content layered on top of the main background of your grouped interface.
    open class var secondarySystemGroupedBackground: UIColor { rgb(255, 255, 255) }
    /// The color for content layered on top of secondary backgrounds of your grouped interface.
    open class var tertiarySystemGroupedBackground: UIColor { rgb(242, 242, 247) }
    /// An overlay fill color for thin and small shapes.
    open class var systemFill: UIColor { rgb(120, 120, 128, 0.2) }
    /// An overlay fill color for medium-size shapes.
    open class var secondarySystemFill: UIColor { rgb(120, 120, 128, 0.16) }
    /// An overlay fill color for large shapes.
    open class var tertiarySystemFill: UIColor { rgb(118, 118, 128, 0.12) }
    /// An overlay fill color for large areas that contain complex content.
    open class var quaternarySystemFill: UIColor { rgb(116, 116, 128, 0.08) }
    /// The color for text on a dark background.
    open class var lightText: UIColor { UIColor(white: 1, alpha: 0.6) }
    /// The color for text on a light background: black.
    open class var darkText: UIColor { UIColor(white: 0, alpha: 1) }
}
