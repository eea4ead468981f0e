import XCTest
import QuartzCore
import LaminaTesting

final class AnimationClassesTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func presented(_ layer: CALayer, at time: Double) -> CALayer {
        MediaClock.setVirtualTime(1000 + time)
        return layer.presentation()!
    }

    func testKeyframesWithKeyTimesDiscreteAndPaced() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "opacity")
        a.values = [0, 1, 0.5]
        a.keyTimes = [0, 0.2, 1]
        a.duration = 1
        layer.add(a, forKey: "o")
        XCTAssertEqual(presented(layer, at: 0.1).opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(presented(layer, at: 0.6).opacity, 0.75, accuracy: 1e-6)
        a.calculationMode = .discrete
        MediaClock.setVirtualTime(1000)
        layer.add(a, forKey: "o")
        XCTAssertEqual(presented(layer, at: 0.1).opacity, 0)            // each value holds until the next key time
        XCTAssertEqual(presented(layer, at: 0.6).opacity, 1)
        let moves = CAKeyframeAnimation(keyPath: "position")
        moves.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 30)]
        moves.calculationMode = .paced                                  // constant speed: 40 units in 1 s
        moves.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(moves, forKey: "p")
        let p = presented(layer, at: 0.5).position
        XCTAssertEqual(p.x, 10, accuracy: 1e-6)
        XCTAssertEqual(p.y, 10, accuracy: 1e-6)
    }

    func testMismatchedKeyTimesAreIgnoredWithAMessage() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 20]
        a.keyTimes = [0, 1]
        a.duration = 1
        let messages = CGDiagnostics.collecting { layer.add(a, forKey: "x") }
        XCTAssertEqual(messages, ["CAKeyframeAnimation: 2 keyTimes for 3 values (linear takes 3); spaced evenly instead."])
        var x: CGFloat = 0
        let later = CGDiagnostics.collecting { x = presented(layer, at: 0.25).position.x }
        XCTAssertEqual(x, 5, accuracy: 1e-9)                            // evenly spaced instead
        XCTAssertEqual(later, [], "reported once, when added, not at every frame")
    }

    func testKeyframesAlongAPath() {
        let layer = CALayer()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 2
        a.rotationMode = .rotateAuto
        layer.add(a, forKey: "p")
        let mid = presented(layer, at: 1.5)
        XCTAssertEqual(mid.position, CGPoint(x: 100, y: 50))
        XCTAssertEqual(mid.transform.m12, 1, accuracy: 1e-6)            // turned to head down the path (+y)
    }

    func testCubicKeyframesPassThroughTheirValues() {
        let layer = CALayer()
        let a = CAKeyframeAnimation(keyPath: "position.x")
        a.values = [0, 10, 0, 10]
        a.calculationMode = .cubic
        a.duration = 3
        layer.add(a, forKey: "x")
        XCTAssertEqual(presented(layer, at: 1).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(presented(layer, at: 2).position.x, 0, accuracy: 1e-9)
        let overshoot = presented(layer, at: 1.5).position.x
        XCTAssertEqual(overshoot, 5, accuracy: 1e-9)                    // symmetric segment: the midpoint
        XCTAssertNotEqual(presented(layer, at: 1.25).position.x, 7.5)   // but curved, not linear
    }

    func testSpringSettlingDurationsMatchApple() {
        let spring = CASpringAnimation(keyPath: "position.x")
        XCTAssertEqual(spring.mass, 1)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 10)
        XCTAssertEqual(spring.settlingDuration, 1.4727, accuracy: 1e-4)
        spring.damping = 20                                             // critically damped
        XCTAssertEqual(spring.settlingDuration, 1.0, accuracy: 1e-3)
        let layer = CALayer()
        let bouncy = CASpringAnimation(keyPath: "position.x")
        bouncy.fromValue = 0
        bouncy.toValue = 100
        bouncy.duration = bouncy.settlingDuration
        layer.add(bouncy, forKey: "x")
        // ζ = 0.5, ω = 10: the first peak overshoots by e^(−π ζ / √(1 − ζ²)) ≈ 16.3 %.
        let peak = (1...100).map { presented(layer, at: Double($0) * 0.005).position.x }.max()!
        XCTAssertEqual(peak, 116.3, accuracy: 0.2)
        XCTAssertEqual(presented(layer, at: bouncy.settlingDuration - 0.0001).position.x, 100, accuracy: 0.2)
        let perceptual = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        XCTAssertEqual(perceptual.stiffness, pow(2 * .pi / 0.5, 2), accuracy: 1e-9)
        XCTAssertEqual(perceptual.damping, 4 * .pi / 0.5, accuracy: 1e-9)
        XCTAssertEqual(perceptual.duration, perceptual.settlingDuration)
    }

    func testGroupTimesItsChildrenInItsOwnTime() {
        let layer = CALayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0; move.toValue = 10; move.duration = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1; fade.toValue = 0; fade.duration = 1
        fade.beginTime = 1                                              // in the group's time
        let group = CAAnimationGroup()
        group.animations = [move, fade]
        group.duration = 2
        layer.add(group, forKey: "g")
        let early = presented(layer, at: 0.5)
        XCTAssertEqual(early.position.x, 5, accuracy: 1e-9)
        XCTAssertEqual(early.opacity, 1)
        let late = presented(layer, at: 1.5)
        XCTAssertEqual(late.position.x, 0)                              // the move has ended (no fill)
        XCTAssertEqual(late.opacity, 0.5, accuracy: 1e-6)
    }

    static func solid(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> CGImage {
        CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8, space: CGColorSpaceCreateDeviceRGB(),
                bitmapInfo: CGBitmapInfo(alpha: .last), provider: CGDataProvider(data: Data([r, g, b, 255, r, g, b, 255, r, g, b, 255, r, g, b, 255]) as CFData)!,
                decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }

    func testInterpolatingTransformsColorsArraysAndPaths() throws {
        let layer = CAGradientLayer()
        let spin = CABasicAnimation(keyPath: "transform")
        spin.fromValue = CATransform3DIdentity
        spin.toValue = CATransform3DMakeRotation(.pi * 0.9, 0, 0, 1)
        spin.duration = 1
        layer.add(spin, forKey: "t")
        let half = presented(layer, at: 0.5).transform
        XCTAssertEqual(half.m11, cos(.pi * 0.45), accuracy: 1e-9)       // rotated half way, not squashed
        XCTAssertEqual(half.m12, sin(.pi * 0.45), accuracy: 1e-9)
        // A key path into the transform, from the model's 0 (an NSNumber that Linux would also
        // cast to Bool: it must still blend).
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.toValue = CGFloat.pi / 2
        turn.duration = 1
        let plain = CALayer()
        MediaClock.setVirtualTime(1000)
        plain.add(turn, forKey: "r")
        XCTAssertEqual((presented(plain, at: 0.5).value(forKeyPath: "transform.rotation.z") as? NSNumber)?.doubleValue ?? 0,
                       .pi / 4, accuracy: 1e-9)
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        tint.toValue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        tint.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(tint, forKey: "c")
        XCTAssertEqual(presented(layer, at: 0.25).backgroundColor?.components, [0.75, 0, 0.25, 0.75])
        let stops = CABasicAnimation(keyPath: "locations")
        stops.fromValue = [0, 0.5]
        stops.toValue = [0.5, 1]
        stops.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(stops, forKey: "l")
        XCTAssertEqual((presented(layer, at: 0.5) as! CAGradientLayer).locations?.map(\.doubleValue), [0.25, 0.75])
        let morph = CABasicAnimation(keyPath: "shadowPath")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 10), transform: nil)
        morph.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(morph, forKey: "s")
        XCTAssertEqual(presented(layer, at: 0.5).shadowPath?.boundingBox.width, 20)
        let before = Self.solid(255, 0, 0), after = Self.solid(0, 0, 255)
        let swap = CABasicAnimation(keyPath: "contents")
        swap.fromValue = before
        swap.toValue = after
        swap.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(swap, forKey: "contents")
        let mixed = try XCTUnwrap(presented(layer, at: 0.25).contents as? CGImage)   // a cross-fade
        let pixel = LaminaTesting.SnapshotComparison.rgba(mixed)
        XCTAssertEqual(Int(pixel[0]), 191, accuracy: 2)
        XCTAssertEqual(Int(pixel[2]), 64, accuracy: 2)
        let hide = CABasicAnimation(keyPath: "hidden")
        hide.fromValue = false
        hide.toValue = true
        hide.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(hide, forKey: "h")
        XCTAssertFalse(presented(layer, at: 0.25).isHidden)            // booleans switch discretely
        XCTAssertTrue(presented(layer, at: 0.75).isHidden)
    }

    func testMalformedAnimationsAreIgnored() {
        let layer = CALayer()
        layer.position = CGPoint(x: 7, y: 7)
        let messages = CGDiagnostics.collecting {
            layer.add(CABasicAnimation(), forKey: "no key path")
            let wrong = CABasicAnimation(keyPath: "position")
            wrong.fromValue = "a string"
            wrong.byValue = CGPoint(x: 1, y: 1)
            wrong.duration = 1
            layer.add(wrong, forKey: "wrong")
            _ = presented(layer, at: 0.5)
            let empty = CAKeyframeAnimation(keyPath: "position")
            empty.values = []
            layer.add(empty, forKey: "empty")
            _ = presented(layer, at: 0.5)
        }
        XCTAssertGreaterThanOrEqual(messages.count, 2, "\(messages)")
        XCTAssertNil(layer.animation(forKey: "no key path"))
        XCTAssertEqual(presented(layer, at: 0.5).position, CGPoint(x: 7, y: 7))
    }

    func testCustomAnimatablePropertiesOnSubclasses() {
        final class Dial: CALayer {
            var progress: CGFloat = 0
            override class var keyValueProperties: [String: LayerProperty] {
                super.keyValueProperties.merging(["progress": .keyPath(\Dial.progress)]) { $1 }
            }
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "progress" || super.needsDisplay(forKey: key)
            }
        }
        let dial = Dial()
        dial.progress = 0.2
        let a = CABasicAnimation(keyPath: "progress")
        a.toValue = 1
        a.duration = 1
        dial.add(a, forKey: "p")
        MediaClock.setVirtualTime(1000.5)
        let now = dial.presentation()!                                  // typed Dial, as on Apple platforms
        XCTAssertEqual(now.progress, 0.6, accuracy: 1e-9)
        XCTAssertEqual(dial.progress, 0.2)                              // the model is untouched
        XCTAssertTrue(now.model() === dial)
        XCTAssertTrue(Dial.needsDisplay(forKey: "progress"))
    }
}

