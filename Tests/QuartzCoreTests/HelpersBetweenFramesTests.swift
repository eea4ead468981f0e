import XCTest
@testable import QuartzCore
import LaminaTesting

/// Frames composited back to back whose placing is shared leave the compositor's helpers
/// watching for the next frame's work (`Compositor.keepsHelpersWatching`); frames apart, as a
/// window paced by the display draws them, let them sleep after each frame's bands.
final class HelpersBetweenFramesTests: CompositingTestCase {
    /// A frame follows closely when it begins less than `FrameWorkers.lingering` after the last
    /// one returned; not the first frame, nor one a clock that went back says began earlier.
    func testAFrameFollowsCloselyWhenItBeginsWithinTheHelpersWatch() {
        let lingering = FrameWorkers.lingeringSeconds
        XCTAssertEqual(lingering, 0.0003, accuracy: 1e-12)
        XCTAssertFalse(Compositor.followsClosely(began: 5, lastReturned: nil))
        XCTAssertTrue(Compositor.followsClosely(began: 5, lastReturned: 5))
        XCTAssertTrue(Compositor.followsClosely(began: 5 + lingering / 2, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 5 + lingering, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 5 + 1.0 / 60, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 4.9, lastReturned: 5))
    }

    /// The bands leave the helpers watching only for frames back to back whose placing was
    /// shared: the next one wakes its helpers as it starts.
    func testTheHelpersWatchOnOnlyForFramesBackToBackPlacedOnEveryThread() {
        XCTAssertTrue(Compositor.keepsHelpersWatching(followsClosely: true, placedByShares: 1000))
        XCTAssertFalse(Compositor.keepsHelpersWatching(followsClosely: true, placedByShares: 0))
        XCTAssertFalse(Compositor.keepsHelpersWatching(followsClosely: false, placedByShares: 1000))
    }

    /// 150 sliding tiles (placed on both threads, damage enough for bands on both): frames whose
    /// clock says they come 0.1 ms apart leave the helpers watching after their bands (all but
    /// the first, which has none before it); frames 16 ms apart never do, nor frames back to
    /// back of one large sliding layer (placed on the caller alone: their helpers' first work
    /// comes after the placing). Each frame equals a fresh one-thread compositor's.
    func testBackToBackFramesLeaveTheHelpersWatching() throws {
        let (tiles, grid) = tileGrid(count: 150, columns: 15, origin: CGPoint(x: 4, y: 4), step: CGSize(width: 15, height: 14),
                                     size: CGSize(width: 12, height: 10))
        for tile in grid {
            let slide = slide(from: 0, to: 20)
            slide.isAdditive = true
            tile.add(slide, forKey: "slide")
        }
        let (panel, _) = tileGrid(count: 0, columns: 1, origin: .zero, step: .zero, size: .zero)
        let large = tile(CGRect(x: 10, y: 10, width: 200, height: 140), CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1))
        panel.addSublayer(large)
        large.add(slide(from: 100, to: 130), forKey: "slide")
        let cases: [(CALayer, CFTimeInterval, shared: Bool, watching: [Bool])] = [
            (tiles, 0.0001, true, [false, true, true, true, true]),
            (tiles, 1.0 / 60, true, [false, false, false, false, false]),
            (panel, 0.0001, false, [false, false, false, false, false]),
        ]
        for (n, (root, gap, shared, watching)) in cases.enumerated() {
            let compositor = Compositor(threads: 2, debug: []), ctx = target()
            var wall: CFTimeInterval = 50
            compositor.clock = { wall }
            var now: CFTimeInterval = 1000
            var left: [Bool] = []
            for frame in 0..<5 {
                now += 1.0 / 60
                wall += gap
                MediaClock.setVirtualTime(now)
                XCTAssertNotNil(composited(root, with: compositor, into: ctx), "case \(n), frame \(frame)")
                XCTAssertGreaterThan(compositor.lastBandRounds, 0, "case \(n), frame \(frame): the bands were not shared")
                // (The first frame places every layer anew, on the caller.)
                XCTAssertEqual(compositor.lastPlacedByShares > 0, shared && frame > 0, "case \(n), frame \(frame)")
                left.append(compositor.lastLeftHelpersWatching)
                let whole = target()
                XCTAssertNotNil(composited(root, with: Compositor(threads: 1, debug: []), into: whole))
                let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                               channelTolerance: 0)
                XCTAssertEqual(difference.differing, 0, "case \(n), frame \(frame)")
            }
            XCTAssertEqual(left, watching, "case \(n)")
        }
    }
}
