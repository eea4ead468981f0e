import XCTest
import Synchronization
@testable import QuartzCore
import LaminaTesting

/// A frame whose band edges would cut very many items is composited in one round, a band per
/// thread, split as the last frames' bands ended (`OneRoundBalance`), each thread claiming its
/// own band first (`Compositor.claim`).
final class OneRoundBalanceTests: CompositingTestCase {
    /// Frames simulated from a rate (seconds per share of the work) and a start per thread.
    private func settle(_ balance: inout OneRoundBalance, rates: [Double], starts: [Double], frames: Int = 80) {
        for _ in 0..<frames {
            let ended = (0..<rates.count).map { starts[$0] + balance.shares[$0] * rates[$0] }
            balance.learn(began: starts, ended: ended)
        }
    }

    /// Even at first; a helper that comes 0.1 ms late to bands taking 2 ms a frame gets 2.5 %
    /// less; one that runs at two thirds of the caller's speed, 40 %.
    func testTheSplitMovesToWhereTheBandsEndTogether() {
        var late = OneRoundBalance(threads: 2)
        XCTAssertEqual(late.shares, [0.5, 0.5])
        settle(&late, rates: [0.002, 0.002], starts: [0, 0.0001])
        XCTAssertEqual(late.shares[0], 0.525, accuracy: 1e-4)
        XCTAssertEqual(late.shares[1], 0.475, accuracy: 1e-4)
        var slow = OneRoundBalance(threads: 2)
        settle(&slow, rates: [0.002, 0.003], starts: [0, 0])
        XCTAssertEqual(slow.shares[0], 0.6, accuracy: 1e-4)
        var four = OneRoundBalance(threads: 4)
        settle(&four, rates: [0.004, 0.004, 0.004, 0.008], starts: [0, 0, 0, 0])
        XCTAssertEqual(four.shares.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(four.shares[0], 2.0 / 7, accuracy: 1e-4, "\(four.shares)")
        XCTAssertEqual(four.shares[3], 1.0 / 7, accuracy: 1e-4, "\(four.shares)")
    }

    /// One frame moves the split by at most a quarter of 5 %, whatever it measured (a helper
    /// descheduled for ten times its band); a thread that never keeps up still has about a
    /// quarter of an even share; frames that say nothing (a band that took no time, a time not finite,
    /// another count of bands) leave it alone.
    func testOneFrameMovesTheSplitLittle() {
        var balance = OneRoundBalance(threads: 2)
        balance.learn(began: [0, 0], ended: [0.001, 0.010])
        XCTAssertEqual(balance.shares[0], 0.5 + 0.05 * OneRoundBalance.pace, accuracy: 1e-9)
        settle(&balance, rates: [0.001, 1], starts: [0, 0], frames: 400)
        XCTAssertGreaterThan(balance.shares[1], 0.9 * OneRoundBalance.least / 2, "\(balance.shares)")
        XCTAssertLessThan(balance.shares[1], 1.1 * OneRoundBalance.least / 2, "\(balance.shares)")
        let before = balance.shares
        balance.learn(began: [0, 0], ended: [0.001, 0])
        balance.learn(began: [0, .nan], ended: [0.001, 0.002])
        balance.learn(began: [0, 0, 0], ended: [0.001, 0.001, 0.001])
        XCTAssertEqual(balance.shares, before)
    }

    /// A thread claims its own band first, then the others' that are left; none once all are.
    func testAThreadClaimsItsOwnBandFirst() {
        let claimed = Atomic<Int>(0)
        XCTAssertEqual(Compositor.claim(bandOf: 1, among: 3, in: claimed), 1)
        XCTAssertEqual(Compositor.claim(bandOf: 1, among: 3, in: claimed), 2)
        XCTAssertEqual(Compositor.claim(bandOf: 0, among: 3, in: claimed), 0)
        XCTAssertNil(Compositor.claim(bandOf: 2, among: 3, in: claimed))
        XCTAssertNil(Compositor.claim(bandOf: 0, among: 3, in: claimed))
    }

    /// A thousand small turning tiles over 160 rows (each edge would cut about 118): frames on
    /// two threads come in one round and equal a fresh one-thread compositor's, pixel for pixel.
    func testOneRoundFramesEqualAFreshOneThreadCompositors() throws {
        let (root, tiles) = tileGrid(count: 1000, columns: 40, origin: CGPoint(x: 2, y: 2), step: CGSize(width: 5.8, height: 5.6),
                                     size: CGSize(width: 10, height: 20))
        for (i, tile) in tiles.enumerated() {
            tile.cornerRadius = 3
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            (spin.fromValue, spin.toValue, spin.duration, spin.repeatCount) = (0, 2 * CGFloat.pi, 1 + Double(i % 5) * 0.2, .infinity)
            tile.add(spin, forKey: "spin")
        }
        let compositor = Compositor(threads: 2, debug: []), ctx = target()
        var now: CFTimeInterval = 1000
        for frame in 0..<4 {
            now += 1.0 / 60
            MediaClock.setVirtualTime(now)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx), "frame \(frame)")
            compositor.releaseSpentFrame()
            XCTAssertEqual(compositor.lastBandRounds, 1, "frame \(frame)")
            let whole = target()
            XCTAssertNotNil(composited(root, with: Compositor(threads: 1, debug: []), into: whole))
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage()),
                                                           channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
        }
    }
}
