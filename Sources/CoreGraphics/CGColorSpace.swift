/// The color model of a color space.
public enum CGColorSpaceModel: Int32, Sendable {
    case unknown = -1
    case monochrome = 0
    case rgb = 1
    case cmyk = 2
    case lab = 3
    case deviceN = 4
    case indexed = 5
    case pattern = 6
    case XYZ = 7
}

/// A color space: gray or RGB, with the primaries and transfer function Lamina needs to convert
/// colors between the named spaces. Drawing treats every RGB space as sRGB (no color management).
public final class CGColorSpace: Hashable, @unchecked Sendable {
    /// Transfer functions of the supported spaces (encoded value ↔ linear light).
    enum Transfer: Hashable { case sRGB, linear, gamma(Double) }

    /// The space's name (`kCGColorSpaceSRGB`, …), nil for the device spaces.
    public let name: CFString?
    public let model: CGColorSpaceModel
    let transfer: Transfer
    /// RGB primaries as a linear-RGB → XYZ (D65) matrix, row-major; nil for gray.
    let toXYZ: [Double]?
    /// Extended-range spaces keep components outside 0…1.
    let isExtended: Bool

    init(name: CFString?, model: CGColorSpaceModel, transfer: Transfer, toXYZ: [Double]?, isExtended: Bool = false) {
        self.name = name; self.model = model; self.transfer = transfer
        self.toXYZ = toXYZ; self.isExtended = isExtended
    }

    /// The number of color components, alpha excluded.
    public var numberOfComponents: Int {
        switch model {
        case .monochrome: return 1
        case .cmyk: return 4
        default: return 3
        }
    }

    public var isWideGamutRGB: Bool { model == .rgb && (toXYZ != Self.srgbToXYZ || isExtended) }
    public var supportsOutput: Bool { true }

    /// A color space by name; nil for names Lamina does not know.
    public convenience init?(name: CFString) {
        guard let space = Self.named[name as String] else { return nil }
        self.init(name: name, model: space.model, transfer: space.transfer, toXYZ: space.toXYZ,
                  isExtended: space.isExtended)
    }

    public static func == (lhs: CGColorSpace, rhs: CGColorSpace) -> Bool {
        lhs === rhs || (lhs.model == rhs.model && lhs.transfer == rhs.transfer && lhs.toXYZ == rhs.toXYZ
                        && lhs.isExtended == rhs.isExtended && (lhs.name as String?) == (rhs.name as String?))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(model); hasher.combine(name as String?)
    }

    // MARK: Names

    nonisolated(unsafe) public static let sRGB: CFString = "kCGColorSpaceSRGB"
    nonisolated(unsafe) public static let extendedSRGB: CFString = "kCGColorSpaceExtendedSRGB"
    nonisolated(unsafe) public static let linearSRGB: CFString = "kCGColorSpaceLinearSRGB"
    nonisolated(unsafe) public static let extendedLinearSRGB: CFString = "kCGColorSpaceExtendedLinearSRGB"
    nonisolated(unsafe) public static let genericRGBLinear: CFString = "kCGColorSpaceGenericRGBLinear"
    nonisolated(unsafe) public static let displayP3: CFString = "kCGColorSpaceDisplayP3"
    nonisolated(unsafe) public static let extendedDisplayP3: CFString = "kCGColorSpaceExtendedDisplayP3"
    nonisolated(unsafe) public static let adobeRGB1998: CFString = "kCGColorSpaceAdobeRGB1998"
    nonisolated(unsafe) public static let itur_709: CFString = "kCGColorSpaceITUR_709"
    nonisolated(unsafe) public static let genericGrayGamma2_2: CFString = "kCGColorSpaceGenericGrayGamma2_2"
    nonisolated(unsafe) public static let linearGray: CFString = "kCGColorSpaceLinearGray"
    nonisolated(unsafe) public static let extendedGray: CFString = "kCGColorSpaceExtendedGray"
    nonisolated(unsafe) public static let extendedLinearGray: CFString = "kCGColorSpaceExtendedLinearGray"

