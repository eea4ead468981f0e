import CTurboJPEG

/// JPEG through libjpeg-turbo's TurboJPEG API (errors come back as return codes).
package enum JPEGCodec {
    /// Decodes to 8-bit gray, or RGB in 32 bits (`.noneSkipLast`) as Apple's decoder gives.
    /// Nil for data that is not a JPEG; truncated data decodes as far as it goes, with a message.
    /// Nil with a message too for an image beyond `budget`, or declaring more pixels than its
    /// bytes could encode. Progressive files are limited to 500 scans (`TJFLAG_LIMITSCANS`):
    /// each scan passes over the whole image, and a hostile file can hold thousands.
    package static func decode(_ data: Data, budget: ImageBudget = .standard) -> CGImage? {
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
            if let problem = budget.problem(width: Int(width), height: Int(height), bytesPerPixel: channels)
                ?? implausibility(of: src, width: Int(width), height: Int(height)) {
                CGDiagnostics.log("JPEG", "\(problem); not decoded.")
                return nil
            }
            let stride = Int(width) * channels
            guard var pixels = ImageBudget.zeroedBytes(stride * Int(height)) else {
                CGDiagnostics.log("JPEG", "cannot allocate a \(width)×\(height) image.")
                return nil
            }
            let status = pixels.withUnsafeMutableBytes {
                tjDecompress2(handle, bytes.baseAddress, UInt(bytes.count), $0.bindMemory(to: UInt8.self).baseAddress,
                              width, Int32(stride), height, Int32(gray ? TJPF_GRAY.rawValue : TJPF_RGBX.rawValue), TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS)
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

    /// Pixels a Huffman-coded JPEG byte can stand for, at most. Every 8×8 block of every
    /// component costs at least one bit (its DC code, in a progressive first scan; baseline needs
    /// two): 512 gray pixels a byte. Twice that, for slack.
    static let pixelsPerByte = 1024

    /// The same for arithmetic-coded files (SOF9…SOF15), whose adaptive coder spends a small
    /// fraction of a bit on a flat block: 64 times the Huffman bound. (The fuzzer's 221-byte
    /// arithmetic file declaring 15406 × 14386 pixels took 890 MB before it.)
    static let arithmeticPixelsPerByte = 65536

    /// A truncated or hostile file declaring far more pixels than its bytes could encode would
    /// make libjpeg-turbo fill (and pay for) the rest of a declared 65500² image: refused at once.
    static func implausibility(of data: UnsafeRawBufferPointer, width: Int, height: Int) -> String? {
        let ratio = isArithmeticCoded(data) ? arithmeticPixelsPerByte : pixelsPerByte
        let (capacity, capped) = data.count.multipliedReportingOverflow(by: ratio)
        guard !capped, width * height > capacity + 65536 else { return nil }
        return "the image declares \(width)×\(height) pixels, more than its \(data.count) bytes can encode (truncated or corrupt)"
    }

    /// Whether an arithmetic-coding frame marker (SOF9…SOF15) comes before the first scan. A
    /// plain byte search, as libjpeg skips stray bytes between markers: a payload that happens
    /// to hold such a pair only loosens the bound.
    static func isArithmeticCoded(_ data: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i + 1 < data.count {
            if data[i] == 0xFF {
                switch data[i + 1] {
                case 0xDA: return false                                       // start of scan
                case 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF: return true
                default: break
                }
            }
            i += 1
        }
        return false
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
        let q = Int32(saturating: (min(max(quality, 0), 1) * 100).rounded())
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
