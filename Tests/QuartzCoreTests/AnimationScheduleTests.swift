import XCTest
@testable import QuartzCore

/// When a tree's animations start and end (the frame clock's question), asked of the model tree
/// (the lifecycle tick) and of a committed render tree (the render tick): the same answers.
final class AnimationScheduleTests: XCTestCase {
    /// A 1 s slide attached at `begin` (media time) to a sublayer of a fresh root.
    func tree(begin: CFTimeInterval, duration: CFTimeInterval = 1, configure: (CABasicAnimation, CALayer, CALayer) -> Void = { _, _, _ in })
        -> (root: CALayer, layer: CALayer) {
        let root = CALayer(), layer = CALayer()
        root.addSublayer(layer)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.duration = duration
        slide.beginTime = begin
        configure(slide, root, layer)
        layer.add(slide, forKey: "slide")
        return (root, layer)
    }

    /// Both clocks' schedules at media time `t`, which must agree.
    func schedule(_ root: CALayer, at t: CFTimeInterval, file: StaticString = #filePath, line: UInt = #line) -> AnimationSchedule {
        let model = root.animationSchedule(atMediaTime: t)
        let render = RenderTree(root)!.animationSchedule(atMediaTime: t)
        XCTAssertEqual(model.isAnimating, render.isAnimating, "model and render tree disagree", file: file, line: line)
        XCTAssertEqual(model.nextEvent ?? -1, render.nextEvent ?? -1, accuracy: 1e-9, "model and render tree disagree", file: file, line: line)
        return render
    }

    func testPendingRunningAndEnded() {
        let (root, _) = tree(begin: 10)
        let before = schedule(root, at: 9)
        XCTAssertFalse(before.isAnimating, "pending: holds still")
        XCTAssertEqual(before.nextEvent, 10)
        let during = schedule(root, at: 10.5)
        XCTAssertTrue(during.isAnimating)
        XCTAssertEqual(during.nextEvent, 11)
        XCTAssertEqual(schedule(root, at: 11.5), .still, "ended: nothing moves, nothing will")
        XCTAssertEqual(schedule(root, at: 11), .still, "the end is exclusive")
        XCTAssertTrue(schedule(root, at: 10).isAnimating, "the start is inclusive")
    }

    func testAnEndedForwardsFillHoldsStill() {
        let (root, _) = tree(begin: 10) { slide, _, _ in
            slide.fillMode = .both
            slide.isRemovedOnCompletion = false
        }
        XCTAssertEqual(schedule(root, at: 12), .still)
        XCTAssertEqual(schedule(root, at: 5), AnimationSchedule(isAnimating: false, nextEvent: 10), "a backwards fill holds still too")
    }

    func testRepeatsSpeedAndAutoreverse() {
        let (root, _) = tree(begin: 10) { slide, _, _ in
            slide.repeatCount = 2
            slide.autoreverses = true
            slide.speed = 2
        }
        // Two cycles of there and back (4 s of animation time) at twice the speed.
        XCTAssertEqual(schedule(root, at: 10.1).nextEvent, 12)
        let (forever, _) = tree(begin: 10) { slide, _, _ in slide.repeatCount = .infinity }
        XCTAssertEqual(schedule(forever, at: 1000), AnimationSchedule(isAnimating: true, nextEvent: nil))
    }

    func testLayerTimingMapsEventsToMediaTime() {
        // The sublayer's time runs at half speed from media time 4 and starts 1 s in: local =
        // (t − 4)·0.5 + 1, so its local 10…11 is media 22…24.
        let (root, _) = tree(begin: 10) { _, _, layer in
            layer.beginTime = 4
            layer.speed = 0.5
            layer.timeOffset = 1
        }
        XCTAssertEqual(schedule(root, at: 0), AnimationSchedule(isAnimating: false, nextEvent: 22))
        XCTAssertEqual(schedule(root, at: 23), AnimationSchedule(isAnimating: true, nextEvent: 24))
        // A paused root stops time below it: nothing changes, whatever the animations say.
        root.speed = 0
        XCTAssertEqual(schedule(root, at: 23), .still)
    }

    func testRunningBackwards() {
        // The layer's time runs backwards: local = −(t − 0) + 20, so local 10…11 is media 9…10.
        let (root, _) = tree(begin: 10) { _, _, layer in
            layer.speed = -1
            layer.timeOffset = 20
        }
        XCTAssertEqual(schedule(root, at: 5), AnimationSchedule(isAnimating: false, nextEvent: 9))
        XCTAssertEqual(schedule(root, at: 9.5), AnimationSchedule(isAnimating: true, nextEvent: 10))
    }

    func testTheEarliestEventOfSublayersAndMasks() {
        let (root, layer) = tree(begin: 10)
        let mask = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 0.5
        fade.beginTime = 10.2
        mask.add(fade, forKey: "fade")
        layer.mask = mask
        XCTAssertEqual(schedule(root, at: 10.1).nextEvent, 10.2)
        XCTAssertEqual(schedule(root, at: 10.3).nextEvent, 10.7)
        XCTAssertEqual(schedule(root, at: 10.8).nextEvent, 11)
        XCTAssertEqual(CALayer().animationSchedule(atMediaTime: 0), .still, "no animations, no walk")
    }

    func testTheLifecycleTickRemovesAtTheEnd() {
        // What a host's lifecycle tick does at the moment the schedule names: the end.
        let (root, layer) = tree(begin: 10)
        let end = try! XCTUnwrap(root.animationSchedule(atMediaTime: 10.5).nextEvent)
        root.updateAnimations(atMediaTime: end + 0.001)
        XCTAssertNil(layer.animation(forKey: "slide"))
        XCTAssertEqual(root.animationSchedule(atMediaTime: end + 0.001), .still)
    }

    /// The layer key an animation's path starts with: what a commit checks against the keys
    /// that need a redraw or only move the layer.
    func testAnimatedKeysAreTheFirstComponentOfThePath() {
        func keys(_ path: String?) -> [String] { CABasicAnimation(keyPath: path).animatedKeys }
        XCTAssertEqual(keys("transform.rotation.z"), ["transform"])
        XCTAssertEqual(keys("opacity"), ["opacity"])
        XCTAssertEqual(keys("position.x"), ["position"])
        XCTAssertEqual(keys(".bounds.size"), ["bounds"], "empty components are skipped")
        XCTAssertEqual(keys("sublayers.é.opacity"), ["sublayers"])
        XCTAssertEqual(keys("..."), [])
        XCTAssertEqual(keys(""), [])
        XCTAssertEqual(keys(nil), [])
        let group = CAAnimationGroup()
        group.animations = [CABasicAnimation(keyPath: "opacity"), CAKeyframeAnimation(keyPath: "position.y")]
        XCTAssertEqual(group.animatedKeys, ["opacity", "position"])
    }
}
