/// A discrete gesture recognizer that interprets single or multiple taps.
///
/// Recognizes once the pointer has been pressed and released `numberOfTapsRequired` times
/// with the buttons of `buttonMaskRequired`, each press moving no more than 10 points, each
/// tap starting within 0.35 s of the last one's release and 45 points of the first. Between
/// taps it stays `.possible` (so a recognizer that requires it to fail waits): a double-tap
/// recognizer that a single-tap one requires to fail tells a double tap from two taps. A
/// pointer is one touch: with `numberOfTouchesRequired` above 1 it fails.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// The number of taps necessary for gesture recognition. Defaults to 1 (below 1 counts as 1).
    open var numberOfTapsRequired = 1
    /// The number of fingers that the user must tap for gesture recognition. Defaults to 1.
    open var numberOfTouchesRequired = 1
    /// The mouse buttons of the taps. Defaults to `.primary`.
    open var buttonMaskRequired: UIEvent.ButtonMask = .primary

    /// The longest wait from one tap's release to the next tap, in seconds.
    static let maximumTapInterval: TimeInterval = 0.35
    /// How far a press may move and still be a tap, in points.
    static let allowableMovement: CGFloat = 10
    /// How far from the first tap later taps may be, in points.
    static let maximumTapSpacing: CGFloat = 45

    private var tapsDone = 0
    private var firstLocation: CGPoint?
    private var pressLocation: CGPoint?
    private var timer: Int?
    private var complete = false

    /// Creates a tap gesture recognizer with no action.
    public required init() { super.init() }

    override var isWaiting: Bool { tapsDone > 0 && !complete && storedState == .possible }

    /// A press began: a tap's, if it is near enough and soon enough.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !complete, storedState == .possible, let touch = touches.first else { return }
        cancelTimer()
        let point = touch.location(in: nil)
        if numberOfTouchesRequired != 1 || event.buttonMask != buttonMaskRequired
            || firstLocation.map({ hypot(point.x - $0.x, point.y - $0.y) > Self.maximumTapSpacing }) == true {
            state = .failed
            return
        }
        if firstLocation == nil { firstLocation = point }
        pressLocation = point
    }

    /// The press moved: too far, and it is no tap.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !complete, let start = pressLocation, let point = touches.first?.location(in: nil) else { return }
        if hypot(point.x - start.x, point.y - start.y) > Self.allowableMovement { state = .failed }
    }

    /// The press ended: a tap. The last one recognizes; before it, the next must come in time.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard !complete, pressLocation != nil, let touch = touches.first else { return }
        pressLocation = nil
        tapsDone += 1
        if tapsDone >= max(numberOfTapsRequired, 1) {
            complete = true
            state = .recognized
            return
        }
        timer = UIKitClock.shared.schedule(at: touch.timestamp + Self.maximumTapInterval) { [weak self] in
            guard let self else { return }
            self.timer = nil
            if !self.complete, self.storedState == .possible { self.state = .failed }
        }
    }

    /// Clears the taps counted.
    open override func reset() {
        super.reset()
        cancelTimer()
        tapsDone = 0
        firstLocation = nil
        pressLocation = nil
        complete = false
    }

    private func cancelTimer() {
        if let timer { UIKitClock.shared.cancel(timer) }
        timer = nil
    }
}
