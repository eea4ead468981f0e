import XCTest
@testable import QuartzCore
import LaminaTesting

/// Frames composited back to back leave the compositor's helpers watching for the next frame's
/// work (`Compositor.followsClosely`); frames apart, as a window paced by the display draws
/// them, let them sleep after each frame's bands.
final class HelpersBetweenFramesTests: CompositingTestCase {
    /// A frame follows closely when it begins less than `FrameWorkers.lingering` after the last
    /// one returned; not the first frame, nor one a clock that went back says began earlier.
    func testAFrameFollowsClosePerTheHelpersWatch() {
        let lingering = FrameWorkers.lingeringSeconds
        XCTAssertEqual(lingering, 0.0003, accuracy: 1e-12)
        XCTAssertFalse(Compositor.followsClosely(began: 5, lastReturned: nil))
        XCTAssertTrue(Compositor.followsClosely(began: 5, lastReturned: 5))
        XCTAssertTrue(Compositor.followsClosely(began: 5 + lingering / 2, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 5 + lingering, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 5 + 1.0 / 60, lastReturned: 5))
        XCTAssertFalse(Compositor.followsClosely(began: 4.9, lastReturned: 5))
    }

    /// A large layer sliding over the target (damage enough for bands on both threads): frames
    /// whose clock says they come 0.1 ms apart leave the helpers watching after their bands (all
    /// but the first, which has none before it); frames 16 ms apart never do. Either way each
    /// frame equals a fresh one-thread compositor's.
    func testBackToBackFramesLeaveTheHelpersWatching() throws {
        let (root, _) = tileGrid(count: 0, columns: 1, origin: .zero, step: .zero, size: .zero)
        let panel = tile(CGRect(x: 10, y: 10, width: 200, height: 140), CGColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1))
        root.addSublayer(panel)
        panel.add(slide(from: 100, to: 130), forKey: "slide")
        for (gap, watching) in [(0.0001, [false, true, true, true, true]), (1.0 / 60, [false, false, false, false, false])] {
            let compositor = Compositor(threads: 2, debug: []), ctx = target()
            var wall: CFTimeInterval = 50
            compositor.clock = { wall }
            var now: CFTimeInterval = 1000
            var left: [Bool] = []
            for frame in 0..<5 {
                now += 1.0 / 60
                wall += gap
                MediaClock.setVirtualTime(now)
                XCTAssertNotNil(composited(root, with: compositor, into: ctx), "gap \(gap), frame \(frame)")
                XCTAssertGreaterThan(compositor.lastBandRounds, 0, "gap \(gap), frame \(frame): the bands were not shared")
                left.append(compositor.lastLeftHelpersWatching)
                let whole = target()
                XCTAssertNotNil(composited(root, with: Compositor(threads: 1, debug: []), into: whole))
                let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                               channelTolerance: 0)
                XCTAssertEqual(difference.differing, 0, "gap \(gap), frame \(frame)")
            }
            XCTAssertEqual(left, watching, "gap \(gap)")
        }
    }
}
