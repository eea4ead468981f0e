import XCTest
@testable import UIKit

/// Touches, presses and gesture recognition through a window, driven by synthetic pointer
/// events at given times (no X display, no sleeping).
final class UIResponderEventTests: XCTestCase {
    /// Records what reaches it.
    @MainActor final class Recorder: UIView {
        var log: [String] = []
        var name = ""
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name) began"); super.touchesBegan(touches, with: event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name) moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name) ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("\(name) cancelled") }
    }

    /// A recognizer written as iOS subclasses are: recognizes when the touch ends within 10
    /// points of where it began, fails when it moves farther.
    @MainActor final class TouchUpRecognizer: UIGestureRecognizer {
        var start = CGPoint.zero
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { start = touches.first!.location(in: nil) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            let p = touches.first!.location(in: nil)
            if hypot(p.x - start.x, p.y - start.y) > 10 { state = .failed }
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { state = .recognized }
    }

    @MainActor static func makeWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.makeKeyAndVisible()
        return window
    }

    func testTheResponderChainRunsFromTheViewThroughItsSuperviewsToTheWindowAndTheApplication() {
        MainActor.assumeIsolated {
            let window = Self.makeWindow()
            let outer = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 100))
            let inner = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
            window.addSubview(outer)
            outer.addSubview(inner)
            XCTAssertTrue(inner.next === outer)
            XCTAssertTrue(outer.next === window)
            XCTAssertTrue(window.next === UIApplication.shared)
        }
    }

    func testATouchReachesTheDeepestViewHitAndUnhandledTouchesGoUpTheChain() {
        MainActor.assumeIsolated {
            let window = Self.makeWindow()
            let outer = Recorder(frame: CGRect(x: 10, y: 10, width: 100, height: 100)); outer.name = "outer"
            let inner = Recorder(frame: CGRect(x: 10, y: 10, width: 50, height: 50)); inner.name = "inner"
            let hidden = Recorder(frame: CGRect(x: 0, y: 0, width: 200, height: 200)); hidden.name = "hidden"
            hidden.isHidden = true
            window.addSubview(outer)
            outer.addSubview(inner)
            window.addSubview(hidden)
            window.pointerBegan(at: CGPoint(x: 30, y: 30), timestamp: 1)
            window.pointerMoved(to: CGPoint(x: 35, y: 30), timestamp: 1.01)
            window.pointerEnded(at: CGPoint(x: 35, y: 30), timestamp: 1.02)
            // inner's touchesBegan calls super: outer hears it through the chain.
            XCTAssertEqual(inner.log, ["inner began", "inner moved", "inner ended"])
            XCTAssertEqual(outer.log, ["outer began"])
            XCTAssertEqual(hidden.log, [], "a hidden view is not hit")
        }
    }

    func testTheTouchKnowsItsLocationsPhaseAndView() {
        MainActor.assumeIsolated {
            let window = Self.makeWindow()
            final class Watcher: UIView {
                var seen: [(UITouch.Phase, CGPoint, CGPoint, Int)] = []
                var buttons: [UIEvent.ButtonMask] = []
                override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
                override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
                override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note(touches, event) }
                func note(_ touches: Set<UITouch>, _ event: UIEvent?) {
                    let touch = touches.first!
                    XCTAssertTrue(touch.view === self)
                    XCTAssertEqual(event?.allTouches?.count, 1)
                    seen.append((touch.phase, touch.location(in: self), touch.previousLocation(in: self), touch.tapCount))
                    buttons.append(event?.buttonMask ?? [])
                }
            }
            let view = Watcher(frame: CGRect(x: 50, y: 20, width: 100, height: 100))
            window.addSubview(view)
            window.pointerBegan(at: CGPoint(x: 60, y: 30), timestamp: 1, tapCount: 2, buttons: .secondary)
            window.pointerMoved(to: CGPoint(x: 70, y: 40), timestamp: 1.1)
            window.pointerEnded(at: CGPoint(x: 70, y: 40), timestamp: 1.2)
            XCTAssertEqual(view.seen.map(\.0), [.began, .moved, .ended])
            XCTAssertEqual(view.seen[1].1, CGPoint(x: 20, y: 20))
            XCTAssertEqual(view.seen[1].2, CGPoint(x: 10, y: 10))
            XCTAssertEqual(view.seen[0].3, 2)
            XCTAssertEqual(view.buttons.first, .secondary)
        }
    }

    func testARecognizedGestureCancelsTheViewsTouchesAndCallsItsAction() {
        MainActor.assumeIsolated {
            let window = Self.makeWindow()
            let view = Recorder(frame: CGRect(x: 0, y: 0, width: 100, height: 100)); view.name = "view"
            window.addSubview(view)
            var states: [UIGestureRecognizer.State] = []
            let recognizer = TouchUpRecognizer(target: nil) { (r: TouchUpRecognizer) in states.append(r.state) }
            view.addGestureRecognizer(recognizer)
            window.pointerBegan(at: CGPoint(x: 20, y: 20), timestamp: 1)
            window.pointerEnded(at: CGPoint(x: 20, y: 20), timestamp: 1.1)
            XCTAssertEqual(states, [.ended])
            XCTAssertEqual(view.log, ["view began", "view cancelled"], "cancelsTouchesInView")
            XCTAssertEqual(recognizer.state, .possible, "reset after the sequence")

            recognizer.cancelsTouchesInView = false
            view.log = []
            window.pointerBegan(at: CGPoint(x: 20, y: 20), timestamp: 2)
            window.pointerEnded(at: CGPoint(x: 20, y: 20), timestamp: 2.1)
            XCTAssertEqual(view.log, ["view began", "view ended"])

            // A failed gesture leaves the view its touches and calls no action.
            view.log = []; states = []
            window.pointerBegan(at: CGPoint(x: 20, y: 20), timestamp: 3)
            window.pointerMoved(to: CGPoint(x: 60, y: 20), timestamp: 3.1)
            window.pointerEnded(at: CGPoint(x: 60, y: 20), timestamp: 3.2)
            XCTAssertEqual(states, [])
            XCTAssertEqual(view.log, ["view began", "view moved", "view ended"])
        }
    }

    func testRequireToFailHoldsARecognizerUntilTheOtherFailsAndTheDelegateCanRefuse() {
        MainActor.assumeIsolated {
            let window = Self.makeWindow()
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            var fired: [String] = []
            let first = TouchUpRecognizer(target: nil) { _ in fired.append("first") }
            let second = TouchUpRecognizer(target: nil) { _ in fired.append("second") }
            second.require(toFail: first)
            view.addGestureRecognizer(first)
            view.addGestureRecognizer(second)
            window.pointerBegan(at: CGPoint(x: 20, y: 20), timestamp: 1)
            window.pointerEnded(at: CGPoint(x: 20, y: 20), timestamp: 1.1)
            XCTAssertEqual(fired, ["first"], "first recognized, so second (which needed it to fail) failed")

            final class Refuse: UIGestureRecognizerDelegate {
                func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
            }
            let refuse = Refuse()
            first.delegate = refuse
            fired = []
            window.pointerBegan(at: CGPoint(x: 20, y: 20), timestamp: 2)
            window.pointerEnded(at: CGPoint(x: 20, y: 20), timestamp: 2.1)
            XCTAssertEqual(fired, ["second"], "first refused by its delegate failed, so second recognized")
        }
    }

    func testKeysReachTheFirstResponderUnlessAKeyCommandMatches() {
        MainActor.assumeIsolated {
            final class Field: UIView {
                var typed: [String] = []
                var commands = 0
                override var canBecomeFirstResponder: Bool { true }
                override func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) {
                    typed.append(presses.first?.key?.characters ?? "?")
                }
                override var keyCommands: [UIKeyCommand]? {
                    [UIKeyCommand(input: "s", modifierFlags: .control) { [unowned self] _ in commands += 1 }]
                }
            }
            let window = Self.makeWindow()
            let field = Field(frame: CGRect(x: 0, y: 0, width: 50, height: 20))
            window.addSubview(field)
            XCTAssertTrue(field.becomeFirstResponder())
            let a = UIKey(characters: "a", charactersIgnoringModifiers: "a", modifierFlags: [], keyCode: UIKeyboardHIDUsage(x11KeyCode: 38))
            XCTAssertEqual(a.keyCode, .keyboardA, "X keycode 38 is evdev 30, the A key")
            window.deliverKey(a, phase: .began, code: 38, timestamp: 1)
            window.deliverKey(a, phase: .ended, code: 38, timestamp: 1.1)
            let save = UIKey(characters: "\u{13}", charactersIgnoringModifiers: "s", modifierFlags: .control, keyCode: .keyboardS)
            window.deliverKey(save, phase: .began, code: 39, timestamp: 2)
            XCTAssertEqual(field.typed, ["a"])
            XCTAssertEqual(field.commands, 1)
            XCTAssertTrue(field.resignFirstResponder())
        }
    }
}
