/// The state of an image source.
public enum CGImageSourceStatus: Int32, Sendable {
    case statusUnexpectedEOF = -5
    case statusInvalidData = -4
    case statusUnknownType = -3
    case statusReadingHeader = -2
    case statusIncomplete = -1
    case statusComplete = 0
}

/// Encoded image data (PNG, JPEG or GIF) to read images from.
public final class CGImageSource: @unchecked Sendable {
    let data: Data
    let format: ImageFormat?
    /// What decoding one image may cost: the standard budget, raised (or lowered) by the
    /// source's options (`kLaminaImageSourceMaximumPixelCount`, `kLaminaImageSourceMaximumByteCount`).
    /// The frames of an animation are decoded together, so their sum is held to it.
    let budget: ImageBudget
    /// The frames of an animated PNG or a GIF, decoded together on first use (each frame is
    /// composited over the ones before it), with their delays and the loop count.
    private lazy var animation: Animation? = {
        switch format {
        case .png:
            return APNG.decode(data, budget: budget).map { decoded in
                Animation(frames: decoded.frames.map { ($0.image, $0.control.delay) }, loopCount: decoded.loopCount,
                          dictionary: kCGImagePropertyPNGDictionary)
            }
        case .gif:
            return GIF.decode(data, budget: budget).map {
                Animation(frames: $0.frames, loopCount: $0.loopCount, dictionary: kCGImagePropertyGIFDictionary)
            }
        default:
            return nil
        }
    }()
    private let lock = NSLock()

    struct Animation {
        let frames: [(image: CGImage, delay: Double)]
        let loopCount: Int
        /// Where the format's properties go (`kCGImagePropertyPNGDictionary`, `kCGImagePropertyGIFDictionary`).
        let dictionary: CFString
    }

    /// The frames an animated PNG holds (nil for a plain one), counted once: `count` is read on
    /// every `CGImageSourceCreateImageAtIndex`, and a loop over the frames would walk the file
    /// each time.
    private let pngFrameCount: Int?

    init(data: Data, options: CFDictionary?) {
        self.data = data
        format = ImageFormat(sniffing: data)
        pngFrameCount = format == .png ? APNG.frameCount(data) : nil
        budget = ImageBudget.standard.applying(options)
    }

    /// 1 for a still image, the frame count of an animated PNG or a GIF, 0 for data that is not an image.
    var count: Int {
        switch format {
        case nil: return 0
        case .png: return pngFrameCount ?? 1
        case .gif: return animationFrames()?.frames.count ?? 0
        case .jpeg, .webp: return 1
        }
    }

    /// Whether the data declares an animation (an animated PNG, any GIF), decodable or not.
    var isAnimation: Bool { format == .gif || pngFrameCount != nil }

