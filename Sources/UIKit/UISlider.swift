import QuartzCore

/// A control for selecting a single value from a continuous range of values.
///
/// Drawn as iOS draws it: a 4-point rounded track across the bounds, in `minimumTrackTintColor`
/// (the tint color) left of the thumb and a light gray fill right of it, and a white 28-point
/// thumb with a soft shadow. Dragging the thumb (a press on the track elsewhere does nothing,
/// as on iOS) changes `value`, sending `.valueChanged` as it moves (`isContinuous`) or once at
/// the release. `setValue(_:animated:)` slides the thumb.
@MainActor
open class UISlider: UIControl {
    static let trackHeight: CGFloat = 4
    static let thumbDiameter: CGFloat = 28
    /// The height of a slider.
    static let height: CGFloat = 31
    /// How long an animated value change takes, in seconds.
    static let animationDuration: CFTimeInterval = 0.25
    /// The track's fill right of the thumb.
    static let maximumTrackColor = UIColor(red: 120 / 255, green: 120 / 255, blue: 128 / 255, alpha: 0.2)

    private let maximumTrackLayer = CALayer()
    private let minimumTrackLayer = CALayer()
    private let thumbLayer = CALayer()
    private var storedValue: Float = 0
    private var storedMinimum: Float = 0
    private var storedMaximum: Float = 1
    private var grab: (x: CGFloat, value: Float)?
    private var valueAtPress: Float = 0

