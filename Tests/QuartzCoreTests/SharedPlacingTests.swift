import XCTest
@testable import QuartzCore
import LaminaTesting

/// A parent with many changed sublayers has them placed on all threads at once
/// (`CompositePlan.placeSharing`), those whose placing touches nothing shared
/// (`placesAlone`); the others on its own thread. Every frame must equal a one-thread fresh
/// compositor's, pixel for pixel.
final class SharedPlacingTests: CompositingTestCase {
    /// 160 animated tiles (spinning, fading, sliding, as the stress scene's), and among them
    /// layers that must not be shared: one with a shadow, one with a sublayer, one under
    /// perspective; one hidden and shown again and one recolored, in the frames they change.
    /// Six spinning tiles settle on whole pixels in the fourth frame (still fading): their
    /// textures, never drawn while the outline kernel showed them, are then blitted (and drawn
    /// on the parent's thread).
    private func scene() -> (root: CALayer, tiles: [CALayer]) {
        let (root, tiles) = tileGrid(count: 160, columns: 16, origin: CGPoint(x: 4, y: 4), step: CGSize(width: 14, height: 15),
                                     size: CGSize(width: 16, height: 14))
        for (i, tile) in tiles.enumerated() {
            tile.cornerRadius = 4
            tile.borderWidth = 1
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            (spin.fromValue, spin.toValue, spin.duration, spin.repeatCount) = (0, 2 * CGFloat.pi, 1 + Double(i % 5) * 0.2, .infinity)
            let fade = CABasicAnimation(keyPath: "opacity")
            (fade.fromValue, fade.toValue, fade.duration, fade.autoreverses, fade.repeatCount) = (1, 0.3, 0.5, true, .infinity)
            let slide = CABasicAnimation(keyPath: "position.x")
            (slide.fromValue, slide.toValue, slide.duration, slide.autoreverses, slide.repeatCount)
                = (tile.position.x, tile.position.x + 9, 0.4, true, .infinity)
            for (key, animation) in [("spin", spin), ("fade", fade), ("slide", slide)] { tile.add(animation, forKey: key) }
        }
        tiles[10].shadowOpacity = 0.6
        tiles[11].addSublayer(tile(CGRect(x: 2, y: 2, width: 6, height: 6), CGColor(red: 1, green: 1, blue: 0, alpha: 1)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 100
        tiles[12].transform = CATransform3DRotate(perspective, 0.5, 0, 1, 0)
        tiles[12].removeAnimation(forKey: "spin")
        return (root, tiles)
    }

    /// The tiles that settle.
    private let settled = 100..<106

    func testSharedFramesEqualAFreshOneThreadCompositors() throws {
        let (root, tiles) = scene()
        let compositor = Compositor(threads: 2, debug: []), ctx = target()
        var now: CFTimeInterval = 1000
        for frame in 0..<10 {
            switch frame {
            case 3:
                tiles[13].isHidden = true
                // Settled on whole pixels, still fading: blitted from their texels.
                for k in settled {
                    tiles[k].removeAnimation(forKey: "spin")
                    tiles[k].removeAnimation(forKey: "slide")
                }
            case 5: tiles[13].isHidden = false
            case 4, 6: tiles[14].backgroundColor = CGColor(red: 1, green: CGFloat(frame) / 8, blue: 0, alpha: 1)
            default: break
            }
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            if frame >= 1 {
                // All but the shadowed, parent and perspective tiles; not the hidden one while
                // hidden and the frame after (its last node holds no textures), nor the recolored
                // one in the frames its look changes.
                var expected = tiles.count - 3
                if (3...5).contains(frame) { expected -= 1 }
                if frame == 4 || frame == 6 { expected -= 1 }
                XCTAssertEqual(compositor.lastPlacedByShares, expected, "frame \(frame)")
            }
            let whole = target()
            XCTAssertNotNil(composited(root, with: Compositor(threads: 1, debug: []), into: whole))
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                           channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
        }
    }

    /// The cache lets go of textures unused for a while (a layer of the same look would then
    /// draw its own), learning what is used from marks made now and then; the layers the
    /// shares place are marked too. Over 130 frames (the cache lets go of textures unused for
    /// 60 frames, looking every 60) of the scene placed on two threads and on one, the two
    /// caches keep and draw the same textures.
    func testTexturesOfSharedLayersStayCachedAsOnOneThread() throws {
        let (root, _) = scene()
        let shared = Compositor(threads: 2, debug: []), alone = Compositor(threads: 1, debug: [])
        let ctx = target(), other = target()
        var now: CFTimeInterval = 1000
        for frame in 0..<130 {
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: shared, into: ctx), "frame \(frame)")
            XCTAssertNotNil(composited(root, with: alone, into: other), "frame \(frame)")
            shared.releaseSpentFrame()
            alone.releaseSpentFrame()
        }
        XCTAssertGreaterThan(shared.lastPlacedByShares, 150)
        XCTAssertGreaterThan(alone.texturesHeld, 150)
        XCTAssertEqual(shared.texturesHeld, alone.texturesHeld, "textures let go while shown")
        XCTAssertEqual(shared.texturesDrawn, alone.texturesDrawn)
    }

