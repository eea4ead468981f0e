import XCTest
import QuartzCore

/// Key-value coding on animations, written as Apple code uses it.
final class CAAnimationKeyValueCodingTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    final class Listener: CAAnimationDelegate {
        var stopped: [String] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            if let tag = anim.value(forKey: "animationID") as? String { stopped.append(tag) }
        }
    }

    func testTagsTravelToAnimationDidStop() {
        let layer = CALayer()
        let listener = Listener()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.duration = 1
        fade.delegate = listener
        fade.setValue("fadeOut", forKey: "animationID")
        layer.add(fade, forKey: nil)
        layer.updateAnimations(atMediaTime: 1000.5)
        layer.updateAnimations(atMediaTime: 1001)
        XCTAssertEqual(listener.stopped, ["fadeOut"], "the layer's copy carries the tag")
    }

    func testPropertiesByTheirObjectiveCNames() {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.setValue(2.5, forKey: "duration")
        spin.setValue(HUGE, forKey: "repeatCount")
        spin.setValue(false, forKey: "removedOnCompletion")
        spin.setValue("forwards", forKey: "fillMode")
        spin.setValue(CGFloat.pi * 2, forKey: "toValue")
        XCTAssertEqual(spin.duration, 2.5)
        XCTAssertEqual(spin.repeatCount, HUGE)
        XCTAssertFalse(spin.isRemovedOnCompletion)
        XCTAssertEqual(spin.fillMode, .forwards)
        XCTAssertEqual(spin.value(forKey: "keyPath") as? String, "transform.rotation.z")
        XCTAssertEqual((spin.value(forKey: "speed") as? NSNumber)?.floatValue, 1)
        XCTAssertEqual(spin.value(forKey: "fillMode") as? String, "forwards")
        spin.setValue(CAMediaTimingFunction(name: .easeOut), forKey: "timingFunction")
        XCTAssertNotNil(spin.timingFunction)
        spin.setValue(nil, forKey: "timingFunction")
        XCTAssertNil(spin.timingFunction)
        let messages = CGDiagnostics.collecting { spin.setValue("long", forKey: "duration") }
        XCTAssertEqual(spin.duration, 2.5)
        XCTAssertEqual(messages, ["CABasicAnimation.setValue(_:forKey:): String does not fit 'duration'; unchanged."])
        // A key of another class is a custom key here.
        spin.setValue(3, forKey: "mass")
        XCTAssertEqual(spin.value(forKey: "mass") as? Int, 3)
    }

    final class Pulse: CABasicAnimation {
        override class func defaultValue(forKey key: String) -> Any? {
            key == "pulseScale" ? NSNumber(value: 1.2) : super.defaultValue(forKey: key)
        }
    }

    func testDefaults() {
        XCTAssertEqual((CAAnimation.defaultValue(forKey: "speed") as? NSNumber)?.floatValue, 1)
        XCTAssertEqual((CAAnimation.defaultValue(forKey: "removedOnCompletion") as? NSNumber)?.boolValue, true)
        XCTAssertEqual((CASpringAnimation.defaultValue(forKey: "stiffness") as? NSNumber)?.doubleValue, 100)
        XCTAssertNil(CABasicAnimation.defaultValue(forKey: "stiffness"), "not a property of basic animations")
        XCTAssertNil(CAAnimation.defaultValue(forKey: "tag"))
        let pulse = Pulse(keyPath: "transform.scale")
        XCTAssertEqual((pulse.value(forKey: "pulseScale") as? NSNumber)?.doubleValue, 1.2, "unset keys read the class default")
        pulse.setValue(1.5, forKey: "pulseScale")
        XCTAssertEqual(pulse.value(forKey: "pulseScale") as? Double, 1.5)
        XCTAssertTrue(pulse.shouldArchiveValue(forKey: "pulseScale"))
    }
}
