import QuartzCore

/// A view that allows the scrolling and zooming of its contained views.
///
/// The content is the scroll view's subviews, `contentSize` big; `contentOffset` is the
/// bounds' origin. Dragging (its own `panGestureRecognizer`) moves the content with the
/// pointer, rubber-banding past the edges (`bounces`); at the release it decelerates with the
/// pan's velocity at `decelerationRate` (the velocity multiplied by 0.998 each millisecond at
/// `.normal`, 0.99 at `.fast`), springs back from past an edge, or settles on a page
/// (`isPagingEnabled`). The mouse wheel scrolls 40 points a click, easing out at the fast
/// rate; a touchpad's smooth scrolling moves the content as a drag does, and coasts when the
/// fingers stop. Scroll indicators show while it scrolls and fade out after. With a delegate's
/// `viewForZooming(in:)` and a zoom range, a pinch (the host's touchpad pinch or Ctrl+scroll)
/// zooms about the pinch. The content's touches wait 0.15 s (`delaysContentTouches`), so a
/// drag that starts at once scrolls without the content seeing the touch.
@MainActor
open class UIScrollView: UIView {
    private var storedContentSize: CGSize = .zero
    private var storedContentInset: UIEdgeInsets = .zero
    private let scrollPan = ScrollViewPanGestureRecognizer()
    private let pinch = UIPinchGestureRecognizer()
    private let delayRecognizer = ScrollViewDelayedTouchesRecognizer()
    private let verticalIndicator = CALayer()
    private let horizontalIndicator = CALayer()
    private var dragStartOffset: CGPoint = .zero
    /// The axis a directional lock keeps the drag to (nil: not decided, or both).
    private var lockedAxis: LockedAxis?
    private enum LockedAxis { case horizontal, vertical }
    var motion: (x: ScrollAxisMotion, y: ScrollAxisMotion, start: TimeInterval, steps: Int)?
    private var frameHandler: Int?
    private var offsetAnimation: (from: CGPoint, to: CGPoint, fromScale: CGFloat, toScale: CGFloat, start: TimeInterval,
                                  duration: TimeInterval, isZoom: Bool)?
    private var fadeTimer: Int?
    var wheelSamples: [(delta: CGPoint, time: TimeInterval)] = []
    var preciseRawOffset: CGPoint?
    private var zoomStartScale: CGFloat = 1
    private var storedZoomScale: CGFloat = 1

    /// Points a wheel click scrolls.
    static let wheelStep: CGFloat = 40
    /// How long `setContentOffset(_:animated:)` and `setZoomScale(_:animated:)` take, in seconds.
    static let animationDuration: TimeInterval = 0.3
    /// How long the indicators stay once scrolling stops, and how long they take to fade, in seconds.
    static let indicatorDelay: TimeInterval = 0.5
    static let indicatorFade: CFTimeInterval = 0.3
    /// A release faster than this (points per millisecond) turns the page.
    static let pagingVelocity: CGFloat = 0.3

