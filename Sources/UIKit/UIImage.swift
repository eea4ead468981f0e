import ImageIO

/// An object that manages image data in your app.
///
/// Images load through ImageIO (PNG, JPEG, GIF). A file named `name@2x.png` has a scale of 2,
/// as on iOS.
open class UIImage: NSObject, @unchecked Sendable {
    /// The underlying Quartz image data.
    open private(set) var cgImage: CGImage?
    /// The scale factor of the image. Defaults to 1.
    open private(set) var scale: CGFloat
    /// The orientation of the image. Defaults to `.up`.
    open private(set) var imageOrientation: Orientation
    /// The end-cap insets. Defaults to `.zero`.
    open private(set) var capInsets: UIEdgeInsets = .zero
    /// The resizing mode of the image. Defaults to `.tile`.
    open private(set) var resizingMode: ResizingMode = .tile
    /// The rendering mode of the image. Defaults to `.automatic`.
    open private(set) var renderingMode: RenderingMode = .automatic
    /// For an animated image, the complete array of image objects that compose the animation.
    /// Defaults to nil.
    open private(set) var images: [UIImage]?
    /// The time it takes to display the complete animation once (for an animated image).
    /// Defaults to 0.
    open private(set) var duration: TimeInterval = 0

    // MARK: Creating

