/// Where encoded images go: a file or mutable data, written by `CGImageDestinationFinalize`.
public final class CGImageDestination: @unchecked Sendable {
    let format: ImageFormat
    let sink: (Data) -> Bool
    var images: [(CGImage, properties: [String: Any])] = []
    var finalized = false
    var options: [String: Any]

    init(format: ImageFormat, options: CFDictionary?, sink: @escaping (Data) -> Bool) {
        self.format = format
        self.sink = sink
        self.options = (options as? [String: Any]) ?? [:]
    }
}

/// The JPEG quality from 0 (smallest) to 1 (best); Lamina's default is 0.8.
nonisolated(unsafe) public let kCGImageDestinationLossyCompressionQuality: CFString = "kCGImageDestinationLossyCompressionQuality"

/// A destination writing into `data`; nil (with a message) for unknown types. `count` is the
/// number of images to be added (at least 1).
public func CGImageDestinationCreateWithData(_ data: CFMutableData, _ type: CFString, _ count: Int,
                                             _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = destinationFormat(type, count) else { return nil }
    return CGImageDestination(format: format, options: options) { bytes in
        data.setData(bytes)
        return true
    }
}

/// A destination writing a file at `url`.
public func CGImageDestinationCreateWithURL(_ url: CFURL, _ type: CFString, _ count: Int,
                                            _ options: CFDictionary?) -> CGImageDestination? {
    guard let format = destinationFormat(type, count) else { return nil }
    return CGImageDestination(format: format, options: options) { bytes in
        do {
            try bytes.write(to: url as URL)
            return true
        } catch {
            CGDiagnostics.log("CGImageDestinationFinalize", "cannot write \(url): \(error.localizedDescription)")
            return false
        }
    }
}

private func destinationFormat(_ type: CFString, _ count: Int) -> ImageFormat? {
    guard let format = ImageFormat(typeIdentifier: type as String), format.isWritable else {
        CGDiagnostics.log("CGImageDestinationCreate", "unsupported type '\(type)'.")
        return nil
    }
    guard count >= 1 else {
        CGDiagnostics.log("CGImageDestinationCreate", "image count must be at least 1.")
        return nil
    }
    return format
}

/// Adds an image; `properties` may carry `kCGImageDestinationLossyCompressionQuality` and
/// `kCGImagePropertyPNGDictionary` with `kCGImagePropertyPNGCompressionFilter` or, for a frame
/// of an animated PNG, `kCGImagePropertyAPNGDelayTime` (seconds; default 0.1).
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    idst.images.append((image, (properties as? [String: Any]) ?? [:]))
}

/// Sets properties of the whole file: for an animated PNG, `kCGImagePropertyPNGDictionary`
/// with `kCGImagePropertyAPNGLoopCount` (0, the default, loops forever).
public func CGImageDestinationSetProperties(_ idst: CGImageDestination, _ properties: CFDictionary?) {
    idst.options.merge((properties as? [String: Any]) ?? [:]) { $1 }
}

/// Encodes the images and writes them. False when there is no image, it was already finalized,
/// encoding failed or the bytes could not be written. A PNG destination given more than one
/// image writes an animated PNG of them all, in order, and a GIF destination a GIF of them all
/// (delays and loop count in `kCGImagePropertyGIFDictionary`); JPEG holds one image: the last
/// one added.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let (image, properties) = idst.images.last else {
        CGDiagnostics.log("CGImageDestinationFinalize", idst.finalized ? "already finalized." : "no image was added.")
        return false
    }
    idst.finalized = true
    if idst.format == .png && idst.images.count > 1 || idst.format == .gif {
        let key = idst.format == .gif ? kCGImagePropertyGIFDictionary : kCGImagePropertyPNGDictionary
        let loops = (idst.options.dictionary(key)?[kCGImagePropertyAPNGLoopCount as String] as? NSNumber)?.intValue ?? 0
        let frames = idst.images.map { image, properties in
            (image, delay: (properties.dictionary(key)?[kCGImagePropertyAPNGDelayTime as String] as? NSNumber)?.doubleValue ?? 0.1)
        }
        let data = idst.format == .gif ? GIF.encode(frames, loopCount: max(0, loops)) : APNG.encode(frames, loopCount: max(0, loops))
        guard let data else { return false }
        return idst.sink(data)
    }
    let merged = idst.options.merging(properties) { $1 }
    let quality = (merged[kCGImageDestinationLossyCompressionQuality as String] as? NSNumber)?.doubleValue ?? 0.8
    let filters = (merged.dictionary(kCGImagePropertyPNGDictionary)?[kCGImagePropertyPNGCompressionFilter as String] as? NSNumber)?.int32Value
    let unfiltered = filters.map { $0 & IMAGEIO_PNG_ALL_FILTERS == IMAGEIO_PNG_FILTER_NONE || $0 == IMAGEIO_PNG_NO_FILTERS } ?? false
    guard let data = idst.format.encode(image, quality: quality, unfiltered: unfiltered) else { return false }
    return idst.sink(data)
}

extension Dictionary where Key == String, Value == Any {
    /// A format's dictionary (`kCGImagePropertyPNGDictionary`, `kCGImagePropertyGIFDictionary`)
    /// inside image properties.
    func dictionary(_ key: CFString) -> [String: Any]? { self[key as String] as? [String: Any] }
}

/// The types the destinations can write.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    ImageFormat.allCases.filter(\.isWritable).map(\.typeIdentifier) as NSArray
}
