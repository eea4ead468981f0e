/// A color for Core Image filters: red, green, blue and alpha, unpremultiplied, in sRGB.
open class CIColor: NSObject, NSCopying, @unchecked Sendable {
    /// The red component. Components are as given (not clamped), as Core Image keeps them.
    public let red: CGFloat
    /// The green component.
    public let green: CGFloat
    /// The blue component.
    public let blue: CGFloat
    /// The alpha component.
    public let alpha: CGFloat

    /// A color from its components.
    public init(red r: CGFloat, green g: CGFloat, blue b: CGFloat, alpha a: CGFloat) {
        red = r; green = g; blue = b; alpha = a
        super.init()
    }

    /// An opaque color from its components.
    public convenience init(red r: CGFloat, green g: CGFloat, blue b: CGFloat) {
        self.init(red: r, green: g, blue: b, alpha: 1)
    }

    /// The color of a `CGColor` (gray colors become equal red, green and blue).
    public convenience init(cgColor c: CGColor) {
        let comps = c.components ?? [0, 1]
        if comps.count >= 4 {
            self.init(red: comps[0], green: comps[1], blue: comps[2], alpha: comps[3])
        } else if comps.count == 2 {
            self.init(red: comps[0], green: comps[0], blue: comps[0], alpha: comps[1])
        } else {
            self.init(red: 0, green: 0, blue: 0, alpha: c.alpha)
        }
    }

    /// A color from a string of three or four numbers ("0.5 0.7 0.3 1.0"), as
    /// `stringRepresentation` writes it; missing numbers are 0 (alpha 1).
    public convenience init(string representation: String) {
        let values = representation.split(whereSeparator: { $0 == " " || $0 == "[" || $0 == "]" }).compactMap { Double($0) }
        func at(_ i: Int, _ fallback: Double) -> CGFloat { CGFloat(i < values.count ? values[i] : fallback) }
        self.init(red: at(0, 0), green: at(1, 0), blue: at(2, 0), alpha: at(3, 1))
    }

    /// The number of components: 4.
    public var numberOfComponents: Int { 4 }
    /// The color space: sRGB.
    public var colorSpace: CGColorSpace { CGColorSpace(name: CGColorSpace.sRGB) ?? CGColorSpaceCreateDeviceRGB() }
    /// "r g b a", which `init(string:)` reads back.
    public var stringRepresentation: String { "\(red) \(green) \(blue) \(alpha)" }

    public func copy(with zone: NSZone? = nil) -> Any { self }

    open override func isEqual(_ object: Any?) -> Bool {
        guard let o = object as? CIColor else { return false }
        return red == o.red && green == o.green && blue == o.blue && alpha == o.alpha
    }

    open override var hash: Int { stringRepresentation.hashValue }
    open override var description: String { "CIColor(\(stringRepresentation))" }

    /// Opaque black.
    public static let black = CIColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = CIColor(red: 1, green: 1, blue: 1)
    /// Opaque 50% gray.
    public static let gray = CIColor(red: 0.5, green: 0.5, blue: 0.5)
    /// Opaque red.
    public static let red = CIColor(red: 1, green: 0, blue: 0)
    /// Opaque green.
    public static let green = CIColor(red: 0, green: 1, blue: 0)
    /// Opaque blue.
    public static let blue = CIColor(red: 0, green: 0, blue: 1)
    /// Opaque cyan.
    public static let cyan = CIColor(red: 0, green: 1, blue: 1)
    /// Opaque magenta.
    public static let magenta = CIColor(red: 1, green: 0, blue: 1)
    /// Opaque yellow.
    public static let yellow = CIColor(red: 1, green: 1, blue: 0)
    /// Transparent black.
    public static let clear = CIColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// As a SIMD value (r, g, b, a).
    package var simd: SIMD4<Float> { SIMD4(Float(red), Float(green), Float(blue), Float(alpha)) }
}
