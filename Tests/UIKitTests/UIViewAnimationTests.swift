import XCTest
import UIKit

/// The animation-block rule, as Apple documents it: a view's layer does not animate implicitly,
/// but changes inside `UIView.animate` do, with the block's timing, as Core Animation animations
/// (`layer.animationKeys()`, `presentation()`); completions say whether they finished.
final class UIViewAnimationTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// A view in a window, committed (shown) once, so that Core Animation would animate its
    /// layer implicitly if the view let it.
    @MainActor static func shownView() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
        CATransaction.flush()
        return (window, view)
    }

    func testAViewsLayerDoesNotAnimateOutsideABlock() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            view.alpha = 0.5
            view.center = CGPoint(x: 10, y: 10)
            view.layer.cornerRadius = 8
            XCTAssertNil(view.layer.animationKeys())
            XCTAssertTrue(view.action(for: view.layer, forKey: "opacity") is NSNull)
            // A plain sublayer of the view's layer keeps Core Animation's implicit animations.
            let sublayer = CALayer()
            view.layer.addSublayer(sublayer)
            CATransaction.flush()
            sublayer.opacity = 0.5
            XCTAssertEqual(sublayer.animationKeys(), ["opacity"])
        }
    }

    func testChangesInsideABlockAnimateWithItsTiming() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveLinear], animations: {
                view.alpha = 0
            })
            XCTAssertEqual(view.alpha, 0, "the model changes at once")
            XCTAssertEqual(view.layer.animationKeys(), ["opacity"])
            let animation = view.layer.animation(forKey: "opacity") as? CABasicAnimation
            XCTAssertEqual(animation?.duration, 0.5)
            XCTAssertEqual(animation?.timingFunction, CAMediaTimingFunction(name: .linear))
            MediaClock.setVirtualTime(1000.25)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0.5, accuracy: 1e-4)
            MediaClock.setVirtualTime(1000.6)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0, accuracy: 1e-4)
        }
    }

    func testTheDefaultCurveIsEaseInEaseOut() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1) { view.backgroundColor = .red }
            XCTAssertEqual(view.layer.animation(forKey: "backgroundColor")?.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
        }
    }

    func testAViewNotYetShownAnimatesToo() {
        MainActor.assumeIsolated {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            UIView.animate(withDuration: 0.3) { view.alpha = 0.2 }
            XCTAssertEqual(view.layer.animationKeys(), ["opacity"])
        }
    }

    func testGeometryAnimatesAdditivelyFromWhereItIs() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.center = CGPoint(x: 150, y: 50)
            })
            let first = view.layer.animation(forKey: "position") as? CABasicAnimation
            XCTAssertEqual(first?.isAdditive, true)
            XCTAssertEqual(first?.fromValue as? CGPoint, CGPoint(x: -100, y: 0))
            XCTAssertEqual(first?.toValue as? CGPoint, .zero)
            MediaClock.setVirtualTime(1000.5)
            XCTAssertEqual(view.layer.presentation()?.position, CGPoint(x: 100, y: 50))
            // A second block blends with the first instead of replacing it.
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.center = CGPoint(x: 150, y: 150)
            })
            XCTAssertEqual(view.layer.animationKeys(), ["position", "position-2"])
            XCTAssertEqual(view.layer.presentation()?.position, CGPoint(x: 100, y: 50), "no jump")
            MediaClock.setVirtualTime(1001.5)
            XCTAssertEqual(view.layer.presentation()?.position, CGPoint(x: 150, y: 150))
        }
    }

    func testFrameAnimatesPositionAndBounds() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1) { view.frame = CGRect(x: 20, y: 20, width: 50, height: 50) }
            XCTAssertEqual(Set(view.layer.animationKeys() ?? []), ["position", "bounds"])
        }
    }

    func testNonAdditiveChangesStartFromThePresentationValue() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            MediaClock.setVirtualTime(1000.5)
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 1 })
            let second = view.layer.animation(forKey: "opacity") as? CABasicAnimation
            XCTAssertEqual((second?.fromValue as? Float) ?? -1, 0.5, accuracy: 1e-4)
            XCTAssertEqual(view.layer.animationKeys(), ["opacity"], "the first is replaced")
        }
    }

    func testDelayHoldsTheOldValue() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: { view.alpha = 0 })
            MediaClock.setVirtualTime(1000.5)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 1, accuracy: 1e-4)
            MediaClock.setVirtualTime(1001.5)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0.5, accuracy: 1e-4)
        }
    }

    func testRepeatAndAutoreverse() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse, .curveLinear], animations: { view.alpha = 0 })
            let animation = view.layer.animation(forKey: "opacity")
            XCTAssertEqual(animation?.repeatCount, .infinity)
            XCTAssertEqual(animation?.autoreverses, true)
            MediaClock.setVirtualTime(1001.25)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0.25, accuracy: 1e-4, "on its way back")
        }
    }

    func testPerformWithoutAnimation() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1) {
                UIView.performWithoutAnimation { view.alpha = 0.3 }
                view.center = CGPoint(x: 1, y: 1)
            }
            XCTAssertEqual(view.layer.animationKeys(), ["position"])
            XCTAssertEqual(UIView.inheritedAnimationDuration, 0)
            XCTAssertTrue(UIView.areAnimationsEnabled)
        }
    }

    func testSpringAnimation() {
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [],
                           animations: { view.transform = CGAffineTransform(scaleX: 2, y: 2) })
            let spring = view.layer.animation(forKey: "transform") as? CASpringAnimation
            XCTAssertNotNil(spring)
            XCTAssertEqual(spring?.duration, 0.6)
            XCTAssertEqual(spring?.isAdditive, true)
            MediaClock.setVirtualTime(1005)
            XCTAssertTrue(CATransform3DEqualToTransform(view.layer.presentation()!.transform, CATransform3DMakeScale(2, 2, 1)))
        }
    }

    // MARK: Completions

    func testCompletionReportsFinishedAfterTheEnd() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var result: Bool?
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 0.5, animations: { view.alpha = 0 }, completion: { finished in
                result = finished
                done.fulfill()
            })
            CATransaction.flush()
            XCTAssertNil(result)
            MediaClock.setVirtualTime(1000.6)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(result, true)
    }

    func testAnInterruptedAnimationReportsNotFinished() {
        let first = expectation(description: "first"), second = expectation(description: "second")
        nonisolated(unsafe) var results: [String: Bool] = [:]
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { results["first"] = $0; first.fulfill() })
            MediaClock.setVirtualTime(1000.5)
            UIView.animate(withDuration: 1, animations: { view.alpha = 1 }, completion: { results["second"] = $0; second.fulfill() })
            MediaClock.setVirtualTime(1002)
            CATransaction.flush()
        }
        wait(for: [first, second], timeout: 5)
        XCTAssertEqual(results, ["first": false, "second": true])
    }

    func testRemovedAnimationsReportNotFinished() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var result: Bool?
        MainActor.assumeIsolated {
            let (_, view) = Self.shownView()
            UIView.animate(withDuration: 1, animations: { view.center = .zero }, completion: { result = $0; done.fulfill() })
            view.layer.removeAllAnimations()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(result, false)
    }

    func testABlockThatAnimatesNothingCompletesFinished() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var result: Bool?
        MainActor.assumeIsolated {
            UIView.animate(withDuration: 1, animations: {}, completion: { result = $0; done.fulfill() })
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(result, true)
    }
}

