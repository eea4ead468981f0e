import CCairo

extension CGContext {
    /// A bitmap context, with the 8-bit layouts Apple's bitmap contexts accept: RGB in 32 bits
    /// (premultiplied or skipped alpha, first or last, any 32-bit byte order), 8-bit gray, and
    /// 8-bit alpha-only (`space` nil or gray). Other layouts give nil with a message, as on Apple
    /// platforms. With `data` nil the context allocates zeroed memory, and `bytesPerRow` 0 picks
    /// a row size.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo) {
        let alphaOnly = bitmapInfo.alphaInfo == .alphaOnly
        let space = space ?? (alphaOnly ? CGColorSpace.deviceGray : CGColorSpace.deviceRGB)
        guard alphaOnly || [.rgb, .monochrome].contains(space.model) else {
            CGDiagnostics.log("CGBitmapContextCreate", "unsupported color space.")
            return nil
        }
        let model: CGColorSpaceModel? = alphaOnly ? nil : space.model
        let components = (model == .rgb ? 3 : model == .monochrome ? 1 : 0) + (bitmapInfo.alphaInfo == CGImageAlphaInfo.none ? 0 : 1)
        let (bits, overflow) = max(components, 1).multipliedReportingOverflow(by: bitsPerComponent)
        let bitsPerPixel = components == 4 ? 32 : overflow ? 0 : bits   // 0: refused below
        // cairo's limit first: every size below is then small enough to multiply safely.
        guard width <= 32767, height <= 32767 else {
            CGDiagnostics.log("CGBitmapContextCreate", "\(width)×\(height) is larger than 32767 pixels on a side.")
            return nil
        }
        var rowBytes = bytesPerRow
        if rowBytes == 0 && data == nil && (0...32).contains(bitsPerPixel) && width > 0 {
            rowBytes = ((width * bitsPerPixel + 7) / 8 + 31) / 32 * 32
        }
        let layout = PixelLayout(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                 bitsPerPixel: bitsPerPixel, bytesPerRow: rowBytes, model: model, bitmapInfo: bitmapInfo)
        if let problem = layout.contextProblem {
            CGDiagnostics.log("CGBitmapContextCreate", "\(problem).")
            return nil
        }
        // cairo takes the row size as an Int32.
        guard rowBytes <= Int(Int32.max) else {
            CGDiagnostics.log("CGBitmapContextCreate", "bytesPerRow \(rowBytes) is larger than \(Int32.max).")
            return nil
        }
        guard let storage = BitmapStorage(data: data, layout: layout) else {
            CGDiagnostics.log("CGBitmapContextCreate", "cannot allocate a \(width)×\(height) bitmap.")
            return nil
        }
        self.init(surface: storage.surface, height: CGFloat(height), bitmap: storage, pdf: nil)
        bitmapSpace = space
    }

    /// The classic form with the bitmap info as a raw `UInt32`.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: Optional(space), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo))
    }

    /// A bitmap context that calls `releaseCallback(releaseInfo, data)` when it is released.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace?, bitmapInfo: CGBitmapInfo,
                             releaseCallback: CGBitmapContextReleaseDataCallback?, releaseInfo: UnsafeMutableRawPointer?) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo)
        if let releaseCallback { releaseData = { releaseCallback(releaseInfo, data) } }
    }

    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32,
                             releaseCallback: CGBitmapContextReleaseDataCallback?, releaseInfo: UnsafeMutableRawPointer?) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
                  space: Optional(space), bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo),
                  releaseCallback: releaseCallback, releaseInfo: releaseInfo)
    }

    /// The bitmap's memory (nil for PDF contexts). Row 0 is the top row of the image.
    public var data: UnsafeMutableRawPointer? { bitmap?.currentBytes() }
    public var width: Int { bitmap?.layout.width ?? 0 }
    public var height: Int { bitmap?.layout.height ?? 0 }
    public var bitsPerComponent: Int { bitmap?.layout.bitsPerComponent ?? 0 }
    public var bitsPerPixel: Int { bitmap?.layout.bitsPerPixel ?? 0 }
    public var bytesPerRow: Int { bitmap?.layout.bytesPerRow ?? 0 }
    public var bitmapInfo: CGBitmapInfo { bitmap?.layout.bitmapInfo ?? [] }
    public var alphaInfo: CGImageAlphaInfo { bitmap?.layout.alphaInfo ?? .none }
    public var colorSpace: CGColorSpace? { bitmapSpace }

    /// Runs `body`'s drawing as one batch: into a bitmap of a layout cairo does not draw (RGBA,
    /// 16-bit…), the caller's bytes are converted once for the batch instead of once for each
    /// operation (see `BitmapStorage.beginBatch`). For drawing that runs no caller code reading
    /// the bytes between operations (a layer tree's `render(in:)`); reading `data` or making an
    /// image meanwhile still sees every pixel drawn, and ends the batching.
    package func drawingAsOneBatch<T>(_ body: () throws -> T) rethrows -> T {
        bitmap?.beginBatch()
        defer { bitmap?.endBatch() }
        return try body()
    }

    /// A snapshot of the bitmap as an image with the context's layout; later drawing does not
    /// change it. Nil for PDF contexts.
    public func makeImage() -> CGImage? {
        guard let bitmap else { return nil }
        flush()
        let layout = bitmap.layout
        let bytes = Data(bytes: bitmap.syncedBytes(), count: layout.bytesPerRow * layout.height)
        return CGImage(layout: layout, space: bitmapSpace, bytes: bytes)
    }
}

/// Called with the release info and the data pointer when a bitmap context is released.
public typealias CGBitmapContextReleaseDataCallback = (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
