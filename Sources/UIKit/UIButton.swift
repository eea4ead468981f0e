/// A control that executes your custom code in response to user interactions.
///
/// A button shows a title (`titleLabel`) and an image (`imageView`) side by side, centered, as
/// given for its current state (`setTitle(_:for:)`, `setTitleColor(_:for:)`,
/// `setImage(_:for:)`, `setBackgroundImage(_:for:)`; a state with none set uses `.normal`'s).
/// A `.system` button's title is in its tint color and dims to 20% while highlighted, fading
/// back in when released; a `.custom` button's is white, and its image darkens while
/// highlighted (`adjustsImageWhenHighlighted`). A tap inside sends `.touchUpInside` and
/// `.primaryActionTriggered`. (Lamina has no `UIButton.Configuration`.)
@MainActor
open class UIButton: UIControl {
    /// Specifies the style of a button.
    public enum ButtonType: Int, Sendable {
        /// No button style.
        case custom = 0
        /// A system style button, such as those shown in navigation bars and toolbars.
        case system = 1
        /// A detail disclosure button.
        case detailDisclosure = 2
        /// An information button that has a light background.
        case infoLight = 3
        /// An information button that has a dark background.
        case infoDark = 4
        /// A contact add button.
        case contactAdd = 5
        /// A close button to dismiss panels and views.
        case close = 7
        /// A rounded-rectangle style button: `.system`.
        public static var roundedRect: ButtonType { .system }
    }

    /// The button type.
    open private(set) var buttonType: ButtonType = .custom

    private var titles: [UInt: String] = [:]
    private var titleColors: [UInt: UIColor] = [:]
    private var images: [UInt: UIImage] = [:]
    private var backgroundImages: [UInt: UIImage] = [:]
    private let label = UILabel()
    private let imageContent = UIImageView(image: nil)
    private let backgroundContent = UIImageView(image: nil)
    private var darkenedImages: [ObjectIdentifier: UIImage] = [:]

    /// The alpha of a system button's content while highlighted.
    static let highlightedAlpha: CGFloat = 0.2
    /// How long a system button's content takes to fade back in when released, in seconds.
    static let unhighlightDuration: TimeInterval = 0.2

