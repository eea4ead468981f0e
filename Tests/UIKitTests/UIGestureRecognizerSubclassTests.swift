import XCTest
@testable import UIKit

/// The concrete recognizers' state machines, driven by synthetic pointer and host events at
/// given times on UIKit's manual clock (no sleeping).
final class UIGestureRecognizerSubclassTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated {
            UIKitClock.shared.isManual = true
            MediaClock.setVirtualTime(100)
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated { UIKitClock.shared.isManual = false }
    }

    @MainActor static func makeWindow() -> (UIWindow, UIView) {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.makeKeyAndVisible()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(view)
        return (window, view)
    }

    /// A press and release at `point`, at the clock's time, then `gap` seconds on.
    @MainActor static func tap(_ window: UIWindow, at point: CGPoint = CGPoint(x: 50, y: 50), gap: TimeInterval = 0.1) {
        let t = UIKitClock.shared.now
        window.pointerBegan(at: point, timestamp: t)
        UIKitClock.shared.advance(to: t + 0.05)
        window.pointerEnded(at: point, timestamp: t + 0.05)
        UIKitClock.shared.advance(to: t + 0.05 + gap)
    }

    /// A drag from `from` by `by`, in `steps` moves `dt` apart, released `hold` after the last.
    @MainActor static func drag(_ window: UIWindow, from: CGPoint, by: CGPoint, steps: Int = 10, dt: TimeInterval = 0.01,
                         hold: TimeInterval = 0.005, release: Bool = true) {
        var t = UIKitClock.shared.now
        window.pointerBegan(at: from, timestamp: t)
        for i in 1...steps {
            t += dt
            UIKitClock.shared.advance(to: t)
            let f = CGFloat(i) / CGFloat(steps)
            window.pointerMoved(to: CGPoint(x: from.x + by.x * f, y: from.y + by.y * f), timestamp: t)
        }
        guard release else { return }
        t += hold
        UIKitClock.shared.advance(to: t)
        window.pointerEnded(at: CGPoint(x: from.x + by.x, y: from.y + by.y), timestamp: t)
    }

    // MARK: Taps

    func testASingleTapRecognizesAtTheRelease() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var states: [UIGestureRecognizer.State] = []
            let tapRecognizer = UITapGestureRecognizer(target: nil) { states.append($0.state) }
            view.addGestureRecognizer(tapRecognizer)
            Self.tap(window)
            XCTAssertEqual(states, [.ended])
            XCTAssertEqual(tapRecognizer.state, .possible, "reset for the next tap")
            Self.drag(window, from: CGPoint(x: 50, y: 50), by: CGPoint(x: 30, y: 0))
            XCTAssertEqual(states, [.ended], "a press that moves is no tap")
        }
    }

    func testADoubleTapIsToldFromTwoTapsWithRequireToFail() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var log: [String] = []
            let double = UITapGestureRecognizer(target: nil) { _ in log.append("double") }
            double.numberOfTapsRequired = 2
            let single = UITapGestureRecognizer(target: nil) { _ in log.append("single") }
            single.require(toFail: double)
            view.addGestureRecognizer(double)
            view.addGestureRecognizer(single)

            // Two taps close together: the double tap, and no single tap.
            Self.tap(window, gap: 0.1)
            XCTAssertEqual(log, [], "the single tap waits for the double tap to fail")
            Self.tap(window, gap: 0.5)
            XCTAssertEqual(log, ["double"])

            // One tap, then the interval passes: the single tap, late by the interval.
            log = []
            let t = UIKitClock.shared.now
            Self.tap(window, gap: 0.2)
            XCTAssertEqual(log, [])
            UIKitClock.shared.advance(to: t + 0.05 + 0.36)
            XCTAssertEqual(log, ["single"])

            // Two taps too far apart in time: two single taps.
            log = []
            Self.tap(window, gap: 0.5)
            Self.tap(window, gap: 0.5)
            XCTAssertEqual(log, ["single", "single"])

            // Two taps too far apart in space: no double tap.
            log = []
            Self.tap(window, at: CGPoint(x: 50, y: 50), gap: 0.1)
            Self.tap(window, at: CGPoint(x: 200, y: 200), gap: 0.5)
            XCTAssertFalse(log.contains("double"))
        }
    }

    func testATapNeedsItsButtonAndAPointerCannotMakeTwoTouches() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var count = 0
            let secondary = UITapGestureRecognizer(target: nil) { _ in count += 1 }
            secondary.buttonMaskRequired = .secondary
            view.addGestureRecognizer(secondary)
            Self.tap(window)
            XCTAssertEqual(count, 0)
            let t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 5, y: 5), timestamp: t, buttons: .secondary)
            window.pointerEnded(at: CGPoint(x: 5, y: 5), timestamp: t + 0.05)
            XCTAssertEqual(count, 1)
            let twoFingers = UITapGestureRecognizer(target: nil) { _ in count += 10 }
            twoFingers.numberOfTouchesRequired = 2
            view.addGestureRecognizer(twoFingers)
            Self.tap(window)
            XCTAssertEqual(count, 1)
        }
    }

    // MARK: Long press

    func testALongPressBeginsAfterItsDurationOnTheClock() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var states: [UIGestureRecognizer.State] = []
            let press = UILongPressGestureRecognizer(target: nil) { states.append($0.state) }
            press.minimumPressDuration = 0.8
            view.addGestureRecognizer(press)
            let t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 50, y: 50), timestamp: t)
            UIKitClock.shared.advance(to: t + 0.79)
            XCTAssertEqual(states, [])
            UIKitClock.shared.advance(to: t + 0.81)
            XCTAssertEqual(states, [.began], "begins while the pointer holds still")
            window.pointerMoved(to: CGPoint(x: 80, y: 50), timestamp: t + 0.9)
            window.pointerEnded(at: CGPoint(x: 80, y: 50), timestamp: t + 1)
            XCTAssertEqual(states, [.began, .changed, .ended])
        }
    }

    func testALongPressFailsWhenReleasedEarlyOrMovedTooFar() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var states: [UIGestureRecognizer.State] = []
            let press = UILongPressGestureRecognizer(target: nil) { states.append($0.state) }
            press.allowableMovement = 5
            view.addGestureRecognizer(press)
            Self.tap(window, gap: 1)
            XCTAssertEqual(states, [])
            let t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 50, y: 50), timestamp: t)
            window.pointerMoved(to: CGPoint(x: 56, y: 50), timestamp: t + 0.1)
            UIKitClock.shared.advance(to: t + 1)
            XCTAssertEqual(states, [], "moved past its allowable movement")
            window.pointerEnded(at: CGPoint(x: 56, y: 50), timestamp: t + 1)
            press.minimumPressDuration = .nan
            let u = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 50, y: 50), timestamp: u)
            UIKitClock.shared.advance(to: u + 0.001)
            XCTAssertEqual(states, [.began], "a NaN duration counts as none")
            window.pointerEnded(at: CGPoint(x: 50, y: 50), timestamp: u + 0.01)
        }
    }

    func testALongPressBeatsATapOnTheSameView() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var log: [String] = []
            view.addGestureRecognizer(UITapGestureRecognizer(target: nil) { _ in log.append("tap") })
            view.addGestureRecognizer(UILongPressGestureRecognizer(target: nil) { log.append("press \($0.state.rawValue)") })
            let t = UIKitClock.shared.now
            window.pointerBegan(at: CGPoint(x: 50, y: 50), timestamp: t)
            UIKitClock.shared.advance(to: t + 0.6)
            window.pointerEnded(at: CGPoint(x: 50, y: 50), timestamp: t + 0.6)
            XCTAssertEqual(log, ["press 1", "press 3"])
        }
    }

    // MARK: Pan

    func testAPanBeginsPastItsHysteresisAndReportsTranslationAndVelocity() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var log: [(UIGestureRecognizer.State, CGPoint, CGPoint)] = []
            let pan = UIPanGestureRecognizer(target: nil) { log.append(($0.state, $0.translation(in: view), $0.velocity(in: view))) }
            view.addGestureRecognizer(pan)
            // 100 points right in 0.1 s: 1,000 points a second, released while moving.
            Self.drag(window, from: CGPoint(x: 50, y: 50), by: CGPoint(x: 100, y: 0), steps: 10, dt: 0.01, hold: 0)
            XCTAssertEqual(log.first?.0, .began)
            XCTAssertEqual(log.first?.1, .zero, "the translation counts from where the pan began")
            XCTAssertEqual(log.last?.0, .ended)
            XCTAssertEqual(log.last?.1.x ?? 0, 90, accuracy: 0.001, "100 points less the 10 it took to begin")
            XCTAssertEqual(log.last?.2.x ?? 0, 1000, accuracy: 1)
            XCTAssertEqual(log.last?.2.y ?? 1, 0, accuracy: 0.001)
            XCTAssertEqual(log.dropFirst().dropLast().allSatisfy { $0.0 == .changed }, true)
        }
    }

    func testAPanHeldStillBeforeTheReleaseEndsWithNoVelocity() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var velocity = CGPoint(x: -1, y: -1)
            view.addGestureRecognizer(UIPanGestureRecognizer(target: nil) { if $0.state == .ended { velocity = $0.velocity(in: nil) } })
            Self.drag(window, from: CGPoint(x: 50, y: 50), by: CGPoint(x: 0, y: 100), hold: 0.3)
            XCTAssertEqual(velocity, .zero)
        }
    }

    func testSetTranslationGivesIncrementsInTheViewsCoordinates() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
            view.addSubview(scaled)
            var increments: [CGFloat] = []
            var inScaled: CGFloat = 0
            let pan = UIPanGestureRecognizer(target: nil) { pan in
                increments.append(pan.translation(in: view).x)
                pan.setTranslation(.zero, in: view)
                inScaled = pan.velocity(in: scaled).x / max(pan.velocity(in: view).x, 1)
            }
            view.addGestureRecognizer(pan)
            Self.drag(window, from: CGPoint(x: 50, y: 50), by: CGPoint(x: 50, y: 0), steps: 5, dt: 0.01, hold: 0)
            XCTAssertEqual(increments.reduce(0, +), 40, accuracy: 0.001)
            XCTAssertEqual(increments.dropFirst().filter { abs($0 - 10) > 0.001 }.count, 1, "10 points a move but the release's 0")
            XCTAssertEqual(inScaled, 0.5, accuracy: 0.001, "a view scaled 2× sees half the speed")
            pan.setTranslation(CGPoint(x: CGFloat.nan, y: .infinity), in: view)
            XCTAssertEqual(pan.translation(in: view), .zero)
        }
    }

    func testAPanThatNeverMovesFarEnoughFailsAndTheTapGetsIt() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var log: [String] = []
            view.addGestureRecognizer(UIPanGestureRecognizer(target: nil) { _ in log.append("pan") })
            view.addGestureRecognizer(UITapGestureRecognizer(target: nil) { _ in log.append("tap") })
            Self.drag(window, from: CGPoint(x: 50, y: 50), by: CGPoint(x: 5, y: 0), steps: 2)
            XCTAssertEqual(log, ["tap"])
        }
    }

    // MARK: Swipe

    func testASwipeRecognizesAFastStraightDragInItsDirection() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var log: [String] = []
            let left = UISwipeGestureRecognizer(target: nil) { _ in log.append("left") }
            left.direction = .left
            let upOrDown = UISwipeGestureRecognizer(target: nil) { _ in log.append("vertical") }
            upOrDown.direction = [.up, .down]
            view.addGestureRecognizer(left)
            view.addGestureRecognizer(upOrDown)
            Self.drag(window, from: CGPoint(x: 200, y: 200), by: CGPoint(x: -80, y: 10), steps: 8, dt: 0.02)
            XCTAssertEqual(log, ["left"])
            Self.drag(window, from: CGPoint(x: 200, y: 100), by: CGPoint(x: 0, y: 80), steps: 8, dt: 0.02)
            XCTAssertEqual(log, ["left", "vertical"])
            Self.drag(window, from: CGPoint(x: 200, y: 200), by: CGPoint(x: 80, y: 0), steps: 8, dt: 0.02)
            XCTAssertEqual(log, ["left", "vertical"], "the wrong way")
            Self.drag(window, from: CGPoint(x: 200, y: 200), by: CGPoint(x: -80, y: 0), steps: 8, dt: 0.2)
            XCTAssertEqual(log, ["left", "vertical"], "too slow")
        }
    }

    // MARK: Pinch and rotation

    func testAHostPinchScalesAndATouchpadTurnRotates() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var scales: [CGFloat] = [], rotations: [CGFloat] = []
            var states: [UIGestureRecognizer.State] = []
            let pinch = UIPinchGestureRecognizer(target: nil) { scales.append($0.scale); states.append($0.state) }
            let rotation = UIRotationGestureRecognizer(target: nil) { rotations.append($0.rotation) }
            let delegate = Simultaneous()
            pinch.delegate = delegate
            view.addGestureRecognizer(pinch)
            view.addGestureRecognizer(rotation)
            let t = UIKitClock.shared.now
            let p = CGPoint(x: 100, y: 100)
            window.transformed(at: p, phase: .began, magnification: 0.1, rotation: 0.1, timestamp: t)
            window.transformed(at: p, phase: .changed, magnification: 0.1, rotation: 0.2, timestamp: t + 0.1)
            window.transformed(at: p, phase: .ended, magnification: 0, rotation: 0, timestamp: t + 0.2)
            XCTAssertEqual(states, [.began, .changed, .ended])
            XCTAssertEqual(scales.last ?? 0, 1.21, accuracy: 1e-6)
            XCTAssertEqual(rotations.last ?? 0, 0.3, accuracy: 1e-6)
            XCTAssertEqual(pinch.location(in: view), p)
            _ = delegate
        }
    }

    func testCtrlScrollPinchesAndEndsAfterAPause() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var states: [UIGestureRecognizer.State] = []
            var scale: CGFloat = 0
            view.addGestureRecognizer(UIPinchGestureRecognizer(target: nil) { states.append($0.state); scale = $0.scale })
            let t = UIKitClock.shared.now
            window.scrolled(at: CGPoint(x: 10, y: 10), delta: CGPoint(x: 0, y: -10), precise: false, began: false, ended: false,
                            modifiers: .control, timestamp: t)
            window.scrolled(at: CGPoint(x: 10, y: 10), delta: CGPoint(x: 0, y: -10), precise: false, began: false, ended: false,
                            modifiers: .control, timestamp: t + 0.1)
            XCTAssertEqual(states, [.began, .changed])
            XCTAssertEqual(scale, 1.21, accuracy: 1e-6)
            UIKitClock.shared.advance(to: t + 0.5)
            XCTAssertEqual(states, [.began, .changed, .ended])
            window.transformed(at: .zero, phase: .changed, magnification: .nan, rotation: .infinity, timestamp: t + 1)
            XCTAssertEqual(scale, 1, "a NaN step scales by nothing")
        }
    }

    func testShiftDragRotatesAboutTheViewsCenter() {
        MainActor.assumeIsolated {
            let (window, view) = Self.makeWindow()
            var rotation: CGFloat = 0
            view.addGestureRecognizer(UIRotationGestureRecognizer(target: nil) { rotation = $0.rotation })
            let t = UIKitClock.shared.now
            // From right of the center (200, 200) to below it: a quarter turn clockwise.
            window.pointerBegan(at: CGPoint(x: 300, y: 200), timestamp: t, modifiers: .shift)
            window.pointerMoved(to: CGPoint(x: 270.71, y: 270.71), timestamp: t + 0.05)
            window.pointerMoved(to: CGPoint(x: 200, y: 300), timestamp: t + 0.1)
            window.pointerEnded(at: CGPoint(x: 200, y: 300), timestamp: t + 0.15)
            XCTAssertEqual(rotation, .pi / 2, accuracy: 1e-3)
        }
    }

    @MainActor final class Simultaneous: NSObject, UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    }
}
