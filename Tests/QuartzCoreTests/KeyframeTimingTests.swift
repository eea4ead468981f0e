import XCTest
import QuartzCore

/// Key times and timing functions of keyframe animations, by the rules Apple documents for each
/// calculation mode.
final class KeyframeTimingTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func y(_ layer: CALayer, at time: Double) -> CGFloat {
        MediaClock.setVirtualTime(1000 + time)
        return layer.presentation()!.position.y
    }

    /// Apple's example: a discrete animation has one more key time than values, and each value
    /// holds from its key time until the next; the last value stays until the end.
    func testDiscreteTakesOneMoreKeyTimeThanValues() {
        let layer = CALayer()
        let bounce = CAKeyframeAnimation(keyPath: "position.y")
        bounce.calculationMode = .discrete
        bounce.values = [10, 20, 60]
        bounce.keyTimes = [0, 0.25, 0.75, 1]
        bounce.duration = 1
        bounce.fillMode = .forwards
        bounce.isRemovedOnCompletion = false
        let messages = CGDiagnostics.collecting { layer.add(bounce, forKey: "bounce") }
        XCTAssertEqual(messages, [], "n + 1 key times are what Apple asks for")
        XCTAssertEqual(y(layer, at: 0.1), 10)
        XCTAssertEqual(y(layer, at: 0.25), 20)
        XCTAssertEqual(y(layer, at: 0.7), 20)
        XCTAssertEqual(y(layer, at: 0.8), 60)
        XCTAssertEqual(y(layer, at: 1.5), 60, "held until the animation completes, and filled after")
    }

    func testDiscreteWithAKeyTimePerValueOrNone() {
        let layer = CALayer()
        let steps = CAKeyframeAnimation(keyPath: "position.y")
        steps.calculationMode = .discrete
        steps.values = [1, 2, 3, 4]
        steps.keyTimes = [0, 0.1, 0.2, 0.9]
        steps.duration = 1
        layer.add(steps, forKey: "steps")
        XCTAssertEqual(y(layer, at: 0.15), 2)
        XCTAssertEqual(y(layer, at: 0.95), 4)
        // No key times: n values take 1/n of the time each.
        let even = CAKeyframeAnimation(keyPath: "position.y")
        even.calculationMode = .discrete
        even.values = [1, 2, 3, 4]
        even.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(even, forKey: "steps")
        XCTAssertEqual(y(layer, at: 0.2), 1)
        XCTAssertEqual(y(layer, at: 0.3), 2)
        XCTAssertEqual(y(layer, at: 0.76), 4)
    }

    func testLinearTakesExactlyOneKeyTimePerValue() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "position.y")
        a.values = [0, 10, 20]
        a.keyTimes = [0, 0.5, 0.75, 1]                     // the discrete count is not linear's
        a.duration = 1
        let messages = CGDiagnostics.collecting { layer.add(a, forKey: "a") }
        XCTAssertEqual(messages, ["CAKeyframeAnimation: 4 keyTimes for 3 values (linear takes 3); spaced evenly instead."])
        XCTAssertEqual(y(layer, at: 0.25), 5, accuracy: 1e-9)
        // Times out of order are taken as Apple's QuartzCore takes them (no segment spans a
        // moment before the first time or after both: the end values hold), with no message.
        let unordered = CAKeyframeAnimation(keyPath: "position.y")
        unordered.values = [0, 10]
        unordered.keyTimes = [0.5, 0.2]
        unordered.duration = 1
        unordered.beginTime = 1000
        XCTAssertEqual(CGDiagnostics.collecting { layer.add(unordered, forKey: "a") }, [])
        XCTAssertEqual(y(layer, at: 0.3), 0, accuracy: 1e-9)
        XCTAssertEqual(y(layer, at: 0.7), 10, accuracy: 1e-9)
        let notFinite = CAKeyframeAnimation(keyPath: "position.y")
        notFinite.values = [0, 10]
        notFinite.keyTimes = [0, NSNumber(value: Double.nan)]
        XCTAssertEqual(CGDiagnostics.collecting { layer.add(notFinite, forKey: "b") },
                       ["CAKeyframeAnimation: keyTimes must be finite numbers; spaced evenly instead."])
    }

    func testOneTimingFunctionPerSegment() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "position.y")
        a.values = [0, 10, 20]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        a.duration = 1
        layer.add(a, forKey: "a")
        XCTAssertLessThan(easeInValue(at: 0.5), 0.4, "ease-in is well below linear halfway")
        XCTAssertEqual(y(layer, at: 0.25), 10 * CGFloat(easeInValue(at: 0.5)), accuracy: 1e-6)
        XCTAssertEqual(y(layer, at: 0.75), 15, accuracy: 1e-9, "the second segment is linear")
    }

    /// Paced modes ignore key times and timing functions: constant speed along the values.
    func testPacedIgnoresKeyTimesAndTimingFunctions() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "position.y")
        a.calculationMode = .paced
        a.values = [0, 10, 40]
        a.keyTimes = [0, 0.9]                                        // wrong, and ignored: no message
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeIn)]
        a.duration = 1
        XCTAssertEqual(CGDiagnostics.collecting { layer.add(a, forKey: "a") }, [])
        XCTAssertEqual(y(layer, at: 0.5), 20, accuracy: 1e-9)
        XCTAssertEqual(y(layer, at: 0.125), 5, accuracy: 1e-9)
    }

    /// The ease-in curve's value at x, found by bisection on its Bézier (Apple's control points).
    private func easeInValue(at x: Double) -> Double {
        let (x1, y1, x2, y2) = (0.42, 0.0, 1.0, 1.0)
        func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, y1, y2)
    }
}