final class AnimationOptionsTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func presented(_ layer: CALayer, at time: Double) -> CALayer {
        MediaClock.setVirtualTime(1000 + time)
        return layer.presentation()!
    }

    func testAdditiveCumulativeAndValueFunctions() {
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 0)
        let shake = CABasicAnimation(keyPath: "position.x")
        shake.fromValue = 0
        shake.toValue = 10
        shake.duration = 1
        shake.isAdditive = true                                        // on top of the model's 100
        layer.add(shake, forKey: "shake")
        XCTAssertEqual(presented(layer, at: 0.5).position.x, 105, accuracy: 1e-9)
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let steps = CABasicAnimation(keyPath: "position.x")
        steps.fromValue = 0
        steps.toValue = 10
        steps.duration = 1
        steps.repeatCount = 3
        steps.isCumulative = true                                      // each cycle starts where the last ended
        layer.add(steps, forKey: "steps")
        XCTAssertEqual(presented(layer, at: 2.5).position.x, 25, accuracy: 1e-9)
        layer.removeAllAnimations()
        MediaClock.setVirtualTime(1000)
        let spin = CABasicAnimation(keyPath: "transform")
        spin.valueFunction = CAValueFunction(name: .rotateZ)
        spin.fromValue = 0
        spin.toValue = CGFloat.pi                                      // half a turn, through 90° at the middle
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        XCTAssertEqual(presented(layer, at: 0.5).transform.m12, 1, accuracy: 1e-9)
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "wobble")))
    }

    func testOverdampedSpringsAreCriticallyDampedUnlessAllowed() {
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.damping = 60                                            // ζ = 3
        let critical = spring.settlingDuration
        spring.allowsOverdamping = true
        XCTAssertGreaterThan(spring.settlingDuration, critical * 2)    // crawls toward rest
        spring.damping = 20
        spring.allowsOverdamping = false
        XCTAssertEqual(spring.settlingDuration, critical, accuracy: 1e-4)
    }

    func testCustomPropertyThatNeedsDisplayRedrawsThePresentationLayer() throws {
        final class Meter: CALayer {
            var level: CGFloat = 0
            override class var keyValueProperties: [String: LayerProperty] {
                super.keyValueProperties.merging(["level": .keyPath(\Meter.level)]) { $1 }
            }
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "level" || super.needsDisplay(forKey: key)
            }
            override func draw(in ctx: CGContext) {                     // a bar as wide as the level
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
            }
        }
        let meter = Meter()
        meter.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        let fill = CABasicAnimation(keyPath: "level")
        fill.fromValue = 0
        fill.toValue = 1
        fill.duration = 1
        meter.add(fill, forKey: "fill")
        let image = try XCTUnwrap(presented(meter, at: 0.3).contents as? CGImage)
        let context = CGContext(data: nil, width: 100, height: 10, bitsPerComponent: 8, bytesPerRow: 400,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: 100, height: 10))
        let row = context.data!.assumingMemoryBound(to: UInt8.self) + 5 * 400
        XCTAssertEqual(row[29 * 4 + 3], 255)                           // drawn up to 30 %
        XCTAssertEqual(row[31 * 4 + 3], 0)
        XCTAssertNil(meter.contents)                                    // the model layer was not drawn
    }

    /// `add(_:forKey:)` refuses values that are not finite, whatever their type (plain numbers
    /// take a shorter check than boxes and structures), and takes finite ones.
    func testAddRefusesValuesThatAreNotFiniteOfEveryNumericType() {
        let values: [(Any, Bool)] = [(Double.nan, false), (CGFloat.infinity, false), (-Double.infinity, false),
                                     (NSNumber(value: Double.nan), false), (Float.nan, false),
                                     (CGPoint(x: CGFloat.nan, y: 0), false), (NSValue(cgPoint: CGPoint(x: 0, y: CGFloat.infinity)), false),
                                     (0, true), (Int.max, true), (0.3, true), (CGFloat(2), true), (Float(1.5), true),
                                     (NSNumber(value: 2), true), (CGPoint(x: 1, y: 2), true)]
        for (value, finite) in values {
            let messages = CGDiagnostics.collecting(during: {
                let layer = CALayer()
                let animation = CABasicAnimation(keyPath: "opacity")
                animation.fromValue = value
                animation.toValue = 1
                layer.add(animation, forKey: "a")
                XCTAssertEqual(layer.animation(forKey: "a") != nil, finite, "\(value)")
            })
            XCTAssertEqual(messages.isEmpty, finite, "\(value): \(messages)")
        }
    }
}