    /// Creates a slider with the specified frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpLayers()
    }

    /// Creates a slider from an unarchiver.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpLayers()
    }

    private func setUpLayers() {
        for track in [maximumTrackLayer, minimumTrackLayer] {
            track.cornerRadius = Self.trackHeight / 2
            layer.addSublayer(track)
        }
        thumbLayer.cornerRadius = Self.thumbDiameter / 2
        thumbLayer.shadowColor = CGColor(gray: 0, alpha: 1)
        thumbLayer.shadowOpacity = 0.2
        thumbLayer.shadowRadius = 3
        thumbLayer.shadowOffset = CGSize(width: 0, height: 3)
        layer.addSublayer(thumbLayer)
        updateLayers(animated: false)
    }

    // MARK: - Values

    /// The slider's current value, between `minimumValue` and `maximumValue` (a value outside
    /// is pinned; NaN is ignored). Defaults to 0.
    open var value: Float {
        get { storedValue }
        set { setValue(newValue, animated: false) }
    }

    /// Sets the slider's current value, allowing you to animate the change visually.
    open func setValue(_ value: Float, animated: Bool) {
        guard !value.isNaN else { return }
        storedValue = min(max(value, storedMinimum), storedMaximum)
        updateLayers(animated: animated)
    }

    /// The minimum value of the slider. Defaults to 0. A minimum above the maximum raises the
    /// maximum to it; NaN is ignored.
    open var minimumValue: Float {
        get { storedMinimum }
        set {
            guard !newValue.isNaN else { return }
            storedMinimum = newValue
            if storedMaximum < newValue { storedMaximum = newValue }
            setValue(storedValue, animated: false)
        }
    }

    /// The maximum value of the slider. Defaults to 1. A maximum below the minimum lowers the
    /// minimum to it; NaN is ignored.
    open var maximumValue: Float {
        get { storedMaximum }
        set {
            guard !newValue.isNaN else { return }
            storedMaximum = newValue
            if storedMinimum > newValue { storedMinimum = newValue }
            setValue(storedValue, animated: false)
        }
    }

    /// A Boolean value indicating whether changes in the slider's value generate continuous
    /// update events. Defaults to true.
    open var isContinuous = true

    /// The color used to tint the standard minimum track images. Defaults to nil (the tint color).
    open var minimumTrackTintColor: UIColor? { didSet { updateLayers(animated: false) } }
    /// The color used to tint the standard maximum track images. Defaults to nil (a light gray fill).
    open var maximumTrackTintColor: UIColor? { didSet { updateLayers(animated: false) } }
    /// The color used to tint the standard thumb images. Defaults to nil (white).
    open var thumbTintColor: UIColor? { didSet { updateLayers(animated: false) } }

    // MARK: - Geometry

    /// Returns the drawing rectangle for the slider's track: 4 points high across the bounds,
    /// in the middle.
    open func trackRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.minX, y: bounds.midY - Self.trackHeight / 2, width: bounds.width, height: Self.trackHeight)
    }

    /// Returns the drawing rectangle for the slider's thumb image: 28 points, centered on the
    /// track where `value` is along it.
    open func thumbRect(forBounds bounds: CGRect, trackRect rect: CGRect, value: Float) -> CGRect {
        let range = storedMaximum - storedMinimum
        let fraction = range > 0 ? CGFloat((value - storedMinimum) / range) : 0
        let travel = max(rect.width - Self.thumbDiameter, 0)
        let safe = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        return CGRect(x: rect.minX + travel * safe, y: rect.midY - Self.thumbDiameter / 2,
                      width: Self.thumbDiameter, height: Self.thumbDiameter)
    }

    /// The width of a slider offered, 31 points high.
    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: bounds.width, height: Self.height) }

    /// No intrinsic width, 31 points high.
    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: Self.height) }

    /// Places the tracks and the thumb.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateLayers(animated: false)
    }

    /// Follows the tint color for the minimum track.
    open override func tintColorDidChange() {
        super.tintColorDidChange()
        updateLayers(animated: false)
    }

    override func stateDidChange() { updateLayers(animated: false) }

    private func updateLayers(animated: Bool) {
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        CATransaction.setAnimationDuration(Self.animationDuration)
        let track = trackRect(forBounds: bounds)
        let thumb = thumbRect(forBounds: bounds, trackRect: track, value: storedValue)
        maximumTrackLayer.frame = track
        maximumTrackLayer.backgroundColor = (maximumTrackTintColor ?? Self.maximumTrackColor).cgColor
        minimumTrackLayer.frame = CGRect(x: track.minX, y: track.minY, width: max(thumb.midX - track.minX, 0), height: track.height)
        minimumTrackLayer.backgroundColor = (minimumTrackTintColor ?? tintColor).cgColor
        thumbLayer.frame = thumb
        thumbLayer.backgroundColor = (thumbTintColor ?? .white).cgColor
        layer.opacity = isEnabled ? 1 : 0.5
        CATransaction.commit()
    }

    /// The thumb's frame as laid out.
    var thumbFrame: CGRect { thumbLayer.frame }

    // MARK: - Tracking

    /// A press on the thumb (or within 10 points of it) grabs it; elsewhere it is not tracked.
    open override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        let point = touch.location(in: self)
        let thumb = thumbRect(forBounds: bounds, trackRect: trackRect(forBounds: bounds), value: storedValue)
        guard thumb.insetBy(dx: -10, dy: -10).contains(point) else { return false }
        grab = (point.x, storedValue)
        valueAtPress = storedValue
        return true
    }

    /// The drag moves the thumb with the pointer.
    open override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        guard let grab else { return false }
        let travel = trackRect(forBounds: bounds).width - Self.thumbDiameter
        guard travel > 0 else { return true }
        let dx = touch.location(in: self).x - grab.x
        let new = grab.value + Float(dx / travel) * (storedMaximum - storedMinimum)
        let old = storedValue
        setValue(new, animated: false)
        if isContinuous, storedValue != old { sendActions(for: .valueChanged, with: event) }
        return true
    }

    /// The release: a slider that is not continuous sends its one `.valueChanged`.
    open override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
        grab = nil
        if !isContinuous, storedValue != valueAtPress { sendActions(for: .valueChanged, with: event) }
    }

    /// A cancelled drag keeps its value.
    open override func cancelTracking(with event: UIEvent?) {
        grab = nil
        if !isContinuous, storedValue != valueAtPress { sendActions(for: .valueChanged, with: event) }
    }

    /// A superview's pan or swipe does not begin on a slider, nor a single tap.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if gestureRecognizer is UIPanGestureRecognizer || gestureRecognizer is UISwipeGestureRecognizer,
           gestureRecognizer.view !== self { return false }
        return super.gestureRecognizerShouldBegin(gestureRecognizer)
    }
}
