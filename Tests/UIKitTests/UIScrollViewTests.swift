import XCTest
@testable import UIKit

/// Scroll views: geometry, dragging with the rubber band, deceleration at iOS's documented
/// rates, bouncing, paging, the wheel and the touchpad, indicators, zooming — on UIKit's
/// manual clock.
final class UIScrollViewTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated {
            UIKitClock.shared.isManual = true
            MediaClock.setVirtualTime(1000)
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated { UIKitClock.shared.isManual = false }
    }

    @MainActor final class Delegate: NSObject, UIScrollViewDelegate {
        var log: [String] = []
        var scrolls = 0
        var target: CGPoint?
        var replaceTarget: CGPoint?
        var velocity: CGPoint?
        var zoomView: UIView?
        func scrollViewDidScroll(_ scrollView: UIScrollView) { scrolls += 1 }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { log.append("willBeginDragging") }
        func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                       targetContentOffset: UnsafeMutablePointer<CGPoint>) {
            log.append("willEndDragging")
            self.velocity = velocity
            target = targetContentOffset.pointee
            if let replaceTarget { targetContentOffset.pointee = replaceTarget }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            log.append("didEndDragging(\(decelerate))")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { log.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { log.append("didEndDecelerating") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { log.append("didEndScrollingAnimation") }
        func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) { log.append("didEndZooming") }
    }

    /// A 300 × 400 scroll view of 300 × 4,000 points of content in a window.
    @MainActor static func make() -> (UIWindow, UIScrollView, Delegate) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        window.makeKeyAndVisible()
        let scrollView = UIScrollView(frame: window.bounds)
        scrollView.contentSize = CGSize(width: 300, height: 4000)
        let delegate = Delegate()
        scrollView.delegate = delegate
        window.addSubview(scrollView)
        return (window, scrollView, delegate)
    }

    /// Drags from `from` by `by` in `steps` moves 10 ms apart; released `hold` after the last.
    @MainActor static func drag(_ window: UIWindow, from: CGPoint, by: CGPoint, steps: Int = 10, hold: TimeInterval = 0) {
        var t = UIKitClock.shared.now
        window.pointerBegan(at: from, timestamp: t)
        for i in 1...steps {
            t += 0.01
            UIKitClock.shared.advance(to: t)
            let f = CGFloat(i) / CGFloat(steps)
            window.pointerMoved(to: CGPoint(x: from.x + by.x * f, y: from.y + by.y * f), timestamp: t)
        }
        t += hold
        UIKitClock.shared.advance(to: t)
        window.pointerEnded(at: CGPoint(x: from.x + by.x, y: from.y + by.y), timestamp: t)
    }

    func testTheOffsetIsTheBoundsOriginAndTheRangeFollowsTheInsets() {
        MainActor.assumeIsolated {
            let (_, scrollView, delegate) = Self.make()
            scrollView.contentOffset = CGPoint(x: 0, y: 120)
            XCTAssertEqual(scrollView.bounds.origin, CGPoint(x: 0, y: 120))
            XCTAssertEqual(delegate.scrolls, 1)
            scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
            XCTAssertEqual(scrollView.adjustedContentInset, scrollView.contentInset)
            XCTAssertEqual(scrollView.offsetRange.minY, -20)
            XCTAssertEqual(scrollView.offsetRange.maxY, 4000 + 30 - 400)
            scrollView.contentOffset = CGPoint(x: CGFloat.nan, y: 5)
            XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 120), "a NaN offset is ignored")
            scrollView.contentInset = UIEdgeInsets(top: .nan, left: 0, bottom: .infinity, right: 0)
            XCTAssertEqual(scrollView.contentInset, .zero, "non-finite insets count as zero")
            scrollView.contentSize = CGSize(width: -5, height: CGFloat.infinity)
            XCTAssertEqual(scrollView.contentSize, .zero)
            XCTAssertTrue(scrollView.clipsToBounds)
        }
    }

    func testADragMovesTheContentWithThePointerAndRubberBandsPastTheEdge() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            Self.drag(window, from: CGPoint(x: 150, y: 300), by: CGPoint(x: 0, y: -110), hold: 0.2)
            XCTAssertEqual(scrollView.contentOffset.y, 99, accuracy: 1e-6, "110 points less the 11 of the move that began the pan")
            XCTAssertEqual(delegate.log, ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
            // Down past the top by 200 points of pointer: the band shows less.
            scrollView.contentOffset = .zero
            var t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 150, y: 50), timestamp: t)
            for y in stride(from: 60, through: 260, by: 10) {
                t += 0.01
                window.pointerMoved(to: CGPoint(x: 150, y: CGFloat(y)), timestamp: t)
            }
            let expected = -ScrollAxisMotion.rubberBand(200, dimension: 400)
            XCTAssertEqual(scrollView.contentOffset.y, expected, accuracy: 1e-6)
            XCTAssertEqual(expected, -(1 - 1 / (200 * 0.55 / 400 + 1)) * 400, accuracy: 1e-9)
            XCTAssertTrue(scrollView.isDragging)
            window.pointerEnded(at: CGPoint(x: 150, y: 260), timestamp: t + 0.3)
            // Released past the edge: it springs back, and never past it.
            var minimum: CGFloat = 0
            for _ in 0..<120 {
                UIKitClock.shared.advance(by: 1.0 / 60)
                minimum = max(minimum, scrollView.contentOffset.y)
            }
            XCTAssertEqual(scrollView.contentOffset.y, 0)
            XCTAssertLessThanOrEqual(minimum, 0, "back to the edge without crossing it")
            XCTAssertFalse(scrollView.isDecelerating)
            XCTAssertEqual(delegate.log.suffix(2), ["willBeginDecelerating", "didEndDecelerating"])
        }
    }

    func testAFlingDeceleratesAtTheNormalRateToTheTargetItAnnounced() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            // 100 points up in 0.1 s: 1 point a millisecond.
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
            let released = scrollView.contentOffset.y
            XCTAssertEqual(delegate.velocity?.y ?? 0, 1, accuracy: 0.01, "velocity in points per millisecond, as iOS gives it")
            let v = delegate.velocity!.y
            let r: CGFloat = 0.998
            XCTAssertEqual(delegate.target?.y ?? 0, released + v * r / (1 - r), accuracy: 1e-6, "v·r/(1−r): 499 v")
            XCTAssertTrue(scrollView.isDecelerating)
            let start = UIKitClock.shared.now
            UIKitClock.shared.advance(to: start + 0.5005)
            // After n milliseconds: v·r(1−rⁿ)/(1−r).
            XCTAssertEqual(scrollView.contentOffset.y, released + v * r * (1 - pow(r, 500)) / (1 - r), accuracy: 0.5)
            UIKitClock.shared.advance(to: start + 10)
            XCTAssertEqual(scrollView.contentOffset.y, delegate.target!.y, accuracy: 0.5)
            XCTAssertFalse(scrollView.isDecelerating)
            XCTAssertEqual(delegate.log, ["willBeginDragging", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
                                          "didEndDecelerating"])
        }
    }

    func testTheFastRateStopsSoonerAndADelegatesTargetIsWhereItStops() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            scrollView.decelerationRate = .fast
            XCTAssertEqual(UIScrollView.DecelerationRate.normal.rawValue, 0.998)
            XCTAssertEqual(UIScrollView.DecelerationRate.fast.rawValue, 0.99)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
            let released = scrollView.contentOffset.y
            XCTAssertEqual(delegate.target!.y - released, delegate.velocity!.y * 99, accuracy: 1e-6, "0.99/(1−0.99) = 99")
            UIKitClock.shared.advance(by: 5)
            XCTAssertEqual(scrollView.contentOffset.y, delegate.target!.y, accuracy: 0.5)

            delegate.replaceTarget = CGPoint(x: 0, y: 1234)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
            UIKitClock.shared.advance(by: 5)
            XCTAssertEqual(scrollView.contentOffset.y, 1234, "the delegate's target is exactly where it rests")
        }
    }

    func testSettingTheOffsetLeavesADecelerationGoingAndSetContentOffsetStopsIt() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            scrollView.contentSize = CGSize(width: 3000, height: 4000)
            Self.drag(window, from: CGPoint(x: 250, y: 350), by: CGPoint(x: -100, y: -100))
            UIKitClock.shared.advance(by: 0.1)
            // Pinning an axis as a delegate would: the other decelerates on.
            scrollView.contentOffset.x = 0
            let y = scrollView.contentOffset.y
            UIKitClock.shared.advance(by: 0.1)
            XCTAssertTrue(scrollView.isDecelerating)
            XCTAssertGreaterThan(scrollView.contentOffset.y, y)
            scrollView.setContentOffset(scrollView.contentOffset, animated: false)
            XCTAssertFalse(scrollView.isDecelerating)
            let stopped = scrollView.contentOffset
            UIKitClock.shared.advance(by: 1)
            XCTAssertEqual(scrollView.contentOffset, stopped, "setContentOffset(_:animated: false) stops the content")
            XCTAssertFalse(delegate.log.contains("didEndDecelerating"))
        }
    }

    func testADirectionalLockKeepsAMostlyVerticalDragVertical() {
        MainActor.assumeIsolated {
            let (window, scrollView, _) = Self.make()
            scrollView.contentSize = CGSize(width: 3000, height: 4000)
            Self.drag(window, from: CGPoint(x: 200, y: 350), by: CGPoint(x: -30, y: -200), hold: 0.2)
            XCTAssertGreaterThan(scrollView.contentOffset.x, 10, "unlocked, the drag goes both ways")
            scrollView.setContentOffset(.zero, animated: false)
            scrollView.isDirectionalLockEnabled = true
            Self.drag(window, from: CGPoint(x: 200, y: 350), by: CGPoint(x: -30, y: -200))
            UIKitClock.shared.advance(by: 5)
            XCTAssertEqual(scrollView.contentOffset.x, 0, "locked to the vertical")
            XCTAssertGreaterThan(scrollView.contentOffset.y, 150)
        }
    }

    func testAFlingPastTheEndOvershootsAndSpringsBack() {
        MainActor.assumeIsolated {
            let (window, scrollView, _) = Self.make()
            scrollView.contentOffset = CGPoint(x: 0, y: 3500)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -200))
            var furthest: CGFloat = 0
            for _ in 0..<300 {
                UIKitClock.shared.advance(by: 1.0 / 60)
                furthest = max(furthest, scrollView.contentOffset.y)
            }
            XCTAssertGreaterThan(furthest, 3600, "it went past the end")
            XCTAssertEqual(scrollView.contentOffset.y, 3600, "and came back to it")
            scrollView.bounces = false
            scrollView.contentOffset = CGPoint(x: 0, y: 3500)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -200))
            furthest = 0
            for _ in 0..<120 {
                UIKitClock.shared.advance(by: 1.0 / 60)
                furthest = max(furthest, scrollView.contentOffset.y)
            }
            XCTAssertEqual(furthest, 3600, "without bouncing the end stops it")
        }
    }

    func testPagingSettlesOnPages() {
        MainActor.assumeIsolated {
            let (window, scrollView, _) = Self.make()
            scrollView.isPagingEnabled = true
            // Slow: back to the nearest page.
            Self.drag(window, from: CGPoint(x: 150, y: 300), by: CGPoint(x: 0, y: -150), steps: 10, hold: 0.3)
            UIKitClock.shared.advance(by: 3)
            XCTAssertEqual(scrollView.contentOffset.y, 0)
            // Fast and short: the next page.
            Self.drag(window, from: CGPoint(x: 150, y: 300), by: CGPoint(x: 0, y: -60), steps: 5)
            UIKitClock.shared.advance(by: 3)
            XCTAssertEqual(scrollView.contentOffset.y, 400)
        }
    }

    func testATouchStopsTheMotionAndThatTouchTapsNothing() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 0, y: 0, width: 300, height: 4000)
            var taps = 0
            button.addAction(UIAction { _ in taps += 1 }, for: .touchUpInside)
            scrollView.addSubview(button)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
            UIKitClock.shared.advance(by: 0.2)
            let t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 150, y: 200), timestamp: t)
            let stopped = scrollView.contentOffset.y
            UIKitClock.shared.advance(to: t + 0.3)
            window.pointerEnded(at: CGPoint(x: 150, y: 200), timestamp: t + 0.3)
            UIKitClock.shared.advance(by: 1)
            XCTAssertEqual(scrollView.contentOffset.y, stopped)
            XCTAssertEqual(taps, 0)
            XCTAssertFalse(delegate.log.contains("didEndDecelerating"), "a stopped deceleration does not end")
            // The next tap is the button's.
            let u = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 150, y: 200), timestamp: u)
            window.pointerEnded(at: CGPoint(x: 150, y: 200), timestamp: u + 0.05)
            XCTAssertEqual(taps, 1, "a quick tap reaches the content at the release")
        }
    }

    func testContentTouchesWaitSoADragNeverHighlightsTheButtonUnderIt() {
        MainActor.assumeIsolated {
            let (window, scrollView, _) = Self.make()
            let button = UIButton(type: .system)
            button.frame = CGRect(x: 0, y: 0, width: 300, height: 4000)
            var events: [String] = []
            button.addAction(UIAction { _ in events.append("down") }, for: .touchDown)
            button.addAction(UIAction { _ in events.append("cancel") }, for: .touchCancel)
            scrollView.addSubview(button)
            Self.drag(window, from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
            XCTAssertEqual(events, [], "the drag began before the 0.15 s were up")
            XCTAssertGreaterThan(scrollView.contentOffset.y, 80)
            UIKitClock.shared.advance(by: 10)
            // Held still first: the button has the touch, and as a control it keeps it.
            let t = UIKitClock.shared.now
            let before = scrollView.contentOffset.y
            window.pointerBegan(at: CGPoint(x: 150, y: 300), timestamp: t)
            UIKitClock.shared.advance(to: t + 0.2)
            XCTAssertEqual(events, ["down"])
            XCTAssertTrue(button.isHighlighted)
            window.pointerMoved(to: CGPoint(x: 150, y: 250), timestamp: t + 0.25)
            window.pointerEnded(at: CGPoint(x: 150, y: 250), timestamp: t + 0.3)
            XCTAssertEqual(scrollView.contentOffset.y, before, "touchesShouldCancel(in:) is false for a control")
        }
    }

    func testTheWheelEasesFortyPointsAClickAndClicksAddUp() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            let t = UIKitClock.shared.now
            window.scrolled(at: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: 10), precise: false, began: false, ended: false,
                            modifiers: [], timestamp: t)
            UIKitClock.shared.advance(by: 0.05)
            let early = scrollView.contentOffset.y
            XCTAssertGreaterThan(early, 10)
            XCTAssertLessThan(early, 40)
            window.scrolled(at: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: 10), precise: false, began: false, ended: false,
                            modifiers: [], timestamp: t + 0.05)
            UIKitClock.shared.advance(by: 2)
            XCTAssertEqual(scrollView.contentOffset.y, 80, "two clicks, 80 points, exactly")
            XCTAssertEqual(delegate.log.first, "willBeginDragging")
            XCTAssertEqual(delegate.log.last, "didEndDecelerating")
            // Up past the top stops at the top.
            for _ in 0..<5 {
                window.scrolled(at: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: -10), precise: false, began: false, ended: false,
                                modifiers: [], timestamp: UIKitClock.shared.now)
            }
            UIKitClock.shared.advance(by: 2)
            XCTAssertEqual(scrollView.contentOffset.y, 0)
        }
    }

    func testATouchpadScrollDragsAndCoasts() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            var t = UIKitClock.shared.now
            window.scrolled(at: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: 10), precise: true, began: true, ended: false,
                            modifiers: [], timestamp: t)
            for _ in 0..<9 {
                t += 0.01
                window.scrolled(at: CGPoint(x: 100, y: 100), delta: CGPoint(x: 0, y: 10), precise: true, began: false, ended: false,
                                modifiers: [], timestamp: t)
            }
            XCTAssertEqual(scrollView.contentOffset.y, 100, accuracy: 1e-6, "smooth deltas move the content one to one")
            XCTAssertTrue(scrollView.isDragging)
            window.scrolled(at: CGPoint(x: 100, y: 100), delta: .zero, precise: true, began: false, ended: true, modifiers: [],
                            timestamp: t + 0.1)
            XCTAssertEqual(delegate.velocity?.y ?? 0, 1, accuracy: 0.01)
            UIKitClock.shared.advance(by: 10)
            XCTAssertEqual(scrollView.contentOffset.y, delegate.target!.y, accuracy: 0.5)
            XCTAssertGreaterThan(scrollView.contentOffset.y, 500, "it coasted")
        }
    }

    func testAnAnimatedOffsetEasesAndScrollRectToVisibleMovesAsLittleAsItCan() {
        MainActor.assumeIsolated {
            let (_, scrollView, delegate) = Self.make()
            scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
            XCTAssertEqual(scrollView.contentOffset.y, 0)
            UIKitClock.shared.advance(by: 0.15)
            XCTAssertEqual(scrollView.contentOffset.y, 150, accuracy: 6, "halfway at half time (ease in and out)")
            UIKitClock.shared.advance(by: 0.2)
            XCTAssertEqual(scrollView.contentOffset.y, 300)
            XCTAssertEqual(delegate.log, ["didEndScrollingAnimation"])
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 50), animated: false)
            XCTAssertEqual(scrollView.contentOffset.y, 950 - 400)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
            XCTAssertEqual(scrollView.contentOffset.y, 100)
            scrollView.scrollRectToVisible(CGRect(x: 0, y: 200, width: 10, height: 50), animated: false)
            XCTAssertEqual(scrollView.contentOffset.y, 100, "already visible")
        }
    }

    func testTheIndicatorsShowWhileScrollingAndFadeAfter() {
        MainActor.assumeIsolated {
            let (window, scrollView, _) = Self.make()
            XCTAssertEqual(scrollView.indicatorOpacity, 0)
            var t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 150, y: 300), timestamp: t)
            for i in 1...10 {
                t += 0.01
                window.pointerMoved(to: CGPoint(x: 150, y: 300 - CGFloat(i) * 10), timestamp: t)
            }
            XCTAssertEqual(scrollView.indicatorOpacity, 1, "\(scrollView.isDragging) \(scrollView.contentOffset)")
            let frame = scrollView.verticalIndicatorFrame
            XCTAssertEqual(frame.width, 3)
            XCTAssertEqual(frame.maxX, scrollView.bounds.maxX - 3)
            XCTAssertEqual(frame.height, (400 - 6) * 400 / 4000, accuracy: 1e-6, "as long as the visible part of the content")
            UIKitClock.shared.advance(to: t + 0.3)
            window.pointerEnded(at: CGPoint(x: 150, y: 200), timestamp: t + 0.3)
            UIKitClock.shared.advance(to: t + 0.3 + 0.4)
            XCTAssertEqual(scrollView.indicatorOpacity, 1)
            UIKitClock.shared.advance(by: 0.2)
            XCTAssertEqual(scrollView.indicatorOpacity, 0, "faded half a second after scrolling stopped")
        }
    }

    func testZoomingScalesTheViewForZoomingAboutThePinch() {
        MainActor.assumeIsolated {
            let (window, scrollView, delegate) = Self.make()
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
            scrollView.addSubview(content)
            scrollView.contentSize = content.frame.size
            delegate.zoomView = content
            XCTAssertNil(scrollView.pinchGestureRecognizer, "no zoom range, no pinch")
            scrollView.minimumZoomScale = 0.5
            scrollView.maximumZoomScale = 4
            XCTAssertNotNil(scrollView.pinchGestureRecognizer)
            scrollView.zoomScale = 10
            XCTAssertEqual(scrollView.zoomScale, 4, "pinned to the range")
            XCTAssertEqual(scrollView.contentSize, CGSize(width: 1200, height: 1600))
            scrollView.zoomScale = 1
            scrollView.zoomScale = .nan
            XCTAssertEqual(scrollView.zoomScale, 1)
            // A pinch doubling the scale about (100, 100): that content point stays put.
            let t = UIKitClock.shared.now
            window.transformed(at: CGPoint(x: 100, y: 100), phase: .began, magnification: 0, rotation: 0, timestamp: t)
            window.transformed(at: CGPoint(x: 100, y: 100), phase: .changed, magnification: 1, rotation: 0, timestamp: t + 0.1)
            window.transformed(at: CGPoint(x: 100, y: 100), phase: .ended, magnification: 0, rotation: 0, timestamp: t + 0.2)
            XCTAssertEqual(scrollView.zoomScale, 2, accuracy: 1e-6, "\(scrollView.pinchGestureRecognizer!.state.rawValue) \(scrollView.pinchGestureRecognizer!.scale)")
            XCTAssertEqual(scrollView.contentOffset.x, 100, accuracy: 1e-6)
            XCTAssertEqual(scrollView.contentOffset.y, 100, accuracy: 1e-6)
            XCTAssertEqual(content.frame, CGRect(x: 0, y: 0, width: 600, height: 800))
            XCTAssertEqual(delegate.log.last, "didEndZooming")
        }
    }
}
