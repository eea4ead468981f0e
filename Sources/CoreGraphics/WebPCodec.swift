import CWebP

/// WebP (lossy and lossless, with or without alpha) through libwebp's decoder. Apple's ImageIO
/// reads WebP, and real content carries it: lottie-ios's samples embed WebP images.
package enum WebPCodec {
    /// Whether `data` starts as a WebP file does ("RIFF", a size, "WEBP").
    package static func isWebP(_ data: Data) -> Bool {
        data.count >= 12 && data.starts(with: Array("RIFF".utf8)) && data.dropFirst(8).starts(with: Array("WEBP".utf8))
    }

    /// Decodes the first frame to 8-bit RGBA (non-premultiplied alpha, as Apple's decoder gives
    /// an image with alpha) or RGB in 32 bits without alpha. Nil, with one message, for data that
    /// is not WebP, that libwebp rejects, or whose declared size is beyond `budget` (checked
    /// before any pixel memory is allocated; libwebp bounds dimensions at 16383 itself).
    package static func decode(_ data: Data, budget: ImageBudget = .standard) -> CGImage? {
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) -> CGImage? in
            guard let base = src.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var features = WebPBitstreamFeatures()
            let status = WebPGetFeaturesInternal(base, src.count, &features, WEBP_DECODER_ABI_VERSION)
            guard status == VP8_STATUS_OK else {
                CGDiagnostics.log("WebP", "not a WebP image this decoder reads (status \(status.rawValue)).")
                return nil
            }
            let width = Int(features.width), height = Int(features.height)
            if let problem = budget.problem(width: width, height: height, bytesPerPixel: 4) {
                CGDiagnostics.log("WebP", "\(problem); not decoded.")
                return nil
            }
            let stride = width * 4
            guard var pixels = ImageBudget.zeroedBytes(stride * height) else {
                CGDiagnostics.log("WebP", "cannot allocate a \(width)×\(height) image.")
                return nil
            }
            let decoded = pixels.withUnsafeMutableBytes { out in
                WebPDecodeRGBAInto(base, src.count, out.bindMemory(to: UInt8.self).baseAddress, out.count, Int32(stride))
            }
            guard decoded != nil else {
                CGDiagnostics.log("WebP", "the image data is damaged; not decoded.")
                return nil
            }
            let hasAlpha = features.has_alpha != 0
            let layout = PixelLayout(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: stride,
                                     model: .rgb, bitmapInfo: CGBitmapInfo(alpha: hasAlpha ? .last : .noneSkipLast))
            let image = CGImage(layout: layout, space: .sRGBSpace, bytes: pixels)
            image.utType = "org.webmproject.webp"
            return image
        }
    }
}
