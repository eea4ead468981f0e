import XCTest
import QuartzCore

final class CALayerGeometryTests: XCTestCase {
    func assertClose(_ a: CGPoint, _ b: CGPoint, _ accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a.x, b.x, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line)
        XCTAssertEqual(a.y, b.y, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line)
    }

    func assertClose(_ a: CGRect, _ b: CGRect, _ accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        for (p, q) in zip([a.minX, a.minY, a.width, a.height], [b.minX, b.minY, b.width, b.height]) {
            XCTAssertEqual(p, q, accuracy: accuracy, "\(a) vs \(b)", file: file, line: line)
        }
    }

    func testApplesFrameExample() {
        // Apple's Core Animation guide: a frame of (40, 60, 120, 80) gives position (100, 100)
        // and bounds (0, 0, 120, 80) with the default anchor point.
        let layer = CALayer()
        layer.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        XCTAssertEqual(layer.position, CGPoint(x: 100, y: 100))
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 120, height: 80))
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 100, width: 120, height: 80))
        layer.frame = CGRect(x: 40, y: 60, width: 120, height: 80)
        XCTAssertEqual(layer.position, CGPoint(x: 40, y: 60))
    }

    func testFrameUnderTransforms() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 200)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        assertClose(layer.frame, CGRect(x: 100, y: 150, width: 200, height: 100))
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 50, height: 50))
        assertClose(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        layer.frame = CGRect(x: 10, y: 20, width: 40, height: 120)
        assertClose(CGRect(origin: .zero, size: layer.bounds.size), CGRect(x: 0, y: 0, width: 120, height: 40), 1e-6)
        assertClose(layer.frame, CGRect(x: 10, y: 20, width: 40, height: 120), 1e-6)
        XCTAssertEqual(layer.affineTransform().b, 1, accuracy: 1e-12)
    }

    func testConvertThroughTransformsAndSublayerTransform() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let child = CALayer()
        child.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        root.addSublayer(child)
        assertClose(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 50, y: 50))
        assertClose(root.convert(CGPoint(x: 60, y: 70), to: child), CGPoint(x: 10, y: 20))
        child.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)     // about the child's center (100, 100)
        // (100, 50) is 50 right of the center; a quarter turn (+x toward +y) puts it 50 below.
        assertClose(child.convert(CGPoint(x: 100, y: 50), to: root), CGPoint(x: 100, y: 150))
        assertClose(child.convert(child.convert(CGPoint(x: 7, y: 9), to: root), from: root), CGPoint(x: 7, y: 9))
        child.transform = CATransform3DIdentity
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)          // about root's center (100, 100)
        assertClose(child.convert(CGPoint.zero, to: root), CGPoint(x: 0, y: 0))
        assertClose(child.convert(CGPoint(x: 50, y: 50), to: root), CGPoint(x: 100, y: 100))
        let sibling = CALayer()
        sibling.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(sibling)
        // Both are scaled by the root's sublayer transform: in the child, the sibling sits at
        // (0 − 100)·2 + 100 = −100 in the root's plane, −50 in the child's, at its own size.
        assertClose(sibling.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: child), CGRect(x: -50, y: -50, width: 10, height: 10))
        // Across trees, as Apple's: the two trees' outer planes are taken as one.
        let stranger = CALayer()
        stranger.frame = CGRect(x: 30, y: 40, width: 10, height: 10)
        let messages = CGDiagnostics.collecting {
            assertClose(stranger.convert(CGPoint.zero, to: root), root.convert(CGPoint(x: 30, y: 40), from: nil))
        }
        XCTAssertEqual(messages, [])
    }

    func testConvertThroughPerspective() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let card = CALayer()
        card.frame = CGRect(x: 100, y: 100, width: 200, height: 200)
        var t = CATransform3DIdentity
        t.m34 = -1 / 500
        card.transform = CATransform3DRotate(t, .pi / 4, 0, 1, 0)
        root.addSublayer(card)
        // The center stays put; the near (left) edge grows, the far edge shrinks.
        assertClose(card.convert(CGPoint(x: 100, y: 100), to: root), CGPoint(x: 200, y: 200), 1e-9)
        let left = card.convert(CGPoint(x: 0, y: 0), to: root), right = card.convert(CGPoint(x: 200, y: 0), to: root)
        XCTAssertLessThan(left.y, 100)
        XCTAssertGreaterThan(right.y, 100)
        for p in [CGPoint(x: 10, y: 20), CGPoint(x: 190, y: 150)] {
            assertClose(card.convert(card.convert(p, to: root), from: root), p, 1e-6)
        }
    }

    func testHitTesting() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let back = CALayer(), front = CALayer(), raised = CALayer()
        back.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        front.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        raised.frame = CGRect(x: 80, y: 80, width: 100, height: 100)
        raised.zPosition = 1
        root.addSublayer(raised)                                      // first, but raised
        root.addSublayer(back)
        root.addSublayer(front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === back)
        XCTAssertTrue(root.hitTest(CGPoint(x: 60, y: 60)) === front)  // later sibling wins
        XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 90)) === raised) // zPosition wins
        XCTAssertTrue(root.hitTest(CGPoint(x: 250, y: 250)) === root)
        XCTAssertNil(root.hitTest(CGPoint(x: 350, y: 10)))
        raised.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 90)) === front)
        // Sublayers outside their parent are hit, unless it masks to bounds.
        let outside = CALayer()
        outside.frame = CGRect(x: 120, y: 0, width: 20, height: 20)
        back.addSublayer(outside)
        XCTAssertTrue(root.hitTest(CGPoint(x: 125, y: 5)) === outside)
        back.masksToBounds = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 125, y: 5)) === root)
        XCTAssertTrue(back.contains(CGPoint(x: 99, y: 99)))
        XCTAssertFalse(back.contains(CGPoint(x: 101, y: 0)))
    }

    func testTransformedLayersAreHitWhereTheyAreDrawn() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        let bar = CALayer()
        bar.frame = CGRect(x: 100, y: 140, width: 100, height: 20)    // a horizontal bar…
        bar.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)    // …turned upright about (150, 150)
        root.addSublayer(bar)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 110)) === bar)
        XCTAssertTrue(root.hitTest(CGPoint(x: 110, y: 150)) === root)
        var t = CATransform3DIdentity
        t.m34 = -1 / 300
        let card = CALayer()
        card.frame = CGRect(x: 0, y: 200, width: 100, height: 100)
        card.transform = CATransform3DRotate(t, .pi / 3, 1, 0, 0)
        root.addSublayer(card)
        let drawnTop = card.convert(CGPoint(x: 50, y: 0), to: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: drawnTop.y + 1)) === card)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: drawnTop.y - 1)) === root)
    }
}
