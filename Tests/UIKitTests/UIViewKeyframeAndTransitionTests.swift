import XCTest
import UIKit

final class UIViewKeyframeAndTransitionTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testKeyframesRunInTheirPartsOfTheDuration() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var result: Bool?
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()        // center (50, 50)
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center = CGPoint(x: 150, y: 50) }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center = CGPoint(x: 150, y: 150) }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { view.alpha = 0 }
            }, completion: { result = $0; done.fulfill() })
            XCTAssertEqual(view.center, CGPoint(x: 150, y: 150))
            XCTAssertEqual(view.layer.animationKeys(), ["position", "position-2", "opacity"])
            @MainActor func at(_ t: CFTimeInterval) -> (CGPoint, Float) {
                MediaClock.setVirtualTime(1000 + t)
                let p = view.layer.presentation()!
                return (p.position, p.opacity)
            }
            XCTAssertEqual(at(0).0, CGPoint(x: 50, y: 50))
            XCTAssertEqual(at(0.5).0, CGPoint(x: 100, y: 50))
            XCTAssertEqual(at(0.5).1, 1, accuracy: 1e-4)
            XCTAssertEqual(at(1).0, CGPoint(x: 150, y: 50))
            XCTAssertEqual(at(1).1, 0.5, accuracy: 1e-4)
            XCTAssertEqual(at(1.5).0, CGPoint(x: 150, y: 100))
            XCTAssertEqual(at(2).0, CGPoint(x: 150, y: 150))
            MediaClock.setVirtualTime(1002.1)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(result, true)
    }

    func testTransitionsAddACoreAnimationTransition() {
        let done = expectation(description: "completion")
        MainActor.assumeIsolated {
            let (window, view) = UIViewAnimationTests.shownView()
            let label = UILabel()
            UIView.transition(with: view, duration: 0.5, options: [.transitionCrossDissolve], animations: {
                view.addSubview(label)
                view.backgroundColor = .red
            }, completion: { finished in
                XCTAssertTrue(finished)
                done.fulfill()
            })
            let transition = view.layer.animation(forKey: kCATransition) as? CATransition
            XCTAssertEqual(transition?.type, .fade)
            XCTAssertEqual(transition?.duration, 0.5)
            XCTAssertEqual(view.layer.animationKeys(), [kCATransition], "the changes inside do not animate on their own")
            XCTAssertTrue(label.superview === view)
            let other = UIView()
            UIView.transition(from: view, to: other, duration: 0.3, options: [.transitionFlipFromLeft], completion: nil)
            XCTAssertTrue(other.superview === window)
            XCTAssertNil(view.superview)
            XCTAssertEqual((window.layer.animation(forKey: kCATransition) as? CATransition)?.subtype, .fromLeft)
            MediaClock.setVirtualTime(1001)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
    }
}

final class UIViewPropertyAnimatorTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testStartRunsTheAnimationsAndCompletesAtTheEnd() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var position: UIViewAnimatingPosition?
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { position = $0; done.fulfill() }
            XCTAssertEqual(animator.state, .inactive)
            XCTAssertEqual(view.alpha, 1, "the blocks run at the start")
            animator.startAnimation()
            XCTAssertEqual(animator.state, .active)
            XCTAssertTrue(animator.isRunning)
            XCTAssertEqual(view.alpha, 0)
            XCTAssertEqual(view.layer.animationKeys(), ["opacity"])
            MediaClock.setVirtualTime(1000.25)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0.75, accuracy: 1e-4)
            XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-6)
            MediaClock.setVirtualTime(1001.1)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(position, .end)
        MainActor.assumeIsolated {
            XCTAssertTrue(true)
        }
    }

    func testPauseScrubAndContinue() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var position: UIViewAnimatingPosition?
        nonisolated(unsafe) var finalCenter: CGPoint?
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()           // center (50, 50)
            let animator = UIViewPropertyAnimator(duration: 2, curve: .linear) { view.center = CGPoint(x: 150, y: 50) }
            animator.addCompletion { position = $0; finalCenter = view.center; done.fulfill() }
            animator.pauseAnimation()
            XCTAssertEqual(animator.state, .active)
            XCTAssertFalse(animator.isRunning)
            XCTAssertEqual(view.layer.presentation()?.position, CGPoint(x: 50, y: 50), "paused at the start")
            animator.fractionComplete = 0.5
            MediaClock.setVirtualTime(1005)
            XCTAssertEqual(view.layer.presentation()?.position, CGPoint(x: 100, y: 50), "time does not move a paused animator")
            XCTAssertEqual(animator.fractionComplete, 0.5)
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 0.5)
            MediaClock.setVirtualTime(1005.25)
            XCTAssertEqual(animator.fractionComplete, 0.75, accuracy: 1e-6)
            XCTAssertEqual(view.layer.presentation()!.position.x, 125, accuracy: 1e-6)
            MediaClock.setVirtualTime(1005.45)
            XCTAssertEqual(view.layer.presentation()!.position.x, 145, accuracy: 1e-6, "no wrap past the end")
            MediaClock.setVirtualTime(1005.6)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(position, .end)
        XCTAssertEqual(finalCenter, CGPoint(x: 150, y: 50))
    }

    func testReversedAnimatorsEndAtTheStart() {
        let done = expectation(description: "completion")
        nonisolated(unsafe) var position: UIViewAnimatingPosition?
        nonisolated(unsafe) var finalAlpha: CGFloat?
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
            animator.addCompletion { position = $0; finalAlpha = view.alpha; done.fulfill() }
            animator.startAnimation()
            MediaClock.setVirtualTime(1000.5)
            animator.isReversed = true
            XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-6)
            MediaClock.setVirtualTime(1000.75)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 0.75, accuracy: 1e-4, "on its way back")
            XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-6)
            MediaClock.setVirtualTime(1001.1)
            CATransaction.flush()
        }
        wait(for: [done], timeout: 5)
        XCTAssertEqual(position, .start)
        XCTAssertEqual(finalAlpha, 1)
    }

    func testStopAndFinishAtEachPosition() {
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            var positions: [UIViewAnimatingPosition] = []
            for finalPosition in [UIViewAnimatingPosition.current, .start, .end] {
                view.alpha = 1
                let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.alpha = 0 }
                animator.addCompletion { positions.append($0) }
                animator.startAnimation()
                MediaClock.advance(by: 0.5)
                animator.stopAnimation(false)
                XCTAssertEqual(animator.state, .stopped)
                XCTAssertNil(view.layer.animationKeys())
                XCTAssertEqual(view.alpha, 0.5, accuracy: 1e-4, "the model takes the value on screen")
                animator.finishAnimation(at: finalPosition)
                XCTAssertEqual(animator.state, .inactive)
                let expected: CGFloat = finalPosition == .current ? 0.5 : finalPosition == .start ? 1 : 0
                XCTAssertEqual(view.alpha, expected, accuracy: 1e-4)
            }
            XCTAssertEqual(positions, [.current, .start, .end])
            let silent = UIViewPropertyAnimator(duration: 1, dampingRatio: 0.7) { view.center = .zero }
            var called = false
            silent.addCompletion { _ in called = true }
            silent.startAnimation()
            XCTAssertTrue(view.layer.animation(forKey: "position") is CASpringAnimation)
            silent.stopAnimation(true)
            XCTAssertEqual(silent.state, .inactive)
            XCTAssertFalse(called, "stopped without finishing: no completion")
        }
    }

    func testRunningPropertyAnimator() {
        MainActor.assumeIsolated {
            let (_, view) = UIViewAnimationTests.shownView()
            let animator = UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1, delay: 0.5, options: [.curveEaseIn],
                                                                         animations: { view.alpha = 0.5 })
            XCTAssertTrue(animator.isRunning)
            XCTAssertEqual(animator.delay, 0.5)
            XCTAssertEqual(view.layer.animation(forKey: "opacity")?.timingFunction, CAMediaTimingFunction(name: .easeIn))
            MediaClock.advance(by: 0.25)
            XCTAssertEqual(view.layer.presentation()?.opacity ?? -1, 1, accuracy: 1e-4, "still in its delay")
        }
    }
}
