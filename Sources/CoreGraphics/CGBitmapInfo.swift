/// Whether and where a bitmap's pixels carry alpha, and whether color is premultiplied by it.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    case premultipliedLast = 1
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    case noneSkipLast = 5
    case noneSkipFirst = 6
    case alphaOnly = 7
}

/// The byte order of a bitmap's pixels.
public enum CGImageByteOrderInfo: UInt32, Sendable {
    case orderMask = 0x7000
    case orderDefault = 0
    case order16Little = 0x1000
    case order32Little = 0x2000
    case order16Big = 0x3000
    case order32Big = 0x4000
}

/// Whether a bitmap's components are integers or floating-point values (bit 8 of its
/// `CGBitmapInfo`, `floatComponents`).
public enum CGImageComponentInfo: UInt32, Sendable {
    /// Integer components.
    case integer = 0
    /// Floating-point components (`CGBitmapInfo.floatComponents`).
    case float = 0x100
}

/// How a bitmap packs its pixels (bits 16–19 of its `CGBitmapInfo`). Lamina reads every
/// bitmap as `.packed`: the other formats' bits are kept in the flags, not interpreted.
public enum CGImagePixelFormatInfo: UInt32, Sendable {
    /// The mask of the pixel format bits.
    case mask = 0xF0000
    /// Components packed one after another (the usual layout).
    case packed = 0
    /// 16-bit pixels, 5 bits for each of red, green and blue.
    case RGB555 = 0x10000
    /// 16-bit pixels, 5 bits for red and blue, 6 for green.
    case RGB565 = 0x20000
    /// 32-bit pixels, 10 bits for each of red, green and blue.
    case RGB101010 = 0x30000
    /// 32-bit pixels in the CIF 10-bit format.
    case RGBCIF10 = 0x40000
}

/// A bitmap's layout flags: alpha info in the low bits, byte order, float components.
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The flags of an alpha layout, a component kind, a byte order and a pixel format, every
    /// one defaulted as Apple's `init(alpha:component:byteOrder:pixelFormat:)` is:
    /// `CGBitmapInfo(alpha: .premultipliedFirst, byteOrder: .order32Little)`.
    public init(alpha: CGImageAlphaInfo = .none, component: CGImageComponentInfo = .integer,
                byteOrder: CGImageByteOrderInfo = .orderDefault, pixelFormat: CGImagePixelFormatInfo = .packed) {
        self.init(rawValue: alpha.rawValue | component.rawValue | byteOrder.rawValue | pixelFormat.rawValue)
    }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let floatInfoMask = CGBitmapInfo(rawValue: 0xF00)
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrderDefault = CGBitmapInfo([])
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)
    /// The host's order (little-endian on every Linux target Lamina supports).
    public static let byteOrder16Host = byteOrder16Little
    public static let byteOrder32Host = byteOrder32Little

    var alphaInfo: CGImageAlphaInfo? { CGImageAlphaInfo(rawValue: rawValue & Self.alphaInfoMask.rawValue) }
    var byteOrder: CGImageByteOrderInfo? { CGImageByteOrderInfo(rawValue: rawValue & Self.byteOrderMask.rawValue) }
}
