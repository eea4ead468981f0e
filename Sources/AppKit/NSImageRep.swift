/// A semiabstract superclass that provides subclasses for image data in a specific format: an
/// image's representation at one resolution.
open class NSImageRep: NSObject, @unchecked Sendable {
    /// The size of the representation, in points.
    open var size: NSSize
    /// The width of the representation, in pixels.
    open var pixelsWide: Int { Int(size.width.rounded()) }
    /// The height of the representation, in pixels.
    open var pixelsHigh: Int { Int(size.height.rounded()) }

    /// A representation of `size` points.
    init(size: NSSize) {
        self.size = size
        super.init()
    }

    /// The representation's pixels, at its resolution; nil for none.
    var cgImage: CGImage? { nil }
}

extension NSImageRep {
    /// Keys of the hints given to `NSImage.cgImage(forProposedRect:context:hints:)` (accepted,
    /// and not consulted).
    public struct HintKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// A key from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The context transform hint.
        public static let ctm = HintKey(rawValue: "ctm")
        /// The interpolation hint.
        public static let interpolation = HintKey(rawValue: "interpolation")
    }
}

/// An image representation of bitmap data: a `CGImage` shown at `size` points.
open class NSBitmapImageRep: NSImageRep, @unchecked Sendable {
    private var image: CGImage

    /// A representation of `cgImage` at one pixel per point.
    public init(cgImage: CGImage) {
        image = cgImage
        super.init(size: NSSize(width: cgImage.width, height: cgImage.height))
    }

    /// A representation of `cgImage` shown at `size` points (its scale is pixels per point).
    init(cgImage: CGImage, size: NSSize) {
        image = cgImage
        super.init(size: size)
    }

    /// The width in pixels.
    open override var pixelsWide: Int { image.width }
    /// The height in pixels.
    open override var pixelsHigh: Int { image.height }
    /// The bitmap as a `CGImage`.
    open override var cgImage: CGImage? { image }

    /// Replaces the pixels (`NSView.cacheDisplay(in:to:)` draws into the representation).
    func replaceImage(with newImage: CGImage) { image = newImage }
}