    /// Initializes and returns an image object with the specified scale and orientation factors.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale > 0 ? scale : 1
        self.imageOrientation = orientation
        super.init()
    }

    /// Creates and returns an image object from the specified Quartz image, at scale 1.
    public convenience init(cgImage: CGImage) {
        self.init(cgImage: cgImage, scale: 1, orientation: .up)
    }

    /// Creates an empty image.
    public override init() {
        scale = 1
        imageOrientation = .up
        super.init()
    }

    /// Initializes and returns the image object with the specified data and scale factor; nil
    /// when the data is no image ImageIO reads.
    public convenience init?(data: Data, scale: CGFloat) {
        guard let source = CGImageSourceCreateWithData(data as NSData, nil),
              let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
        self.init(cgImage: image, scale: scale, orientation: .up)
    }

    /// Initializes and returns the image object with the specified data, at scale 1.
    public convenience init?(data: Data) {
        self.init(data: data, scale: 1)
    }

    /// Initializes and returns the image object with the contents of the specified file; its
    /// scale is 2 or 3 for a name ending in `@2x` or `@3x`.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data, scale: UIImage.scale(ofFile: path))
    }

    /// Creates an image object from the specified named asset: a file `name.png` (or `.jpg`,
    /// with `@3x`, `@2x` variants preferred in that order) in the main bundle's resources.
    public convenience init?(named name: String) {
        self.init(named: name, in: nil, compatibleWith: nil)
    }

    /// Creates an image object from the named file in a bundle (nil: the main bundle), such as
    /// a package's `Bundle.module`.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let path = UIImage.path(named: name, in: bundle ?? .main) else { return nil }
        self.init(contentsOfFile: path)
    }

    /// Creates and returns an animated image from an existing set of images.
    open class func animatedImage(with images: [UIImage], duration: TimeInterval) -> UIImage? {
        guard let first = images.first, let cgImage = first.cgImage else { return nil }
        let image = UIImage(cgImage: cgImage, scale: first.scale, orientation: first.imageOrientation)
        image.images = images
        image.duration = duration
        return image
    }

    // MARK: Size

    /// The logical dimensions, in points, for the image: its pixels divided by the scale,
    /// turned by the orientation.
    open var size: CGSize {
        guard let cgImage else { return .zero }
        let w = CGFloat(cgImage.width) / scale, h = CGFloat(cgImage.height) / scale
        switch imageOrientation {
        case .left, .right, .leftMirrored, .rightMirrored: return CGSize(width: h, height: w)
        default: return CGSize(width: w, height: h)
        }
    }

    // MARK: Variants

    /// Creates and returns a new image object with the specified cap insets (tiling the
    /// interior).
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        resizableImage(withCapInsets: capInsets, resizingMode: .tile)
    }

    /// Creates and returns a new image object with the specified cap insets and options.
    /// Lamina stretches the interior in either mode.
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        let copy = variant()
        copy.capInsets = capInsets
        copy.resizingMode = resizingMode
        return copy
    }

    /// Returns a new version of the image that uses the specified rendering mode.
    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        let copy = variant()
        copy.renderingMode = renderingMode
        return copy
    }

    private func variant() -> UIImage {
        let copy = UIImage()
        copy.cgImage = cgImage; copy.scale = scale; copy.imageOrientation = imageOrientation
        copy.capInsets = capInsets; copy.resizingMode = resizingMode; copy.renderingMode = renderingMode
        copy.images = images; copy.duration = duration
        return copy
    }

    // MARK: Encoding

    /// Returns a data object that contains the image in PNG format.
    open func pngData() -> Data? { encoded("public.png", properties: nil) }

    /// Returns a data object that contains the image in JPEG format (quality 0 to 1).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        encoded("public.jpeg", properties: [kCGImageDestinationLossyCompressionQuality as String: compressionQuality] as NSDictionary)
    }

    private func encoded(_ type: String, properties: NSDictionary?) -> Data? {
        guard let cgImage else { return nil }
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, type as CFString, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, cgImage, properties)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }

    // MARK: Drawing

    /// Draws the entire image in the current graphics context, its top left at `point`.
    open func draw(at point: CGPoint) {
        draw(in: CGRect(origin: point, size: size))
    }

    /// Draws the entire image in the specified rectangle, scaling the image as needed to fit.
    open func draw(in rect: CGRect) {
        draw(in: rect, blendMode: .normal, alpha: 1)
    }

    /// Draws the entire image in the specified rectangle and uses the specified blend mode
    /// and alpha.
    open func draw(in rect: CGRect, blendMode: CGBlendMode, alpha: CGFloat) {
        guard let context = UIGraphicsGetCurrentContext(), let cgImage else { return }
        context.saveGState()
        context.setBlendMode(blendMode)
        context.setAlpha(alpha)
        // The context is y down; images draw y up: flip about the rectangle.
        context.translateBy(x: rect.minX, y: rect.maxY)
        context.scaleBy(x: 1, y: -1)
        context.draw(cgImage, in: CGRect(x: 0, y: 0, width: rect.width, height: rect.height))
        context.restoreGState()
    }

    // MARK: Lookup

    static func scale(ofFile path: String) -> CGFloat {
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        if base.hasSuffix("@3x") { return 3 }
        if base.hasSuffix("@2x") { return 2 }
        return 1
    }

    static func path(named name: String, in bundle: Bundle) -> String? {
        let roots = [bundle.resourcePath, bundle.bundlePath].compactMap { $0 }
        let ext = (name as NSString).pathExtension
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let extensions = ext.isEmpty ? ["png", "jpg", "jpeg", "gif"] : [ext]
        for root in roots {
            for suffix in ["@3x", "@2x", ""] {
                for e in extensions {
                    let path = (root as NSString).appendingPathComponent("\(base)\(suffix).\(e)")
                    if FileManager.default.fileExists(atPath: path) { return path }
                }
            }
        }
        return nil
    }

    /// Constants that specify the intended display orientation for an image.
    public enum Orientation: Int, Sendable {
        /// The original pixel data matches the image's intended display orientation.
        case up = 0
        /// The image has been rotated 180° from the orientation of its original pixel data.
        case down = 1
        /// The image has been rotated 90° counterclockwise from the orientation of its original
        /// pixel data.
        case left = 2
        /// The image has been rotated 90° clockwise from the orientation of its original pixel data.
        case right = 3
        /// The image has been horizontally flipped from the orientation of its original pixel data.
        case upMirrored = 4
        /// The image has been vertically flipped from the orientation of its original pixel data.
        case downMirrored = 5
        /// The image has been rotated 90° clockwise and flipped horizontally.
        case leftMirrored = 6
        /// The image has been rotated 90° counterclockwise and flipped horizontally.
        case rightMirrored = 7
    }

    /// Constants that specify the resizing mode of an image.
    public enum ResizingMode: Int, Sendable {
        /// The mode that tiles the resizable area.
        case tile = 0
        /// The mode that stretches the resizable area.
        case stretch = 1
    }

    /// Constants that specify the rendering mode of an image.
    public enum RenderingMode: Int, Sendable {
        /// The mode that uses the default rendering mode for the context where the image is used.
        case automatic = 0
        /// The mode that always draws the original image, without treating it as a template.
        case alwaysOriginal = 1
        /// The mode that always draws the image as a template image, ignoring its color
        /// information: its alpha filled with the tint color.
        case alwaysTemplate = 2
    }
}
