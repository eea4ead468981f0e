import XCTest
import QuartzCore
import LaminaTesting

final class PresentationTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    final class Recorder: CAAnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: CAAnimation) { events.append("start") }
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { events.append(flag ? "finished" : "removed") }
    }

    func slide(_ recorder: Recorder? = nil) -> CABasicAnimation {
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        a.delegate = recorder
        return a
    }

    func testDelegateHearsStartAndStopAtTheRightMediaTimes() {
        let layer = CALayer()
        let recorder = Recorder()
        let a = slide(recorder)
        a.beginTime = 1000.5
        layer.add(a, forKey: "x")
        layer.updateAnimations(atMediaTime: 1000.25)
        XCTAssertEqual(recorder.events, [])
        layer.updateAnimations(atMediaTime: 1000.6)
        XCTAssertEqual(recorder.events, ["start"])
        XCTAssertEqual(layer.animationKeys(), ["x"])
        layer.updateAnimations(atMediaTime: 1001.49)
        XCTAssertEqual(layer.animationKeys(), ["x"])
        layer.updateAnimations(atMediaTime: 1001.5)                     // the end: removed on completion
        XCTAssertEqual(recorder.events, ["start", "finished"])
        XCTAssertNil(layer.animationKeys())
        let early = Recorder()
        layer.add(slide(early), forKey: "y")
        layer.removeAnimation(forKey: "y")
        XCTAssertEqual(early.events, ["removed"])
    }

    func testAnimationsAreCopiedAndHoldTheirDelegateStrongly() {
        let layer = CALayer()
        let a = slide()
        do {
            let recorder = Recorder()
            a.delegate = recorder
        }
        XCTAssertNotNil(a.delegate)                                     // held strongly, as Apple does
        layer.add(a, forKey: "x")
        a.toValue = 5                                                   // changing the original…
        XCTAssertEqual(layer.animation(forKey: "x").flatMap { ($0 as? CABasicAnimation)?.toValue as? Int }, 100)
        XCTAssertFalse(layer.animation(forKey: "x") === a)              // …does not touch the layer's copy
        let kept = slide()
        kept.isRemovedOnCompletion = false
        kept.fillMode = .forwards
        layer.add(kept, forKey: "kept")
        layer.updateAnimations(atMediaTime: 1002)
        XCTAssertEqual(layer.animationKeys(), ["kept"])
        XCTAssertEqual(layer.presentation()!.position.x, 0)             // "x" is gone, "kept" holds…
        MediaClock.setVirtualTime(1002)
        XCTAssertEqual(layer.presentation()!.position.x, 100)           // …its end value
    }

    func testPresentationTreeIsLinkedAndHitsWhereThingsAreNow() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        let mover = CALayer()
        mover.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(mover)
        let a = CABasicAnimation(keyPath: "position.x")
        a.fromValue = 25
        a.toValue = 275
        a.duration = 1
        mover.add(a, forKey: "x")
        MediaClock.setVirtualTime(1000.5)
        let rootNow = root.presentation()!
        XCTAssertTrue(rootNow.model() === root)
        XCTAssertTrue(rootNow.sublayers?.first?.model() === mover)
        XCTAssertTrue(mover.presentation()!.superlayer?.model() === root)
        XCTAssertTrue(rootNow.hitTest(CGPoint(x: 150, y: 25))?.model() === mover)   // where it is now
        XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 25)) === mover)               // where the model says
        XCTAssertTrue(rootNow.presentation() === rootNow)
    }

    func testGoldenFramesMidFlight() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 160, height: 120)
        root.backgroundColor = CGColor(gray: 0.96, alpha: 1)
        let card = CALayer()
        card.frame = CGRect(x: 20, y: 30, width: 60, height: 60)
        card.backgroundColor = CGColor(red: 0.2, green: 0.45, blue: 0.85, alpha: 1)
        card.cornerRadius = 10
        root.addSublayer(card)
        let move = CABasicAnimation(keyPath: "position.x")
        move.toValue = 110
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = CGFloat.pi / 2
        let tint = CABasicAnimation(keyPath: "backgroundColor")
        tint.toValue = CGColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1)
        let group = CAAnimationGroup()
        group.animations = [move, spin, tint]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.add(group, forKey: "g")
        let renderer = CARenderer(size: root.bounds.size, scale: 1)
        renderer.layer = root
        for t in [0.0, 0.5, 0.9] {
            assertSnapshot(renderer.makeImage(atTime: 1000 + t), named: "animation-\(Int(t * 100))")
        }
    }
}
