import XCTest
import QuartzCore

final class CALayerDisplayTests: XCTestCase {
    /// Draws a red square at the layer's top-left (10×10 in layer coordinates).
    final class Painter: CALayer {
        var draws = 0
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
    }

    func testDisplayDrawsIntoAFlippedScaledContext() throws {
        let layer = Painter()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        layer.contentsScale = 2
        XCTAssertFalse(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertEqual(layer.draws, 0)                                 // nothing asked for drawing
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        XCTAssertEqual(layer.draws, 1)
        XCTAssertFalse(layer.needsDisplay())
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 80)                                // bounds × contentsScale
        XCTAssertEqual(image.height, 40)
        XCTAssertEqual(pixel(image, 5, 5), [255, 0, 0, 255])           // the layer's top-left is the image's
        XCTAssertEqual(pixel(image, 19, 19), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 21, 5)[3], 0)
        XCTAssertEqual(pixel(image, 5, 35)[3], 0)
    }

    func testDelegateDisplayWinsOverDraw() {
        final class Displayer: CALayerDelegate {
            var calls: [String] = []
            func display(_ layer: CALayer) { calls.append("display") }
            func draw(_ layer: CALayer, in ctx: CGContext) { calls.append("draw") }
            func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }
        }
        let displaying = Displayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.delegate = displaying
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(displaying.calls, ["display"])

        final class Drawer: CALayerDelegate {
            var calls: [String] = []
            func draw(_ layer: CALayer, in ctx: CGContext) { calls.append("draw") }
            func layerWillDraw(_ layer: CALayer) { calls.append("willDraw") }
        }
        let drawing = Drawer()
        layer.delegate = drawing
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(drawing.calls, ["willDraw", "draw"])
        XCTAssertNotNil(layer.contents as? CGImage)
    }

    func testBoundsChangesInvalidateAsApplesDo() {
        let layer = Painter()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.layoutIfNeeded()
        XCTAssertFalse(layer.needsLayout())
        layer.bounds = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertTrue(layer.needsLayout())
        XCTAssertFalse(layer.needsDisplay())
        layer.needsDisplayOnBoundsChange = true
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
        XCTAssertTrue(layer.needsDisplay())
        layer.layoutIfNeeded()
        layer.position = CGPoint(x: 100, y: 100)                       // moving does not invalidate
        XCTAssertFalse(layer.needsLayout())
        layer.addSublayer(CALayer())
        XCTAssertTrue(layer.needsLayout())
    }

    func testLayoutRunsTopDownThroughDelegateOrLayoutManager() {
        final class Stack: CALayerDelegate {
            var order: [String] = []
            func layoutSublayers(of layer: CALayer) {
                order.append(layer.name ?? "?")
                for (i, sublayer) in (layer.sublayers ?? []).enumerated() {
                    sublayer.frame = CGRect(x: 0, y: CGFloat(i) * 10, width: layer.bounds.width, height: 10)
                }
            }
        }
        let stack = Stack()
        let root = CALayer(), child = CALayer()
        root.name = "root"; child.name = "child"
        root.delegate = stack; child.delegate = stack
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(child)
        child.addSublayer(CALayer())
        root.layoutIfNeeded()
        XCTAssertEqual(stack.order, ["root", "child"])
        XCTAssertEqual(child.frame, CGRect(x: 0, y: 0, width: 50, height: 10))
        XCTAssertEqual(child.sublayers?.first?.frame.width, 50)

        final class Manager: CALayoutManager {
            var invalidations = 0
            func preferredSize(of layer: CALayer) -> CGSize { CGSize(width: 7, height: 8) }
            func invalidateLayout(of layer: CALayer) { invalidations += 1 }
            func layoutSublayers(of layer: CALayer) { layer.sublayers?.forEach { $0.position = CGPoint(x: 1, y: 1) } }
        }
        let manager = Manager()
        root.layoutManager = manager
        root.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(child.position, CGPoint(x: 1, y: 1))
        XCTAssertEqual(manager.invalidations, 1)
        XCTAssertEqual(root.preferredFrameSize(), CGSize(width: 7, height: 8))
        XCTAssertEqual(child.preferredFrameSize(), CGSize(width: 50, height: 10))
    }
}
