import CPNG

/// PNG through libpng's simplified API (errors come back as return codes, no longjmp).
package enum PNGCodec {
    /// Decodes 8-bit gray, gray+alpha, RGB or RGBA (16-bit files are reduced to 8 bits); alpha
    /// stays unpremultiplied (`.last`). Nil, with libpng's message, for data that is not a PNG,
    /// and with Lamina's for an image beyond `budget` or larger than its bytes could encode.
    ///
    /// libpng's own limits are its build's defaults (1,000,000 pixels a side, 8 MB per ancillary
    /// chunk, 1000 cached chunks: the simplified API cannot change them); the pixel budget is
    /// checked here, from the header, before any image memory is allocated.
    package static func decode(_ data: Data, budget: ImageBudget = .standard) -> CGImage? {
        if let problem = truncatedChunk(in: data) {
            CGDiagnostics.log("PNG", "\(problem); not decoded.")
            return nil
        }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let begun = data.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { return fail(&image) }
        let hasColor = image.format & UInt32(PNG_FORMAT_FLAG_COLOR) != 0
        let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
        image.format = (hasColor ? UInt32(PNG_FORMAT_FLAG_COLOR) : 0) | (hasAlpha ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        let channels = (hasColor ? 3 : 1) + (hasAlpha ? 1 : 0)
        let (width, height) = (Int(image.width), Int(image.height))
        if let problem = budget.problem(width: width, height: height, bytesPerPixel: channels)
            ?? implausibility(of: data, width: width, height: height) {
            CGDiagnostics.log("PNG", "\(problem); not decoded.")
            return nil
        }
        let stride = width * channels
        guard stride <= Int(Int32.max), var pixels = ImageBudget.zeroedBytes(stride * height) else {
            CGDiagnostics.log("PNG", "cannot allocate a \(width)×\(height) image.")
            return nil
        }
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(stride), nil) }
        guard finished != 0 else { return fail(&image) }
        if image.warning_or_error & UInt32(PNG_IMAGE_WARNING) != 0 {
            CGDiagnostics.log("PNG", "\(message(&image)) (image kept as decoded)")
        }
        let layout = PixelLayout(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 8 * channels,
                                 bytesPerRow: stride, model: hasColor ? .rgb : .monochrome,
                                 bitmapInfo: CGBitmapInfo(alpha: hasAlpha ? .last : .none))
        let result = CGImage(layout: layout, space: hasColor ? .sRGBSpace : .genericGraySpace, bytes: pixels)
        result.utType = "public.png"
        return result
    }

    /// libpng allocates a chunk's declared length before reading it (a 142-byte file whose
    /// zTXt chunk declared 721 MB took that much): every chunk's length is checked against the
    /// bytes that follow it first, a walk over the chunk headers alone.
    static func truncatedChunk(in data: Data) -> String? {
        let bytes = [UInt8](data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] ? data : Data()
        var i = bytes.startIndex + 8
        while i + 8 <= bytes.endIndex {
            let length = bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            guard length <= bytes.endIndex - i - 12 else {
                return "chunk '\(type)' declares \(length) bytes; \(max(bytes.endIndex - i - 12, 0)) follow it (truncated or corrupt)"
            }
            if type == "IEND" { return nil }
            i += 12 + length
        }
        return nil
    }

    /// Deflate turns at most 258 bytes into 2 bits (1032:1), so a stream of `data.count` bytes
    /// cannot hold more than about 1032 × that many bytes of filtered rows. A file that declares
    /// more is truncated or hostile: refused at once, instead of decoding (and allocating for)
    /// rows that are not there. Reads the header fields libpng has already checked.
    package static func implausibility(of data: Data, width: Int, height: Int) -> String? {
        guard data.count >= 29 else { return nil }
        let depth = Int(data[data.startIndex + 24]), colorType = Int(data[data.startIndex + 25])
        let samples = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType] ?? 4
        let rowBytes = (width * samples * depth + 7) / 8 + 1
        let (raw, overflow) = rowBytes.multipliedReportingOverflow(by: height)
        let (capacity, capped) = data.count.multipliedReportingOverflow(by: 1032)
        guard overflow || (!capped && raw > capacity + 4096) else { return nil }
        return "the image declares \(width)×\(height) pixels, which take at least \(raw / 1032) bytes of PNG data; "
            + "it holds \(data.count) (truncated or corrupt)"
    }

    /// Encodes 8-bit gray (gray images without alpha) or RGB(A), unpremultiplied. `unfiltered`:
    /// libpng's fast mode (rows unfiltered, zlib level 3), for files written to be read back soon.
    package static func encode(_ image: CGImage, unfiltered: Bool = false) -> Data? {
        let gray = image.colorSpace?.model == .monochrome && !image.layout.hasAlpha || image.isMask
        let hasAlpha = image.layout.hasAlpha
        let channels = gray ? 1 : hasAlpha ? 4 : 3
        let rgba = image.straightRGBA()
        // RGBA goes to libpng as it is; gray and RGB keep the first one or three bytes of each pixel.
        let packed = channels == 4 ? rgba : [UInt8](unsafeUninitializedCapacity: image.width * image.height * channels) { out, count in
            rgba.withUnsafeBufferPointer { src in
                for i in 0..<(image.width * image.height) {
                    for c in 0..<channels { out[i * channels + c] = src[i * 4 + c] }
                }
            }
            count = image.width * image.height * channels
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = (gray ? 0 : UInt32(PNG_FORMAT_FLAG_COLOR)) | (hasAlpha && !gray ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        if unfiltered { png.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
        defer { png_image_free(&png) }
        let stride = Int32(image.width * channels)
        // Written once into a buffer of the largest size it can take (asking libpng for the size
        // first compresses the whole image twice); should that bound fall short, libpng says how
        // much it needs, and it is written again.
        var size = lamina_png_size_max(&png)
        var out = Data(count: size)
        var written = out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, packed, stride, nil) }
        if written == 0, size > out.count {
            png_image_free(&png)
            png.warning_or_error = 0
            out = Data(count: size)
            written = out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, packed, stride, nil) }
        }
        guard written != 0 else { return fail(&png) }
        return out.prefix(size)
    }

    private static func fail<T>(_ image: inout png_image) -> T? {
        let text = message(&image)
        CGDiagnostics.log("PNG", text.isEmpty ? "invalid data." : text)
        return nil
    }

    private static func message(_ image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }
}
