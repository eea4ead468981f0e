/// A continuous gesture recognizer that interprets long-press gestures.
///
/// Begins once the press has lasted `minimumPressDuration` without moving more than
/// `allowableMovement` (after `numberOfTapsRequired` taps, each within 0.35 s of the last);
/// then reports `.changed` as the pointer moves and `.ended` at the release. A release or a
/// move too far before then fails it. The duration is timed by UIKit's clock (and judged
/// from the events' timestamps too).
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// The number of full taps required before the press for gesture recognition. Defaults to 0.
    open var numberOfTapsRequired = 0
    /// The number of fingers that must be held down for the gesture to be recognized. Defaults to 1.
    open var numberOfTouchesRequired = 1
    /// The minimum time that the user must press on the view for the gesture to be recognized,
    /// in seconds. Defaults to 0.5 (NaN or a negative duration counts as 0).
    open var minimumPressDuration: TimeInterval = 0.5
    /// The maximum movement of the fingers on the view before the gesture fails, in points.
    /// Defaults to 10.
    open var allowableMovement: CGFloat = 10

    private var press: (point: CGPoint, time: TimeInterval)?
    private var tapsDone = 0
    private var timer: Int?

    /// Creates a long-press gesture recognizer with no action.
    public required init() { super.init() }

    override var isWaiting: Bool { tapsDone > 0 && storedState == .possible }

    private var duration: TimeInterval {
        minimumPressDuration.isNaN ? 0 : min(max(minimumPressDuration, 0), 1e6)
    }

    /// A press began: timed, once the taps required are done.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard storedState == .possible, let touch = touches.first else { return }
        cancelTimer()
        guard numberOfTouchesRequired == 1 else { state = .failed; return }
        press = (touch.location(in: nil), touch.timestamp)
        guard tapsDone >= numberOfTapsRequired else { return }
        timer = UIKitClock.shared.schedule(at: touch.timestamp + duration) { [weak self] in
            guard let self else { return }
            self.timer = nil
            if self.press != nil, self.storedState == .possible { self.state = .began }
        }
    }

    /// The press moved: before the gesture began, too far fails it; after, it changes.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let press, let touch = touches.first else { return }
        let point = touch.location(in: nil)
        if storedState == .possible {
            if hypot(point.x - press.point.x, point.y - press.point.y) > allowableMovement {
                state = .failed
            } else if tapsDone >= numberOfTapsRequired, touch.timestamp - press.time >= duration {
                state = .began
            }
        } else if storedState == .began || storedState == .changed {
            state = .changed
        }
    }

    /// The press ended: the gesture ends, or — too short — it was a tap (counted) or a failure.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let press, let touch = touches.first else { return }
        self.press = nil
        cancelTimer()
        if storedState == .possible, tapsDone >= numberOfTapsRequired, touch.timestamp - press.time >= duration { state = .began }
        if storedState == .began || storedState == .changed {
            state = .ended
        } else if storedState == .possible {
            if tapsDone < numberOfTapsRequired {
                tapsDone += 1
                timer = UIKitClock.shared.schedule(at: touch.timestamp + UITapGestureRecognizer.maximumTapInterval) { [weak self] in
                    guard let self else { return }
                    self.timer = nil
                    if self.press == nil, self.storedState == .possible { self.state = .failed }
                }
            } else {
                state = .failed
            }
        }
    }

    /// Clears the press.
    open override func reset() {
        super.reset()
        cancelTimer()
        press = nil
        tapsDone = 0
    }

    private func cancelTimer() {
        if let timer { UIKitClock.shared.cancel(timer) }
        timer = nil
    }
}
