/// Where encoded images go: a file or mutable data, written by `CGImageDestinationFinalize`.
public final class CGImageDestination: @unchecked Sendable {
    let format: ImageFormat
    let sink: (Data) -> Bool
    var images: [(CGImage, quality: Double)] = []
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

/// A destination writing into `data`; nil (with a message) for unknown types. `count` must be 1.
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
    guard let format = ImageFormat(typeIdentifier: type as String) else {
        CGDiagnostics.log("CGImageDestinationCreate", "unsupported type '\(type)'.")
        return nil
    }
    guard count >= 1 else {
        CGDiagnostics.log("CGImageDestinationCreate", "image count must be at least 1.")
        return nil
    }
    return format
}

/// Adds an image; `properties` may carry `kCGImageDestinationLossyCompressionQuality`.
public func CGImageDestinationAddImage(_ idst: CGImageDestination, _ image: CGImage, _ properties: CFDictionary?) {
    let merged = idst.options.merging((properties as? [String: Any]) ?? [:]) { $1 }
    let quality = (merged[kCGImageDestinationLossyCompressionQuality as String] as? NSNumber)?.doubleValue ?? 0.8
    idst.images.append((image, quality))
}

/// Encodes the image and writes it. False when there is no image, it was already finalized,
/// encoding failed or the bytes could not be written. PNG and JPEG hold one image: the last
/// one added is written.
public func CGImageDestinationFinalize(_ idst: CGImageDestination) -> Bool {
    guard !idst.finalized, let (image, quality) = idst.images.last else {
        CGDiagnostics.log("CGImageDestinationFinalize", idst.finalized ? "already finalized." : "no image was added.")
        return false
    }
    idst.finalized = true
    guard let data = idst.format.encode(image, quality: quality) else { return false }
    return idst.sink(data)
}

/// The types the destinations can write.
public func CGImageDestinationCopyTypeIdentifiers() -> CFArray {
    ImageFormat.allCases.map(\.typeIdentifier) as NSArray
}