/// Apple: "user interactions are temporarily disabled for views being animated" unless the
/// options include `allowUserInteraction`.
final class UIViewAnimationInteractionTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testAnimatingViewsTakeNoTouchesUnlessAllowed() {
        MainActor.assumeIsolated {
            let (window, view) = UIViewAnimationTests.shownView()
            UIView.animate(withDuration: 1) { view.alpha = 0.5 }
            XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window, "passed by while it animates")
            MediaClock.setVirtualTime(1001)
            XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
            UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction], animations: { view.alpha = 1 })
            XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
        }
    }
}

/// Blocks of no duration, and the `layoutSubviews` option.
final class UIViewAnimationOptionsTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testABlockOfNoDurationDoesNotAnimate() {
        let done = expectation(description: "completion")
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            UIView.animate(withDuration: 0, animations: { view.alpha = 0.5 }, completion: { finished in
                XCTAssertTrue(finished)
                done.fulfill()
            })
            XCTAssertNil(view.layer.animationKeys())
            XCTAssertEqual(view.alpha, 0.5)
        }
        wait(for: [done], timeout: 5)
    }

    func testLayoutSubviewsOptionAnimatesTheNewLayout() {
        MainActor.assumeIsolated {
            final class Row: UIView {
                let child = UIView()
                override init(frame: CGRect) { super.init(frame: frame); addSubview(child) }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSubviews() { child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height) }
            }
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            window.makeKeyAndVisible()
            let row = Row(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
            window.addSubview(row)
            window.layoutIfNeeded()
            UIView.animate(withDuration: 1, delay: 0, options: [.layoutSubviews], animations: {
                row.frame.size.width = 200
            })
            XCTAssertEqual(row.child.frame.width, 100, "laid out inside the block")
            XCTAssertEqual(Set(row.child.layer.animationKeys() ?? []), ["position", "bounds"])
        }
    }
}

final class UIViewLayerChangesInBlocksTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testALayerChangedDirectlyInABlockAnimatesFromItsOldValue() {
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.layer.cornerRadius = 10 })
            XCTAssertEqual(view.layer.animationKeys(), ["cornerRadius"])
            MediaClock.setVirtualTime(1000.5)
            XCTAssertEqual(view.layer.presentation()?.cornerRadius ?? -1, 5, accuracy: 1e-6)
        }
    }

    func testTheIOS17SpringSpelling() {
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            UIView.animate(springDuration: 0.4, bounce: 0.3) { view.center.x += 10 }
            XCTAssertTrue(view.layer.animation(forKey: "position") is CASpringAnimation)
        }
    }
}
