/// A continuous gesture recognizer that interprets pinching gestures.
///
/// A pointer cannot pinch: the gesture comes from the window's host — a touchpad's pinch
/// where the X server reports one (XInput 2.4), following its phases, else Ctrl+scroll (each
/// wheel step scaling by 1.1 or 1/1.1, ending 0.3 s after the last step) — over the
/// recognizer's view or its subviews. `scale` is the scale since it began.
@MainActor
open class UIPinchGestureRecognizer: UIGestureRecognizer {
    /// The scale factor relative to the points of the two touches in screen coordinates.
    /// Defaults to 1; set it (back to 1, say) to get increments. A non-finite value counts as 1.
    open var scale: CGFloat = 1 {
        didSet { if !scale.isFinite { scale = 1 } }
    }
    /// The velocity of the pinch in scale factor per second.
    open private(set) var velocity: CGFloat = 0

    private var lastTime: TimeInterval?
    private var endTimer: Int?
    var hostLocation = CGPoint.zero

    /// Creates a pinch gesture recognizer with no action.
    public required init() { super.init() }

    /// Where the pinch is, in `view`'s coordinates (nil: the window's).
    open override func location(in view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window else { return hostLocation }
        return view.convert(hostLocation, from: window)
    }

    /// The number of touches of the pinch: 2 while it is in progress.
    open override var numberOfTouches: Int { storedState == .began || storedState == .changed ? 2 : 0 }

    /// A pointer press is no pinch: the attempt fails (the next host pinch is a new one).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState == .possible { state = .failed }
    }

    /// A host pinch step: `phase` nil for a Ctrl+scroll step (ended by a timer).
    func hostPinch(phase: UIGestureRecognizer.State?, magnification: CGFloat, at location: CGPoint, timestamp: TimeInterval) {
        hostLocation = location
        let factor = magnification.isFinite ? max(1 + magnification, 0.01) : 1
        let inProgress = storedState == .began || storedState == .changed
        if let endTimer { UIKitClock.shared.cancel(endTimer) }
        endTimer = nil
        if phase == .began || (phase == nil && !inProgress) {
            guard storedState == .possible else { return }
            scale = factor
            velocity = 0
            lastTime = timestamp
            state = .began
        } else if inProgress {
            let before = scale
            scale *= factor
            if let lastTime, timestamp > lastTime { velocity = (scale - before) / (timestamp - lastTime) }
            lastTime = timestamp
            switch phase {
            case .cancelled?: state = .cancelled
            case .ended?: state = .ended
            default: state = .changed
            }
        }
        if phase == nil, storedState == .began || storedState == .changed {
            endTimer = UIKitClock.shared.schedule(at: timestamp + 0.3) { [weak self] in
                guard let self, self.storedState == .began || self.storedState == .changed else { return }
                self.endTimer = nil
                self.state = .ended
            }
        }
    }

    /// Clears the pinch's velocity.
    open override func reset() {
        super.reset()
        velocity = 0
        lastTime = nil
    }
}
