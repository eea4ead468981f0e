import XCTest
@testable import QuartzCore
import LaminaTesting

/// `LAMINA_DEBUG=hits` and `fps` as the compositor draws them (a window fills in the overlay;
/// `WindowDebugOptionsTests` checks that end to end): outlines on the edges of the hit layer
/// and its ancestors, a frame-time graph in the corner, and both gone the frame after.
final class DebugOverlayTests: CompositingTestCase {
    /// A gray root with one light sublayer at (40, 30, 80, 60).
    private func plainScene() -> (root: CALayer, child: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 40, y: 30, width: 80, height: 60)
        child.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        root.addSublayer(child)
        return (root, child)
    }

    private func quad(_ r: CGRect) -> [CGPoint] {
        [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
    }

    private func rgb(_ ctx: CGContext, _ x: Int, _ y: Int) throws -> [Int] {
        let i = (y * size.width + x) * 4
        return SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))[i..<i + 3].map(Int.init)
    }

    func testHitOutlinesTheLayerAndItsAncestorsThenGoAway() throws {
        let (root, child) = plainScene()
        let tree = RenderTree(root)!
        let compositor = Compositor(debug: [.hits]), ctx = target()
        _ = compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        XCTAssertEqual(try rgb(ctx, 40, 60), [230, 230, 230], "no outline before the pointer hits")
        compositor.overlay = DebugOverlay(outlines: [quad(child.frame), quad(root.frame)])
        let rects = try XCTUnwrap(compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx))
        XCTAssertFalse(rects.isEmpty, "the outlines are put although the tree is still")
        XCTAssertEqual(try rgb(ctx, 40, 60), [255, 0, 0], "the hit layer's left edge is red")
        XCTAssertEqual(try rgb(ctx, 119, 45), [255, 0, 0], "and its right edge")
        XCTAssertEqual(try rgb(ctx, 0, 100), [0, 76, 255], "the root's left edge is blue")
        XCTAssertEqual(try rgb(ctx, 80, 60), [230, 230, 230], "inside the hit layer nothing changes")
        XCTAssertEqual(try rgb(ctx, 20, 100), [128, 128, 128], "nor inside the root")
        let covered = rects.reduce(0) { $0 + Int($1.width) * Int($1.height) }
        XCTAssertLessThan(covered, size.width * size.height / 2, "edges are repainted, not whole bounding boxes")
        // The pointer left: the next frame repaints the edges.
        compositor.overlay = DebugOverlay()
        XCTAssertFalse(try XCTUnwrap(compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)).isEmpty)
        XCTAssertEqual(try rgb(ctx, 40, 60), [230, 230, 230])
        XCTAssertEqual(try rgb(ctx, 0, 100), [128, 128, 128])
        XCTAssertEqual(compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx), [], "then nothing")
    }

    func testTurnedLayersAreOutlinedTurned() throws {
        let (root, child) = plainScene()
        child.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        let corners = quad(child.bounds).map { child.convert($0, to: nil) }
        let compositor = Compositor(debug: [.hits]), ctx = target()
        compositor.overlay = DebugOverlay(outlines: [corners])
        _ = compositor.composite(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        let mid = CGPoint(x: (corners[0].x + corners[1].x) / 2, y: (corners[0].y + corners[1].y) / 2)
        XCTAssertGreaterThan(try rgb(ctx, Int(mid.x), Int(mid.y))[0], 240, "an edge's middle, on the diagonal")
        XCTAssertEqual(try rgb(ctx, 40, 30), [128, 128, 128], "the unturned frame's corner is not outlined")
    }

    func testFrameTimeGraphShowsEachFrameAgainstTheBudget() throws {
        let (root, _) = plainScene()
        let compositor = Compositor(debug: [.fps]), ctx = target()
        let times = [Double](repeating: 0.005, count: 30) + [Double](repeating: 0.030, count: 30)
        compositor.overlay = DebugOverlay(frameTimes: times, frameBudget: 1.0 / 60)
        _ = compositor.composite(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        // The graph is 128×48 points, 8 from the top-right corner; its plot is inset by 4 and 40 high.
        let plotX = size.width - 8 - 128 + 4, bottom = 8 + 48 - 4
        let fast = try rgb(ctx, plotX + 2 * 10, bottom - 2), slow = try rgb(ctx, plotX + 2 * 45, bottom - 30)
        XCTAssertTrue(fast[1] > 200 && fast[0] < 100, "a 5 ms frame is a short green bar: \(fast)")
        XCTAssertTrue(slow[0] > 200 && slow[1] < 100, "a 30 ms frame is a tall red bar: \(slow)")
        let above = try rgb(ctx, plotX + 2 * 10, bottom - 30)
        XCTAssertTrue(above.allSatisfy { $0 < 60 }, "above a short bar, the dark background: \(above)")
        XCTAssertEqual(try rgb(ctx, 20, 100), [128, 128, 128], "the rest of the frame is untouched")
        // Every frame draws the latest times.
        compositor.overlay = DebugOverlay(frameTimes: [Double](repeating: 0.030, count: 60), frameBudget: 1.0 / 60)
        _ = compositor.composite(RenderTree(root)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        XCTAssertTrue(try rgb(ctx, plotX + 2 * 10, bottom - 30)[0] > 200, "the short bar's slot now holds a tall red one")
    }

    func testDebugSwitchesParseAndChangeAtRunTime() throws {
        XCTAssertEqual(RenderDebug(parsing: "hits, FPS,damage,unknown"), [.hits, .fps, .damage])
        let layer = scene()
        let compositor = Compositor(debug: []), ctx = target()
        _ = compositor.composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        let plain = try rgb(ctx, 35, 30)                            // the first tile: rounded, so it blends
        compositor.debug = [.blended]
        XCTAssertFalse(try XCTUnwrap(compositor.composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)).isEmpty,
                       "a new switch repaints the frame")
        let tinted = try rgb(ctx, 35, 30)
        XCTAssertTrue(tinted[0] >= plain[0] && tinted[1] < plain[1] - 15 && tinted[2] < plain[2] - 10, "the tile turns red: \(plain) → \(tinted)")
        compositor.debug = []
        _ = compositor.composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx)
        XCTAssertEqual(try rgb(ctx, 35, 30), plain, "and back when the switch is off")
    }
}
