import XCTest
@testable import QuartzCore
import LaminaTesting

/// CAScrollLayer and scrolling on CALayer: Apple's measured examples, scroll modes, and a long
/// list scrolled in a window drawing only the rows it brings into view.
final class CAScrollLayerTests: CompositingTestCase {
    func testScrollingToPointsAndRectsAsApple() {
        let scroller = CAScrollLayer()
        scroller.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(scroller.scrollMode, .both)
        XCTAssertTrue(scroller.masksToBounds, "a scroll layer clips")
        XCTAssertEqual(CAScrollLayer.defaultValue(forKey: "scrollMode") as? String, "both")
        scroller.scroll(to: CGPoint(x: 50, y: 60))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 50, y: 60))
        scroller.scroll(to: CGRect(x: 200, y: 200, width: 10, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 110, y: 110), "the least movement")
        scroller.scroll(to: CGRect(x: 150, y: 120, width: 20, height: 20))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 110, y: 110), "already visible: no movement")
        scroller.scroll(to: CGRect(x: 20, y: 30, width: 300, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 20, y: 30), "larger than the layer: to its origin; above it: to its top")
        XCTAssertEqual(scroller.bounds.size, CGSize(width: 100, height: 100))

        scroller.scrollMode = .vertically
        scroller.scroll(to: CGPoint(x: 5, y: 6))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 20, y: 6))
        scroller.scrollMode = .horizontally
        scroller.scroll(to: CGPoint(x: 7, y: 8))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 7, y: 6))
        scroller.setValue("none", forKey: "scrollMode")
        XCTAssertEqual(scroller.scrollMode, CAScrollLayerScrollMode.none)
        scroller.scroll(to: CGPoint(x: 70, y: 80))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 7, y: 6))
        XCTAssertEqual(scroller.value(forKey: "scrollMode") as? String, "none")
        XCTAssertEqual(CAScrollLayer(layer: scroller).scrollMode, CAScrollLayerScrollMode.none, "copies keep the mode")

        let messages = CGDiagnostics.collecting {
            scroller.scrollMode = .both
            scroller.scroll(to: CGPoint(x: CGFloat.nan, y: 0))
            scroller.scroll(to: CGRect(x: 0, y: CGFloat.infinity, width: 1, height: 1))
        }
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 7, y: 6))
        XCTAssertEqual(messages.count, 2, "\(messages)")
    }

    func testLayersScrollTheirScrollLayerAncestor() {
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 10, y: 10, width: 100, height: 80)
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        scroller.addSublayer(content)
        content.scrollRectToVisible(CGRect(x: 200, y: 150, width: 20, height: 10))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 120, y: 80))

        scroller.bounds.origin = .zero
        let deep = CALayer()
        deep.frame = CGRect(x: 30, y: 40, width: 20, height: 20)
        content.addSublayer(deep)
        XCTAssertEqual(deep.visibleRect, CGRect(x: 0, y: 0, width: 20, height: 20))
        deep.scroll(CGPoint(x: 5, y: 5))
        XCTAssertEqual(scroller.bounds.origin, CGPoint(x: 35, y: 45))
        XCTAssertEqual(deep.visibleRect, CGRect(x: 5, y: 5, width: 15, height: 15))
        scroller.scroll(to: CGPoint(x: 200, y: 0))
        XCTAssertTrue(deep.visibleRect.isNull, "scrolled out of sight")

        // Without a scroll layer above: nothing happens, and all of the bounds is visible.
        let alone = CALayer()
        alone.bounds = CGRect(x: 0, y: 0, width: 30, height: 30)
        let child = CALayer()
        alone.addSublayer(child)
        child.scroll(CGPoint(x: 10, y: 10))
        child.scrollRectToVisible(CGRect(x: 100, y: 100, width: 5, height: 5))
        XCTAssertEqual(alone.bounds.origin, .zero)
        XCTAssertEqual(alone.visibleRect, alone.bounds)
    }

    /// 1000 rows in a scroll layer in a window: a clip rectangle on items (no group, no
    /// fallback), the renderer's picture, and a scroll by one row draws just the row it exposes.
    func testAScrolledListDrawsOnlyTheRowsItExposes() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        let scroller = CAScrollLayer()
        scroller.frame = CGRect(x: 20, y: 10, width: 200, height: 140)
        scroller.backgroundColor = CGColor(gray: 1, alpha: 1)
        for i in 0..<1000 {
            let row = CALayer()
            row.frame = CGRect(x: 4, y: CGFloat(i) * 20, width: 192, height: 18)
            row.backgroundColor = CGColor(red: CGFloat(i % 7) / 7, green: 0.5, blue: CGFloat(i % 3) / 3, alpha: 1)
            row.cornerRadius = CGFloat(i % 5)            // rows look different: each is a texture of its own
            scroller.addSublayer(row)
        }
        root.addSublayer(scroller)
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.lastFallbacks, [])
        XCTAssertNil(compositor.lastRoot?.children.first?.group, "clipped by a rectangle, not an offscreen group")
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200)
        for step in 1...3 {
            let before = compositor.texturesDrawn
            scroller.scroll(to: CGPoint(x: 0, y: CGFloat(step) * 20))
            CATransaction.flush()
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            XCTAssertLessThanOrEqual(compositor.texturesDrawn - before, 2, "step \(step): only the exposed rows are drawn")
            XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200, "step \(step)")
        }
    }
}
