import XCTest
@testable import QuartzCore

final class TransactionTests: XCTestCase {
    override func setUp() {
        CATransaction.flush()
        MediaClock.setVirtualTime(1000)
    }

    override func tearDown() {
        CATransaction.flush()
        MediaClock.useSystemTime()
    }

    /// A layer that a committed transaction has shown.
    func shownLayer() -> CALayer {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.opacity = 1
        CATransaction.flush()
        return layer
    }

    /// Counts its layout passes.
    final class CountingLayer: CALayer {
        var layouts = 0
        override func layoutSublayers() { layouts += 1 }
    }

    /// A transaction records each layer it changes once however many properties change, and
    /// every later transaction records it again: each commit lays out the layers it changed
    /// (nested transactions' changes go out with the outermost: here the implicit one, which
    /// `flush()` commits).
    func testEveryTransactionLaysOutTheLayersItChanged() {
        let layer = CountingLayer()
        CATransaction.flush()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, 1)
        for (i, width) in [20, 30, 40].enumerated() {
            layer.bounds.size.width = CGFloat(width)
            layer.opacity = 0.5
            CATransaction.flush()
            XCTAssertEqual(layer.layouts, 2 + i, "transaction \(i)")
        }
        layer.bounds.size.width = 50
        CATransaction.begin()
        layer.bounds.size.width = 60
        CATransaction.commit()
        XCTAssertEqual(layer.layouts, 4, "the inner commit leaves it to the outermost")
        layer.bounds.size.width = 70
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, 5)
        CATransaction.begin()
        CATransaction.begin()
        layer.bounds.size.width = 80
        CATransaction.commit()
        CATransaction.commit()
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, 6, "changed only in an inner transaction")
    }

    func testDefaultsAndNesting() {
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertFalse(CATransaction.disableActions())
        XCTAssertNil(CATransaction.animationTimingFunction())
        XCTAssertNil(CATransaction.completionBlock())
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.begin()
        XCTAssertEqual(CATransaction.animationDuration(), 2)           // inherited
        CATransaction.setDisableActions(true)
        XCTAssertEqual(CATransaction.value(forKey: "custom") as? String, "outer")
        CATransaction.commit()
        XCTAssertFalse(CATransaction.disableActions())                 // the inner setting is gone
        CATransaction.commit()
        XCTAssertEqual(CATransaction.animationDuration(), 0.25)
        XCTAssertEqual(CGDiagnostics.collecting { CATransaction.commit() }.count, 1)
    }

    func testImplicitAnimationOfAShownLayer() throws {
        let layer = shownLayer()
        layer.opacity = 0
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "opacity")
        XCTAssertEqual(animation.duration, 0.25)
        XCTAssertEqual((animation.fromValue as? NSNumber)?.doubleValue, 1)
        MediaClock.setVirtualTime(1000.125)
        XCTAssertEqual(layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(layer.opacity, 0)                                // the model changed at once
    }

    /// A change while the key animates starts from the value on screen (the fade's, toward the
    /// model value it had), in the layer's own time (a slowed superlayer), and reads it from this
    /// layer alone: no presentation copy of the
    /// tree is made (text layers changing each frame in a large tree made one per change).
    func testAChangeMidAnimationStartsFromTheValueOnScreenWithoutCopyingTheTree() throws {
        let root = CALayer(), layer = CALayer()
        root.addSublayer(layer)
        root.speed = 0.5                                                // the child's time runs at half speed
        CATransaction.flush()
        layer.opacity = 0
        CATransaction.flush()                                           // the fade starts now
        MediaClock.setVirtualTime(1000.25)                              // 0.125 s of the layer's time: halfway
        root.latestPresentation = nil
        root.latestPresentation = nil
        layer.opacity = 1
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(try XCTUnwrap(animation.fromValue as? NSNumber).doubleValue, 0.5, accuracy: 1e-6)
        XCTAssertNil(root.latestPresentation, "the whole tree was copied for one value")
    }

    func testTransactionSettingsShapeImplicitAnimations() throws {
        let layer = shownLayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        layer.position = CGPoint(x: 10, y: 10)
        CATransaction.commit()
        let animation = try XCTUnwrap(layer.animation(forKey: "position"))
        XCTAssertEqual(animation.duration, 2)
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .easeIn))
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.cornerRadius = 5
        CATransaction.commit()
        XCTAssertNil(layer.animation(forKey: "cornerRadius"))
    }

    /// The display pass runs inside the committing transaction: the contents a text layer draws
    /// for its new string take that transaction's settings (no cross-fade with actions disabled,
    /// the transaction's duration otherwise), as the usual way to change a label without a fade
    /// expects.
    func testDisplayAtCommitTakesTheCommittingTransactionsSettings() throws {
        let root = CALayer(), label = CATextLayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        label.frame = CGRect(x: 0, y: 0, width: 60, height: 20)
        label.string = "a"
        root.addSublayer(label)
        CATransaction.flush()
        label.removeAllAnimations()
        CATransaction.flush()                                           // no implicit transaction left open
        let old = label.contents as AnyObject?
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        label.string = "b"
        CATransaction.commit()
        XCTAssertFalse(label.contents as AnyObject? === old, "the commit drew the new string")
        XCTAssertNil(label.animation(forKey: "contents"), "contents cross-faded though actions were disabled")
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        label.string = "c"
        CATransaction.commit()
        XCTAssertEqual(try XCTUnwrap(label.animation(forKey: "contents")).duration, 2)
    }

    func testLayersCreatedInTheTransactionDoNotAnimate() {
        let layer = CALayer()
        layer.opacity = 0.5
        XCTAssertNil(layer.animationKeys())
        CATransaction.flush()
        layer.opacity = 0.2
        XCTAssertEqual(layer.animationKeys(), ["opacity"])
    }

    func testActionSearchOrder() {
        final class Delegate: CALayerDelegate {
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                event == "opacity" ? NSNull() : nil
            }
        }
        final class Probe: CAAction {
            var runs: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { runs.append(event) }
        }
        final class Special: CALayer {
            nonisolated(unsafe) static let probe = Probe()
            override class func defaultAction(forKey event: String) -> CAAction? {
                event == "borderWidth" ? probe : super.defaultAction(forKey: event)
            }
        }
        let layer = Special()
        let delegate = Delegate()
        layer.delegate = delegate
        let fromActions = Probe(), fromStyle = Probe()
        layer.actions = ["position": fromActions, "bounds": NSNull()]
        layer.style = ["actions": ["cornerRadius": fromStyle]]
        CATransaction.flush()
        layer.opacity = 0                                               // the delegate's NSNull: nothing
        layer.position = CGPoint(x: 3, y: 3)                            // actions
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)          // NSNull in actions: nothing
        layer.cornerRadius = 4                                          // style["actions"]
        layer.borderWidth = 2                                           // defaultAction(forKey:)
        layer.shadowRadius = 9                                          // the implicit animation
        XCTAssertNil(layer.animation(forKey: "opacity"))
        XCTAssertNil(layer.animation(forKey: "bounds"))
        XCTAssertEqual(fromActions.runs, ["position"])
        XCTAssertEqual(fromStyle.runs, ["cornerRadius"])
        XCTAssertEqual(Special.probe.runs, ["borderWidth"])
        XCTAssertNotNil(layer.animation(forKey: "shadowRadius"))
        XCTAssertNil(layer.action(forKey: "name"))                      // not animatable
    }

    func testOrderInAndOutEvents() {
        final class Probe: CAAction {
            var runs: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) { runs.append(event) }
        }
        let parent = shownLayer(), child = CALayer(), replacement = CALayer()
        let probe = Probe()
        child.actions = [kCAOnOrderIn: probe, kCAOnOrderOut: probe]
        replacement.actions = [kCATransition: probe]
        parent.addSublayer(child)
        child.isHidden = true
        child.isHidden = false
        child.removeFromSuperlayer()
        XCTAssertEqual(probe.runs, ["onOrderIn", "onOrderOut", "onOrderIn", "onOrderOut"])
        parent.addSublayer(child)
        parent.replaceSublayer(child, with: replacement)
        XCTAssertEqual(probe.runs.suffix(3), ["onOrderIn", "onOrderOut", "transition"])
    }

    func testCompletionBlockRunsOnceAfterTheAnimationsFinish() {
        let layer = shownLayer()
        let done = expectation(description: "completion")
        var runs = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            runs += 1
            XCTAssertTrue(Thread.isMainThread)
            done.fulfill()
        }
        layer.opacity = 0.3                                             // 0.25 s
        let long = CABasicAnimation(keyPath: "position.x")
        long.toValue = 50
        long.duration = 1
        layer.add(long, forKey: "long")
        CATransaction.commit()
        MediaClock.setVirtualTime(1000.5)                               // the long one is still running
        CATransaction.flush()
        RunLoop.main.run(until: Date())                                 // give the main queue a turn
        XCTAssertEqual(runs, 0)
        MediaClock.setVirtualTime(1001)                                 // not on screen: no frames ran
        CATransaction.flush()
        wait(for: [done], timeout: 5)
        XCTAssertEqual(runs, 1)
    }

    func testCompletionWithoutAnimationsRunsAtOnce() {
        let done = expectation(description: "completion")
        CATransaction.begin()
        CATransaction.setCompletionBlock { done.fulfill() }
        CATransaction.commit()
        wait(for: [done], timeout: 5)
    }
}