    /// The frames when the data is an animation that decodes within the budget.
    func animationFrames() -> Animation? {
        guard isAnimation else { return nil }
        lock.lock(); defer { lock.unlock() }
        return animation
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
    guard let provider = CGDataProvider(data: data) else { return nil }
    return CGImageSource(data: provider.bytes, options: options)
}

/// Reads image data from a file; nil (with a message) when it cannot be read.
public func CGImageSourceCreateWithURL(_ url: CFURL, _ options: CFDictionary?) -> CGImageSource? {
    guard let provider = CGDataProvider(url: url) else { return nil }
    return CGImageSource(data: provider.bytes, options: options)
}

public func CGImageSourceCreateWithDataProvider(_ provider: CGDataProvider, _ options: CFDictionary?) -> CGImageSource? {
    CGImageSource(data: provider.bytes, options: options)
}

/// The uniform type identifier of the source's data ("public.png", "public.jpeg",
/// "com.compuserve.gif"), nil if unknown.
public func CGImageSourceGetType(_ isrc: CGImageSource) -> CFString? {
    isrc.format.map { $0.typeIdentifier as CFString }
}

/// The number of images in the source: the frame count of an animated PNG or a GIF, 1 for
/// another PNG or a JPEG, 0 otherwise.
public func CGImageSourceGetCount(_ isrc: CGImageSource) -> Int {
    isrc.count
}

public func CGImageSourceGetStatus(_ isrc: CGImageSource) -> CGImageSourceStatus {
    isrc.format == nil ? (isrc.data.isEmpty ? .statusReadingHeader : .statusUnknownType) : .statusComplete
}

/// The image at `index` — for an animated PNG or a GIF, frame `index` as a viewer shows it
/// (composited over the frames before it); nil for other indexes and for data that does not
/// decode, or whose image is beyond the decoding budget (see `kLaminaImageSourceMaximumPixelCount`).
public func CGImageSourceCreateImageAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CGImage? {
    guard let format = isrc.format, index >= 0, index < isrc.count else { return nil }
    if isrc.isAnimation {
        // Why an animation does not decode was said once, when it was decoded: not again per frame.
        guard let frames = isrc.animationFrames()?.frames, index < frames.count else { return nil }
        return frames[index].image
    }
    return format.decode(isrc.data, budget: isrc.budget.applying(options))
}

/// Properties of the whole file: for an animated PNG or a GIF, `kCGImagePropertyPNGDictionary`
/// or `kCGImagePropertyGIFDictionary` with its loop count; nil for data that is not an image.
public func CGImageSourceCopyProperties(_ isrc: CGImageSource, _ options: CFDictionary?) -> CFDictionary? {
    guard isrc.format != nil else { return nil }
    var properties: [String: Any] = [:]
    if let animation = isrc.animationFrames() {
        properties[animation.dictionary as String] = [kCGImagePropertyAPNGLoopCount as String: animation.loopCount]
    }
    return properties as NSDictionary
}

/// Pixel size, depth, color model and alpha of the image at `index`; for a frame of an
/// animated PNG or a GIF also the format's dictionary with its delay: `kCGImagePropertyAPNGDelayTime`
/// / `kCGImagePropertyGIFDelayTime` (delays under 0.011 s read as 0.1, as browsers show them) and
/// the stored `…UnclampedDelayTime`.
public func CGImageSourceCopyPropertiesAtIndex(_ isrc: CGImageSource, _ index: Int, _ options: CFDictionary?) -> CFDictionary? {
    guard let image = CGImageSourceCreateImageAtIndex(isrc, index, options) else { return nil }
    var animated: (key: CFString, value: [String: Any])?
    if let animation = isrc.animationFrames(), index < animation.frames.count {
        let delay = animation.frames[index].delay
        animated = (animation.dictionary, [kCGImagePropertyAPNGDelayTime as String: delay < 0.011 ? 0.1 : delay,
                                           kCGImagePropertyAPNGUnclampedDelayTime as String: delay])
    }
    let model = image.colorSpace?.model == .monochrome ? kCGImagePropertyColorModelGray : kCGImagePropertyColorModelRGB
    var properties: [String: Any] = [
        kCGImagePropertyPixelWidth as String: image.width,
        kCGImagePropertyPixelHeight as String: image.height,
        kCGImagePropertyDepth as String: image.bitsPerComponent,
        kCGImagePropertyHasAlpha as String: image.alphaInfo != .none && image.alphaInfo != .noneSkipLast
            && image.alphaInfo != .noneSkipFirst,
        kCGImagePropertyColorModel as String: model as String,
    ]
    if let animated { properties[animated.key as String] = animated.value }
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
/// The PNG-specific properties of an image or file (a dictionary).
nonisolated(unsafe) public let kCGImagePropertyPNGDictionary: CFString = "{PNG}"
/// The PNG filters an encoder may choose from for each row (a number: a bitwise OR of the
/// `IMAGEIO_PNG_FILTER_…` values). Written in `kCGImagePropertyPNGDictionary`. Lamina writes
/// `IMAGEIO_PNG_FILTER_NONE` (or `IMAGEIO_PNG_NO_FILTERS`) unfiltered with quicker compression
/// (libpng's fast mode: measured on 640×480 interface frames, 5× faster to write and 3.6× to
/// read, 16 % larger); any other set as it writes by default, each row's filter chosen among all.
nonisolated(unsafe) public let kCGImagePropertyPNGCompressionFilter: CFString = "kCGImagePropertyPNGCompressionFilter"
/// No filter: rows are stored as they are (for `kCGImagePropertyPNGCompressionFilter`).
public var IMAGEIO_PNG_NO_FILTERS: Int32 { 0x00 }
/// The None filter: each byte stored as it is.
public var IMAGEIO_PNG_FILTER_NONE: Int32 { 0x08 }
/// The Sub filter: each byte stored as its difference from the byte to its left.
public var IMAGEIO_PNG_FILTER_SUB: Int32 { 0x10 }
/// The Up filter: each byte stored as its difference from the byte above it.
public var IMAGEIO_PNG_FILTER_UP: Int32 { 0x20 }
/// The Average filter: each byte stored as its difference from the mean of its left and upper neighbors.
public var IMAGEIO_PNG_FILTER_AVG: Int32 { 0x40 }
/// The Paeth filter: each byte stored as its difference from the Paeth predictor of its neighbors.
public var IMAGEIO_PNG_FILTER_PAETH: Int32 { 0x80 }
/// All five filters.
public var IMAGEIO_PNG_ALL_FILTERS: Int32 { 0xF8 }
/// Seconds a frame of an animated PNG is shown (delays under 0.011 s read as 0.1).
nonisolated(unsafe) public let kCGImagePropertyAPNGDelayTime: CFString = "DelayTime"
/// Seconds a frame of an animated PNG is shown, as stored.
nonisolated(unsafe) public let kCGImagePropertyAPNGUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// How many times an animated PNG plays; 0 loops forever. Defaults to 0.
nonisolated(unsafe) public let kCGImagePropertyAPNGLoopCount: CFString = "LoopCount"
/// The GIF-specific properties of an image or file (a dictionary).
nonisolated(unsafe) public let kCGImagePropertyGIFDictionary: CFString = "{GIF}"
/// Seconds a frame of a GIF is shown (delays under 0.011 s read as 0.1).
nonisolated(unsafe) public let kCGImagePropertyGIFDelayTime: CFString = "DelayTime"
/// Seconds a frame of a GIF is shown, as stored (in hundredths).
nonisolated(unsafe) public let kCGImagePropertyGIFUnclampedDelayTime: CFString = "UnclampedDelayTime"
/// How many times a GIF plays; 0 loops forever. Defaults to 0 when writing.
nonisolated(unsafe) public let kCGImagePropertyGIFLoopCount: CFString = "LoopCount"
