import XCTest
@testable import UIKit

/// Controls: tracking and events through a window's touches, actions and closures, buttons'
/// per-state content, switches and sliders as drawn and driven.
final class UIControlTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated {
            UIKitClock.shared.isManual = true
            MediaClock.setVirtualTime(500)
        }
    }

    override func tearDown() {
        MainActor.assumeIsolated { UIKitClock.shared.isManual = false }
    }

    @MainActor static func window(with control: UIView) -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible()
        window.addSubview(control)
        return window
    }

    @MainActor static func press(_ window: UIWindow, at point: CGPoint, moves: [CGPoint] = [], release: CGPoint? = nil) {
        var t = UIKitClock.shared.now
        window.pointerBegan(at: point, timestamp: t)
        for move in moves {
            t += 0.01
            window.pointerMoved(to: move, timestamp: t)
        }
        t += 0.01
        window.pointerEnded(at: release ?? moves.last ?? point, timestamp: t)
        UIKitClock.shared.advance(to: t + 1)
    }

    /// Records a control's events by name.
    @MainActor static func record(_ control: UIControl) -> () -> [String] {
        var log: [String] = []
        let names: [(UIControl.Event, String)] = [(.touchDown, "down"), (.touchDragInside, "dragInside"), (.touchDragOutside, "dragOutside"),
                                                  (.touchDragEnter, "enter"), (.touchDragExit, "exit"), (.touchUpInside, "upInside"),
                                                  (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"), (.valueChanged, "value"),
                                                  (.primaryActionTriggered, "primary")]
        for (event, name) in names { control.addAction(UIAction { _ in log.append(name) }, for: event) }
        return { defer { log = [] }; return log }
    }

    func testAControlTracksItsTouchAndSendsItsEvents() {
        MainActor.assumeIsolated {
            let control = UIControl(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            let window = Self.window(with: control)
            let events = Self.record(control)
            var highlights: [Bool] = []
            control.addTarget(nil, action: { (control: UIControl) in highlights.append(control.isHighlighted) }, for: [.touchDown, .touchDragExit])
            Self.press(window, at: CGPoint(x: 120, y: 120))
            XCTAssertEqual(events(), ["down", "upInside"])
            // Out past the 70-point slop and back in.
            Self.press(window, at: CGPoint(x: 120, y: 120), moves: [CGPoint(x: 130, y: 120), CGPoint(x: 300, y: 120), CGPoint(x: 140, y: 120)])
            XCTAssertEqual(events(), ["down", "dragInside", "dragOutside", "exit", "dragInside", "enter", "upInside"])
            XCTAssertEqual(highlights, [true, true, false])
            Self.press(window, at: CGPoint(x: 120, y: 120), moves: [CGPoint(x: 300, y: 120)])
            XCTAssertEqual(events(), ["down", "dragOutside", "exit", "upOutside"])
            XCTAssertFalse(control.isHighlighted)
            XCTAssertFalse(control.isTracking)
            control.isEnabled = false
            XCTAssertEqual(control.state, .disabled)
            Self.press(window, at: CGPoint(x: 120, y: 120))
            XCTAssertEqual(events(), [], "a disabled control ignores touches")
        }
    }

    func testARecognizerThatTakesTheTouchCancelsTheControlsTracking() {
        MainActor.assumeIsolated {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
            let control = UIControl(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
            container.addSubview(control)
            let window = Self.window(with: container)
            let events = Self.record(control)
            var panned = false
            container.addGestureRecognizer(UIPanGestureRecognizer(target: nil) { _ in panned = true })
            var tapped = false
            container.addGestureRecognizer(UITapGestureRecognizer(target: nil) { _ in tapped = true })
            Self.press(window, at: CGPoint(x: 120, y: 120), moves: [CGPoint(x: 125, y: 120), CGPoint(x: 140, y: 120)])
            XCTAssertTrue(panned)
            XCTAssertEqual(events(), ["down", "dragInside", "cancel"])
            Self.press(window, at: CGPoint(x: 120, y: 120))
            XCTAssertFalse(tapped, "a superview's tap does not begin over a control")
            XCTAssertEqual(events(), ["down", "upInside"])
        }
    }

    func testActionsWithTheSameIdentifierReplaceEachOtherAndTargetsAreWeak() {
        MainActor.assumeIsolated {
            let control = UIControl(frame: .zero)
            var log: [String] = []
            control.addAction(UIAction(identifier: .init("a")) { _ in log.append("first") }, for: .valueChanged)
            control.addAction(UIAction(identifier: .init("a")) { action in log.append("second \(action.sender is UIControl)") }, for: .valueChanged)
            var target: NSObject? = NSObject()
            control.addTarget(target, action: { _ in log.append("target") }, for: .valueChanged)
            control.sendActions(for: .valueChanged)
            XCTAssertEqual(log, ["second true", "target"])
            target = nil
            log = []
            control.sendActions(for: .valueChanged)
            XCTAssertEqual(log, ["second true"], "a closure whose target is gone stops")
            control.removeAction(identifiedBy: .init("a"), for: .valueChanged)
            XCTAssertEqual(control.allControlEvents, .valueChanged)
            _ = target
        }
    }

    // MARK: Buttons

    func testAButtonsContentFollowsItsStateFallingBackToNormal() {
        MainActor.assumeIsolated {
            let button = UIButton(type: .system)
            button.setTitle("Go", for: .normal)
            button.setTitle("Going", for: .highlighted)
            button.setTitleColor(.red, for: .selected)
            XCTAssertEqual(button.buttonType, .system)
            XCTAssertEqual(button.currentTitle, "Go")
            XCTAssertEqual(button.titleLabel?.text, "Go")
            XCTAssertEqual(button.currentTitleColor, button.tintColor, "a system button's title is in its tint color")
            button.isHighlighted = true
            XCTAssertEqual(button.titleLabel?.text, "Going")
            XCTAssertEqual(button.titleLabel?.alpha ?? 0, 0.2, accuracy: 1e-6, "and dims while highlighted")
            button.isHighlighted = false
            button.isSelected = true
            XCTAssertEqual(button.titleLabel?.text, "Go")
            XCTAssertEqual(button.titleLabel?.textColor, .red)
            XCTAssertNotNil(button.titleLabel?.layer.animation(forKey: "opacity"), "the title fades back in")
            XCTAssertEqual(UIButton(frame: .zero).buttonType, .custom)
            XCTAssertEqual(UIButton(type: .custom).currentTitleColor, .white)
            button.sizeToFit()
            XCTAssertGreaterThan(button.bounds.width, 10)
            XCTAssertEqual(button.bounds.height, ceil(button.titleLabel!.sizeThatFits(CGSize(width: 1000, height: 1000)).height + 12))
        }
    }

    func testAButtonsPrimaryActionRunsOnATapInsideAndGivesItsTitle() {
        MainActor.assumeIsolated {
            var taps = 0
            let button = UIButton(primaryAction: UIAction(title: "Tap me") { _ in taps += 1 })
            XCTAssertEqual(button.buttonType, .system)
            XCTAssertEqual(button.title(for: .normal), "Tap me")
            button.frame = CGRect(x: 10, y: 10, width: 100, height: 44)
            let window = Self.window(with: button)
            let events = Self.record(button)
            Self.press(window, at: CGPoint(x: 50, y: 30))
            XCTAssertEqual(taps, 1)
            XCTAssertEqual(events(), ["down", "upInside", "primary"])
            Self.press(window, at: CGPoint(x: 50, y: 30), moves: [CGPoint(x: 300, y: 200)])
            XCTAssertEqual(taps, 1, "released outside")
            var typed: UIButton?
            button.addTarget(nil, action: { (b: UIButton) in typed = b }, for: .touchUpInside)
            Self.press(window, at: CGPoint(x: 50, y: 30))
            XCTAssertTrue(typed === button, "the closure gets the control as its own type")
        }
    }

    func testACustomButtonDarkensItsImageWhileHighlighted() {
        MainActor.assumeIsolated {
            let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10)).image { context in
                UIColor.white.setFill()
                context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            let button = UIButton(type: .custom)
            button.setImage(image, for: .normal)
            button.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
            button.layoutIfNeeded()
            XCTAssertTrue(button.imageView?.image === image)
            button.isHighlighted = true
            let darkened = button.imageView!.image!
            XCTAssertFalse(darkened === image)
            let pixel = rgba(darkened.cgImage!, 5, 5)
            XCTAssertTrue(close(pixel, [170, 170, 170, 255], tolerance: 4), "\(pixel)")
        }
    }

    // MARK: Switches

    func testASwitchToggleOnATapAnimatesItsThumbAndSendsValueChanged() {
        MainActor.assumeIsolated {
            let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 200, height: 200))
            XCTAssertEqual(toggle.bounds.size, CGSize(width: 51, height: 31), "a switch is always 51 × 31")
            let window = Self.window(with: toggle)
            CATransaction.flush()
            let events = Self.record(toggle)
            XCTAssertEqual(toggle.thumbFrame.minX, 2)
            Self.press(window, at: CGPoint(x: 30, y: 35))
            XCTAssertTrue(toggle.isOn)
            XCTAssertEqual(events(), ["down", "value", "upInside"])
            XCTAssertEqual(toggle.thumbFrame.maxX, 49)
            XCTAssertNotNil(toggle.layer.sublayers?.last?.animation(forKey: "position"), "the thumb slides")
            XCTAssertNotNil(toggle.layer.sublayers?.first?.animation(forKey: "backgroundColor"), "the track's color fades")
            XCTAssertEqual(toggle.trackColor, UIColor.systemGreen.cgColor)
            // A drag to the left side turns it off whatever it was.
            Self.press(window, at: CGPoint(x: 60, y: 35), moves: [CGPoint(x: 40, y: 35), CGPoint(x: 22, y: 35)])
            XCTAssertFalse(toggle.isOn)
            toggle.setOn(true, animated: false)
            XCTAssertEqual(events(), ["down", "dragInside", "dragInside", "value", "upInside"], "setOn sends nothing")
        }
    }

    func testASwitchIsDrawnAsIOSDrawsIt() {
        MainActor.assumeIsolated {
            let toggle = UISwitch(frame: .zero)
            CATransaction.flush()
            let off = frame(of: toggle.layer)!
            // Off: the light gray fill over white at the track's right end, the white thumb on the left.
            XCTAssertTrue(close(rgba(off, 40, 15), [235, 235, 236, 255], tolerance: 4), "\(rgba(off, 40, 15))")
            XCTAssertTrue(close(rgba(off, 15, 15), [255, 255, 255, 255]))
            toggle.setOn(true, animated: false)
            CATransaction.flush()
            let on = frame(of: toggle.layer)!
            XCTAssertTrue(close(rgba(on, 10, 15), [52, 199, 89, 255]), "\(rgba(on, 10, 15))")
            XCTAssertTrue(close(rgba(on, 36, 15), [255, 255, 255, 255]))
            XCTAssertTrue(close(rgba(on, 0, 0), [255, 255, 255, 255]), "the capsule's corner is clear")
        }
    }

    // MARK: Sliders

    func testASliderFollowsItsThumbAndPinsItsValue() {
        MainActor.assumeIsolated {
            let slider = UISlider(frame: CGRect(x: 0, y: 100, width: 228, height: 31))
            let window = Self.window(with: slider)
            let events = Self.record(slider)
            var values: [Float] = []
            slider.addTarget(nil, action: { (s: UISlider) in values.append(s.value) }, for: .valueChanged)
            // The thumb travels 200 points; grabbed at value 0 (x 14) and dragged 100 points: 0.5.
            Self.press(window, at: CGPoint(x: 14, y: 115), moves: [CGPoint(x: 64, y: 115), CGPoint(x: 114, y: 115)])
            XCTAssertEqual(slider.value, 0.5, accuracy: 1e-6)
            XCTAssertEqual(values, [0.25, 0.5])
            XCTAssertEqual(slider.thumbFrame.midX, 114, accuracy: 1e-6)
            _ = events()
            // A press on the track away from the thumb does nothing.
            Self.press(window, at: CGPoint(x: 200, y: 115), moves: [CGPoint(x: 210, y: 115)])
            XCTAssertEqual(slider.value, 0.5)
            XCTAssertFalse(events().contains("value"))
            // Past the end: pinned.
            Self.press(window, at: CGPoint(x: 114, y: 115), moves: [CGPoint(x: 600, y: 115)])
            XCTAssertEqual(slider.value, 1)
            slider.isContinuous = false
            values = []
            Self.press(window, at: CGPoint(x: 214, y: 115), moves: [CGPoint(x: 164, y: 115), CGPoint(x: 114, y: 115)])
            XCTAssertEqual(values, [0.5], "one change at the release")
            slider.value = .nan
            XCTAssertEqual(slider.value, 0.5)
            slider.minimumValue = 10
            XCTAssertEqual(slider.maximumValue, 10)
            XCTAssertEqual(slider.value, 10)
            slider.setValue(-.infinity, animated: true)
            XCTAssertEqual(slider.value, 10)
        }
    }

    func testAnAnimatedValueChangeSlidesTheThumb() {
        MainActor.assumeIsolated {
            let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 228, height: 31))
            _ = Self.window(with: slider)
            CATransaction.flush()
            slider.setValue(1, animated: true)
            XCTAssertEqual(slider.thumbFrame.midX, 214)
            let thumb = slider.layer.sublayers!.last!
            XCTAssertNotNil(thumb.animation(forKey: "position"))
        }
    }
}
