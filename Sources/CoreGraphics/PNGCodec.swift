import CPNG

/// PNG through libpng's simplified API (errors come back as return codes, no longjmp).
package enum PNGCodec {
    /// Decodes 8-bit gray, gray+alpha, RGB or RGBA (16-bit files are reduced to 8 bits); alpha
    /// stays unpremultiplied (`.last`). Nil, with libpng's message, for data that is not a PNG.
    package static func decode(_ data: Data) -> CGImage? {
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
        let stride = width * channels
        var pixels = Data(count: stride * height)
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

    /// Encodes 8-bit gray (gray images without alpha) or RGB(A), unpremultiplied.
    package static func encode(_ image: CGImage) -> Data? {
        let gray = image.colorSpace?.model == .monochrome && !image.layout.hasAlpha || image.isMask
        let hasAlpha = image.layout.hasAlpha
        let channels = gray ? 1 : hasAlpha ? 4 : 3
        let rgba = image.straightRGBA()
        var packed = [UInt8](repeating: 0, count: image.width * image.height * channels)
        for i in 0..<(image.width * image.height) {
            for c in 0..<channels { packed[i * channels + c] = rgba[i * 4 + c] }
        }
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = (gray ? 0 : UInt32(PNG_FORMAT_FLAG_COLOR)) | (hasAlpha && !gray ? UInt32(PNG_FORMAT_FLAG_ALPHA) : 0)
        defer { png_image_free(&png) }
        let stride = Int32(image.width * channels)
        var size = 0
        guard png_image_write_to_memory(&png, nil, &size, 0, packed, stride, nil) != 0 else { return fail(&png) }
        var out = Data(count: size)
        let written = out.withUnsafeMutableBytes { png_image_write_to_memory(&png, $0.baseAddress, &size, 0, packed, stride, nil) }
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
