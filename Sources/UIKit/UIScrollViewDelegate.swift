/// The methods that a scroll view's delegate implements to respond to scrolling, dragging,
/// deceleration and zooming. Every method has a default that does nothing (or answers as
/// UIKit does without a delegate).
@MainActor
public protocol UIScrollViewDelegate: AnyObject {
    /// Tells the delegate when the user scrolls the content view within the scroll view (on
    /// every change of `contentOffset`).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// Tells the delegate that the scroll view's zoom factor changed.
    func scrollViewDidZoom(_ scrollView: UIScrollView)
    /// Tells the delegate when the scroll view is about to start scrolling the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// Tells the delegate when the user finishes scrolling the content: where it will come to
    /// rest, which the delegate may change.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// Tells the delegate when dragging ended in the scroll view.
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// Tells the delegate that the scroll view is starting to decelerate the scrolling movement.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// Tells the delegate that the scroll view ended decelerating the scrolling movement.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// Tells the delegate when a scrolling animation in the scroll view concludes.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
    /// Asks the delegate for the view to scale when zooming is about to occur. Defaults to nil
    /// (no zooming).
    func viewForZooming(in scrollView: UIScrollView) -> UIView?
    /// Tells the delegate that zooming of the content in the scroll view is about to commence.
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?)
    /// Tells the delegate when zooming of the content in the scroll view completed.
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat)
    /// Asks the delegate if the scroll view should scroll to the top of the content. Defaults to true.
    func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool
    /// Tells the delegate that the scroll view scrolled to the top of the content.
    func scrollViewDidScrollToTop(_ scrollView: UIScrollView)
    /// Called when the adjusted content insets of the scroll view change.
    func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    /// Does nothing.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidZoom(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    /// Leaves the target where it is.
    public func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                          targetContentOffset: UnsafeMutablePointer<CGPoint>) {}
    /// Does nothing.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    /// Does nothing.
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    /// Returns nil.
    public func viewForZooming(in scrollView: UIScrollView) -> UIView? { nil }
    /// Does nothing.
    public func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) {}
    /// Does nothing.
    public func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {}
    /// Returns true.
    public func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool { true }
    /// Does nothing.
    public func scrollViewDidScrollToTop(_ scrollView: UIScrollView) {}
    /// Does nothing.
    public func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {}
}
