import CCairo

/// An immutable bitmap image: pixels in a `PixelLayout`, from a data provider.
public final class CGImage: @unchecked Sendable {
    let layout: PixelLayout
    public let colorSpace: CGColorSpace?
    public let dataProvider: CGDataProvider?
    public let shouldInterpolate: Bool
    public let renderingIntent: CGColorRenderingIntent
    /// Whether this image is an image mask (`init(maskWidth:…)`), whose samples say where not to paint.
    public let isMask: Bool
    /// The decode array the image was created with, if any: a (min, max) pair per color
    /// component. Lamina applies it to image masks (an inverted pair inverts the mask).
    public var decode: UnsafePointer<CGFloat>? { decodeStorage.map { UnsafePointer($0.baseAddress!) } }
    private let decodeStorage: UnsafeMutableBufferPointer<CGFloat>?
    /// The uniform type of the data the image was decoded from ("public.png", "public.jpeg").
    public internal(set) var utType: CFString?

    private let cache = SurfaceCache()
    private let maskCache = SurfaceCache()

    /// An image over a provider's bytes; nil (with a message) when the layout is impossible or
    /// the provider holds too few bytes.
    public init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                 decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        let layout = PixelLayout(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                 bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                                 model: bitmapInfo.alphaInfo == .alphaOnly ? nil : space.model, bitmapInfo: bitmapInfo)
        guard [.rgb, .monochrome].contains(space.model) else {
            CGDiagnostics.log("CGImageCreate", "unsupported color space model \(space.model).")
            return nil
        }
        if let problem = layout.imageProblem {
            CGDiagnostics.log("CGImageCreate", "invalid image: \(problem).")
            return nil
        }
        guard provider.size >= layout.byteCount else {
            CGDiagnostics.log("CGImageCreate", "provider holds \(provider.size) bytes, the image needs \(layout.byteCount).")
            return nil
        }
        self.layout = layout
        self.colorSpace = space
        self.dataProvider = provider
        self.decodeStorage = Self.copyDecode(decode, count: 2 * space.numberOfComponents)
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = intent
        self.isMask = false
    }

    /// An image mask: 1, 2, 4 or 8 bits per pixel of gray; by default a sample of 0 paints and
    /// 1 masks out.
    public init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                 provider: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool) {
        let layout = PixelLayout(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                 bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                                 model: .monochrome, bitmapInfo: [])
        guard [1, 2, 4, 8].contains(bitsPerComponent), bitsPerPixel == bitsPerComponent, layout.imageProblem == nil,
              provider.size >= layout.byteCount else {
            CGDiagnostics.log("CGImageMaskCreate", "invalid mask: \(layout.imageProblem ?? "bad depth or too few bytes").")
            return nil
        }
        self.layout = layout
        self.colorSpace = nil
        self.dataProvider = provider
        self.decodeStorage = Self.copyDecode(decode, count: 2)
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = .defaultIntent
        self.isMask = true
    }

    init(layout: PixelLayout, space: CGColorSpace?, bytes: Data, isMask: Bool = false) {
        self.layout = layout
        self.colorSpace = space
        self.dataProvider = CGDataProvider(bytes: bytes)
        self.decodeStorage = nil
        self.shouldInterpolate = true
        self.renderingIntent = .defaultIntent
        self.isMask = isMask
    }

    deinit { decodeStorage?.deallocate() }

    private static func copyDecode(_ decode: UnsafePointer<CGFloat>?, count: Int) -> UnsafeMutableBufferPointer<CGFloat>? {
        guard let decode else { return nil }
        let copy = UnsafeMutableBufferPointer<CGFloat>.allocate(capacity: count)
        _ = copy.initialize(from: UnsafeBufferPointer(start: decode, count: count))
        return copy
    }

    public var width: Int { layout.width }
    public var height: Int { layout.height }
    public var bitsPerComponent: Int { layout.bitsPerComponent }
    public var bitsPerPixel: Int { layout.bitsPerPixel }
    public var bytesPerRow: Int { layout.bytesPerRow }
    public var bitmapInfo: CGBitmapInfo { layout.bitmapInfo }
    public var alphaInfo: CGImageAlphaInfo { layout.alphaInfo }
    public var byteOrderInfo: CGImageByteOrderInfo { layout.bitmapInfo.byteOrder ?? .orderDefault }

    var bytes: Data { dataProvider?.bytes ?? Data() }

    public func copy() -> CGImage? { self }

    /// The part of the image inside `rect` (in pixels, origin top-left), made integral and
    /// clipped to the image; nil when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        guard rect.isFiniteRect || rect.isInfinite else { return nil }
        let crop = rect.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !crop.isNull, crop.width > 0, crop.height > 0 else { return nil }
        let (x0, y0, w, h) = (Int(crop.minX), Int(crop.minY), Int(crop.width), Int(crop.height))
        guard layout.bitsPerPixel % 8 == 0 else { return croppingSubByte(x0, y0, w, h) }
        let bytesPerPixel = layout.bitsPerPixel / 8
        let rowBytes = w * bytesPerPixel
        var out = Data(count: rowBytes * h)
        out.withUnsafeMutableBytes { dst in
            bytes.withUnsafeBytes { src in
                for y in 0..<h {
                    let from = (y0 + y) * layout.bytesPerRow + x0 * bytesPerPixel
                    dst.baseAddress!.advanced(by: y * rowBytes).copyMemory(from: src.baseAddress!.advanced(by: from), byteCount: rowBytes)
                }
            }
        }
        let cropped = PixelLayout(width: w, height: h, bitsPerComponent: layout.bitsPerComponent,
                                  bitsPerPixel: layout.bitsPerPixel, bytesPerRow: rowBytes,
                                  model: layout.model, bitmapInfo: layout.bitmapInfo)
        return CGImage(layout: cropped, space: colorSpace, bytes: out, isMask: isMask)
    }

    /// Cropping for images with fewer than 8 bits per pixel: re-decoded to 8-bit gray (or mask).
    private func croppingSubByte(_ x0: Int, _ y0: Int, _ w: Int, _ h: Int) -> CGImage? {
        let rgba = straightRGBA()
        var out = Data(count: w * h)
        for y in 0..<h { for x in 0..<w { out[y * w + x] = rgba[((y0 + y) * width + x0 + x) * 4] } }
        let gray = PixelLayout(width: w, height: h, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: w,
                               model: .monochrome, bitmapInfo: [])
        return CGImage(layout: gray, space: colorSpace ?? .deviceGray, bytes: out, isMask: isMask)
    }

    // MARK: Pixels for drawing and encoding

    /// The image as straight RGBA, 8 bits per component, rows packed.
    func straightRGBA() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeBytes { src in
            out.withUnsafeMutableBufferPointer { dst in
                let decode = PixelConversion.rowDecoder(layout, target: .straightRGBA)
                for y in 0..<height {
                    decode(src.baseAddress! + y * layout.bytesPerRow, dst.baseAddress! + y * width * 4)
                }
            }
        }
        return out
    }

    /// The largest side of an image's surface. cairo's image surfaces hold at most 32767 pixels
    /// a side, and cairo draws nothing when a pattern's sampled extent passes 32767 source pixels
    /// (measured: a 30000-pixel image drawn 4 pixels wide, a 32767-pixel one drawn 1000 wide);
    /// at half of that, an image drawn half a pixel wide or more stays within it.
    static let largestSurfaceSide = 16384

    /// The size of the surface that stands for the image in cairo: the image's own, or, for an
    /// image beyond cairo's limit, that size scaled down (aspect kept) to fit it. Drawing code
    /// maps through the surface's size, so a 40000 × 1 image draws as 16384 × 1 samples of it.
    var surfaceSize: (width: Int, height: Int) {
        let side = Self.largestSurfaceSide
        guard width > side || height > side else { return (width, height) }
        let scale = Double(side) / Double(max(width, height))
        return (min(side, max(1, Int((Double(width) * scale).rounded()))), min(side, max(1, Int((Double(height) * scale).rounded()))))
    }

    /// A cairo ARGB32 surface of the image (for masks: an A8 surface of where to paint), made
    /// once, of `surfaceSize`. An image that cannot get one (no memory) gives a 1 × 1 clear
    /// surface and a message, rather than cairo's error surface (whose data is NULL).
    func cairoSurface() -> OpaquePointer {
        cache.surface {
            let inverted = decode.map { $0[0] > $0[1] } ?? false
            let mask = isMask
            return makeSurface(format: isMask ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32,
                               target: isMask ? .straightRGBA : .premultipliedBGRA) { decoded, out, count in
                // A mask paints where its (decoded) sample is 0.
                guard mask else { return }
                for x in 0..<count { out[x] = inverted ? decoded[4 * x] : 255 - decoded[4 * x] }
            }
        }
    }

    /// The image as a clipping mask: its alpha if it has one, else its gray level (luma).
    func cairoMaskSurface() -> OpaquePointer {
        if isMask || layout.hasAlpha { return cairoSurface() }
        return maskCache.surface {
            makeSurface(format: CAIRO_FORMAT_A8, target: .straightRGBA) { rgba, out, count in
                for x in 0..<count {
                    out[x] = PixelConversion.luma(r: rgba[4 * x], g: rgba[4 * x + 1], b: rgba[4 * x + 2])
                }
            }
        }
    }

    /// Decodes the image row by row into a new surface of `surfaceSize` (sampling the nearest
    /// row and column when it is smaller than the image). Premultiplied BGRA rows land in the
    /// surface as decoded; for other targets `finish(decodedRow, surfaceRow, columns)` writes
    /// the surface's bytes from the decoded RGBA row.
    private func makeSurface(format: cairo_format_t, target: PixelConversion.Target,
                             finish: (UnsafePointer<UInt8>, UnsafeMutablePointer<UInt8>, Int) -> Void) -> OpaquePointer {
        let (w, h) = surfaceSize
        let surface = cairo_image_surface_create(format, Int32(w), Int32(h))!
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let base = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            CGDiagnostics.log("CGImage", "cannot allocate a \(w)×\(h) surface to draw the image; drawn clear.")
            return cairo_image_surface_create(format, 1, 1)!
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let reduced = w != width || h != height
        let inPlace = target == .premultipliedBGRA && format == CAIRO_FORMAT_ARGB32 && !reduced
        var row = [UInt8](repeating: 0, count: width * 4)
        var sampled = [UInt8](repeating: 0, count: reduced ? w * 4 : 0)
        // Already cairo's layout (premultiplied BGRA in memory, as bitmap contexts of that layout
        // make it): rows are copied as they are, not converted pixel by pixel.
        let isCairoLayout = layout.model == .rgb && layout.bitsPerComponent == 8 && layout.bitsPerPixel == 32
            && !layout.isFloat && layout.alphaInfo == .premultipliedFirst
            && layout.bitmapInfo.rawValue & CGBitmapInfo.byteOrderMask.rawValue == CGBitmapInfo.byteOrder32Little.rawValue
        bytes.withUnsafeBytes { src in
            row.withUnsafeMutableBufferPointer { row in
                sampled.withUnsafeMutableBufferPointer { sampled in
                    let decode = PixelConversion.rowDecoder(layout, target: target)
                    for y in 0..<h {
                        let out = base + y * stride
                        let sourceRow = reduced ? min(height - 1, Int((Double(y) + 0.5) * Double(height) / Double(h))) : y
                        let from = src.baseAddress! + sourceRow * layout.bytesPerRow
                        if inPlace {
                            if isCairoLayout {
                                UnsafeMutableRawPointer(out).copyMemory(from: from, byteCount: width * 4)
                            } else {
                                decode(from, out)
                            }
                            continue
                        }
                        decode(from, row.baseAddress!)
                        var decoded = UnsafePointer(row.baseAddress!)
                        if reduced {
                            for x in 0..<w {
                                let column = min(width - 1, Int((Double(x) + 0.5) * Double(width) / Double(w)))
                                for c in 0..<4 { sampled[4 * x + c] = row[4 * column + c] }
                            }
                            decoded = UnsafePointer(sampled.baseAddress!)
                        }
                        if target == .premultipliedBGRA && format == CAIRO_FORMAT_ARGB32 {
                            out.update(from: decoded, count: 4 * w)
                        } else {
                            finish(decoded, out, w)
                        }
                    }
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

/// Holds a lazily made cairo surface, thread-safely, and releases it with its owner.
final class SurfaceCache: @unchecked Sendable {
    private var surface: OpaquePointer?
    private let lock = NSLock()

    func surface(_ make: () -> OpaquePointer) -> OpaquePointer {
        lock.lock(); defer { lock.unlock() }
        if let surface { return surface }
        let made = make()
        surface = made
        return made
    }

    deinit {
        if let surface { cairo_surface_destroy(surface) }
    }
}
