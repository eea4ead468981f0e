import QuartzCore

/// A control that offers a binary choice, such as on/off.
///
/// Drawn as iOS draws it, 51 × 31 points whatever its frame's size: a capsule track, filled
/// with `onTintColor` (green by default) when on and a light gray fill when off, and a white
/// 27-point thumb with a soft shadow that slides from one end to the other in a quarter of a
/// second, the track's color fading with it; while pressed the thumb stretches to 34 points
/// wide. A tap toggles it; a drag moves the thumb to the side it ends on. A change by the user
/// sends `.valueChanged`.
@MainActor
open class UISwitch: UIControl {
    /// The size of every switch.
    static let size = CGSize(width: 51, height: 31)
    static let thumbInset: CGFloat = 2
    static let thumbDiameter: CGFloat = 27
    static let pressedThumbWidth: CGFloat = 34
    /// How long the thumb takes to slide, in seconds.
    static let animationDuration: CFTimeInterval = 0.25
    /// The off track's fill.
    static let offTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.16)

    private let trackLayer = CALayer()
    private let thumbLayer = CALayer()
    private var storedOn = false
    /// Where the thumb is shown (differs from `isOn` while dragged).
    private var shownOn = false
    private var dragStart: CGPoint?
    private var dragged = false

    /// Creates a switch at the frame's origin, 51 × 31 points.
    public override init(frame: CGRect) {
        super.init(frame: CGRect(origin: frame.origin, size: Self.size))
        setUpLayers()
    }

    /// Creates a switch from an unarchiver (off, at the origin).
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        bounds.size = Self.size
        setUpLayers()
    }

    private func setUpLayers() {
        trackLayer.cornerRadius = Self.size.height / 2
        thumbLayer.cornerRadius = Self.thumbDiameter / 2
        thumbLayer.shadowColor = CGColor(gray: 0, alpha: 1)
        thumbLayer.shadowOpacity = 0.2
        thumbLayer.shadowRadius = 3
        thumbLayer.shadowOffset = CGSize(width: 0, height: 3)
        layer.addSublayer(trackLayer)
        layer.addSublayer(thumbLayer)
        updateLayers(animated: false)
    }

    /// A Boolean value that determines the off/on state of the switch. Defaults to false.
    open var isOn: Bool {
        get { storedOn }
        set { setOn(newValue, animated: false) }
    }

    /// Sets the state of the switch to the on or off position, optionally animating the
    /// transition. Sends no event (as UIKit's).
    open func setOn(_ on: Bool, animated: Bool) {
        storedOn = on
        shownOn = on
        updateLayers(animated: animated)
    }

    /// The color used to tint the appearance of the switch when it is turned on. Defaults to
    /// nil (green).
    open var onTintColor: UIColor? { didSet { updateLayers(animated: false) } }
    /// The color used to tint the appearance of the thumb. Defaults to nil (white).
    open var thumbTintColor: UIColor? { didSet { updateLayers(animated: false) } }

    /// 51 × 31 points, whatever the size offered.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { Self.size }
    /// 51 × 31 points.
    open override var intrinsicContentSize: CGSize { Self.size }

    /// Places the track and the thumb.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    override func stateDidChange() {
        updateLayers(animated: true)
    }

    private func updateLayers(animated: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        CATransaction.setAnimationDuration(Self.animationDuration)
        trackLayer.frame = CGRect(origin: .zero, size: Self.size)
        trackLayer.backgroundColor = (shownOn ? (onTintColor ?? .systemGreen) : Self.offTrackColor).cgColor
        let width = isHighlighted && isEnabled ? Self.pressedThumbWidth : Self.thumbDiameter
        let x = shownOn ? Self.size.width - Self.thumbInset - width : Self.thumbInset
        thumbLayer.frame = CGRect(x: x, y: Self.thumbInset, width: width, height: Self.thumbDiameter)
        thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
        layer.opacity = isEnabled ? 1 : 0.5
        CATransaction.commit()
    }

    /// The thumb's frame, in the switch's coordinates (tests, hit areas).
    var thumbFrame: CGRect { thumbLayer.frame }
    /// The track's color as shown.
    var trackColor: CGColor? { trackLayer.backgroundColor }

    /// A press: the thumb stretches.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        dragStart = touch.location(in: self)
        dragged = false
        return true
    }

    /// A drag moves the thumb to the side the pointer is on.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        if let dragStart, abs(point.x - dragStart.x) > 5 { dragged = true }
        if dragged {
            let side = point.x > Self.size.width / 2
            if side != shownOn {
                shownOn = side
                updateLayers(animated: true)
            }
        }
        return true
    }

    /// The release: a tap toggles, a drag keeps the side it ended on; a change sends
    /// `.valueChanged`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        let new = dragged ? shownOn : !storedOn
        dragStart = nil
        dragged = false
        let changed = new != storedOn
        storedOn = new
        shownOn = new
        updateLayers(animated: true)
        if changed { sendActions(for: .valueChanged, with: event) }
    }

    /// A cancelled press puts the thumb back.
    open override func cancelTracking(with event: UIEvent?) {
        dragStart = nil
        dragged = false
        shownOn = storedOn
        updateLayers(animated: true)
    }

    /// A superview's pan does not begin on a switch (its thumb drags), nor a single tap.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer is UIPanGestureRecognizer, gestureRecognizer.view !== self { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
