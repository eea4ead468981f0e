/// A scroll view's own pan recognizer (`UIScrollView.panGestureRecognizer`): a touch down
/// stops the scroll view's motion, and a pan does not begin once the content has the touch
/// and may not lose it (`canCancelContentTouches`, `touchesShouldCancel(in:)`).
@MainActor
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    weak var scrollView: UIScrollView?

    required init() { super.init() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        scrollView?.touchDown()
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState == .possible, let scrollView, let touch = touches.first, scrollView.contentHasTouch,
           !scrollView.canCancelContentTouches || !(touch.view.map { scrollView.touchesShouldCancel(in: $0) } ?? true) {
            state = .failed
            return
        }
        super.touchesMoved(touches, with: event)
    }
}
