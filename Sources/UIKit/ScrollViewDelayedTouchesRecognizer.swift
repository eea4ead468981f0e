/// Holds the content's `touchesBegan` for 0.15 s (`UIScrollView.delaysContentTouches`), so
/// that a drag that starts at once scrolls without the content ever seeing the touch; then
/// fails, and the content has it. A touch that stops a moving scroll view is recognized at the
/// release instead: it reaches no content.
@MainActor
final class ScrollViewDelayedTouchesRecognizer: UIGestureRecognizer {
    static let delay: TimeInterval = 0.15
    weak var scrollView: UIScrollView?
    private var timer: Int?
    /// The touch stopped the scroll view's motion.
    var stoppedMotion = false

    required init() {
        super.init()
        delaysTouchesBegan = true
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let touch = touches.first else { return }
        if stoppedMotion { return }
        guard scrollView?.delaysContentTouches ?? false else { state = .failed; return }
        timer = UIKitClock.shared.schedule(at: touch.timestamp + Self.delay) { [weak self] in
            guard let self, self.storedState == .possible, !self.stoppedMotion else { return }
            self.timer = nil
            self.state = .failed
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        state = stoppedMotion ? .recognized : .failed
    }

    override func reset() {
        super.reset()
        if let timer { UIKitClock.shared.cancel(timer) }
        timer = nil
        stoppedMotion = false
    }

    /// It only holds the content's touches: it prevents no other recognizer.
    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { stoppedMotion }
    /// And nothing prevents it.
    override func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { false }
}
