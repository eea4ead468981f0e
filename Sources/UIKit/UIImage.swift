/// An object that manages image data in your app.
open class UIImage: NSObject, @unchecked Sendable {
    /// The underlying Quartz image data.
    open var cgImage: CGImage?
    /// The scale factor of the image. Defaults to 1.
    open var scale: CGFloat
    /// The orientation of the image. Defaults to `.up`.
    open var imageOrientation: Orientation

    /// Initializes and returns an image object with the specified scale and orientation factors.
    public init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.cgImage = cgImage
        self.scale = scale
        self.imageOrientation = orientation
        super.init()
    }

    /// Constants that specify the intended display orientation for an image.
    public enum Orientation: Int, Sendable {
        case up = 0, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored
    }
}
