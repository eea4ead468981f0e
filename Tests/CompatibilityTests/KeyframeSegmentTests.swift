import XCTest
import QuartzCore

/// Keyframes cut into segments the way animation players that convert After Effects content cut
/// them (measured against iOS's own renders of such content): a hold is a `.discrete` keyframe
/// animation, each run of keyframes one child of a `CAAnimationGroup` with its own begin time and
/// duration, and mirrored layers animate their whole `transform`. Each test fails on what Lamina
/// did before.
final class KeyframeSegmentTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// The layer's presented value of `key` at `t` seconds after media time 1000.
    private func presented(_ key: String, of layer: CALayer, at t: CFTimeInterval) -> Any? {
        MediaClock.setVirtualTime(1000 + t)
        return layer.presentation()?.value(forKeyPath: key)
    }

    private func opacity(of layer: CALayer, at t: CFTimeInterval) -> Double {
        (presented("opacity", of: layer, at: t) as? NSNumber)?.doubleValue ?? -1
    }

    /// A group from media time 1000 lasting `duration`, held at both ends, holding `children`.
    private func group(_ children: [CAAnimation], duration: CFTimeInterval) -> CAAnimationGroup {
        let group = CAAnimationGroup()
        group.animations = children
        group.beginTime = 1000
        group.duration = duration
        group.fillMode = .both
        group.isRemovedOnCompletion = false
        return group
    }

    private func segment(_ mode: CAAnimationCalculationMode, values: [Any], keyTimes: [NSNumber],
                         begin: CFTimeInterval, duration: CFTimeInterval) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "opacity")
        animation.calculationMode = mode
        animation.values = values
        animation.keyTimes = keyTimes
        animation.beginTime = begin
        animation.duration = duration
        return animation
    }

    // MARK: Holds

    /// A hold from 0 to 0.5 s (one value, two key times: what Apple's documentation asks of a
    /// discrete animation), then a fade from 1 to 0. iOS shows the layer's own opacity over the
    /// hold, not the held value.
    func testADiscreteSegmentOfOneValueShowsTheLayersOwnValue() {
        let layer = CALayer()
        layer.add(group([
            segment(.discrete, values: [0], keyTimes: [0, 1], begin: 0, duration: 0.5),
            segment(.linear, values: [1, 0], keyTimes: [0, 1], begin: 0.5, duration: 0.5),
        ], duration: 1), forKey: "opacity")
        XCTAssertEqual(opacity(of: layer, at: 0.25), 1, accuracy: 0.001, "the model value over the hold")
        XCTAssertEqual(opacity(of: layer, at: 0.75), 0.5, accuracy: 0.001)
    }

    /// Holds of two values or more keep them, as documented.
    func testADiscreteSegmentOfTwoValuesHoldsThem() {
        let layer = CALayer()
        layer.add(group([
            segment(.discrete, values: [0.2, 0.6], keyTimes: [0, 0.5, 1], begin: 0, duration: 1),
        ], duration: 1), forKey: "opacity")
        XCTAssertEqual(opacity(of: layer, at: 0.25), 0.2, accuracy: 0.001)
        XCTAssertEqual(opacity(of: layer, at: 0.75), 0.6, accuracy: 0.001)
    }

    // MARK: Where a segment ends

    /// The group lasts a frame longer than its last segment (players paused on their last frame
    /// lengthen it so). Paused exactly where the last segment ends, iOS shows that segment's last
    /// value, though nothing fills it forwards.
    func testAChildShowsItsEndValueAtTheMomentItEnds() {
        let layer = CALayer()
        layer.add(group([
            segment(.linear, values: [1, 0.25], keyTimes: [0, 1], begin: 0, duration: 1),
        ], duration: 1.1), forKey: "opacity")
        XCTAssertEqual(opacity(of: layer, at: 0.5), 0.625, accuracy: 0.001)
        XCTAssertEqual(opacity(of: layer, at: 1), 0.25, accuracy: 0.001, "at the end itself: its last value")
        XCTAssertEqual(opacity(of: layer, at: 1.05), 1, accuracy: 0.001, "after it: the layer's own")
    }

    // MARK: Mirrored transforms

    private func mirrored(turnedBy degrees: CGFloat, x: CGFloat = 0) -> CATransform3D {
        let turned = CATransform3DRotate(CATransform3DMakeTranslation(x, 0, 0), degrees * .pi / 180, 0, 0, 1)
        return CATransform3DScale(turned, -1, 1, 1)
    }

    /// A mirrored layer turning: keyframes of its whole transform, each mirrored (scale x −1).
    /// Halfway, iOS draws it mirrored and turned halfway; decomposed with positive scales only,
    /// each keyframe came back as a half turn, unmirrored.
    func testTransformKeyframesOfAMirroredLayerStayMirrored() throws {
        let layer = CALayer()
        let animation = CAKeyframeAnimation(keyPath: "transform")
        animation.values = [mirrored(turnedBy: 0), mirrored(turnedBy: 20, x: 40)]
        animation.beginTime = 1000
        animation.duration = 1
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "transform")
        let half = try XCTUnwrap(presented("transform", of: layer, at: 0.5) as? CATransform3D)
        let expected = mirrored(turnedBy: 10, x: 20)
        for (got, want, name) in [(half.m11, expected.m11, "m11"), (half.m12, expected.m12, "m12"),
                                  (half.m21, expected.m21, "m21"), (half.m22, expected.m22, "m22"),
                                  (half.m41, expected.m41, "m41"), (half.m42, expected.m42, "m42")] {
            XCTAssertEqual(got, want, accuracy: 0.001, name)
        }
    }

    /// The pixels of the same: an arrow pointing right, mirrored, points left.
    func testAMirroredLayerAnimatedByWholeTransformsDrawsMirrored() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.position = CGPoint(x: 20, y: 10)
        let bar = CALayer()
        bar.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        bar.anchorPoint = .zero
        bar.position = CGPoint(x: 20, y: 5)
        bar.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(bar)
        let animation = CAKeyframeAnimation(keyPath: "transform")
        animation.values = [CATransform3DMakeScale(-1, 1, 1), CATransform3DMakeScale(-1, 1, 1)]
        animation.beginTime = 1000
        animation.duration = 1
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        bar.add(animation, forKey: "transform")
        MediaClock.setVirtualTime(1000.5)
        let image = try XCTUnwrap(RenderProbe.image(of: root.presentation()!, size: root.bounds.size))
        XCTAssertEqual(RenderProbe.rgba(image, 10, 10), [255, 0, 0, 255], "mirrored: to the left of its position")
        XCTAssertEqual(RenderProbe.rgba(image, 30, 10)[3], 0, "not to the right")
    }
}
