/// A continuous gesture recognizer that interprets rotation gestures.
///
/// The turn of a touchpad's pinch where the X server reports one (XInput 2.4), following its
/// phases, over the recognizer's view or its subviews; else — the host's fallback — a
/// Shift+drag turning about the center of the recognizer's view. `rotation` is in radians,
/// positive clockwise on screen, since the gesture began.
@MainActor
open class UIRotationGestureRecognizer: UIGestureRecognizer {
    /// The rotation of the gesture in radians. Defaults to 0; set it (back to 0, say) to get
    /// increments. A non-finite value counts as 0.
    open var rotation: CGFloat = 0 {
        didSet { if !rotation.isFinite { rotation = 0 } }
    }
    /// The velocity of the rotation gesture in radians per second.
    open private(set) var velocity: CGFloat = 0

    private var lastTime: TimeInterval?
    private var dragAngle: CGFloat?
    var hostLocation = CGPoint.zero

    /// Creates a rotation gesture recognizer with no action.
    public required init() { super.init() }

    /// A host turn (radians, clockwise).
    func hostRotate(phase: UIGestureRecognizer.State?, rotation turn: CGFloat, at location: CGPoint, timestamp: TimeInterval) {
        hostLocation = location
        let turn = turn.isFinite ? turn : 0
        let inProgress = storedState == .began || storedState == .changed
        if phase == .began || (phase == nil && !inProgress) {
            guard storedState == .possible else { return }
            rotation = turn
            velocity = 0
            lastTime = timestamp
            state = .began
        } else if inProgress {
            step(by: turn, at: timestamp)
            switch phase {
            case .cancelled?: state = .cancelled
            case .ended?: state = .ended
            default: state = .changed
            }
        }
    }

    private func step(by turn: CGFloat, at timestamp: TimeInterval) {
        rotation += turn
        if let lastTime, timestamp > lastTime { velocity = turn / (timestamp - lastTime) }
        lastTime = timestamp
    }

    /// The angle of `point` (window coordinates) about the view's center.
    private func angle(of point: CGPoint) -> CGFloat? {
        guard let view, let window = view.window else { return nil }
        let center = view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: window)
        return atan2(point.y - center.y, point.x - center.x)
    }

    /// A Shift+press: a turn may follow.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard storedState == .possible else { return }
        guard event.modifierFlags.contains(.shift), let touch = touches.first else { state = .failed; return }
        dragAngle = angle(of: touch.location(in: nil))
        lastTime = touch.timestamp
    }

    /// The Shift+drag turns.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let previous = dragAngle, let touch = touches.first, let now = angle(of: touch.location(in: nil)) else { return }
        var turn = now - previous
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        dragAngle = now
        if storedState == .possible {
            rotation = turn
            lastTime = touch.timestamp
            state = .began
        } else if storedState == .began || storedState == .changed {
            step(by: turn, at: touch.timestamp)
            state = .changed
        }
    }

    /// The release ends a Shift+drag turn.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard dragAngle != nil else { return }
        dragAngle = nil
        if storedState == .began || storedState == .changed { state = .ended } else if storedState == .possible { state = .failed }
    }

    /// Clears the turn's velocity.
    open override func reset() {
        super.reset()
        velocity = 0
        lastTime = nil
        dragAngle = nil
    }
}
