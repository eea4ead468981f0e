/// An image for Core Image filters: its pixels and where they lie (`extent`, in Core Image's
/// coordinates: y up, the first row of pixels at the top). Filters make new images; an image
/// never changes. Lamina's images hold their pixels (filters run when `outputImage` is asked).
open class CIImage: NSObject, @unchecked Sendable {
    /// The pixels, covering `extent` exactly, premultiplied.
    package let raster: PixelImage
    /// The rectangle the image covers. `CIImage(cgImage:)`'s is (0, 0, width, height).
    public let extent: CGRect
    /// The image it was made from, for images made with `init(cgImage:)`; else nil.
    public let cgImage: CGImage?

    /// An image of `raster` covering `extent` (whose size must be the raster's).
    package init(raster: PixelImage, extent: CGRect) {
        self.raster = raster
        self.extent = extent
        cgImage = nil
        super.init()
    }

    /// An image of a Core Graphics image's pixels, its extent (0, 0, width, height).
    public init(cgImage image: CGImage) {
        raster = Self.pixels(of: image) ?? PixelImage(width: 0, height: 0)
        extent = CGRect(x: 0, y: 0, width: raster.width, height: raster.height)
        cgImage = image
        super.init()
    }

    /// As `init(cgImage:)`; the options are not read.
    public convenience init(cgImage image: CGImage, options: [CIImageOption: Any]? = nil) {
        self.init(cgImage: image)
    }

    /// An image with no pixels and an empty extent.
    public class func empty() -> CIImage { CIImage(raster: PixelImage(width: 0, height: 0), extent: .zero) }

    /// The output of the filter named `filterName` with this image as its input image and
    /// `params` as its other inputs; an empty image when no filter has that name.
    open func applyingFilter(_ filterName: String, parameters params: [String: Any]) -> CIImage {
        guard let filter = CIFilter(name: filterName) else {
            CGDiagnostics.log("CIImage.applyingFilter(_:parameters:)", "no filter named '\(filterName)'.")
            return .empty()
        }
        filter.setValue(self, forKey: kCIInputImageKey)
        for (key, value) in params { filter.setValue(value, forKey: key) }
        return filter.outputImage ?? .empty()
    }

    /// The output of the filter named `filterName` with this image as its input image and
    /// its other inputs at their defaults.
    open func applyingFilter(_ filterName: String) -> CIImage { applyingFilter(filterName, parameters: [:]) }

    /// This image blurred by a gaussian of standard deviation `sigma` (its extent grows by 3σ).
    open func applyingGaussianBlur(sigma: Double) -> CIImage {
        applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
    }

    /// This image over `dest` (source-over), over the union of their extents.
    open func composited(over dest: CIImage) -> CIImage {
        applyingFilter("CISourceOverCompositing", parameters: [kCIInputBackgroundImageKey: dest])
    }

    /// The part of the image inside `rect` (grown to whole pixels).
    open func cropped(to rect: CGRect) -> CIImage {
        // Cut to the extent edge by edge before growing to whole pixels: a rectangle of 1e300,
        // or infinite one way (as `CGRect.infinite` is, for "all of it"), must not be made
        // integral, and Foundation's `intersection` traps on a rectangle whose far edge is NaN
        // (an origin at ±∞, or a width of −∞, standardized). NaN covers nothing.
        let xs = (rect.origin.x, rect.origin.x + rect.size.width), ys = (rect.origin.y, rect.origin.y + rect.size.height)
        guard !xs.0.isNaN, !xs.1.isNaN, !ys.0.isNaN, !ys.1.isNaN else { return .empty() }
        let minX = max(min(xs.0, xs.1), extent.minX), maxX = min(max(xs.0, xs.1), extent.maxX)
        let minY = max(min(ys.0, ys.1), extent.minY), maxY = min(max(ys.0, ys.1), extent.maxY)
        guard minX < maxX, minY < maxY else { return .empty() }
        let r = extent.intersection(CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY).integral)
        guard !r.isNull, r.width > 0, r.height > 0 else { return .empty() }
        return CIImage(raster: raster(covering: r), extent: r)
    }

    /// The pixels over `rect` (whole pixels, Core Image coordinates), transparent outside the extent.
    package func raster(covering rect: CGRect) -> PixelImage {
        let r = rect.integral
        guard r.width.isFinite, r.height.isFinite, r.width <= 16384, r.height <= 16384 else { return PixelImage(width: 0, height: 0) }
        var out = PixelImage(width: Int(r.width), height: Int(r.height))
        // Row 0 is the top (max y) of each rectangle.
        // Offsets past ±2³⁰ pixels overlap no raster (rasters are at most 16384 a side): taken
        // as that, so that a rectangle at x = 1e19 (or an infinite extent) cannot trap here.
        func offset(_ v: CGFloat) -> Int { Int(saturating: min(max(v, -limit), limit)) }
        let limit: CGFloat = 1_073_741_824
        let dx = offset(r.minX - extent.minX), dy = offset(extent.maxY - r.maxY)
        // Each row's part inside the raster, copied whole.
        let x0 = max(0, -dx), x1 = min(out.width, raster.width - dx)
        guard x1 > x0 else { return out }
        raster.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<out.height {
                    let sy = y + dy
                    guard sy >= 0, sy < raster.height else { continue }
                    (dst.baseAddress! + y * out.width + x0).update(from: src.baseAddress! + sy * raster.width + x0 + dx, count: x1 - x0)
                }
            }
        }
        return out
    }

    /// The premultiplied BGRA pixels of `image` (nil when it cannot be drawn).
    package static func pixels(of image: CGImage) -> PixelImage? {
        guard image.width > 0, image.height > 0, image.width <= 16384, image.height <= 16384,
              let ctx = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        ctx.setBlendMode(.copy)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        ctx.flush()
        guard let data = ctx.data else { return nil }
        return PixelImage(copying: data, width: image.width, height: image.height, bytesPerRow: ctx.bytesPerRow)
    }

    /// A Core Graphics image of `raster`.
    package static func cgImage(of raster: PixelImage) -> CGImage? {
        guard raster.width > 0, raster.height > 0,
              let ctx = CGContext(data: nil, width: raster.width, height: raster.height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
              let data = ctx.data
        else { return nil }
        ctx.flush()
        raster.copy(to: data, bytesPerRow: ctx.bytesPerRow)
        return ctx.makeImage()
    }

    open override var description: String { "CIImage(extent: \(extent))" }
}

/// Options for making a `CIImage` (accepted, not read).
public struct CIImageOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The color space to read the image in.
    public static let colorSpace = CIImageOption(rawValue: "kCIImageColorSpace")
}