    /// Creates a scroll view with the specified frame.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    /// Creates a scroll view from an unarchiver.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        clipsToBounds = true
        scrollPan.scrollView = self
        scrollPan.addTarget(nil) { [weak self] (pan: UIGestureRecognizer) in self?.handlePan() }
        delayRecognizer.scrollView = self
        pinch.addTarget(nil) { [weak self] (pinch: UIGestureRecognizer) in self?.handlePinch() }
        pinch.isEnabled = false
        addGestureRecognizer(scrollPan)
        addGestureRecognizer(delayRecognizer)
        addGestureRecognizer(pinch)
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.cornerRadius = 1.5
            indicator.opacity = 0
            layer.addSublayer(indicator)
        }
    }

    // MARK: - Content

    /// The delegate of the scroll view.
    open weak var delegate: UIScrollViewDelegate? {
        didSet { updateZoomability() }
    }

    /// The size of the content view. Defaults to zero. Negative or non-finite sizes count as zero.
    open var contentSize: CGSize {
        get { storedContentSize }
        set {
            let safe = CGSize(width: newValue.width.isFinite ? max(newValue.width, 0) : 0,
                              height: newValue.height.isFinite ? max(newValue.height, 0) : 0)
            guard safe != storedContentSize else { return }
            storedContentSize = safe
            updateIndicators()
        }
    }

    /// The point at which the origin of the content view is offset from the origin of the
    /// scroll view: the bounds' origin. Setting it leaves a drag or a deceleration going (as in
    /// UIKit, where `scrollViewDidScroll(_:)` may pin an axis); `setContentOffset(_:animated:)`
    /// stops them. A non-finite component is ignored.
    open var contentOffset: CGPoint {
        get { bounds.origin }
        set { moveContent(to: newValue) }
    }

    /// The custom distance that the content view is inset from the safe area or scroll view
    /// edges. Defaults to zero. A non-finite inset counts as zero.
    open var contentInset: UIEdgeInsets {
        get { storedContentInset }
        set {
            func safe(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
            let newValue = UIEdgeInsets(top: safe(newValue.top), left: safe(newValue.left), bottom: safe(newValue.bottom),
                                        right: safe(newValue.right))
            guard newValue != storedContentInset else { return }
            storedContentInset = newValue
            adjustedContentInsetDidChange()
            delegate?.scrollViewDidChangeAdjustedContentInset(self)
        }
    }

    /// The insets derived from the content insets and the safe area of the scroll view: the
    /// content insets (Lamina's views have no safe area).
    open var adjustedContentInset: UIEdgeInsets { storedContentInset }

    /// Called when the adjusted content insets change. Updates the indicators by default.
    open func adjustedContentInsetDidChange() { updateIndicators() }

    /// How the safe area insets are added to the adjusted content inset. Defaults to `.automatic`.
    open var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic

    /// Sets the offset from the content view's origin, animating it over 0.3 s when asked
    /// (`scrollViewDidScroll(_:)` on every frame, `scrollViewDidEndScrollingAnimation(_:)` at
    /// the end). It stops any deceleration first (`setContentOffset(contentOffset, animated:
    /// false)` stops the content where it is).
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            CGDiagnostics.log("UIScrollView.setContentOffset", "non-finite offset \(contentOffset) ignored.")
            return
        }
        stopMotion()
        guard animated, UIView.areAnimationsEnabled else {
            moveContent(to: contentOffset)
            return
        }
        offsetAnimation = (self.contentOffset, contentOffset, storedZoomScale, storedZoomScale, UIKitClock.shared.now,
                           Self.animationDuration, false)
        showIndicators()
        startFrames()
    }

    /// Scrolls a specific area of the content (in the scroll view's coordinates) so that it is
    /// visible, by as little as it takes.
    open func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let inset = adjustedContentInset
        let visible = CGRect(x: contentOffset.x + inset.left, y: contentOffset.y + inset.top,
                             width: bounds.width - inset.left - inset.right, height: bounds.height - inset.top - inset.bottom)
        var offset = contentOffset
        if rect.maxX > visible.maxX { offset.x += rect.maxX - visible.maxX }
        if rect.minX < visible.minX + (offset.x - contentOffset.x) { offset.x = rect.minX - inset.left }
        if rect.maxY > visible.maxY { offset.y += rect.maxY - visible.maxY }
        if rect.minY < visible.minY + (offset.y - contentOffset.y) { offset.y = rect.minY - inset.top }
        let range = offsetRange
        offset = CGPoint(x: min(max(offset.x, range.minX), range.maxX), y: min(max(offset.y, range.minY), range.maxY))
        guard offset != contentOffset else { return }
        setContentOffset(offset, animated: animated)
    }

    /// The offsets the content can rest at: from minus the top-left insets to the content's
    /// far edges plus the bottom-right insets, less the bounds.
    var offsetRange: CGRect {
        let inset = adjustedContentInset
        let minX = -inset.left, minY = -inset.top
        let maxX = max(storedContentSize.width + inset.right - bounds.width, minX)
        let maxY = max(storedContentSize.height + inset.bottom - bounds.height, minY)
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether the content scrolls horizontally (or bounces so).
    var scrollsHorizontally: Bool { offsetRange.width > 0 || alwaysBounceHorizontal }
    /// Whether the content scrolls vertically (or bounces so).
    var scrollsVertically: Bool { offsetRange.height > 0 || alwaysBounceVertical }

    /// The content moves: the bounds' origin, the indicators, the delegate.
    private func moveContent(to offset: CGPoint) {
        guard offset.x.isFinite, offset.y.isFinite else {
            CGDiagnostics.log("UIScrollView.contentOffset", "non-finite offset \(offset) ignored.")
            return
        }
        guard offset != bounds.origin else { return }
        var newBounds = bounds
        newBounds.origin = offset
        UIView.performWithoutAnimation { bounds = newBounds }
        setNeedsLayout()
        updateIndicators()
        delegate?.scrollViewDidScroll(self)
    }

    // MARK: - Behaviour

    /// A Boolean value that controls whether the scroll view bounces past the edge of content
    /// and back again. Defaults to true.
    open var bounces = true
    /// Whether bouncing always occurs when vertical scrolling reaches the end of the content.
    /// Defaults to false.
    open var alwaysBounceVertical = false
    /// Whether bouncing always occurs when horizontal scrolling reaches the end of the content.
    /// Defaults to false.
    open var alwaysBounceHorizontal = false
    /// A Boolean value that determines whether paging is enabled for the scroll view: it
    /// settles on multiples of its bounds. Defaults to false.
    open var isPagingEnabled = false
    /// A Boolean value that determines whether scrolling is enabled. Defaults to true.
    open var isScrollEnabled = true {
        didSet { scrollPan.isEnabled = isScrollEnabled }
    }
    /// Whether scrolling is disabled in a particular direction: a drag that starts mostly
    /// along one axis (twice as far as along the other) keeps to it. Defaults to false.
    open var isDirectionalLockEnabled = false
    /// A floating-point value that determines the rate of deceleration after the user lifts
    /// their finger. Defaults to `.normal`.
    open var decelerationRate: DecelerationRate = .normal
    /// A Boolean value that determines whether the scroll view delays the handling of touch-down
    /// gestures (by 0.15 s). Defaults to true.
    open var delaysContentTouches = true
    /// A Boolean value that controls whether touches in the content view always lead to
    /// tracking. Defaults to true.
    open var canCancelContentTouches = true

    /// Returns whether to cancel touches related to the content subview and start dragging:
    /// true unless `view` is a `UIControl`.
    open func touchesShouldCancel(in view: UIView) -> Bool { !(view is UIControl) }

    /// The underlying gesture recognizer for pan gestures.
    open var panGestureRecognizer: UIPanGestureRecognizer { scrollPan }
    /// The underlying gesture recognizer for pinch gestures: nil unless the scroll view zooms
    /// (a zoom range and a delegate's `viewForZooming(in:)`).
    open var pinchGestureRecognizer: UIPinchGestureRecognizer? { pinch.isEnabled ? pinch : nil }

    /// Whether the user has touched the content to initiate scrolling.
    open private(set) var isTracking = false
    /// A Boolean value that indicates whether the user has begun scrolling the content.
    open internal(set) var isDragging = false
    /// Whether the content is moving in the scroll view after the user lifted their finger.
    open internal(set) var isDecelerating = false

    /// Whether the content has the touch in progress (its touches were not held back).
    var contentHasTouch: Bool { delayRecognizer.storedState == .failed }

    // MARK: - Indicators

    /// A Boolean value that controls whether the vertical scroll indicator is visible. Defaults to true.
    open var showsVerticalScrollIndicator = true { didSet { updateIndicators() } }
    /// A Boolean value that controls whether the horizontal scroll indicator is visible. Defaults to true.
    open var showsHorizontalScrollIndicator = true { didSet { updateIndicators() } }
    /// The style of the scroll indicators. Defaults to `.default`.
    open var indicatorStyle: IndicatorStyle = .default { didSet { updateIndicators() } }

    /// Displays the scroll indicators momentarily.
    open func flashScrollIndicators() {
        showIndicators()
        scheduleIndicatorFade()
    }

    /// Keeps the indicators in front of the content.
    open override func didAddSubview(_ subview: UIView) {
        super.didAddSubview(subview)
        for indicator in [verticalIndicator, horizontalIndicator] {
            indicator.removeFromSuperlayer()
            layer.addSublayer(indicator)
        }
    }

    /// The indicators' opacity (tests).
    var indicatorOpacity: Float { verticalIndicator.opacity }
    /// The vertical indicator's frame (tests).
    var verticalIndicatorFrame: CGRect { verticalIndicator.frame }

    func showIndicators() {
        if let fadeTimer { UIKitClock.shared.cancel(fadeTimer) }
        fadeTimer = nil
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        verticalIndicator.removeAllAnimations()
        horizontalIndicator.removeAllAnimations()
        verticalIndicator.opacity = 1
        horizontalIndicator.opacity = 1
        CATransaction.commit()
    }

    private func scheduleIndicatorFade() {
        if let fadeTimer { UIKitClock.shared.cancel(fadeTimer) }
        fadeTimer = UIKitClock.shared.schedule(at: UIKitClock.shared.now + Self.indicatorDelay) { [weak self] in
            guard let self, !self.isDragging, !self.isDecelerating, !self.isZooming else { return }
            self.fadeTimer = nil
            CATransaction.begin()
            CATransaction.setAnimationDuration(Self.indicatorFade)
            self.verticalIndicator.opacity = 0
            self.horizontalIndicator.opacity = 0
            CATransaction.commit()
        }
    }

    private func updateIndicators() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let color = (indicatorStyle == .white ? UIColor(white: 1, alpha: 0.35) : UIColor(white: 0, alpha: 0.35)).cgColor
        let thickness: CGFloat = 3, margin: CGFloat = 3, minimum: CGFloat = 36
        let offset = contentOffset, size = bounds.size, range = offsetRange
        let both = showsVerticalScrollIndicator && showsHorizontalScrollIndicator && range.height > 0 && range.width > 0
        func span(track: CGFloat, visible: CGFloat, content: CGFloat, position: CGFloat, lower: CGFloat, upper: CGFloat) -> (CGFloat, CGFloat) {
            guard content > 0, track > 0 else { return (0, 0) }
            var length = max(min(track * visible / content, track), min(minimum, track))
            let over = position < lower ? lower - position : position > upper ? position - upper : 0
            length = max(length - over, min(7, length))
            let fraction = upper > lower ? min(max((position - lower) / (upper - lower), 0), 1) : 0
            return ((track - length) * fraction, length)
        }
        let verticalTrack = size.height - 2 * margin - (both ? thickness + margin : 0)
        let (vy, vLength) = span(track: verticalTrack, visible: size.height, content: storedContentSize.height + adjustedContentInset.top
                                    + adjustedContentInset.bottom, position: offset.y, lower: range.minY, upper: range.maxY)
        verticalIndicator.isHidden = !showsVerticalScrollIndicator || range.height <= 0
        verticalIndicator.frame = CGRect(x: offset.x + size.width - margin - thickness, y: offset.y + margin + vy, width: thickness, height: vLength)
        verticalIndicator.backgroundColor = color
        let horizontalTrack = size.width - 2 * margin - (both ? thickness + margin : 0)
        let (hx, hLength) = span(track: horizontalTrack, visible: size.width, content: storedContentSize.width + adjustedContentInset.left
                                    + adjustedContentInset.right, position: offset.x, lower: range.minX, upper: range.maxX)
        horizontalIndicator.isHidden = !showsHorizontalScrollIndicator || range.width <= 0
        horizontalIndicator.frame = CGRect(x: offset.x + margin + hx, y: offset.y + size.height - margin - thickness, width: hLength, height: thickness)
        horizontalIndicator.backgroundColor = color
        CATransaction.commit()
    }

    /// Lays out the indicators along the visible edges.
    open override func layoutSubviews() {
        super.layoutSubviews()
        updateIndicators()
    }

    // MARK: - Dragging

    /// A touch went down: the content stops where it is (and that touch reaches no content).
    func touchDown() {
        isTracking = true
        let wasMoving = motion != nil || offsetAnimation != nil
        if wasMoving {
            delayRecognizer.stoppedMotion = true
            let wasDecelerating = isDecelerating
            stopMotion()
            if wasDecelerating { isDecelerating = false }
        }
    }

    func stopMotion() {
        motion = nil
        if offsetAnimation != nil {
            offsetAnimation = nil
        }
        if let frameHandler { UIKitClock.shared.removeFrameHandler(frameHandler) }
        frameHandler = nil
        isDecelerating = false
    }

    private func handlePan() {
        switch scrollPan.state {
        case .began:
            beginDragging()
        case .changed:
            var t = scrollPan.translation(in: self)
            if isDirectionalLockEnabled, scrollsHorizontally, scrollsVertically {
                if lockedAxis == nil, abs(t.x) > 2 * abs(t.y) { lockedAxis = .horizontal }
                if lockedAxis == nil, abs(t.y) > 2 * abs(t.x) { lockedAxis = .vertical }
                if lockedAxis == .horizontal { t.y = 0 } else if lockedAxis == .vertical { t.x = 0 }
            }
            drag(to: CGPoint(x: dragStartOffset.x - t.x, y: dragStartOffset.y - t.y))
        case .ended, .cancelled:
            let v = scrollPan.velocity(in: self)
            endDragging(velocity: CGPoint(x: -v.x / 1000, y: -v.y / 1000))
        default:
            break
        }
    }

    func beginDragging() {
        stopMotion()
        isTracking = true
        isDragging = true
        dragStartOffset = contentOffset
        showIndicators()
        delegate?.scrollViewWillBeginDragging(self)
    }

    /// Drags the content to `raw` (where it would be without edges): rubber-banded past them.
    func drag(to raw: CGPoint) {
        let range = offsetRange
        func axis(_ value: CGFloat, _ lower: CGFloat, _ upper: CGFloat, _ dimension: CGFloat, _ scrolls: Bool, _ current: CGFloat) -> CGFloat {
            guard scrolls else { return current }
            if value < lower { return bounces ? lower + ScrollAxisMotion.rubberBand(value - lower, dimension: dimension) : lower }
            if value > upper { return bounces ? upper + ScrollAxisMotion.rubberBand(value - upper, dimension: dimension) : upper }
            return value
        }
        moveContent(to: CGPoint(x: axis(raw.x, range.minX, range.maxX, bounds.width, scrollsHorizontally, contentOffset.x),
                                y: axis(raw.y, range.minY, range.maxY, bounds.height, scrollsVertically, contentOffset.y)))
    }

    /// The release with `velocity` (points per millisecond, the content's way): where it will
    /// rest (the delegate may move that), and the motion there.
    func endDragging(velocity raw: CGPoint, rate override: CGFloat? = nil) {
        isTracking = false
        isDragging = false
        var velocity = CGPoint(x: scrollsHorizontally && raw.x.isFinite ? raw.x : 0, y: scrollsVertically && raw.y.isFinite ? raw.y : 0)
        if lockedAxis == .horizontal { velocity.y = 0 } else if lockedAxis == .vertical { velocity.x = 0 }
        lockedAxis = nil
        let rate = override ?? decelerationRate.rawValue
        let range = offsetRange
        let offset = contentOffset
        func projected(_ position: CGFloat, _ v: CGFloat, _ lower: CGFloat, _ upper: CGFloat, _ page: CGFloat, _ start: CGFloat) -> CGFloat {
            if isPagingEnabled, page > 0 {
                let startPage = ((start - lower) / page).rounded()
                var target = ((position - lower) / page).rounded()
                if v > Self.pagingVelocity { target = startPage + 1 } else if v < -Self.pagingVelocity { target = startPage - 1 }
                return min(max(lower + target * page, lower), upper)
            }
            return min(max(position + ScrollAxisMotion.projection(velocity: v, rate: rate), lower), upper)
        }
        let computed = CGPoint(x: projected(offset.x, velocity.x, range.minX, range.maxX, bounds.width, dragStartOffset.x),
                               y: projected(offset.y, velocity.y, range.minY, range.maxY, bounds.height, dragStartOffset.y))
        var target = computed
        delegate?.scrollViewWillEndDragging(self, withVelocity: velocity, targetContentOffset: &target)
        let chosen = target != computed || isPagingEnabled
        let axisRate = isPagingEnabled ? DecelerationRate.fast.rawValue : rate
        let x = ScrollAxisMotion(position: offset.x, velocity: velocity.x, rate: axisRate, lower: range.minX, upper: range.maxX,
                                 bounces: bounces, target: chosen ? target.x : nil)
        let y = ScrollAxisMotion(position: offset.y, velocity: velocity.y, rate: axisRate, lower: range.minY, upper: range.maxY,
                                 bounces: bounces, target: chosen ? target.y : nil)
        if x.position != offset.x || y.position != offset.y { moveContent(to: CGPoint(x: x.position, y: y.position)) }
        let decelerates = !(x.isFinished && y.isFinished)
        delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
        guard decelerates else {
            scheduleIndicatorFade()
            return
        }
        motion = (x, y, UIKitClock.shared.now, 0)
        isDecelerating = true
        delegate?.scrollViewWillBeginDecelerating(self)
        startFrames()
    }

    func startFrames() {
        guard frameHandler == nil else { return }
        frameHandler = UIKitClock.shared.addFrameHandler { [weak self] time in
            guard let self else { return false }
            return self.frame(at: time)
        }
    }

    /// One frame of motion: whether more are wanted.
    private func frame(at time: TimeInterval) -> Bool {
        if var current = motion {
            let due = Int(((time - current.start) * 1000).rounded(.down))
            while current.steps < due, !(current.x.isFinished && current.y.isFinished) {
                current.x.step()
                current.y.step()
                current.steps += 1
            }
            motion = current
            moveContent(to: CGPoint(x: current.x.position, y: current.y.position))
            if current.x.isFinished && current.y.isFinished {
                motion = nil
                frameHandler = nil
                isDecelerating = false
                delegate?.scrollViewDidEndDecelerating(self)
                scheduleIndicatorFade()
                return false
            }
            return true
        }
        if let animation = offsetAnimation {
            let progress = animation.duration > 0 ? min(max((time - animation.start) / animation.duration, 0), 1) : 1
            let eased = CGFloat(progress < 0.5 ? 4 * progress * progress * progress : 1 - pow(-2 * progress + 2, 3) / 2)
            if animation.isZoom {
                applyZoom(animation.fromScale + (animation.toScale - animation.fromScale) * eased, anchor: nil)
            }
            moveContent(to: CGPoint(x: animation.from.x + (animation.to.x - animation.from.x) * eased,
                                    y: animation.from.y + (animation.to.y - animation.from.y) * eased))
            if progress >= 1 {
                offsetAnimation = nil
                frameHandler = nil
                if animation.isZoom {
                    isZoomBouncing = false
                    delegate?.scrollViewDidEndZooming(self, with: delegate?.viewForZooming(in: self), atScale: storedZoomScale)
                } else {
                    delegate?.scrollViewDidEndScrollingAnimation(self)
                }
                scheduleIndicatorFade()
                return false
            }
            return true
        }
        frameHandler = nil
        return false
    }

    // MARK: - Zooming

    /// A floating-point value that specifies the minimum scale factor that can be applied to
    /// the scroll view's content. Defaults to 1.
    open var minimumZoomScale: CGFloat = 1 { didSet { updateZoomability() } }
    /// A floating-point value that specifies the maximum scale factor that can be applied to
    /// the scroll view's content. Defaults to 1.
    open var maximumZoomScale: CGFloat = 1 { didSet { updateZoomability() } }
    /// A Boolean value that determines whether the scroll view animates the content scaling when
    /// the scaling exceeds the maximum or minimum limits. Defaults to true.
    open var bouncesZoom = true
    /// A Boolean value that indicates whether the content view is currently zooming in or out.
    open private(set) var isZooming = false
    /// A Boolean value that indicates that zooming has exceeded the scaling limits specified
    /// for the receiver.
    open private(set) var isZoomBouncing = false

    /// A floating-point value that specifies the current scale factor applied to the scroll
    /// view's content. Defaults to 1.
    open var zoomScale: CGFloat {
        get { storedZoomScale }
        set { setZoomScale(newValue, animated: false) }
    }

    private var zoomRange: (CGFloat, CGFloat) {
        let lower = minimumZoomScale.isFinite && minimumZoomScale > 0 ? minimumZoomScale : 1
        let upper = maximumZoomScale.isFinite && maximumZoomScale > 0 ? max(maximumZoomScale, lower) : lower
        return (lower, upper)
    }

    private func updateZoomability() {
        let (lower, upper) = zoomRange
        pinch.isEnabled = upper > lower
    }

    /// A floating-point value that specifies the current zoom scale, pinned to the zoom range
    /// (non-finite or non-positive is ignored), optionally animated over 0.3 s.
    open func setZoomScale(_ scale: CGFloat, animated: Bool) {
        guard scale.isFinite, scale > 0, delegate?.viewForZooming(in: self) != nil else { return }
        let (lower, upper) = zoomRange
        let pinned = min(max(scale, lower), upper)
        stopMotion()
        guard animated, UIView.areAnimationsEnabled else {
            applyZoom(pinned, anchor: nil)
            clampOffset()
            return
        }
        let range = offsetRangeAfterZoom(pinned)
        let to = CGPoint(x: min(max(contentOffset.x, range.minX), range.maxX), y: min(max(contentOffset.y, range.minY), range.maxY))
        offsetAnimation = (contentOffset, to, storedZoomScale, pinned, UIKitClock.shared.now, Self.animationDuration, true)
        startFrames()
    }

    /// Zooms to a specific area of the content (in the zooming view's coordinates) so that it
    /// is visible, centered.
    open func zoom(to rect: CGRect, animated: Bool) {
        guard rect.width > 0, rect.height > 0, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
              delegate?.viewForZooming(in: self) != nil else { return }
        let (lower, upper) = zoomRange
        let scale = min(max(min(bounds.width / rect.width, bounds.height / rect.height), lower), upper)
        let range = offsetRangeAfterZoom(scale)
        let to = CGPoint(x: min(max(rect.midX * scale - bounds.width / 2, range.minX), range.maxX),
                         y: min(max(rect.midY * scale - bounds.height / 2, range.minY), range.maxY))
        stopMotion()
        if animated, UIView.areAnimationsEnabled {
            offsetAnimation = (contentOffset, to, storedZoomScale, scale, UIKitClock.shared.now, Self.animationDuration, true)
            startFrames()
        } else {
            applyZoom(scale, anchor: nil)
            moveContent(to: to)
        }
    }

    private func offsetRangeAfterZoom(_ scale: CGFloat) -> CGRect {
        guard let view = delegate?.viewForZooming(in: self), storedZoomScale > 0 else { return offsetRange }
        let size = CGSize(width: view.bounds.width * scale, height: view.bounds.height * scale)
        let inset = adjustedContentInset
        let minX = -inset.left, minY = -inset.top
        return CGRect(x: minX, y: minY, width: max(size.width + inset.right - bounds.width, minX) - minX,
                      height: max(size.height + inset.bottom - bounds.height, minY) - minY)
    }

    /// Scales the zooming view to `scale` (keeping `anchor`, in the scroll view's coordinates,
    /// over the same content point), and the content size with it.
    private func applyZoom(_ scale: CGFloat, anchor: CGPoint?) {
        guard let view = delegate?.viewForZooming(in: self), scale.isFinite, scale > 0 else { return }
        let old = storedZoomScale
        storedZoomScale = scale
        UIView.performWithoutAnimation {
            view.transform = CGAffineTransform(scaleX: scale, y: scale)
            var frame = view.frame
            frame.origin = .zero
            view.frame = frame
        }
        contentSize = view.frame.size
        if let anchor, old > 0 {
            let ratio = scale / old
            moveContent(to: CGPoint(x: anchor.x * ratio - (anchor.x - contentOffset.x), y: anchor.y * ratio - (anchor.y - contentOffset.y)))
        }
        delegate?.scrollViewDidZoom(self)
    }

    private func clampOffset() {
        let range = offsetRange
        moveContent(to: CGPoint(x: min(max(contentOffset.x, range.minX), range.maxX), y: min(max(contentOffset.y, range.minY), range.maxY)))
    }

    private func handlePinch() {
        guard let view = delegate?.viewForZooming(in: self) else { return }
        let (lower, upper) = zoomRange
        switch pinch.state {
        case .began:
            stopMotion()
            zoomStartScale = storedZoomScale
            isZooming = true
            showIndicators()
            delegate?.scrollViewWillBeginZooming(self, with: view)
            fallthrough
        case .changed:
            var scale = zoomStartScale * pinch.scale
            if scale > upper { scale = bouncesZoom ? upper * pow(scale / upper, 0.3) : upper }
            if scale < lower { scale = bouncesZoom ? lower * pow(scale / lower, 0.3) : lower }
            applyZoom(scale, anchor: pinch.location(in: self))
        case .ended, .cancelled:
            isZooming = false
            if storedZoomScale > upper || storedZoomScale < lower {
                isZoomBouncing = true
                setZoomScale(storedZoomScale, animated: true)
            } else {
                clampOffset()
                delegate?.scrollViewDidEndZooming(self, with: view, atScale: storedZoomScale)
                scheduleIndicatorFade()
            }
        default:
            break
        }
    }
}
