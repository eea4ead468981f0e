/// An object that displays a single image or a sequence of animated images in your interface.
///
/// The image is the layer's `contents` (at the image's scale, its cap insets as
/// `contentsCenter`), placed by `contentMode`; a template image is drawn in the tint color.
@MainActor
open class UIImageView: UIView {
    /// The image displayed in the image view. Defaults to nil.
    open var image: UIImage? { didSet { imageDidChange() } }

    /// The highlighted image displayed in the image view. Defaults to nil.
    open var highlightedImage: UIImage? { didSet { imageDidChange() } }

    /// A Boolean value that determines whether the image is highlighted. Defaults to false.
    open var isHighlighted = false { didSet { imageDidChange() } }

    /// An array of UIImage objects to use for an animation. Defaults to nil.
    open var animationImages: [UIImage]?

    /// An array of UIImage objects to use for an animation when the view is highlighted.
    /// Defaults to nil.
    open var highlightedAnimationImages: [UIImage]?

    /// The amount of time it takes to go through one cycle of the images. Defaults to 0: the
    /// number of images times 1/30 of a second.
    open var animationDuration: TimeInterval = 0

    /// Specifies the number of times to repeat the animation. Defaults to 0, which specifies to
    /// repeat the animation indefinitely.
    open var animationRepeatCount: Int = 0

    /// Returns a Boolean value indicating whether the animation is running.
    open var isAnimating: Bool { layer.animation(forKey: UIImageView.animationKey) != nil }

    static let animationKey = "contents"

    /// Returns an image view initialized with the specified image, sized to it.
    public init(image: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        imageDidChange()
    }

    /// Returns an image view initialized with the specified regular and highlighted images.
    public init(image: UIImage?, highlightedImage: UIImage?) {
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
        isUserInteractionEnabled = false
        self.image = image
        self.highlightedImage = highlightedImage
        imageDidChange()
    }

    /// Creates an image view with the specified frame and no image.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Creates an image view from an unarchiver (a zero frame in Lamina).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    /// The image's size (`(-1, -1)` without an image).
    open override var intrinsicContentSize: CGSize {
        shownImage?.size ?? CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
    }

    /// The image's size (the current size without an image).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        shownImage?.size ?? bounds.size
    }

    /// Starts animating the images in the receiver: a Core Animation keyframe animation of the
    /// layer's contents.
    open func startAnimating() {
        guard let images = (isHighlighted ? highlightedAnimationImages : nil) ?? animationImages, !images.isEmpty else { return }
        let animation = CAKeyframeAnimation(keyPath: "contents")
        animation.values = images.compactMap { rendered($0) }
        animation.calculationMode = .discrete
        animation.duration = animationDuration > 0 ? animationDuration : Double(images.count) / 30
        animation.repeatCount = animationRepeatCount == 0 ? .infinity : Float(animationRepeatCount)
        layer.contentsScale = images[0].scale
        layer.add(animation, forKey: UIImageView.animationKey)
    }

    /// Stops animating the images in the receiver.
    open func stopAnimating() {
        layer.removeAnimation(forKey: UIImageView.animationKey)
    }

    /// Draws a template image again in the new tint color.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        if shownImage?.renderingMode == .alwaysTemplate { imageDidChange() }
    }

    // MARK: Workings

    private var shownImage: UIImage? { isHighlighted ? (highlightedImage ?? image) : image }

    private func imageDidChange() {
        guard let shown = shownImage else {
            layer.contents = nil
            return
        }
        layer.contents = rendered(shown)
        layer.contentsScale = shown.scale
        let size = shown.size, insets = shown.capInsets
        if insets != .zero, size.width > 0, size.height > 0 {
            layer.contentsCenter = CGRect(x: insets.left / size.width, y: insets.top / size.height,
                                          width: max(0, size.width - insets.left - insets.right) / size.width,
                                          height: max(0, size.height - insets.top - insets.bottom) / size.height)
        } else {
            layer.contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
        }
        invalidateIntrinsicContentSize()
    }

    /// The picture of `image` to show: a template image's alpha filled with the tint color.
    private func rendered(_ image: UIImage) -> CGImage? {
        guard let cgImage = image.cgImage else { return nil }
        guard image.renderingMode == .alwaysTemplate else { return cgImage }
        let width = cgImage.width, height = cgImage.height
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return cgImage }
        let rect = CGRect(x: 0, y: 0, width: width, height: height)
        context.draw(cgImage, in: rect)
        context.setBlendMode(.sourceIn)
        context.setFillColor(tintColor.cgColor)
        context.fill(rect)
        return context.makeImage() ?? cgImage
    }
}
