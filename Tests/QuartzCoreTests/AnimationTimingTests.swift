import XCTest
import QuartzCore

final class AnimationTimingTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testTimingFunctionsMatchApple() {
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn).evaluate(0.5), 0.315357, accuracy: 1e-5)
        XCTAssertEqual(CAMediaTimingFunction(name: .default).evaluate(0.5), 0.802403, accuracy: 1e-5)
        XCTAssertEqual(CAMediaTimingFunction(name: .easeInEaseOut).evaluate(0.5), 0.5, accuracy: 1e-6)   // Float control points
        XCTAssertEqual(CAMediaTimingFunction(name: .easeOut).evaluate(0.5), 1 - 0.315357, accuracy: 1e-5)
        XCTAssertEqual(CAMediaTimingFunction(name: .linear).evaluate(0.3), 0.3, accuracy: 1e-9)
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn).evaluate(0), 0)
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn).evaluate(1), 1)
        var point: [Float] = [0, 0]
        CAMediaTimingFunction(name: .easeInEaseOut).getControlPoint(at: 1, values: &point)
        XCTAssertEqual(point, [0.42, 0])
        CAMediaTimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).getControlPoint(at: 2, values: &point)
        XCTAssertEqual(point, [0.3, 0.4])
        XCTAssertEqual(CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
    }

    func testVirtualClock() {
        XCTAssertEqual(CACurrentMediaTime(), 1000)
        MediaClock.advance(by: 0.5)
        XCTAssertEqual(CACurrentMediaTime(), 1000.5)
        MediaClock.useSystemTime()
        let a = CACurrentMediaTime(), b = CACurrentMediaTime()
        XCTAssertGreaterThanOrEqual(b, a)
        XCTAssertFalse(MediaClock.isVirtual)
    }

    /// The layer's `position.x` as presented at `time` seconds after 1000.
    func x(_ layer: CALayer, at time: Double) -> CGFloat {
        MediaClock.setVirtualTime(1000 + time)
        return layer.presentation()!.position.x
    }

    func basic(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = from; a.toValue = to; a.byValue = by
        a.duration = 1
        return a
    }

    func testFromToByCombinations() {
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 0)
        let cases: [(CABasicAnimation, start: CGFloat, end: CGFloat)] = [
            (basic(from: 0, to: 10), 0, 10),
            (basic(from: 0, by: 10), 0, 10),
            (basic(to: 50, by: 10), 40, 50),
            (basic(from: 20), 20, 100),
            (basic(to: 20), 100, 20),
            (basic(by: 10), 100, 110),
            (basic(), 100, 100),
        ]
        for (animation, start, end) in cases {
            MediaClock.setVirtualTime(1000)
            layer.add(animation, forKey: "x")
            XCTAssertEqual(x(layer, at: 0), start, accuracy: 1e-9)
            XCTAssertEqual(x(layer, at: 0.5), (start + end) / 2, accuracy: 1e-9)
            XCTAssertEqual(x(layer, at: 0.999999), end, accuracy: 1e-3)
            XCTAssertEqual(x(layer, at: 1.5), 100)                      // removed fill: the model value
            layer.removeAllAnimations()
        }
    }

    func testRepeatAutoreverseFillAndZeroDuration() {
        let layer = CALayer()
        let a = basic(from: 0, to: 10)
        a.repeatCount = 2
        a.autoreverses = true
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        layer.add(a, forKey: "x")
        XCTAssertEqual(x(layer, at: 0.5), 5, accuracy: 1e-9)
        XCTAssertEqual(x(layer, at: 1.5), 5, accuracy: 1e-9)           // on the way back
        XCTAssertEqual(x(layer, at: 2.25), 2.5, accuracy: 1e-9)        // second cycle
        XCTAssertEqual(x(layer, at: 10), 0, accuracy: 1e-9)            // held at the (reversed) end
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let b = basic(from: 0, to: 10)
        b.duration = 0                                                  // 0.25 s, as on Apple platforms
        b.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + 1
        b.fillMode = .backwards
        layer.add(b, forKey: "x")
        XCTAssertEqual(x(layer, at: 0.5), 0)                            // before the start: filled backwards
        XCTAssertEqual(x(layer, at: 1.125), 5, accuracy: 1e-9)
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let c = basic(from: 0, to: 10)
        c.repeatCount = .infinity
        layer.add(c, forKey: "x")
        XCTAssertEqual(x(layer, at: 12345.25), 2.5, accuracy: 1e-6)
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let d = basic(from: 0, to: 10)
        d.repeatDuration = 1.5
        d.fillMode = .forwards
        d.isRemovedOnCompletion = false
        layer.add(d, forKey: "x")
        XCTAssertEqual(x(layer, at: 3), 5, accuracy: 1e-9)             // stopped half way through cycle 2
    }

    func testSpeedTimeOffsetAndPausingAsAppsDoIt() {
        let layer = CALayer()
        let a = basic(from: 0, to: 10)
        a.speed = 2
        layer.add(a, forKey: "x")
        XCTAssertEqual(x(layer, at: 0.25), 5, accuracy: 1e-9)
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let b = basic(from: 0, to: 10)
        b.timeOffset = 0.5                                              // starts half way, wraps round
        layer.add(b, forKey: "x")
        XCTAssertEqual(x(layer, at: 0), 5, accuracy: 1e-9)
        XCTAssertEqual(x(layer, at: 0.75), 2.5, accuracy: 1e-9)
        layer.removeAllAnimations()
        // Pause: speed 0 with timeOffset at the current layer time; scrub by moving timeOffset.
        MediaClock.setVirtualTime(1000)
        layer.add(basic(from: 0, to: 10), forKey: "x")
        MediaClock.setVirtualTime(1000.3)
        let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
        layer.speed = 0
        layer.timeOffset = paused
        XCTAssertEqual(x(layer, at: 5), 3, accuracy: 1e-9)             // frozen at 30 %
        layer.timeOffset = paused + 0.4
        XCTAssertEqual(x(layer, at: 5), 7, accuracy: 1e-9)             // scrubbed to 70 %
    }

    func testConvertTimeThroughATreeOfBeginTimesAndSpeeds() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        root.beginTime = 10
        root.speed = 2
        child.timeOffset = 3
        child.speed = 0.5
        grandchild.beginTime = 1
        // Media 20 → root (20 − 10)·2 = 20 → child 20·0.5 + 3 = 13 → grandchild 13 − 1 = 12.
        XCTAssertEqual(grandchild.convertTime(20, from: nil), 12, accuracy: 1e-12)
        XCTAssertEqual(grandchild.convertTime(12, to: nil), 20, accuracy: 1e-12)
        XCTAssertEqual(child.convertTime(12, from: grandchild), 13, accuracy: 1e-12)
        XCTAssertEqual(root.convertTime(13, from: child), 20, accuracy: 1e-12)
    }

    func testReverseWithNegativeSpeed() {
        let layer = CALayer()
        let a = basic(from: 0, to: 10)
        a.speed = -1
        layer.add(a, forKey: "x")
        XCTAssertEqual(x(layer, at: 0.25), 7.5, accuracy: 1e-9)
    }
}
