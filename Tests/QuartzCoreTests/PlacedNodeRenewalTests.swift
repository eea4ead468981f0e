import XCTest
@testable import QuartzCore
import LaminaTesting

/// A layer placed again every frame gets the node object it had two frames before, renewed
/// (`PlacedNode.replacing`), and takes its textures from last frame's node rather than
/// retaining them again. Nothing of what a renewed node showed before may reach a frame: every
/// frame equals a fresh compositor's, and textures let go are not held by the emptied nodes.
final class PlacedNodeRenewalTests: CompositingTestCase {
    /// Tiles moved every frame, their looks changed now and then (a new color, a shadow that
    /// comes and goes, a border taken off, a tile removed, one added): each frame's pixels are
    /// exactly a fresh compositor's, and the moving tiles' nodes alternate between two objects.
    func testRenewedNodesShowNothingStale() throws {
        let (root, tiles) = tileGrid(count: 6, columns: 3, origin: CGPoint(x: 10, y: 15), step: CGSize(width: 70, height: 70),
                                     size: CGSize(width: 40, height: 30))
        let compositor = Compositor(), ctx = target()
        var nodes: [[ObjectIdentifier]] = []
        for frame in 0..<10 {
            for (i, tile) in tiles.enumerated() {
                tile.position.x += CGFloat(frame % 3 + 1)
                tile.transform = CATransform3DMakeRotation(CGFloat(frame + i) * 0.07, 0, 0, 1)
            }
            switch frame {
            case 3: tiles[1].backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            case 4: (tiles[2].shadowOpacity, tiles[2].shadowRadius) = (0.8, 3)
            case 6: tiles[2].shadowOpacity = 0
            case 5: tiles[3].borderWidth = 0
            case 7: tiles[4].removeFromSuperlayer()
            case 8: root.addSublayer(tile(CGRect(x: 100, y: 60, width: 30, height: 30), CGColor(red: 1, green: 0, blue: 0, alpha: 1)))
            default: break
            }
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            compositor.releaseSpentFrame()          // as a window's render thread does once a frame is put
            let whole = target()
            XCTAssertNotNil(composited(root, with: Compositor(), into: whole))
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                           channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
            nodes.append(try XCTUnwrap(compositor.lastRoot?.children).prefix(4).map(ObjectIdentifier.init))
        }
        // Past the first two frames, tile 0's node is the object it had two frames before, never
        // the one last frame compared with.
        for frame in 2..<nodes.count {
            XCTAssertEqual(nodes[frame][0], nodes[frame - 2][0], "frame \(frame): renewed")
            XCTAssertNotEqual(nodes[frame][0], nodes[frame - 1][0], "frame \(frame): not last frame's node")
        }
    }

    /// Moving labels given new contents every frame: the textures they leave are let go by the
    /// emptied nodes at once (kept as spares and drawn over, none held past the frame), as when
    /// the last frame's nodes were freed.
    func testRenewedNodesHoldNoTexturesTheyLeft() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let labels = (0..<6).map { i in
            let label = CALayer()
            label.frame = CGRect(x: 8 + CGFloat(i % 3) * 76, y: 12 + CGFloat(i / 3) * 70, width: 60, height: 24)
            root.addSublayer(label)
            return label
        }
        func contents(_ seed: Int) -> CGImage {
            let ctx = CGContext(data: nil, width: 60, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            ctx.setFillColor(red: CGFloat(seed % 5) / 4, green: 0.8, blue: CGFloat(seed % 3) / 2, alpha: 0.6)
            ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 24))
            ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
            ctx.fillEllipse(in: CGRect(x: CGFloat(seed % 40), y: 3, width: 18, height: 18))
            return ctx.makeImage()!
        }
        let compositor = Compositor(), ctx = target()
        var held: [Int] = []
        for frame in 0..<12 {
            for (i, label) in labels.enumerated() {
                label.contents = contents(frame * labels.count + i)
                label.position.y += frame % 2 == 0 ? 3 : -2
            }
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            compositor.releaseSpentFrame()
            held.append(compositor.texturesHeld)
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), rendered(root), channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
        }
        XCTAssertEqual(held, [Int](repeating: 1 + labels.count, count: held.count), "textures held per frame")
        XCTAssertEqual(compositor.texturesDrawn, 1 + 12 * labels.count, "each new contents drawn once")
        // Drawn over only when nothing else holds them: an emptied node holding one would keep
        // every bitmap from being reused.
        XCTAssertGreaterThanOrEqual(compositor.texturesRecycled, 9 * labels.count, "bitmaps of let-go textures drawn over")
        // The emptied nodes hold no textures.
        for node in try XCTUnwrap(compositor.lastRoot?.children) {
            let retired = try XCTUnwrap(node.retired, "a label placed again keeps the node it replaced")
            XCTAssertNil(retired.textures.body)
            XCTAssertTrue(retired.children.isEmpty)
        }
    }

    /// A layer that stops moving keeps its node; the one it replaced holds nothing that shows.
    func testAStillLayersNodeIsKeptAndItsPredecessorEmptied() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let mover = tile(CGRect(x: 20, y: 20, width: 40, height: 40), CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1))
        root.addSublayer(mover)
        let compositor = Compositor(), ctx = target()
        for frame in 0..<3 {
            mover.position.x += 5
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
        }
        let moving = try XCTUnwrap(compositor.lastRoot?.children.first)
        XCTAssertNotNil(moving.textures.body, "a moving tile's node holds its texture")
        XCTAssertNil(moving.retired?.textures.body, "handed over, not retained twice")
        XCTAssertEqual(composited(root, with: compositor, into: ctx), [], "nothing changed, nothing to put")
        XCTAssertTrue(compositor.lastRoot?.children.first === moving, "a still layer's node is kept as it is")
    }
}
