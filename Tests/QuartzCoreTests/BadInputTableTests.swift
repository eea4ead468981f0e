import XCTest
@testable import QuartzCore
import LaminaTesting

/// The bad-input table: every numeric property of layers, animations, timing functions and
/// springs fed NaN, ±∞, ±1e300, a negative number and zero, then the tree rendered offscreen by
/// both paths a window uses (the layer renderer and the compositor) at several times. No case
/// may crash or hang, a value that is not a number is refused with exactly one message, and
/// rendering adds none (a bad animation is not logged every frame).
final class BadInputTableTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    static let values: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, -5, 0]

    /// A property under test: how to set it from one number, and whether +∞ is a meaningful
    /// value of it (repeat counts and durations: forever).
    struct Property: Sendable {
        let name: String
        var infinityIsValid = false
        let set: @Sendable (CALayer, CABasicAnimation, CGFloat) -> Void
    }

    static let layerProperties: [Property] = [
        Property(name: "bounds.origin.x") { l, _, v in l.bounds.origin.x = v },
        Property(name: "bounds.size.width") { l, _, v in l.bounds.size.width = v },
        Property(name: "bounds.size.height") { l, _, v in l.bounds.size.height = v },
        Property(name: "position.x") { l, _, v in l.position.x = v },
        Property(name: "position.y") { l, _, v in l.position.y = v },
        Property(name: "frame.origin.x") { l, _, v in l.frame.origin.x = v },
        Property(name: "frame.size.width") { l, _, v in l.frame.size.width = v },
        Property(name: "zPosition") { l, _, v in l.zPosition = v },
        Property(name: "anchorPoint.x") { l, _, v in l.anchorPoint.x = v },
        Property(name: "anchorPointZ") { l, _, v in l.anchorPointZ = v },
        Property(name: "transform.scale") { l, _, v in l.transform = CATransform3DMakeScale(v, v, 1) },
        Property(name: "transform.translation") { l, _, v in l.transform = CATransform3DMakeTranslation(v, v, v) },
        Property(name: "transform.rotation") { l, _, v in l.transform = CATransform3DMakeRotation(v, 0, 0, 1) },
        Property(name: "transform.m34") { l, _, v in var t = CATransform3DIdentity; t.m34 = v; l.transform = t },
        Property(name: "sublayerTransform.scale") { l, _, v in l.sublayerTransform = CATransform3DMakeScale(v, 1, 1) },
        Property(name: "opacity") { l, _, v in l.opacity = Float(v) },
        Property(name: "cornerRadius") { l, _, v in l.cornerRadius = v },
        Property(name: "borderWidth") { l, _, v in l.borderWidth = v },
        Property(name: "shadowOpacity") { l, _, v in l.shadowOpacity = Float(v) },
        Property(name: "shadowRadius") { l, _, v in l.shadowRadius = v },
        Property(name: "shadowOffset.width") { l, _, v in l.shadowOffset.width = v },
        Property(name: "shadowPath") { l, _, v in
            l.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: v, height: v), transform: nil)
        },
        Property(name: "contentsScale") { l, _, v in l.contentsScale = v },
        Property(name: "rasterizationScale") { l, _, v in l.shouldRasterize = true; l.rasterizationScale = v },
        Property(name: "contentsRect.size.width") { l, _, v in l.contentsRect.size.width = v },
        Property(name: "contentsCenter.origin.x") { l, _, v in l.contentsCenter.origin.x = v },
        Property(name: "beginTime") { l, _, v in l.beginTime = v },
        Property(name: "duration") { l, _, v in l.duration = v },
        Property(name: "speed") { l, _, v in l.speed = Float(v) },
        Property(name: "timeOffset") { l, _, v in l.timeOffset = v },
        Property(name: "repeatCount", infinityIsValid: true) { l, _, v in l.repeatCount = Float(v) },
        Property(name: "repeatDuration", infinityIsValid: true) { l, _, v in l.repeatDuration = v },
    ]

    static let animationProperties: [Property] = [
        Property(name: "animation.beginTime") { _, a, v in a.beginTime = v },
        Property(name: "animation.duration") { _, a, v in a.duration = v },
        Property(name: "animation.speed") { _, a, v in a.speed = Float(v) },
        Property(name: "animation.timeOffset") { _, a, v in a.timeOffset = v },
        Property(name: "animation.repeatCount", infinityIsValid: true) { _, a, v in a.repeatCount = Float(v) },
        Property(name: "animation.repeatDuration", infinityIsValid: true) { _, a, v in a.repeatDuration = v },
        Property(name: "animation.toValue") { _, a, v in a.toValue = v },
        Property(name: "animation.timingFunction") { _, a, v in a.timingFunction = CAMediaTimingFunction(controlPoints: 0.5, Float(v), 0.5, 1) },
    ]

    /// A tree with one layer of every feature (background, border, shadow, contents, a sublayer,
    /// an animation of `position.x`), or, not `rich`, one the compositor places itself (a
    /// background and a border), the property set on that layer or its animation before the
    /// animation is added.
    func tree(_ property: Property, _ value: CGFloat, rich: Bool) -> (root: CALayer, messages: [String]) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
        let layer = CALayer()
        layer.frame = CGRect(x: 8, y: 8, width: 30, height: 20)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.borderColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.borderWidth = 2
        layer.cornerRadius = 4
        if rich {
            layer.shadowOpacity = 0.5
            layer.shadowRadius = 3
            layer.contents = Self.image
            let sub = CALayer()
            sub.frame = CGRect(x: 2, y: 2, width: 6, height: 6)
            sub.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            layer.addSublayer(sub)
        }
        root.addSublayer(layer)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 40
        slide.duration = 1
        let messages = CGDiagnostics.collecting {
            property.set(layer, slide, value)
            layer.add(slide, forKey: "slide")
        }
        return (root, messages)
    }

    static let image: CGImage = {
        let c = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.setFillColor(CGColor(red: 1, green: 1, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        return c.makeImage()!
    }()

    /// Renders `root` at a few times through the renderer, the compositor and presentation.
    func renderFrames(_ root: CALayer) -> [String] {
        CGDiagnostics.collecting {
            let compositor = Compositor()
            for t in [0.0, 0.5, 2.0] {
                let ctx = CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                guard let tree = RenderTree(root) else { continue }
                tree.draw(atMediaTime: 1000 + t, in: ctx, context: compositor.context)
                _ = compositor.composite(tree, atMediaTime: 1000 + t, scale: 2, into: ctx)
                MediaClock.setVirtualTime(1000 + t)
                _ = root.sublayers?.first?.presentation()
            }
        }
    }

    func check(_ properties: [Property]) {
        for property in properties {
            for value in Self.values {
              for rich in [true, false] {
                let (root, setMessages) = tree(property, value, rich: rich)
                let frameMessages = renderFrames(root)
                let label = "\(property.name) = \(value)\(rich ? "" : " (plain layer)")"
                if value.isNaN || value.isInfinite && !(property.infinityIsValid && value > 0) {
                    XCTAssertEqual(setMessages.count, 1, "\(label): \(setMessages)")
                } else {
                    XCTAssertLessThanOrEqual(setMessages.count, 1, "\(label): \(setMessages)")
                }
                XCTAssertEqual(frameMessages, [], "\(label): rendering logged")
                MediaClock.setVirtualTime(1000)
              }
            }
        }
    }

    func testLayerProperties() { check(Self.layerProperties) }

    /// Key-value coding converts numbers to whole-number properties only where they fit: NaN,
    /// 1e300 and negative masks are refused with one message (`Int(…)` of them trapped).
    func testKeyValueCodingRefusesNumbersThatDoNotFit() {
        for key in ["maskedCorners", "edgeAntialiasingMask"] {
            for value in [Double.nan, .infinity, 1e300, -5] {
                let layer = CALayer()
                let before = layer.value(forKey: key) as? NSNumber
                let messages = CGDiagnostics.collecting { layer.setValue(value, forKey: key) }
                XCTAssertEqual(messages.count, 1, "\(key) = \(value): \(messages)")
                XCTAssertEqual(layer.value(forKey: key) as? NSNumber, before, "\(key) = \(value) changed the value")
            }
        }
    }

    /// A refused value is validated before anything hears of a change: no implicit animation, no
    /// new snapshot (a window would draw nothing new), and it does not count as set.
    func testARefusedValueReportsNoChange() {
        let reported = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",   // timing: no actions
                        "shadowPath", "rasterizationScale",                // a path of NaN is a path; sets shouldRasterize too
                        "transform.rotation"]                              // a rotation by NaN is refused as the identity
        for property in Self.layerProperties where !reported.contains(property.name) {
            let root = CALayer(), layer = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
            layer.frame = CGRect(x: 4, y: 4, width: 20, height: 20)
            root.addSublayer(layer)
            CATransaction.flush()
            _ = RenderTree(root)                                  // the layers keep their snapshots
            let kept = layer.committedSnapshot
            XCTAssertNotNil(kept)
            let messages = CGDiagnostics.collecting {
                CATransaction.begin()
                property.set(layer, CABasicAnimation(), .nan)
                CATransaction.commit()
            }
            XCTAssertEqual(messages.count, 1, "\(property.name) = NaN: \(messages)")
            XCTAssertNil(layer.animationKeys(), "\(property.name) = NaN added an implicit animation")
            XCTAssertTrue(layer.committedSnapshot === kept, "\(property.name) = NaN changed the layer's snapshot")
        }
    }

    func testAnimationProperties() { check(Self.animationProperties) }

    func testSpringAndKeyframeParameters() {
        for value in Self.values {
            let messages = CGDiagnostics.collecting {
                let spring = CASpringAnimation(keyPath: "position.x")
                spring.mass = value; spring.stiffness = value; spring.damping = value; spring.initialVelocity = value
                spring.fromValue = 0; spring.toValue = 10
                spring.duration = spring.settlingDuration.isFinite ? spring.settlingDuration : 1
                for f in stride(from: 0.0, through: 1, by: 0.25) { XCTAssertFalse(spring.progress(f).isNaN, "\(value)") }
            }
            // Mass and stiffness must be positive and damping not negative: each other value is
            // refused with a message (before, 0 and negatives were bent silently to 10⁻⁶).
            let refused = !value.isFinite ? 4 : value < 0 ? 3 : value == 0 ? 2 : 0
            XCTAssertEqual(messages.count, refused, "\(value): \(messages)")
        }
        let keyframes = CAKeyframeAnimation(keyPath: "position.x")
        keyframes.values = [0, 10, 20]
        keyframes.keyTimes = [0, NSNumber(value: Double.nan), 1]
        keyframes.duration = 1
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
        root.addSublayer(layer)
        let added = CGDiagnostics.collecting { layer.add(keyframes, forKey: "k") }
        let messages = renderFrames(root)
        XCTAssertEqual(added.count + messages.count, 1, "logged once, not every frame: \(added + messages)")
    }

    /// Cubic keyframes mixing points and numbers fall back to linear switching instead of
    /// indexing past a number's one component (a trap the layer fuzzer found).
    func testCubicKeyframesOfMixedKindsEvaluate() {
        let layer = CALayer()
        let keyframes = CAKeyframeAnimation(keyPath: "position")
        keyframes.values = [CGPoint(x: 0, y: 0), 5, CGPoint(x: 10, y: 10)]
        keyframes.calculationMode = .cubic
        keyframes.duration = 1
        layer.add(keyframes, forKey: "k")
        MediaClock.setVirtualTime(1000.25)
        _ = layer.presentation()
        MediaClock.setVirtualTime(1000.75)
        XCTAssertNotNil(layer.presentation())
    }

    /// A 1e-300 s cycle repeated forever, a huge repeat count run backwards, a huge speed: each
    /// made the cycle count overflow an Int (a trap) before.
    func testExtremeFiniteTimingsEvaluate() {
        for (duration, repeatCount, speed) in [(1e-300, Float.infinity, Float(1)), (1, .greatestFiniteMagnitude, -1),
                                               (1e-300, 1e30, 3e38), (1e300, 1e30, 1e-30)] {
            let layer = CALayer()
            let a = CABasicAnimation(keyPath: "opacity")
            a.fromValue = 0; a.toValue = 1
            a.duration = duration; a.repeatCount = repeatCount; a.speed = speed
            layer.add(a, forKey: "o")
            for t in [0.0, 0.3, 1e6] {
                MediaClock.setVirtualTime(1000 + t)
                let opacity = layer.presentation()?.opacity ?? 0
                XCTAssertTrue((0...1).contains(opacity), "\(duration) \(repeatCount) \(speed) at \(t): \(opacity)")
            }
        }
    }
}

/// A 40000 × 1 image as a layer's contents draws (it aborted before: cairo's error surface).
final class HugeContentsTests: XCTestCase {
    func testA40000PixelWideImageAsContents() {
        var rgba = [UInt8](repeating: 255, count: 40000 * 4)
        for x in 20000..<40000 { rgba[x * 4] = 0; rgba[x * 4 + 1] = 0 }            // right half blue
        let image = CGImage(width: 40000, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 160000,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                            provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: true,
                            intent: .defaultIntent)!
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 10)
        layer.contents = image
        let frame = renderSnapshot(of: layer)!
        XCTAssertEqual(pixel(frame, 5, 5), [255, 255, 255, 255])
        XCTAssertEqual(pixel(frame, 35, 5), [0, 0, 255, 255])
    }
}