    /// Creates a custom button with the specified frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpContent()
    }

    /// Creates a custom button from an unarchiver (a zero frame in Lamina).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpContent()
    }

    /// Creates and returns a new button of the specified type.
    public convenience init(type buttonType: UIButton.ButtonType) {
        self.init(frame: .zero)
        self.buttonType = buttonType
        updateContent()
    }

    /// Creates a button of the specified type whose primary action is `primaryAction`: its
    /// title and image become the button's for `.normal`, and it runs on
    /// `.primaryActionTriggered` (a tap).
    public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?) {
        self.init(type: buttonType)
        if let primaryAction {
            if !primaryAction.title.isEmpty { setTitle(primaryAction.title, for: .normal) }
            if let image = primaryAction.image { setImage(image, for: .normal) }
            addAction(primaryAction, for: .primaryActionTriggered)
        }
    }

    private func setUpContent() {
        label.font = .systemFont(ofSize: 15)
        label.textAlignment = .center
        backgroundContent.contentMode = .scaleToFill
        imageContent.contentMode = .center
        addSubview(backgroundContent)
        addSubview(imageContent)
        addSubview(label)
        updateContent()
    }

    // MARK: - Content per state

    /// A view that displays the value of the `currentTitle` property for a button.
    open var titleLabel: UILabel? { label }
    /// The button's image view.
    open var imageView: UIImageView? { imageContent }

    /// Sets the title to use for the specified state.
    open func setTitle(_ title: String?, for state: UIControl.State) {
        titles[state.rawValue] = title
        updateContent()
    }

    /// Returns the title associated with the specified state (`.normal`'s where it has none).
    open func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[0] }

    /// Sets the color of the title to use for the specified state.
    open func setTitleColor(_ color: UIColor?, for state: UIControl.State) {
        titleColors[state.rawValue] = color
        updateContent()
    }

    /// Returns the title color used for a state.
    open func titleColor(for state: UIControl.State) -> UIColor? {
        if let color = titleColors[state.rawValue] ?? (state.contains(.disabled) ? nil : titleColors[0]) { return color }
        if state.contains(.disabled) {
            return titleColors[0].map { _ in Self.disabledTitleColor } ?? defaultTitleColor(disabled: true)
        }
        return defaultTitleColor(disabled: false)
    }

    private func defaultTitleColor(disabled: Bool) -> UIColor {
        if buttonType == .custom { return disabled ? UIColor(white: 1, alpha: 0.5) : .white }
        return disabled ? Self.disabledTitleColor : tintColor
    }

    /// The title color of a disabled system button.
    static let disabledTitleColor = UIColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, alpha: 0.3)

    /// Sets the image to use for the specified button state.
    open func setImage(_ image: UIImage?, for state: UIControl.State) {
        images[state.rawValue] = image
        updateContent()
    }

    /// Returns the image used for a button state (`.normal`'s where it has none).
    open func image(for state: UIControl.State) -> UIImage? { images[state.rawValue] ?? images[0] }

    /// Sets the background image to use for the specified button state.
    open func setBackgroundImage(_ image: UIImage?, for state: UIControl.State) {
        backgroundImages[state.rawValue] = image
        updateContent()
    }

    /// Returns the background image used for a button state (`.normal`'s where it has none).
    open func backgroundImage(for state: UIControl.State) -> UIImage? { backgroundImages[state.rawValue] ?? backgroundImages[0] }

    /// The current title that is displayed on the button.
    open var currentTitle: String? { title(for: state) }
    /// The color used to display the title.
    open var currentTitleColor: UIColor { titleColor(for: state) ?? tintColor }
    /// The current image that appears on the button.
    open var currentImage: UIImage? { image(for: state) }
    /// The current background image that appears on the button.
    open var currentBackgroundImage: UIImage? { backgroundImage(for: state) }

    /// Whether a custom button's image darkens while highlighted (when no highlighted image is
    /// set). Defaults to true.
    open var adjustsImageWhenHighlighted = true { didSet { updateContent() } }
    /// Whether the image is drawn lighter when the button is disabled. Defaults to true.
    open var adjustsImageWhenDisabled = true { didSet { updateContent() } }

    override func stateDidChange() {
        let wasDimmed = label.alpha < 1
        updateContent()
        // A system button's content fades back in when released.
        if buttonType != .custom, wasDimmed, !isHighlighted {
            UIView.performWithoutAnimation { setContentAlpha(Self.highlightedAlpha) }
            UIView.animate(withDuration: Self.unhighlightDuration, delay: 0, options: [.allowUserInteraction, .beginFromCurrentState],
                           animations: { self.setContentAlpha(1) })
        }
    }

    /// A tap inside is the button's primary action too.
    override func touchUp(inside: Bool, event: UIEvent?) {
        sendActions(for: inside ? [.touchUpInside, .primaryActionTriggered] : .touchUpOutside, with: event)
    }

    /// Follows the tint color for a system button's title.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateContent()
    }

    private func setContentAlpha(_ alpha: CGFloat) {
        label.alpha = alpha
        imageContent.alpha = alpha
    }

    private func updateContent() {
        let state = self.state
        UIView.performWithoutAnimation {
            label.text = title(for: state)
            label.textColor = titleColor(for: state)
            label.isHidden = label.text?.isEmpty ?? true
            var image = self.image(for: state)
            if let shown = image, buttonType == .custom, state.contains(.highlighted), images[state.rawValue] == nil, adjustsImageWhenHighlighted {
                image = darkened(shown)
            }
            imageContent.image = image
            imageContent.alpha = state.contains(.disabled) && adjustsImageWhenDisabled && images[state.rawValue] == nil ? 0.5 : 1
            imageContent.isHidden = image == nil
            backgroundContent.image = backgroundImage(for: state)
            backgroundContent.isHidden = backgroundContent.image == nil
            if buttonType != .custom { setContentAlpha(state.contains(.highlighted) ? Self.highlightedAlpha : 1) }
        }
        setNeedsLayout()
        invalidateIntrinsicContentSize()
    }

    /// `image` with a third of black over its opaque parts.
    private func darkened(_ image: UIImage) -> UIImage {
        if let cached = darkenedImages[ObjectIdentifier(image)] { return cached }
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = image.scale
        let result = UIGraphicsImageRenderer(size: image.size, format: format).image { context in
            let rect = CGRect(origin: .zero, size: image.size)
            image.draw(in: rect)
            UIColor(white: 0, alpha: 1 / 3).setFill()
            context.fill(rect, blendMode: .sourceAtop)
        }
        darkenedImages = [ObjectIdentifier(image): result]
        return result
    }

    // MARK: - Layout

    private var contentSize: (image: CGSize, title: CGSize) {
        let imageSize = imageContent.isHidden ? .zero : (imageContent.image?.size ?? .zero)
        let titleSize = label.isHidden ? .zero : label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
        return (imageSize, titleSize)
    }

    /// Places the background image over the bounds, and the image and the title side by side
    /// in the middle.
    open override func layoutSubviews() {
        super.layoutSubviews()
        let (imageSize, titleSize) = contentSize
        backgroundContent.frame = bounds
        let width = imageSize.width + titleSize.width
        var x = bounds.midX - width / 2
        imageContent.frame = CGRect(x: x, y: bounds.midY - imageSize.height / 2, width: imageSize.width, height: imageSize.height)
        x += imageSize.width
        label.frame = CGRect(x: x, y: bounds.midY - titleSize.height / 2, width: titleSize.width, height: titleSize.height)
    }

    /// The size of the image and title side by side, with 6 points above and below a title
    /// (at least the background image's size).
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let (imageSize, titleSize) = contentSize
        var result = CGSize(width: imageSize.width + titleSize.width,
                            height: max(imageSize.height, titleSize.height > 0 ? titleSize.height + 12 : 0))
        if let background = backgroundContent.image?.size {
            result = CGSize(width: max(result.width, background.width), height: max(result.height, background.height))
        }
        return CGSize(width: ceil(result.width), height: ceil(result.height))
    }

    /// The size that fits the content.
    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }
}