    /// A parent placing its sublayers alike keeps its placement object from frame to frame, and
    /// each thread's copy of it (`Placement.forThreads`): the sublayers' nodes, renewed every
    /// frame, hold one of those objects, the same ones in every frame (a node renewed holding
    /// the one it is given stores nothing, see `PlacedNode.renew`).
    func testSublayersKeepTheirParentsPlacementObjectsFromFrameToFrame() throws {
        let (root, _) = scene()
        let compositor = Compositor(threads: 2, debug: []), ctx = target()
        var now: CFTimeInterval = 1000
        var kept: [ObjectIdentifier]?
        var heldOverFrames = Set<ObjectIdentifier>()
        for frame in 0..<8 {
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            let node = try XCTUnwrap(compositor.lastRoot)
            let placement = try XCTUnwrap(node.childPlacement)
            let objects = placement.forThreads(2).map(ObjectIdentifier.init)
            XCTAssertEqual(objects.first, ObjectIdentifier(placement))
            XCTAssertEqual(Set(objects).count, 2, "a copy of its own for the helper")
            XCTAssertTrue(placement.forThreads(2)[1] == placement, "an equal copy")
            if let kept { XCTAssertEqual(objects, kept, "frame \(frame): the placements were made anew") }
            kept = objects
            guard frame >= 1 else { continue }
            let held = Set(node.children.map { ObjectIdentifier($0.placement) })
            XCTAssertTrue(held.isSubset(of: objects), "frame \(frame): a node holds another placement")
            heldOverFrames.formUnion(held)
        }
        // Whether the helper joins a given frame depends on when it wakes (a loaded machine may
        // leave one frame to the caller alone); over seven frames, both threads placed.
        XCTAssertEqual(heldOverFrames.count, 2, "both threads placed")
    }

    /// With one thread, or fewer changed sublayers than are worth sharing, nothing is shared.
    func testOneThreadOrFewLayersShareNothing() throws {
        let (root, _) = scene()
        let (few, _) = tileGrid(count: CompositePlan.sharedPlacingCount - 1, columns: 16, origin: .zero,
                                step: CGSize(width: 14, height: 15), size: CGSize(width: 12, height: 12))
        for tile in few.sublayers ?? [] {
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            (spin.fromValue, spin.toValue, spin.duration) = (0, 2, 1)
            tile.add(spin, forKey: "spin")
        }
        let ctx = target()
        var now: CFTimeInterval = 1000
        for (tree, threads) in [(root, 1), (few, 2)] {
            let compositor = Compositor(threads: threads, debug: [])
            for frame in 0..<3 {
                now += 1.0 / 60
                MediaClock.setVirtualTime(now)
                XCTAssertNotNil(composited(tree, with: compositor, into: ctx))
                compositor.releaseSpentFrame()
                XCTAssertEqual(compositor.lastPlacedByShares, 0, "\(threads) threads, frame \(frame)")
            }
        }
    }
}
