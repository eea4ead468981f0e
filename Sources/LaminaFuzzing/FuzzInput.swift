import CoreGraphics

/// Reads a fuzzer's bytes as the values a scenario needs. Numbers are drawn from a table of
/// hostile values (NaN, ±∞, ±1e300, zero, negatives, tiny ones) as often as from the bytes, so
/// that mutations reach the edges quickly. Past the end every read gives zero.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    /// Reads `data` from its start.
    public init(_ data: Data) { bytes = [UInt8](data) }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte (0 past the end).
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// A flag from the next byte's low bit.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A whole number in `0..<count` (count > 0).
    public mutating func index(_ count: Int) -> Int { Int(byte()) % count }

    static let hostile: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -0.0, -5, 1e-300, 1e-9,
                                    .greatestFiniteMagnitude, 32767, 32768, 65536, 1e9, 0.5]

    /// A number: a hostile one, a small one (−128…127, in eighths), or any 64-bit pattern.
    public mutating func number() -> CGFloat {
        switch byte() % 4 {
        case 0: return Self.hostile[index(Self.hostile.count)]
        case 1:
            var bits: UInt64 = 0
            for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
            return Double(bitPattern: bits)
        default: return CGFloat(Int8(bitPattern: byte())) + CGFloat(byte() % 8) / 8
        }
    }

    /// A point of two `number()`s.
    public mutating func point() -> CGPoint { CGPoint(x: number(), y: number()) }
    /// A size of two `number()`s.
    public mutating func size() -> CGSize { CGSize(width: number(), height: number()) }
    /// A rect of four `number()`s.
    public mutating func rect() -> CGRect { CGRect(origin: point(), size: size()) }

    /// The rest of the bytes.
    public mutating func rest() -> Data {
        defer { offset = bytes.count }
        return offset < bytes.count ? Data(bytes[offset...]) : Data()
    }
}
