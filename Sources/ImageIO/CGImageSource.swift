/// The state of an image source.
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5
    case statusInvalidData = -4
    case statusUnknownType = -3
    case statusReadingHeader = -2
    case statusIncomplete = -1
    case statusComplete = 0
}

/// Encoded image data (PNG or JPEG) to read images from.
public final class CGImageSource: @unchecked Sendable {
    let data: Data
    let format: ImageFormat?
    /// What decoding one image may cost: the standard budget, raised (or lowered) by the
    /// source's options (`kLaminaImageSourceMaximumPixelCount`, `kLaminaImageSourceMaximumByteCount`).
    let budget: ImageBudget

    init(data: Data, options: CFDictionary?) {
        self.data = data
        format = ImageFormat(sniffing: data)
        budget = ImageBudget.standard.applying(options)
    }
}

/// Lamina's option (not Apple's): the most pixels an image decoded from the source may have,
/// as an `Int`. Images declaring more give nil with a message, before any pixel memory is
/// allocated. Defaults to 16384 × 16384. Accepted by `CGImageSourceCreateWithData` (and the
/// other creators) and by `CGImageSourceCreateImageAtIndex`.
nonisolated(unsafe) public let kLaminaImageSourceMaximumPixelCount: CFString = "LaminaMaximumPixelCount"
/// Lamina's option (not Apple's): the most bytes an image decoded from the source may occupy,
/// as an `Int`. Defaults to 1 GiB.
nonisolated(unsafe) public let kLaminaImageSourceMaximumByteCount: CFString = "LaminaMaximumByteCount"

extension ImageBudget {
    /// This budget with the limits `options` set.
    func applying(_ options: CFDictionary?) -> ImageBudget {
        guard let options = options as? [String: Any] else { return self }
        var budget = self
        if let pixels = options[kLaminaImageSourceMaximumPixelCount as String] as? Int { budget.maximumPixelCount = pixels }
        if let bytes = options[kLaminaImageSourceMaximumByteCount as String] as? Int { budget.maximumByteCount = bytes }
        return budget
    }
}

/// Reads image data from memory. Any data gives a source; its status says whether it is usable.
public func CGImageSourceCreateWithData(_ data: CFData, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: CGDataProvider(data: data).bytes, options: options)
}

/// Reads image data from a file; nil (with a message) when it cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let provider = CGDataProvider(url: url) else { return nil }
    return CGImageSource(data: provider.bytes, options: options)
}

public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: provider.bytes, options: options)
}

/// The uniform type identifier of the source's data ("public.png", "public.jpeg"), nil if unknown.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.format.map { $0.typeIdentifier as CFString }
}

/// The number of images in the source: 1 for a PNG or JPEG, 0 otherwise.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.format == nil ? 0 : 1
}

public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.format == nil ? (isrc.data.isEmpty ? .statusReadingHeader : .statusUnknownType) : .statusComplete
}

/// The image at `index`; nil for other indexes and for data that does not decode, or whose
/// image is beyond the decoding budget (see `kLaminaImageSourceMaximumPixelCount`).
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard index == 0, let format = isrc.format else { return nil }
    return format.decode(isrc.data, budget: isrc.budget.applying(options))
}

/// Pixel size, depth, color model and alpha of the image at `index`.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, options) else { return nil }
    let model = image.colorSpace?.model == .monochrome ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB
    let properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: image.width,
        kCGImagePropertyPixelHeight as String: image.height,
        kCGImagePropertyDepth as String: image.bitsPerComponent,
        kCGImagePropertyHasAlpha as String: image.alphaInfo != .none && image.alphaInfo != .noneSkipLast
            && image.alphaInfo != .noneSkipFirst,
        kCGImagePropertyColorModel as String: model as String,
    ]
    return properties as NSDictionary
}

/// The types the sources can read.
public func CGImageSourceCopyTypeIdentifiers() -> CFArray {
    ImageFormat.allCases.map(\.typeIdentifier) as NSArray
}

nonisolated(unsafe) public let kCGImagePropertyPixelWidth: CFString = "PixelWidth"
nonisolated(unsafe) public let kCGImagePropertyPixelHeight: CFString = "PixelHeight"
nonisolated(unsafe) public let kCGImagePropertyDepth: CFString = "Depth"
nonisolated(unsafe) public let kCGImagePropertyHasAlpha: CFString = "HasAlpha"
nonisolated(unsafe) public let kCGImagePropertyColorModel: CFString = "ColorModel"
nonisolated(unsafe) public let kCGImagePropertyColorModelRGB: CFString = "RGB"
nonisolated(unsafe) public let kCGImagePropertyColorModelGray: CFString = "Gray"
