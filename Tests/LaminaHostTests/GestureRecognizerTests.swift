import XCTest
@testable import LaminaHost

/// Gesture recognizers over synthetic events with explicit timestamps (no window, no waiting).
final class GestureRecognizerTests: XCTestCase {
    /// A 200×200 view with a 100×100 card at (50, 50).
    @MainActor static func board() -> (HostingView, CALayer) {
        let view = HostingView()
        view.layer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let card = CALayer()
        card.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        view.layer.addSublayer(card)
        return (view, card)
    }

    static func event(_ x: CGFloat, _ y: CGFloat, at t: CFTimeInterval, clicks: Int = 1, modifiers: ModifierFlags = []) -> PointerEvent {
        PointerEvent(location: CGPoint(x: x, y: y), button: .left, clickCount: clicks, modifiers: modifiers, timestamp: t)
    }

    func testTapsAndDoubleTaps() {
        MainActor.assumeIsolated {
            let (view, card) = Self.board()
            var taps: [CALayer?] = [], doubles = 0
            let tap = TapGestureRecognizer { taps.append($0.layer) }
            let double = TapGestureRecognizer { _ in doubles += 1 }
            double.numberOfTapsRequired = 2
            view.addGestureRecognizer(tap)
            view.addGestureRecognizer(double)
            XCTAssertEqual(view.gestureRecognizers.count, 2)
            view.deliverMouseDown(Self.event(60, 60, at: 1))
            view.deliverMouseUp(Self.event(62, 61, at: 1.1))
            view.deliverMouseDown(Self.event(60, 60, at: 1.2, clicks: 2))
            view.deliverMouseUp(Self.event(60, 60, at: 1.25, clicks: 2))
            XCTAssertEqual(taps.count, 1)
            XCTAssertTrue(taps.first! === card, "delivered with the hit layer")
            XCTAssertEqual(doubles, 1)
            // A press that wanders off is no tap.
            view.deliverMouseDown(Self.event(60, 60, at: 3))
            view.deliverMouseDragged(Self.event(90, 60, at: 3.1))
            view.deliverMouseUp(Self.event(90, 60, at: 3.2))
            XCTAssertEqual(taps.count, 1)
        }
    }

    func testPanTranslationVelocityAndStates() {
        MainActor.assumeIsolated {
            let (view, card) = Self.board()
            var states: [GestureState] = []
            let pan = PanGestureRecognizer { states.append($0.state) }
            view.addGestureRecognizer(pan)
            view.deliverMouseDown(Self.event(60, 60, at: 10))
            view.deliverMouseDragged(Self.event(62, 60, at: 10.01))              // under 4 points: not yet
            XCTAssertEqual(states, [])
            for i in 1...5 { view.deliverMouseDragged(Self.event(60 + CGFloat(i) * 10, 60 + CGFloat(i) * 5, at: 10 + Double(i) * 0.02)) }
            XCTAssertEqual(pan.translation, CGPoint(x: 50, y: 25))
            XCTAssertEqual(pan.velocity.x, 500, accuracy: 1, "10 points each 20 ms")
            XCTAssertEqual(pan.velocity.y, 250, accuracy: 1)
            XCTAssertTrue(pan.layer === card)
            view.deliverMouseUp(Self.event(110, 85, at: 10.12))
            XCTAssertEqual(states, [.began, .changed, .changed, .changed, .changed, .ended])
            XCTAssertEqual(pan.state, .possible, "ready for the next one")
        }
    }

    func testShiftDragRotatesAboutTheHitLayersCenter() {
        MainActor.assumeIsolated {
            let (view, _) = Self.board()
            var angles: [CGFloat] = []
            let rotation = RotationGestureRecognizer { angles.append(($0 as! RotationGestureRecognizer).rotation) }
            let pan = PanGestureRecognizer { _ in XCTFail("Shift+drag is a rotation, not a pan") }
            view.addGestureRecognizer(rotation)
            view.addGestureRecognizer(pan)
            // From the right of the card's center (100, 100) to below it: a quarter turn clockwise on screen.
            view.deliverMouseDown(Self.event(140, 100, at: 1, modifiers: .shift))
            view.deliverMouseDragged(Self.event(100, 140, at: 1.1, modifiers: .shift))
            view.deliverMouseUp(Self.event(100, 140, at: 1.2, modifiers: .shift))
            XCTAssertEqual(angles.count, 2, "began, ended")
            XCTAssertEqual(Double(angles[0]), .pi / 2, accuracy: 1e-9)
        }
    }

    func testCtrlScrollPinches() {
        MainActor.assumeIsolated {
            let (view, card) = Self.board()
            var states: [GestureState] = []
            let pinch = PinchGestureRecognizer { states.append($0.state) }
            view.addGestureRecognizer(pinch)
            view.deliverScroll(ScrollEvent(location: CGPoint(x: 60, y: 60), deltaX: 0, deltaY: 10))   // no Ctrl: a scroll
            XCTAssertEqual(states, [])
            for _ in 0..<2 { view.deliverScroll(ScrollEvent(location: CGPoint(x: 60, y: 60), deltaX: 0, deltaY: -10, modifiers: .control)) }
            XCTAssertEqual(states, [.began, .changed])
            XCTAssertEqual(pinch.scale, 1.21, accuracy: 1e-9)
            XCTAssertTrue(pinch.layer === card)
            // Smooth Ctrl+scroll scales in proportion: half a step (5 points) is √1.1, and a
            // scroll's zero-delta end changes nothing.
            view.deliverScroll(ScrollEvent(location: CGPoint(x: 60, y: 60), deltaX: 0, deltaY: 5, modifiers: .control,
                                           hasPreciseScrollingDeltas: true, phase: .changed))
            XCTAssertEqual(pinch.scale, 1.21 / 1.1.squareRoot(), accuracy: 1e-9)
            view.deliverScroll(ScrollEvent(location: CGPoint(x: 60, y: 60), deltaX: 0, deltaY: 0, modifiers: .control,
                                           hasPreciseScrollingDeltas: true, phase: .ended))
            XCTAssertEqual(states.count, 3)
        }
    }

    func testLongPressByTheEventsTime() {
        MainActor.assumeIsolated {
            let (view, _) = Self.board()
            var states: [GestureState] = []
            let press = LongPressGestureRecognizer { states.append($0.state) }
            view.addGestureRecognizer(press)
            view.deliverMouseDown(Self.event(60, 60, at: 5))
            view.deliverMouseUp(Self.event(60, 60, at: 5.2))                        // too short
            XCTAssertEqual(states, [])
            view.deliverMouseDown(Self.event(60, 60, at: 6))
            view.deliverMouseDragged(Self.event(63, 60, at: 6.6))
            view.deliverMouseDragged(Self.event(66, 60, at: 6.7))
            view.deliverMouseUp(Self.event(66, 60, at: 6.8))
            XCTAssertEqual(states, [.began, .changed, .ended])
        }
    }

    func testCancelledWhenTheWindowLosesTheFocus() {
        MainActor.assumeIsolated {
            let (view, _) = Self.board()
            var states: [GestureState] = []
            view.addGestureRecognizer(PanGestureRecognizer { states.append($0.state) })
            view.deliverMouseDown(Self.event(60, 60, at: 1))
            view.deliverMouseDragged(Self.event(90, 60, at: 1.1))
            view.interruptGestures()
            XCTAssertEqual(states, [.began, .cancelled])
        }
    }
}
