/// A color: components in a color space, alpha last.
/// An `NSObject` (equal and hashed by value) so that Foundation stores it unboxed in attributed
/// strings and dictionaries; see `CFObjectHeader`.
public final class CGColor: NSObject, @unchecked Sendable {
    // First stored property: Core Foundation reads it as the CF info word.
    private let cfHeader = CFObjectHeader()
    /// The color space, nil only for pattern colors (which Lamina does not have).
    public let colorSpace: CGColorSpace?
    private let storage: [CGFloat]

    /// The color components followed by alpha.
    public var components: [CGFloat]? { storage }
    public var numberOfComponents: Int { storage.count }
    /// The color's alpha (its last component).
    public let alpha: CGFloat

    init(space: CGColorSpace, storage: [CGFloat]) {
        self.colorSpace = space
        self.storage = storage
        // Stored, not read from `storage`: the renderer asks each layer's colors for it every frame.
        alpha = storage.last ?? 1
        super.init()
    }

    /// A color in the sRGB color space; components are clamped to 0…1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(space: .sRGBSpace, storage: [red, green, blue, alpha].map(Self.clampUnit))
    }

    public convenience init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A color in the generic gray (gamma 2.2) color space.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(space: .genericGraySpace, storage: [gray, alpha].map(Self.clampUnit))
    }

    public convenience init(genericGrayGamma2_2Gray gray: CGFloat, alpha: CGFloat) {
        self.init(gray: gray, alpha: alpha)
    }

    /// A color from `space.numberOfComponents + 1` values (alpha last); nil for a pattern space or
    /// non-finite values.
    public convenience init?(colorSpace space: CGColorSpace, components: UnsafePointer<CGFloat>) {
        guard space.model == .rgb || space.model == .monochrome else { return nil }
        let values = Array(UnsafeBufferPointer(start: components, count: space.numberOfComponents + 1))
        guard values.allSatisfy(\.isFinite) else {
            CGDiagnostics.log("CGColorCreate", "non-finite component in \(values)")
            return nil
        }
        let stored = space.isExtended ? values : values.map(Self.clampUnit)
        self.init(space: space, storage: stored.dropLast() + [Self.clampUnit(values.last!)])
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)

    /// A copy with a new alpha.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let space = colorSpace, alpha.isFinite else { return nil }
        return CGColor(space: space, storage: storage.dropLast() + [Self.clampUnit(alpha)])
    }

    public func copy() -> CGColor? { self }

    /// The color converted to another gray or RGB space, through XYZ (D65); nil for other models.
    public func converted(to space: CGColorSpace, intent: CGColorRenderingIntent, options: CFDictionary?) -> CGColor? {
        guard let source = colorSpace else { return nil }
        if source == space { return self }
        guard [.rgb, .monochrome].contains(space.model) else { return nil }
        let xyz = ColorConversion.toXYZ(Array(storage.dropLast()), in: source)
        var out = ColorConversion.fromXYZ(xyz, to: space)
        if !space.isExtended { out = out.map(Self.clampUnit) }
        return CGColor(space: space, storage: out + [alpha])
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool {
        lhs === rhs || (lhs.colorSpace == rhs.colorSpace && lhs.storage == rhs.storage)
    }

    /// Equal to another `CGColor` with the same color space and components.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CGColor else { return false }
        return self == other
    }

    /// Hashes the components.
    public override var hash: Int { storage.hashValue }

    public override var description: String {
        "<CGColor \(colorSpace.flatMap { $0.name as String? } ?? "device") \(storage)>"
    }

    /// Unpremultiplied, sRGB-encoded RGBA used for drawing. Gamma-encoded gray maps to equal RGB
    /// values; other spaces convert through XYZ.
    package var rgba: (r: Double, g: Double, b: Double, a: Double) {
        let a = Double(alpha)
        guard let space = colorSpace else { return (0, 0, 0, a) }
        let isLinear = space.transfer == .linear
        if space.model == .monochrome && !isLinear {
            let g = Double(storage[0]).clamped
            return (g, g, g, a)
        }
        if space.model == .rgb && space.toXYZ == CGColorSpace.srgbToXYZ && space.transfer == .sRGB {
            return (Double(storage[0]).clamped, Double(storage[1]).clamped, Double(storage[2]).clamped, a)
        }
        let c = converted(to: .sRGBSpace, intent: .defaultIntent, options: nil)?.storage ?? [0, 0, 0]
        return (Double(c[0]), Double(c[1]), Double(c[2]), a)
    }

    static func clampUnit(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
}

extension Double {
    var clamped: Double { isNaN ? 0 : Swift.min(Swift.max(self, 0), 1) }
}

/// Conversions between gray and RGB spaces through CIE XYZ with a D65 white point.
enum ColorConversion {
    static let white: [Double] = [0.95047, 1.0, 1.08883]

    static func decode(_ v: Double, _ t: CGColorSpace.Transfer) -> Double {
        let s = v < 0 ? -1.0 : 1.0, x = abs(v)
        switch t {
        case .linear: return v
        case .gamma(let g): return s * pow(x, g)
        case .sRGB: return s * (x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4))
        }
    }

    static func encode(_ v: Double, _ t: CGColorSpace.Transfer) -> Double {
        let s = v < 0 ? -1.0 : 1.0, x = abs(v)
        switch t {
        case .linear: return v
        case .gamma(let g): return s * pow(x, 1 / g)
        case .sRGB: return s * (x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1 / 2.4) - 0.055)
        }
    }

    static func toXYZ(_ components: [CGFloat], in space: CGColorSpace) -> [Double] {
        let linear = components.map { decode(Double($0), space.transfer) }
        guard let m = space.toXYZ else { return white.map { $0 * linear[0] } }
        return multiply(m, linear)
    }

    static func fromXYZ(_ xyz: [Double], to space: CGColorSpace) -> [CGFloat] {
        guard let m = space.toXYZ else { return [CGFloat(encode(xyz[1], space.transfer))] }
        return multiply(invert(m), xyz).map { CGFloat(encode($0, space.transfer)) }
    }

    static func multiply(_ m: [Double], _ v: [Double]) -> [Double] {
        (0..<3).map { r in m[r * 3] * v[0] + m[r * 3 + 1] * v[1] + m[r * 3 + 2] * v[2] }
    }

    static func invert(_ m: [Double]) -> [Double] {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
                (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
                (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]
    }
}