    // MARK: Known spaces

    static let srgbToXYZ: [Double] = [0.4124564, 0.3575761, 0.1804375,
                                      0.2126729, 0.7151522, 0.0721750,
                                      0.0193339, 0.1191920, 0.9503041]
    static let p3ToXYZ: [Double] = [0.4865709, 0.2656677, 0.1982173,
                                    0.2289746, 0.6917385, 0.0792869,
                                    0.0000000, 0.0451134, 1.0439444]
    static let adobeToXYZ: [Double] = [0.5767309, 0.1855540, 0.1881852,
                                       0.2973769, 0.6273491, 0.0752741,
                                       0.0270343, 0.0706872, 0.9911085]

    private struct Spec: Sendable {
        let model: CGColorSpaceModel; let transfer: Transfer; let toXYZ: [Double]?; let isExtended: Bool
    }

    private static let named: [String: Spec] = [
        "kCGColorSpaceSRGB": Spec(model: .rgb, transfer: .sRGB, toXYZ: srgbToXYZ, isExtended: false),
        "kCGColorSpaceExtendedSRGB": Spec(model: .rgb, transfer: .sRGB, toXYZ: srgbToXYZ, isExtended: true),
        "kCGColorSpaceLinearSRGB": Spec(model: .rgb, transfer: .linear, toXYZ: srgbToXYZ, isExtended: false),
        "kCGColorSpaceExtendedLinearSRGB": Spec(model: .rgb, transfer: .linear, toXYZ: srgbToXYZ, isExtended: true),
        "kCGColorSpaceGenericRGBLinear": Spec(model: .rgb, transfer: .linear, toXYZ: srgbToXYZ, isExtended: false),
        "kCGColorSpaceDisplayP3": Spec(model: .rgb, transfer: .sRGB, toXYZ: p3ToXYZ, isExtended: false),
        "kCGColorSpaceExtendedDisplayP3": Spec(model: .rgb, transfer: .sRGB, toXYZ: p3ToXYZ, isExtended: true),
        "kCGColorSpaceAdobeRGB1998": Spec(model: .rgb, transfer: .gamma(563.0 / 256.0), toXYZ: adobeToXYZ, isExtended: false),
        "kCGColorSpaceITUR_709": Spec(model: .rgb, transfer: .gamma(1 / 0.45), toXYZ: srgbToXYZ, isExtended: false),
        "kCGColorSpaceGenericGrayGamma2_2": Spec(model: .monochrome, transfer: .gamma(2.2), toXYZ: nil, isExtended: false),
        "kCGColorSpaceLinearGray": Spec(model: .monochrome, transfer: .linear, toXYZ: nil, isExtended: false),
        "kCGColorSpaceExtendedGray": Spec(model: .monochrome, transfer: .gamma(2.2), toXYZ: nil, isExtended: true),
        "kCGColorSpaceExtendedLinearGray": Spec(model: .monochrome, transfer: .linear, toXYZ: nil, isExtended: true),
    ]

    static let deviceRGB = CGColorSpace(name: nil, model: .rgb, transfer: .sRGB, toXYZ: srgbToXYZ)
    static let deviceGray = CGColorSpace(name: nil, model: .monochrome, transfer: .sRGB, toXYZ: nil)
    static let sRGBSpace = CGColorSpace(name: sRGB)!
    static let genericGraySpace = CGColorSpace(name: genericGrayGamma2_2)!
}

/// The device-dependent RGB color space (treated as sRGB).
public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace { CGColorSpace.deviceRGB }

/// The device-dependent gray color space.
public func CGColorSpaceCreateDeviceGray() -> CGColorSpace { CGColorSpace.deviceGray }

public func CGColorSpaceCreateWithName(_ name: CFString) -> CGColorSpace? { CGColorSpace(name: name) }
