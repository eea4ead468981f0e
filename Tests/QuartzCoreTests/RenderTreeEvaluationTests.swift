import XCTest
@testable import QuartzCore
import LaminaTesting

/// The render-tree evaluator (snapshots, any thread) against `presentation()` (layer copies,
/// main thread): one animation code path, so the two must agree.
final class RenderTreeEvaluationTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.speed = 0.5                                               // the tree's time runs slow
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 20, width: 50, height: 40)
        card.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        card.cornerRadius = 6
        root.addSublayer(card)
        let move = CAKeyframeAnimation(keyPath: "position")
        move.values = [CGPoint(x: 45, y: 40), CGPoint(x: 120, y: 40), CGPoint(x: 120, y: 90)]
        move.duration = 1
        card.add(move, forKey: "move")
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi / 3
        spin.duration = 1
        spin.autoreverses = true
        card.add(spin, forKey: "spin")
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 90, y: 10, width: 60, height: 40)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        let slide = CABasicAnimation(keyPath: "locations")
        slide.fromValue = [0, 0.2]
        slide.toValue = [0.8, 1]
        slide.duration = 1
        gradient.add(slide, forKey: "slide")
        let fade = CASpringAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = fade.settlingDuration
        gradient.add(fade, forKey: "fade")
        root.addSublayer(gradient)
        return root
    }

    func testSnapshotsAndPresentationLayersAgree() throws {
        let root = scene()
        for t in [0.2, 0.7, 1.3, 2.5] {
            let media = 1000 + t
            let viaPresentation = LayerSnapshot(root.presentationTree(at: media))
            let viaSnapshot = LayerSnapshot(root).presented(atParentTime: media)
            XCTAssertFalse(LayerSnapshot(root).needsDisplayWhenAnimated)
            for (a, b) in zip(viaPresentation.sublayers, viaSnapshot.sublayers) {
                XCTAssertEqual(a.position, b.position, "t = \(t)")
                XCTAssertEqual(a.transform, b.transform, "t = \(t)")
                XCTAssertEqual(a.opacity, b.opacity, accuracy: 1e-9, "t = \(t)")
                if case .gradient(let g)? = a.content, case .gradient(let h)? = b.content {
                    XCTAssertEqual(g.locations, h.locations, "t = \(t)")
                }
            }
        }
    }

    /// The typed path's numbers come from the property table: each is an animatable row of
    /// CALayer's (or a component of one), and its key path parses back to it.
    func testTypedNumbersAreAnimatableRowsOfThePropertyTable() {
        for number in ScalarAnimation.Number.allCases {
            let row = CALayer.keyValueProperties[number.property.key]
            XCTAssertEqual(row?.isAnimatable, true, "\(number.keyPath)")
            XCTAssertEqual(ScalarAnimation.Field(number.keyPath), .number(number))
        }
        XCTAssertEqual(ScalarAnimation.Field("strokeEnd"), .content(.strokeEnd))
        XCTAssertEqual(ScalarAnimation.Field("transform.rotation.z"), .transform(.rotationZ))
        XCTAssertNil(ScalarAnimation.Field("position"), "a point takes the general path")
    }

    /// Plain numbers from one value to another take a typed path on the render tree; each such key
    /// path must give what the general path (presentation layers) gives, in order with other animations.
    func testTypedScalarAnimationsMatchTheGeneralPath() throws {
        let keyPaths = ["opacity", "zPosition", "anchorPointZ", "cornerRadius", "borderWidth", "shadowOpacity", "shadowRadius",
                        "position.x", "position.y", "anchorPoint.x", "anchorPoint.y", "shadowOffset.width", "shadowOffset.height",
                        "bounds.origin.x", "bounds.origin.y", "bounds.size.width", "bounds.size.height",
                        "transform.rotation.x", "transform.rotation.y", "transform.rotation.z", "transform.rotation",
                        "transform.scale", "transform.scale.x", "transform.scale.y", "transform.scale.z",
                        "transform.translation.x", "transform.translation.y", "transform.translation.z"]
        for (n, keyPath) in keyPaths.enumerated() {
            let root = CALayer(), layer = CALayer()
            layer.frame = CGRect(x: 10, y: 20, width: 40, height: 30)
            layer.transform = CATransform3DRotate(CATransform3DMakeScale(1.5, 0.8, 1), 0.4, 0, 0, 1)
            root.addSublayer(layer)
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.fromValue = n % 2 == 0 ? 0.25 : NSNumber(value: -3)
            animation.toValue = CGFloat(n % 3 == 0 ? 0.9 : 12)
            animation.duration = 2
            if n % 4 == 0 { animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut) }
            layer.add(animation, forKey: "a")
            let snapshot = LayerSnapshot(root)
            XCTAssertNotNil(snapshot.sublayers[0].animations[0].scalar, keyPath)
            for t in [0.3, 1.1, 1.9] {
                let a = LayerSnapshot(root.presentationTree(at: 1000 + t)).sublayers[0]
                let b = snapshot.presented(atParentTime: 1000 + t).sublayers[0]
                let message = "\(keyPath) at \(t)"
                XCTAssertEqual(a.bounds, b.bounds, message)
                XCTAssertEqual(a.position, b.position, message)
                XCTAssertEqual(a.anchorPoint, b.anchorPoint, message)
                XCTAssertEqual(a.transform, b.transform, message)
                XCTAssertEqual(a.shadowOffset, b.shadowOffset, message)
                XCTAssertEqual([a.zPosition, a.anchorPointZ, a.cornerRadius, a.borderWidth, a.shadowRadius],
                               [b.zPosition, b.anchorPointZ, b.cornerRadius, b.borderWidth, b.shadowRadius], message)
                // CALayer keeps these two as Float.
                XCTAssertEqual(a.opacity, b.opacity, accuracy: 1e-6, message)
                XCTAssertEqual(a.shadowOpacity, b.shadowOpacity, accuracy: 1e-6, message)
            }
        }
    }

    func testTypedAndGeneralAnimationsApplyInOrder() {
        let root = CALayer(), layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSublayer(layer)
        let path = CAKeyframeAnimation(keyPath: "position")
        path.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 50)]
        path.duration = 1
        let x = CABasicAnimation(keyPath: "position.x")
        x.fromValue = 300
        x.toValue = 400
        x.duration = 1
        layer.add(path, forKey: "path")
        layer.add(x, forKey: "x")
        var b = LayerSnapshot(root).presented(atParentTime: 1000.5).sublayers[0]
        XCTAssertEqual(b.position, CGPoint(x: 350, y: 25), "the later animation's x wins; y comes from the path")
        XCTAssertEqual(b.position, LayerSnapshot(root.presentationTree(at: 1000.5)).sublayers[0].position)
        layer.removeAllAnimations()
        layer.add(x, forKey: "x")
        layer.add(path, forKey: "path")
        b = LayerSnapshot(root).presented(atParentTime: 1000.5).sublayers[0]
        XCTAssertEqual(b.position, CGPoint(x: 50, y: 25), "the path, added last, wins")
    }

    func testAnimatedZPositionsReorderThePresentedTree() {
        let root = CALayer()
        let layers = (0..<3).map { _ in CALayer() }
        for layer in layers { root.addSublayer(layer) }
        layers[1].zPosition = 2
        let rise = CABasicAnimation(keyPath: "zPosition")
        rise.fromValue = 0
        rise.toValue = 4
        rise.duration = 1
        layers[0].add(rise, forKey: "rise")
        let snapshot = LayerSnapshot(root)
        XCTAssertEqual(snapshot.drawingOrder, [0, 2, 1], "at commit: by zPosition, then as stored")
        XCTAssertEqual(snapshot.presented(atParentTime: 1000.2).drawingOrder, [2, 0, 1], "z = 0.8")
        XCTAssertEqual(snapshot.presented(atParentTime: 1000.8).drawingOrder, [2, 1, 0], "z = 3.2, above the sibling at 2")
        XCTAssertEqual(snapshot.sublayers.animatedIndices, [0])
    }

    func testOnlyPlainNumberAnimationsTakeTheTypedPath() {
        func scalar(_ configure: (CABasicAnimation) -> Void, _ make: () -> CABasicAnimation = { CABasicAnimation(keyPath: "opacity") }) -> ScalarAnimation? {
            let animation = make()
            animation.fromValue = 0
            animation.toValue = 1
            configure(animation)
            return ScalarAnimation(animation)
        }
        XCTAssertNotNil(scalar { _ in })
        XCTAssertNil(scalar { $0.isAdditive = true })
        XCTAssertNil(scalar { $0.isCumulative = true })
        XCTAssertNil(scalar { $0.valueFunction = CAValueFunction(name: .rotateZ) })
        XCTAssertNil(scalar { $0.toValue = nil; $0.byValue = 1 })
        XCTAssertNil(scalar { $0.toValue = true })
        XCTAssertNil(scalar { $0.toValue = Double.nan })
        XCTAssertNil(scalar { $0.keyPath = "position" })
        XCTAssertNil(scalar { $0.keyPath = "transform.skew" })
        XCTAssertNil(scalar({ _ in }, { CASpringAnimation(keyPath: "opacity") }))
    }

    /// A spin about z of a transform that stays in the plane is written straight (no
    /// decomposition, no rotation matrices): the very values the general path composes.
    func testATurnInThePlaneMatchesTheGeneralPath() {
        let planar = [CATransform3DIdentity, CATransform3DMakeScale(1.5, 0.8, 1), CATransform3DMakeTranslation(12, -7, 0),
                      CATransform3DRotate(CATransform3DMakeScale(2, 3, 1), 0.4, 0, 0, 1), CATransform3DMakeScale(0, 2, 1),
                      { var t = CATransform3DIdentity; (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (0.6, -0.8, 0.8, 0.6, 5, 6); return t }(),
                      CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeScale(1, -2, 1),
                      CATransform3DScale(CATransform3DRotate(CATransform3DIdentity, 0.4, 0, 0, 1), 2, 3, 1),
                      { var t = CATransform3DIdentity; t.m21 = 0.5; return t }()]
        for (n, t) in planar.enumerated() {
            XCTAssertTrue(ScalarAnimation.isTurnedInPlane(t), "transform \(n)")
            for angle in stride(from: -7.0, through: 7.0, by: 0.37) + [0, .pi, -.pi, .pi / 2, 2 * .pi] {
                var components = TransformComponents(t)
                components[field: .rotationZ] = angle
                XCTAssertEqual(ScalarAnimation.turnedInPlane(t, to: angle), components.transform, "transform \(n), angle \(angle)")
            }
        }
        // A z rotation made by CATransform3DMakeRotation has m33 = c + (1 − c), not always exactly 1: such a
        // transform is decomposed as before.
        XCTAssertFalse(ScalarAnimation.isTurnedInPlane(CATransform3DMakeRotation(-2.9, 0, 0, 1)))
        for t in [CATransform3DMakeRotation(0.3, 1, 0, 0), CATransform3DMakeScale(1, 1, 2), CATransform3DMakeTranslation(0, 0, 4),
                  { var p = CATransform3DIdentity; p.m34 = -1.0 / 500; return p }()] {
            XCTAssertFalse(ScalarAnimation.isTurnedInPlane(t), "depth or perspective takes the general path")
        }
    }

    /// Presented sublayers are evaluated in place, in the presented list's own storage: frame
    /// after frame they must agree with `presentation()`, leave the committed tree as it was,
    /// and an animation removed between frames must stop showing.
    func testPresentingInPlaceAgreesFrameAfterFrame() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let container = CALayer()
        container.frame = CGRect(x: 10, y: 10, width: 300, height: 200)
        root.addSublayer(container)
        var tiles: [CALayer] = []
        for i in 0..<6 {
            let tile = CALayer()
            tile.frame = CGRect(x: 20 * Double(i), y: 15, width: 30, height: 30)
            tile.opacity = 0.9
            container.addSublayer(tile)
            tiles.append(tile)
            guard i != 3 else { continue }                                   // one still tile among them
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 1 + 0.3 * Double(i)
            spin.repeatCount = .infinity
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0.3
            fade.duration = 0.8
            fade.autoreverses = true
            fade.repeatCount = .infinity
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 20 * Double(i)
            slide.toValue = 200
            slide.duration = 1.5
            slide.autoreverses = true
            slide.repeatCount = .infinity
            for (key, animation) in [("spin", spin), ("fade", fade), ("slide", slide)] { tile.add(animation, forKey: key) }
        }
        let rise = CABasicAnimation(keyPath: "zPosition")                  // reorders the list while presenting
        rise.fromValue = 0
        rise.toValue = 2
        rise.duration = 1
        tiles[0].add(rise, forKey: "rise")
        let wobble = CAKeyframeAnimation(keyPath: "position")                // the general path beside typed ones
        wobble.values = [CGPoint(x: 40, y: 30), CGPoint(x: 90, y: 80)]
        wobble.duration = 1
        wobble.repeatCount = .infinity
        tiles[2].add(wobble, forKey: "wobble")

        func check(_ snapshot: LayerSnapshot, at t: Double, _ label: String) {
            let presented = snapshot.presented(atParentTime: 1000 + t).sublayers[0]
            let expected = LayerSnapshot(root.presentationTree(at: 1000 + t)).sublayers[0]
            XCTAssertEqual(presented.drawingOrder, expected.drawingOrder, "\(label) at \(t)")
            for i in tiles.indices {
                let message = "\(label), tile \(i) at \(t)"
                XCTAssertEqual(presented.sublayers[i].id, tiles[i].renderID, message)
                XCTAssertEqual(presented.sublayers[i].position, expected.sublayers[i].position, message)
                XCTAssertEqual(presented.sublayers[i].transform, expected.sublayers[i].transform, message)
                XCTAssertEqual(presented.sublayers[i].zPosition, expected.sublayers[i].zPosition, message)
                XCTAssertEqual(presented.sublayers[i].opacity, expected.sublayers[i].opacity, accuracy: 1e-6, message)
            }
        }
        func checkCommitted(_ snapshot: LayerSnapshot, _ label: String) {
            for i in tiles.indices {
                let committed = snapshot.sublayers[0].sublayers[i]
                XCTAssertEqual(committed.position, tiles[i].position, "\(label): presenting leaves the committed tile \(i) alone")
                XCTAssertEqual(committed.transform, CATransform3DIdentity, label)
                XCTAssertEqual(committed.opacity, 0.9, accuracy: 1e-6, label)
                XCTAssertEqual(committed.zPosition, 0, label)
            }
        }
        var snapshot = LayerSnapshot(root)
        for t in [0.1, 0.45, 0.8, 1.7, 2.35] { check(snapshot, at: t, "committed once") }
        checkCommitted(snapshot, "first commit")
        tiles[1].removeAnimation(forKey: "spin")
        tiles[4].removeAnimation(forKey: "slide")
        tiles[0].removeAnimation(forKey: "rise")
        snapshot = LayerSnapshot(root)
        for t in [2.5, 2.9] {
            check(snapshot, at: t, "after removals")
            let presented = snapshot.presented(atParentTime: 1000 + t).sublayers[0]
            XCTAssertEqual(presented.sublayers[1].transform, CATransform3DIdentity, "the removed spin no longer turns it")
            XCTAssertEqual(presented.sublayers[4].position, tiles[4].position, "the removed slide no longer moves it")
            XCTAssertEqual(presented.drawingOrder, Array(0..<6), "the removed rise no longer lifts it")
        }
        checkCommitted(snapshot, "second commit")
        tiles[5].removeAllAnimations()
        tiles[2].removeAllAnimations()
        snapshot = LayerSnapshot(root)
        XCTAssertEqual(snapshot.sublayers[0].sublayers.animatedIndices, [0, 1, 4])
        check(snapshot, at: 3.1, "after more removals")
    }

    /// Sublayers whose animations only write numbers are presented into copies kept from frame
    /// to frame (`AnimatedSublayers`): a copy a spent frame wrote must show the committed value
    /// again once an animation has ended or not yet begun, compose animations of one transform
    /// from the committed one again, and presented trees held at the same time must not share
    /// copies.
    func testKeptCopiesShowOnlyThisFramesAnimations() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        var tiles: [CALayer] = []
        for i in 0..<4 {
            let tile = CALayer()
            tile.frame = CGRect(x: 30 * Double(i), y: 15, width: 30, height: 30)
            tile.transform = CATransform3DMakeScale(1.5, 0.75, 1)
            tile.opacity = 0.8
            tile.zPosition = Double(i)
            root.addSublayer(tile)
            tiles.append(tile)
        }
        func basic(_ keyPath: String, _ from: CGFloat, _ to: CGFloat, begin: CFTimeInterval = 0, duration: CFTimeInterval = 1,
                   fill: CAMediaTimingFillMode = .removed) -> CABasicAnimation {
            let animation = CABasicAnimation(keyPath: keyPath)
            (animation.fromValue, animation.toValue, animation.duration, animation.fillMode) = (from, to, duration, fill)
            animation.beginTime = begin
            return animation
        }
        // Ends at 1 s (nothing after), starts at 1 s, holds its end, two animations of one transform.
        tiles[0].add(basic("opacity", 0.1, 0.5), forKey: "fade")
        tiles[0].add(basic("transform.rotation.z", 0, 3), forKey: "spin")
        tiles[0].add(basic("transform.scale.x", 2, 4, begin: 1000.5), forKey: "grow")
        tiles[1].add(basic("position.x", 200, 300, begin: 1001), forKey: "slide")
        tiles[1].add(basic("zPosition", 10, 20, begin: 1001), forKey: "rise")
        tiles[2].add(basic("cornerRadius", 4, 12, fill: .forwards), forKey: "round")
        tiles[2].add(basic("position.y", 50, 90, duration: 0.5), forKey: "drop")
        tiles[3].add(basic("bounds.size.width", 10, 60, duration: 0.5, fill: .backwards), forKey: "widen")
        tiles[3].add(basic("bounds.size.width", 70, 80, begin: 1000.25, duration: 0.5), forKey: "widen more")
        let snapshot = LayerSnapshot(root)
        XCTAssertTrue(snapshot.sublayers.indices.allSatisfy { snapshot.sublayers[$0].presentsNumbersAlone })

        func check(_ presented: LayerSnapshot, at t: Double, _ label: String) {
            let expected = LayerSnapshot(root.presentationTree(at: 1000 + t))
            XCTAssertEqual(presented.drawingOrder, expected.drawingOrder, "\(label) at \(t)")
            for i in tiles.indices {
                let (a, b) = (presented.sublayers[i], expected.sublayers[i])
                let message = "\(label), tile \(i) at \(t)"
                XCTAssertEqual(a.position, b.position, message)
                XCTAssertEqual(a.bounds, b.bounds, message)
                XCTAssertEqual(a.transform, b.transform, message)
                XCTAssertEqual(a.zPosition, b.zPosition, message)
                XCTAssertEqual(a.cornerRadius, b.cornerRadius, message)
                XCTAssertEqual(a.opacity, b.opacity, accuracy: 1e-6, message)
            }
        }
        // One presented tree at a time (each frame's copies are the spent frame's), back and forth
        // across the animations' starts and ends.
        let times = [0.3, 0.6, 0.9, 1.2, 1.7, 0.1, 2.5, 0.4, -0.5, 0.7]
        for t in times { check(snapshot.presented(atParentTime: 1000 + t), at: t, "one at a time") }
        // Several held at once: each keeps its own values.
        let held = times.map { snapshot.presented(atParentTime: 1000 + $0) }
        for (t, presented) in zip(times, held) { check(presented, at: t, "held together") }
        // The committed tiles are left as they were.
        for i in tiles.indices {
            XCTAssertEqual(snapshot.sublayers[i].transform, CATransform3DMakeScale(1.5, 0.75, 1))
            XCTAssertEqual(snapshot.sublayers[i].position, tiles[i].position)
            XCTAssertEqual(snapshot.sublayers[i].bounds, tiles[i].bounds)
            XCTAssertEqual(snapshot.sublayers[i].opacity, 0.8, accuracy: 1e-6)
        }
    }

    func testTheRenderTreeEvaluatesOffTheMainThread() throws {
        let root = scene()
        let snapshot = LayerSnapshot(root)
        let expected = snapshot.presented(atParentTime: 1000.6).sublayers[0].position
        let done = expectation(description: "evaluated")
        DispatchQueue.global().async {
            let position = snapshot.presented(atParentTime: 1000.6).sublayers[0].position
            XCTAssertEqual(position, expected)
            XCTAssertFalse(Thread.isMainThread)
            done.fulfill()
        }
        wait(for: [done], timeout: 5)
    }
}

