/// A continuous gesture recognizer that interprets panning gestures.
///
/// Begins once the pointer has moved 10 points with its button held, then reports `.changed`
/// on each move and `.ended` at the release. `translation(in:)` is the distance moved since
/// the gesture began (set it back with `setTranslation(_:in:)` to get increments);
/// `velocity(in:)` is the pointer's speed over its last 0.1 s of movement, zero once it has
/// held still that long — what a fling continues with.
@MainActor
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// The minimum number of fingers that can touch the view for gesture recognition. Defaults to 1.
    open var minimumNumberOfTouches = 1
    /// The maximum number of fingers that can touch the view for gesture recognition. Defaults to `Int.max`.
    open var maximumNumberOfTouches = Int.max

    /// How far the pointer must move before the pan begins, in points.
    static let hysteresis: CGFloat = 10
    /// The span of movement that the velocity is measured over, in seconds.
    static let velocitySpan: TimeInterval = 0.1

    private var start: CGPoint?
    /// Where the translation counts from, in window coordinates.
    private var origin = CGPoint.zero
    private var current = CGPoint.zero
    private var samples: [(point: CGPoint, time: TimeInterval)] = []

    /// Creates a pan gesture recognizer with no action.
    public required init() { super.init() }

    /// The translation of the pan gesture in the coordinate system of the specified view (nil:
    /// the window's): how far the pointer moved since the gesture began or the translation was set.
    open func translation(in view: UIView?) -> CGPoint {
        vector(CGPoint(x: current.x - origin.x, y: current.y - origin.y), in: view)
    }

    /// Sets the translation value in the coordinate system of the specified view. Non-finite
    /// components count as 0.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let safe = CGPoint(x: translation.x.isFinite ? translation.x : 0, y: translation.y.isFinite ? translation.y : 0)
        let inWindow = windowVector(safe, from: view)
        origin = CGPoint(x: current.x - inWindow.x, y: current.y - inWindow.y)
    }

    /// The velocity of the pan gesture, in points per second in the coordinate system of the
    /// specified view (nil: the window's).
    open func velocity(in view: UIView?) -> CGPoint {
        guard let last = samples.last, let first = samples.first, last.time > first.time else { return .zero }
        let dt = last.time - first.time
        return vector(CGPoint(x: (last.point.x - first.point.x) / dt, y: (last.point.y - first.point.y) / dt), in: view)
    }

    private func addSample(_ point: CGPoint, _ time: TimeInterval) {
        samples.append((point, time))
        while samples.count > 2, time - samples[1].time >= Self.velocitySpan { samples.removeFirst() }
        // Still for longer than the span: no speed.
        if samples.count == 2, time - samples[0].time > Self.velocitySpan, samples[0].point == point { samples.removeFirst() }
    }

    /// The press: where the pan would start.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard storedState == .possible, let touch = touches.first else { return }
        guard minimumNumberOfTouches <= 1, maximumNumberOfTouches >= 1 else { state = .failed; return }
        start = touch.location(in: nil)
        current = start!
        origin = current
        samples = [(current, touch.timestamp)]
    }

    /// A move: begins the pan past the hysteresis, then changes it.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, let touch = touches.first else { return }
        current = touch.location(in: nil)
        addSample(current, touch.timestamp)
        switch storedState {
        case .possible:
            if hypot(current.x - start.x, current.y - start.y) >= Self.hysteresis {
                origin = current
                state = .began
            }
        case .began, .changed:
            state = .changed
        default:
            break
        }
    }

    /// The release: the pan ends (one that never began fails).
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard start != nil, let touch = touches.first else { return }
        start = nil
        current = touch.location(in: nil)
        addSample(current, touch.timestamp)
        if storedState == .began || storedState == .changed { state = .ended } else if storedState == .possible { state = .failed }
    }

    /// Clears the pan.
    open override func reset() {
        super.reset()
        start = nil
        origin = current
        samples = []
    }
}
