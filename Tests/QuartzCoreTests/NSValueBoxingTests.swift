import XCTest
@testable import QuartzCore

/// Values boxed the Apple way: `NSValue(cgPoint:)`, `NSValue(caTransform3D:)`, … accepted
/// wherever the structure is, in key-value coding, in every animation class, by
/// `presentation()` and by the render side's snapshots.
final class NSValueBoxingTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testBoxesRoundTripWithApplesSpellings() {
        let point = CGPoint(x: 3, y: -4), size = CGSize(width: 5, height: 6)
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4), vector = CGVector(dx: 7, dy: 8)
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DRotate(CATransform3DMakeTranslation(1, 2, 3), 0.5, 0, 0, 1)
        XCTAssertEqual(NSValue(cgPoint: point).cgPointValue, point)
        XCTAssertEqual(NSValue(cgSize: size).cgSizeValue, size)
        XCTAssertEqual(NSValue(cgRect: rect).cgRectValue, rect)
        XCTAssertEqual(NSValue(cgVector: vector).cgVectorValue, vector)
        XCTAssertEqual(NSValue(cgAffineTransform: affine).cgAffineTransformValue, affine)
        XCTAssertEqual(NSValue(caTransform3D: t).caTransform3DValue, t)
        XCTAssertEqual(String(cString: NSValue(cgPoint: point).objCType), "{CGPoint=dd}")
        // Boxes compare by content, as Apple's do.
        XCTAssertEqual(NSValue(caTransform3D: t), NSValue(caTransform3D: t))
        XCTAssertNotEqual(NSValue(caTransform3D: t), NSValue(caTransform3D: CATransform3DIdentity))
    }

    func testBoxesBridgeLikeApplesOverlay() {
        let boxed: Any = NSValue(cgPoint: CGPoint(x: 1, y: 2))
        XCTAssertEqual(boxed as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertNil(boxed as? CGSize, "a point box is not a size")
        XCTAssertNil(boxed as? CATransform3D)
        XCTAssertNil(NSNumber(value: 1) as Any as? CGPoint, "numbers are not structures")
        let structure: Any = CATransform3DMakeScale(2, 2, 1)
        XCTAssertEqual((structure as? NSValue)?.caTransform3DValue, CATransform3DMakeScale(2, 2, 1))
        let array: [Any] = [NSValue(cgPoint: .zero), NSValue(cgPoint: CGPoint(x: 1, y: 1))]
        XCTAssertEqual(array as? [CGPoint], [.zero, CGPoint(x: 1, y: 1)])
        // Reading the wrong reader gives Apple's zero, never a crash.
        XCTAssertEqual(NSValue(cgSize: CGSize(width: 1, height: 1)).cgPointValue, .zero)
        XCTAssertEqual(NSValue(cgPoint: .zero).caTransform3DValue, CATransform3DIdentity)
    }

    func testKeyValueCodingTakesAndGivesBoxes() {
        let layer = CALayer()
        layer.setValue(NSValue(cgPoint: CGPoint(x: 10, y: 20)), forKey: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 10, y: 20))
        layer.setValue(NSValue(cgRect: CGRect(x: 0, y: 0, width: 40, height: 30)), forKey: "bounds")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 40, height: 30))
        layer.setValue(NSValue(cgSize: CGSize(width: 8, height: 9)), forKeyPath: "bounds.size")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 8, height: 9))
        layer.setValue(NSValue(caTransform3D: CATransform3DMakeScale(2, 3, 1)), forKey: "transform")
        XCTAssertEqual(layer.transform, CATransform3DMakeScale(2, 3, 1))
        layer.setValue(NSValue(cgAffineTransform: CGAffineTransform(translationX: 4, y: 5)), forKey: "transform")
        XCTAssertEqual(layer.transform, CATransform3DMakeTranslation(4, 5, 0))
        layer.setValue(NSValue(cgSize: CGSize(width: 2, height: 3)), forKey: "shadowOffset")
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 2, height: 3))
        XCTAssertEqual((layer.value(forKey: "position") as? NSValue)?.cgPointValue, CGPoint(x: 10, y: 20))
        XCTAssertEqual((layer.value(forKey: "transform") as? NSValue)?.caTransform3DValue, CATransform3DMakeTranslation(4, 5, 0))
        let gradient = CAGradientLayer()
        gradient.setValue(NSValue(cgPoint: CGPoint(x: 1, y: 0.5)), forKey: "endPoint")
        XCTAssertEqual(gradient.endPoint, CGPoint(x: 1, y: 0.5))
    }

    /// A shimmer's highlight slides with `NSValue(cgPoint:)` ends: on the presentation layer, on
    /// the render side's snapshot, and in the pixels.
    func testShimmerWithBoxedPointsMoves() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let highlight = CALayer()
        highlight.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        highlight.position = CGPoint(x: -10, y: 10)
        highlight.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(highlight)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = NSValue(cgPoint: CGPoint(x: -10, y: 10))
        slide.toValue = NSValue(cgPoint: CGPoint(x: 110, y: 10))
        slide.duration = 1
        slide.repeatCount = HUGE
        highlight.add(slide, forKey: "shimmer")

        MediaClock.setVirtualTime(1000.5)
        XCTAssertEqual(highlight.presentation()!.position.x, 50, accuracy: 1e-9)
        let snapshot = LayerSnapshot(root).presented(atParentTime: 1000.5)
        XCTAssertEqual(snapshot.sublayers[0].position.x, 50, accuracy: 1e-9)
        // Repeats forever: the same place a hundred cycles later.
        XCTAssertEqual(LayerSnapshot(root).presented(atParentTime: 1100.5).sublayers[0].position.x, 50, accuracy: 1e-6)

        let renderer = CARenderer(size: root.bounds.size)
        renderer.layer = root
        let image = try XCTUnwrap(renderer.makeImage(atTime: 1000.5))
        XCTAssertEqual(pixel(image, 50, 10)[0], 255, "the highlight is in the middle at half time")
        XCTAssertEqual(pixel(image, 5, 10)[0], 0, "and has left the start")
    }

    /// A keyframe animation of boxed transforms turns the layer, on both sides.
    func testKeyframesOfBoxedTransformsTurn() {
        let root = CALayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        let turn = CAKeyframeAnimation(keyPath: "transform")
        turn.values = [NSValue(caTransform3D: CATransform3DIdentity),
                       NSValue(caTransform3D: CATransform3DMakeRotation(.pi / 2, 0, 0, 1)),
                       NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 0, 1))]
        turn.duration = 1
        layer.add(turn, forKey: "turn")
        MediaClock.setVirtualTime(1000.25)
        let presented = layer.presentation()!.value(forKeyPath: "transform.rotation.z") as? CGFloat
        XCTAssertEqual(presented ?? 0, .pi / 4, accuracy: 1e-9)
        let snapshot = LayerSnapshot(root).presented(atParentTime: 1000.25).sublayers[0]
        XCTAssertEqual(Double(atan2(snapshot.transform.m12, snapshot.transform.m11)), .pi / 4, accuracy: 1e-9)
        // The caller's animation keeps its boxes; the layer's copy works on structures.
        XCTAssertTrue(turn.values?.first is NSValue)
        XCTAssertEqual((layer.animation(forKey: "turn") as? CAKeyframeAnimation)?.values?.first as? CATransform3D, CATransform3DIdentity)
    }

    func testByValuesSpringsAndGroupsTakeBoxes() {
        let layer = CALayer()
        let by = CABasicAnimation(keyPath: "position")
        by.fromValue = NSValue(cgPoint: CGPoint(x: 0, y: 0))
        by.byValue = NSValue(cgPoint: CGPoint(x: 40, y: 20))
        by.duration = 1
        let grow = CASpringAnimation(keyPath: "bounds.size")
        grow.fromValue = NSValue(cgSize: CGSize(width: 0, height: 0))
        grow.toValue = NSValue(cgSize: CGSize(width: 10, height: 10))
        grow.duration = 1
        let group = CAAnimationGroup()
        group.animations = [by, grow]
        group.duration = 1
        layer.add(group, forKey: "group")
        MediaClock.setVirtualTime(1000.5)
        let p = layer.presentation()!
        XCTAssertEqual(p.position, CGPoint(x: 20, y: 10))
        XCTAssertGreaterThan(p.bounds.width, 5, "the spring has passed halfway by then")
    }

    func testABoxOfTheWrongKindIsRefusedWithAMessage() {
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = NSValue(cgPoint: .zero)
        fade.toValue = NSValue(cgPoint: CGPoint(x: 1, y: 1))
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        MediaClock.setVirtualTime(1000.75)
        let messages = CGDiagnostics.collecting { XCTAssertEqual(layer.presentation()!.opacity, 1) }
        XCTAssertTrue(messages.contains { $0.contains("does not fit 'opacity'") }, "\(messages)")
    }
}
