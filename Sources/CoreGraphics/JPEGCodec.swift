import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API (errors come back as return codes).
package enum JPEGCodec {
    /// Decodes to 8-bit gray, or RGB in 32 bits (`.noneSkipLast`) as Apple's decoder gives.
    /// Nil for data that is not a JPEG; truncated data decodes as far as it goes, with a message.
    package static func decode(_ data: Data) -> CGImage? {
        guard let handle = tjInitDecompress() else { return nil }
        defer { tjDestroy(handle) }
        return data.withUnsafeBytes { (src: UnsafeRawBufferPointer) -> CGImage? in
            let bytes = src.bindMemory(to: UInt8.self)
            var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
            let header = tjDecompressHeader3(handle, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
            guard header == 0, width > 0, height > 0 else {
                CGDiagnostics.log("JPEG", header == 0 ? "no image in the data." : String(cString: tjGetErrorStr2(handle)))
                return nil
            }
            let gray = colorspace == Int32(TJCS_GRAY.rawValue)
            let channels = gray ? 1 : 4
            let stride = Int(width) * channels
            var pixels = Data(count: stride * Int(height))
            let status = pixels.withUnsafeMutableBytes {
                tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), $0.bindMemory(to: UInt8.self).baseAddress,
                              width, Int32(stride), height, Int32(gray ? TJPF_GRAY.rawValue : TJPF_RGBX.rawValue), TJFLAG_ACCURATEDCT)
            }
            if status != 0 {
                let message = String(cString: tjGetErrorStr2(handle))
                guard tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) else {
                    CGDiagnostics.log("JPEG", message)
                    return nil
                }
                CGDiagnostics.log("JPEG", "\(message) (image kept as decoded)")
            }
            let layout = PixelLayout(width: Int(width), height: Int(height), bitsPerComponent: 8, bitsPerPixel: 8 * channels,
                                     bytesPerRow: stride, model: gray ? .monochrome : .rgb,
                                     bitmapInfo: CGBitmapInfo(alpha: gray ? .none : .noneSkipLast))
            let image = CGImage(layout: layout, space: gray ? .genericGraySpace : .sRGBSpace, bytes: pixels)
            image.utType = "public.jpeg"
            return image
        }
    }

    /// Encodes at `quality` (0…1); alpha is dropped after compositing over black, as Apple does.
    package static func encode(_ image: CGImage, quality: Double) -> Data? {
        guard let handle = tjInitCompress() else { return nil }
        defer { tjDestroy(handle) }
        let gray = image.colorSpace?.model == .monochrome || image.isMask
        let channels = gray ? 1 : 4
        let rgba = image.straightRGBA()
        var packed = [UInt8](repeating: 255, count: image.width * image.height * channels)
        for i in 0..<(image.width * image.height) {
            let a = rgba[i * 4 + 3]
            for c in 0..<(gray ? 1 : 3) { packed[i * channels + c] = PixelConversion.multiply(rgba[i * 4 + c], a) }
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let q = Int32((min(max(quality, 0), 1) * 100).rounded())
        let status = tjCompress2(handle, packed, Int32(image.width), Int32(image.width * channels), Int32(image.height),
                                 Int32(gray ? TJPF_GRAY.rawValue : TJPF_RGBX.rawValue), &output, &size,
                                 Int32(gray ? TJSAMP_GRAY.rawValue : TJSAMP_420.rawValue), max(q, 1), TJFLAG_ACCURATEDCT)
        defer { tjFree(output) }
        guard status == 0, let output else {
            CGDiagnostics.log("JPEG", String(cString: tjGetErrorStr2(handle)))
            return nil
        }
        return Data(bytes: output, count: Int(size))
    }
}
