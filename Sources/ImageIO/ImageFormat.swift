import CoreGraphics

/// The encoded formats ImageIO reads and writes here (WebP is read only, as on Apple platforms).
enum ImageFormat: CaseIterable {
    case png, jpeg, gif, webp

    /// Whether images can be written in the format (Apple's ImageIO writes no WebP either).
    var isWritable: Bool { self != .webp }

    var typeIdentifier: String {
        switch self {
        case .png: return "public.png"
        case .jpeg: return "public.jpeg"
        case .gif: return "com.compuserve.gif"
        case .webp: return "org.webmproject.webp"
        }
    }

    init?(typeIdentifier: String) {
        guard let format = Self.allCases.first(where: { $0.typeIdentifier == typeIdentifier }) else { return nil }
        self = format
    }

    /// Recognizes data by its signature.
    init?(sniffing data: Data) {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if data.starts(with: [0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if GIF.signatures.contains(where: { data.starts(with: $0) }) { self = .gif }
        else if WebPCodec.isWebP(data) { self = .webp }
        else { return nil }
    }

    func decode(_ data: Data, budget: ImageBudget) -> CGImage? {
        switch self {
        case .png: return PNGCodec.decode(data, budget: budget)
        case .jpeg: return JPEGCodec.decode(data, budget: budget)
        case .gif: return GIF.decode(data, budget: budget)?.frames.first?.image
        case .webp: return WebPCodec.decode(data, budget: budget)
        }
    }

    func encode(_ image: CGImage, quality: Double, unfiltered: Bool = false) -> Data? {
        switch self {
        case .png: return PNGCodec.encode(image, unfiltered: unfiltered)
        case .jpeg: return JPEGCodec.encode(image, quality: quality)
        case .gif: return GIF.encode([(image, 0)], loopCount: 0)
        case .webp: return nil
        }
    }
}