final class PresentationCopyTests: XCTestCase {
    /// `init(layer:)` copies CALayer's own properties directly: every key must make it across.
    func testCopiesEveryBuiltInProperty() {
        let layer = CALayer()
        let values: [String: Any] = [
            "bounds": CGRect(x: 1, y: 2, width: 3, height: 4), "position": CGPoint(x: 5, y: 6), "zPosition": 7,
            "anchorPoint": CGPoint(x: 0.1, y: 0.9), "anchorPointZ": 2, "transform": CATransform3DMakeScale(2, 3, 4),
            "sublayerTransform": CATransform3DMakeTranslation(1, 2, 3), "geometryFlipped": true, "masksToBounds": true,
            "contentsRect": CGRect(x: 0.1, y: 0.1, width: 0.5, height: 0.5), "contentsCenter": CGRect(x: 0.2, y: 0.2, width: 0.1, height: 0.1),
            "contentsGravity": "top", "contentsScale": 3, "minificationFilter": "nearest", "magnificationFilter": "trilinear",
            "minificationFilterBias": 0.5, "opaque": true, "needsDisplayOnBoundsChange": true, "drawsAsynchronously": true,
            "backgroundColor": CGColor(red: 1, green: 0, blue: 0, alpha: 1), "cornerRadius": 9, "maskedCorners": 5,
            "cornerCurve": "continuous", "borderWidth": 2, "borderColor": CGColor(gray: 0.5, alpha: 1), "opacity": 0.4,
            "hidden": true, "doubleSided": false, "allowsGroupOpacity": false, "allowsEdgeAntialiasing": true,
            "edgeAntialiasingMask": 3, "shouldRasterize": true, "rasterizationScale": 2,
            "shadowColor": CGColor(gray: 0.2, alpha: 1), "shadowOpacity": 0.8, "shadowOffset": CGSize(width: 3, height: 4),
            "shadowRadius": 6, "shadowPath": CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil),
            "name": "copied", "style": ["k": 1],
            "filters": ["colorInvert"], "backgroundFilters": ["gaussianBlur"], "compositingFilter": "multiplyBlendMode",
            "contents": CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!.makeImage()!,
        ]
        for (key, value) in values { layer.setValue(value, forKey: key) }
        let copy = CALayer(layer: layer)
        for key in LayerProperty.builtIn.keys where !LayerProperty.notCopied.contains(key) {
            XCTAssertEqual(String(describing: copy.value(forKey: key)), String(describing: layer.value(forKey: key)), key)
            XCTAssertNotEqual(String(describing: DefaultLayer.shared.value(forKey: key)), String(describing: layer.value(forKey: key)),
                              "\(key): give it a non-default value in this test")
        }
    }
}
