/// Renders Core Image images into Core Graphics images, on the CPU.
open class CIContext: NSObject, @unchecked Sendable {
    /// A context with the default options.
    public override init() { super.init() }

    /// A context; the options are accepted, not read (Lamina renders in the images' own encoding).
    public init(options: [CIContextOption: Any]?) { super.init() }

    /// The pixels of `image` over `fromRect` (Core Image coordinates, grown to whole pixels;
    /// transparent where the image has none), as a Core Graphics image; nil when the rectangle
    /// is empty, not finite, or larger than 16384 pixels on a side.
    open func createCGImage(_ image: CIImage, from fromRect: CGRect) -> CGImage? {
        guard fromRect.isFiniteRect, !fromRect.isEmpty else {
            CGDiagnostics.log("CIContext.createCGImage(_:from:)", "\(fromRect) is not a finite, non-empty rectangle.")
            return nil
        }
        // Past ±2³⁰ a CGFloat no longer holds whole pixels apart (at 1e19 one step is 2048), and
        // Lamina's drawing clamps coordinates there too.
        guard max(abs(fromRect.minX), abs(fromRect.maxX), abs(fromRect.minY), abs(fromRect.maxY)) <= 1_073_741_824 else {
            CGDiagnostics.log("CIContext.createCGImage(_:from:)", "\(fromRect) lies beyond 2³⁰ pixels from the origin.")
            return nil
        }
        let r = fromRect.integral
        guard r.width <= 16384, r.height <= 16384 else {
            CGDiagnostics.log("CIContext.createCGImage(_:from:)", "\(fromRect) is larger than 16384 pixels on a side.")
            return nil
        }
        return CIImage.cgImage(of: image.raster(covering: r))
    }
}

/// Options for making a `CIContext`.
public struct CIContextOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The working color space.
    public static let workingColorSpace = CIContextOption(rawValue: "working_color_space")
    /// The output color space.
    public static let outputColorSpace = CIContextOption(rawValue: "output_color_space")
    /// Whether to render in software.
    public static let useSoftwareRenderer = CIContextOption(rawValue: "software_renderer")
}
