/// A set of drawing attributes that represents the configuration of an image renderer context.
open class UIGraphicsImageRendererFormat: NSObject, @unchecked Sendable {
    /// The display scale of the image renderer context. Defaults to the main screen's scale.
    open var scale: CGFloat = UIScreen.mainScale
    /// A Boolean value indicating whether the underlying Core Graphics context has an alpha
    /// channel. Defaults to false.
    open var opaque = false

    /// Creates a format with the default values.
    public override init() { super.init() }

    /// Returns a format object that represents the most robust values for the device.
    open class func `default`() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }

    /// Returns a format object that represents the highest fidelity for the device.
    open class func preferred() -> UIGraphicsImageRendererFormat { UIGraphicsImageRendererFormat() }
}

/// The drawing environment associated with an image renderer.
open class UIGraphicsImageRendererContext: NSObject {
    /// The underlying Core Graphics context (y down, in points, with the origin at the
    /// renderer's bounds' origin).
    public let cgContext: CGContext
    /// The format object that was used to create the renderer context.
    public let format: UIGraphicsImageRendererFormat
    let scale: CGFloat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
        self.scale = format.scale
        super.init()
    }

    /// The current state of the drawing operations.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage()!, scale: scale, orientation: .up)
    }

    /// Fills a rectangular area, using the current fill color.
    open func fill(_ rect: CGRect) { cgContext.fill(rect) }

    /// Fills a rectangular area, using the current fill color and the specified blend mode.
    open func fill(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.fill(rect)
        cgContext.restoreGState()
    }

    /// Draws a frame around a rectangular area, using the current stroke color.
    open func stroke(_ rect: CGRect) { cgContext.stroke(rect) }

    /// Draws a frame around a rectangular area, using the current stroke color and the
    /// specified blend mode.
    open func stroke(_ rect: CGRect, blendMode: CGBlendMode) {
        cgContext.saveGState()
        cgContext.setBlendMode(blendMode)
        cgContext.stroke(rect)
        cgContext.restoreGState()
    }

    /// Clips the drawing area to the specified rectangle.
    open func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// A graphics renderer for creating Core Graphics-backed images.
open class UIGraphicsImageRenderer: NSObject {
    /// The format used to create the renderer.
    public let format: UIGraphicsImageRendererFormat
    let bounds: CGRect

    /// Creates an image renderer for drawing images of the specified size.
    public convenience init(size: CGSize) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: .default())
    }

    /// Creates an image renderer with the specified size and format.
    public convenience init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.init(bounds: CGRect(origin: .zero, size: size), format: format)
    }

    /// Creates an image renderer for drawing images of the specified bounds.
    public convenience init(bounds: CGRect) {
        self.init(bounds: bounds, format: .default())
    }

    /// Creates an image renderer with the specified bounds and format.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) {
        self.bounds = bounds
        self.format = format
        super.init()
    }

    /// A Boolean value that indicates whether the renderer can draw into a context: true.
    open var allowsImageOutput: Bool { true }

    /// Creates an image by following a set of drawing instructions; within them
    /// `UIGraphicsGetCurrentContext()` is the renderer's context.
    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        guard let context = makeDrawingContext(size: bounds.size, scale: format.scale, opaque: format.opaque) else {
            return UIImage()
        }
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        let rendererContext = UIGraphicsImageRendererContext(cgContext: context, format: format)
        UIGraphicsPushContext(context)
        actions(rendererContext)
        UIGraphicsPopContext()
        return rendererContext.currentImage
    }

    /// Creates a PNG-encoded image by following a set of drawing instructions.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    /// Creates a JPEG-encoded image by following a set of drawing instructions.
    open func jpegData(withCompressionQuality compressionQuality: CGFloat, actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).jpegData(compressionQuality: compressionQuality) ?? Data()
    }
}
