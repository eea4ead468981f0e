import XCTest
@testable import QuartzCore
import LaminaTesting

/// A parent placed again whose sublayers are the same boxes in the same drawing order takes
/// over its last node's children as they stand and places again only those whose box changed
/// or that animate (`CompositePlan.changedChildren`). Every frame must equal a fresh
/// compositor's, whatever changed, and the still children must be the very nodes of last frame.
final class StillChildrenTests: CompositingTestCase {
    private func scene() -> (root: CALayer, tiles: [CALayer]) {
        tileGrid(count: 12, columns: 4, origin: CGPoint(x: 8, y: 8), step: CGSize(width: 58, height: 50),
                 size: CGSize(width: 44, height: 36))
    }

    /// One change a frame, each of a kind the take-over must notice (a tile moved, recolored,
    /// animated, brought forward, swapped for another layer at the same place, hidden; the
    /// parent moved, which places every child otherwise; a tile given a shadow, one item more,
    /// as others move, so that the last frame's items cannot be written over in place): each
    /// frame's pixels are exactly a fresh compositor's.
    func testEveryFrameEqualsAFreshCompositors() throws {
        let (root, tiles) = scene()
        let compositor = Compositor(), ctx = target()
        var now: CFTimeInterval = 1000
        for frame in 0..<16 {
            switch frame {
            case 2: tiles[3].position.x += 7
            case 3: tiles[5].backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
            case 4:
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                (spin.fromValue, spin.toValue, spin.duration) = (0, 2, 1)
                tiles[6].add(spin, forKey: "spin")
            case 7: tiles[6].removeAllAnimations()
            case 8: tiles[1].zPosition = 1
            case 9:
                let other = tile(tiles[8].frame.offsetBy(dx: 5, dy: 5), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                root.replaceSublayer(tiles[8], with: other)
            case 10: tiles[10].isHidden = true
            case 11: root.position.x += 3
            case 12: root.position.x -= 3
            case 13:
                tiles[0].position.y += 4
                (tiles[4].shadowOpacity, tiles[4].shadowOffset) = (1, CGSize(width: 3, height: 3))
                tiles[7].position.x -= 4
            case 14:
                tiles[4].shadowOpacity = 0
                tiles[0].position.y -= 4
            default: break
            }
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            let whole = target()
            XCTAssertNotNil(composited(root, with: Compositor(), into: whole))
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                           channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
        }
    }

    /// The shared scene, its tile 9 turning slowly.
    private func sceneWithASpinningTile() -> (root: CALayer, tiles: [CALayer]) {
        let (root, tiles) = scene()
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        (spin.fromValue, spin.toValue, spin.duration) = (0, 2, 10)
        tiles[9].add(spin, forKey: "spin")
        return (root, tiles)
    }

    /// A frame where one tile moves keeps every other tile's node, and places the mover anew;
    /// a spinning tile is placed anew every frame although its box stays.
    func testStillTilesKeepTheirNodes() throws {
        let (root, tiles) = sceneWithASpinningTile()
        let compositor = Compositor(), ctx = target()
        var now: CFTimeInterval = 1000
        var last: [PlacedNode] = []
        var itemStorage: [UnsafeRawPointer?] = []
        for frame in 0..<4 {
            tiles[2].position.y += 3
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            let children = try XCTUnwrap(compositor.lastRoot?.children)
            XCTAssertEqual(children.count, tiles.count)
            if frame > 0 {
                for k in children.indices {
                    if k == 2 || k == 9 {
                        XCTAssertFalse(children[k] === last[k], "frame \(frame): tile \(k) placed anew")
                    } else {
                        XCTAssertTrue(children[k] === last[k], "frame \(frame): tile \(k) kept")
                    }
                }
            }
            last = children
            let items = try XCTUnwrap(compositor.lastRoot?.items)
            itemStorage.append(items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) })
        }
        // The root's items are last frame's, written over where the mover and the spinner are.
        XCTAssertEqual(Set(itemStorage.dropFirst(2)).count, 1, "the items' storage taken over from frame to frame")
    }

    /// A still tile moved to another place in the sublayer list (the boxes from its old place to
    /// its new one are then not the last list's at their places) keeps its node, found by id, as
    /// do the tiles it passed, while another spins: the places whose box differs are checked for
    /// another layer, and the frame is placed as a reordered list, not each tile there anew.
    func testATileMovedInTheListKeepsItsNode() throws {
        let (root, tiles) = sceneWithASpinningTile()
        let compositor = Compositor(), ctx = target()
        var now: CFTimeInterval = 1000
        var before: [UInt64: PlacedNode] = [:]
        for frame in 0..<3 {
            if frame == 2 {
                tiles[3].removeFromSuperlayer()
                root.insertSublayer(tiles[3], at: 6)
            }
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            let children = try XCTUnwrap(compositor.lastRoot?.children)
            if frame == 2 {
                let kept = children.filter { node in before[node.id] === node }
                XCTAssertEqual(kept.count, tiles.count - 1, "every still tile's node kept, the moved one among them")
            }
            before = Dictionary(uniqueKeysWithValues: children.map { ($0.id, $0) })
        }
    }
}
