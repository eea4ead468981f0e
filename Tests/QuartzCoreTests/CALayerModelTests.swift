import XCTest
@testable import QuartzCore

final class CALayerModelTests: XCTestCase {
    func testDefaultsAreApples() {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.superlayer)
        XCTAssertNil(layer.contents)
        XCTAssertEqual(layer.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsCenter, CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(layer.contentsGravity, .resize)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertEqual(layer.minificationFilter, .linear)
        XCTAssertEqual(layer.magnificationFilter, .linear)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertTrue(layer.isDoubleSided)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.maskedCorners, [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
        XCTAssertEqual(layer.cornerCurve, .circular)
        XCTAssertEqual(layer.borderWidth, 0)
        XCTAssertEqual(layer.borderColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.shadowColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.shadowOpacity, 0)
        XCTAssertEqual(layer.shadowOffset, CGSize(width: 0, height: -3))
        XCTAssertEqual(layer.shadowRadius, 3)
        XCTAssertNil(layer.shadowPath)
        XCTAssertTrue(layer.allowsGroupOpacity)
        XCTAssertFalse(layer.allowsEdgeAntialiasing)
        XCTAssertFalse(layer.isOpaque)
        XCTAssertFalse(layer.shouldRasterize)
        XCTAssertEqual(layer.rasterizationScale, 1)
        XCTAssertFalse(layer.needsDisplayOnBoundsChange)
        XCTAssertFalse(layer.isGeometryFlipped)
    }

    func testHierarchy() {
        let parent = CALayer(), a = CALayer(), b = CALayer(), c = CALayer()
        parent.addSublayer(a)
        parent.addSublayer(b)
        parent.insertSublayer(c, at: 0)
        XCTAssertEqual(parent.sublayers?.map { ObjectIdentifier($0) }, [c, a, b].map { ObjectIdentifier($0) })
        XCTAssertTrue(a.superlayer === parent)
        parent.insertSublayer(c, above: b)                           // moves within the parent
        XCTAssertTrue(parent.sublayers!.last === c)
        parent.insertSublayer(c, below: a)
        XCTAssertTrue(parent.sublayers!.first === c)
        let d = CALayer()
        parent.replaceSublayer(a, with: d)
        XCTAssertNil(a.superlayer)
        XCTAssertTrue(parent.sublayers![1] === d)
        b.removeFromSuperlayer()
        XCTAssertEqual(parent.sublayers?.count, 2)
        let other = CALayer()
        other.addSublayer(d)                                         // moving between parents
        XCTAssertTrue(d.superlayer === other)
        XCTAssertEqual(parent.sublayers?.count, 1)
        parent.sublayers = nil
        XCTAssertNil(parent.sublayers)
        XCTAssertNil(c.superlayer)
        parent.insertSublayer(a, at: 99)                              // clamped
        XCTAssertTrue(parent.sublayers!.last === a)
    }

    /// The host asks every frame whether a tree animates; the answer is kept as layers and
    /// animations come and go, and must match a walk of the tree.
    func testTreesKnowWhetherTheyAnimate() {
        func walk(_ layer: CALayer) -> Bool {
            layer.animation(forKey: "a") != nil || (layer.sublayers ?? []).contains(where: walk) || layer.mask.map(walk) == true
        }
        let root = CALayer(), branch = CALayer(), leaf = CALayer(), other = CALayer(), mask = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        root.addSublayer(branch)
        branch.addSublayer(leaf)
        func check(_ expected: Bool, _ step: String) {
            XCTAssertEqual(root.hasAnimationsInTree, expected, step)
            XCTAssertEqual(walk(root), expected, step)
        }
        check(false, "no animations")
        leaf.add(animation, forKey: "a")
        check(true, "a leaf animates")
        leaf.add(animation, forKey: "a")
        XCTAssertEqual(root.animatedLayersInTree, 1, "one layer, counted once")
        leaf.removeFromSuperlayer()
        check(false, "the animated leaf left")
        other.addSublayer(leaf)
        XCTAssertTrue(other.hasAnimationsInTree)
        branch.sublayers = [leaf]
        check(true, "the leaf came back through `sublayers`")
        XCTAssertFalse(other.hasAnimationsInTree, "and left its other parent")
        leaf.removeAnimation(forKey: "a")
        check(false, "the animation was removed")
        mask.add(animation, forKey: "a")
        branch.mask = mask
        check(true, "a mask animates")
        branch.mask = nil
        check(false, "the mask was removed")
        root.add(animation, forKey: "a")
        leaf.add(animation, forKey: "a")
        root.removeAllAnimations()
        check(true, "the leaf still animates")
        branch.sublayers = nil
        check(false, "the branch dropped its sublayers")
    }

    func testCyclesAndSharedMasksAreRefused() {
        let root = CALayer(), child = CALayer(), grandchild = CALayer()
        root.addSublayer(child)
        child.addSublayer(grandchild)
        var messages = CGDiagnostics.collecting {
            grandchild.addSublayer(root)
            child.addSublayer(child)
        }
        XCTAssertEqual(messages.count, 2)
        XCTAssertNil(root.superlayer)
        XCTAssertTrue(child.superlayer === root)
        let mask = CALayer(), other = CALayer()
        root.mask = mask
        messages = CGDiagnostics.collecting {
            child.mask = root                                        // an ancestor as mask
            other.addSublayer(mask)                                  // a mask as sublayer
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(root.mask === mask)
        // One mask, two layers: as on Apple's, the mask moves to the layer that takes it last.
        XCTAssertTrue(CGDiagnostics.collecting { other.mask = mask }.isEmpty)
        XCTAssertTrue(other.mask === mask)
        XCTAssertNil(root.mask)
        mask.removeFromSuperlayer()                                  // detaches a mask too
        XCTAssertNil(other.mask)
        root.mask = mask
        XCTAssertTrue(root.mask === mask)
    }

    func testBadValuesKeepTheOldValueWithAMessage() {
        let layer = CALayer()
        layer.position = CGPoint(x: 5, y: 5)
        let messages = CGDiagnostics.collecting {
            layer.position = CGPoint(x: CGFloat.nan, y: 0)
            layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            layer.bounds = CGRect(x: 0, y: 0, width: -10, height: 20)
            layer.opacity = .nan
            layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            layer.contents = "not an image"
            layer.contentsScale = 0
            var t = CATransform3DIdentity
            t.m11 = .nan
            layer.transform = t
        }
        XCTAssertEqual(messages.count, 7, "\(messages)")
        XCTAssertEqual(layer.position, CGPoint(x: 5, y: 5))
        // A negative size is standardized, as Apple's: no message.
        XCTAssertEqual(layer.bounds, CGRect(x: -10, y: 0, width: 10, height: 20))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.contentsScale, 1)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
    }
}
