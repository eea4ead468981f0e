import XCTest
import Synchronization
@testable import QuartzCore

/// A list shared by threads in one contiguous segment each (`ThreadSegments`): a thread takes
/// its own segment from the front, in runs, then the others' from the back; every place is
/// taken once.
final class ThreadSegmentsTests: XCTestCase {
    /// Two segments of 50: each thread begins at the front of its own; the first to finish takes
    /// the other's from its back, while its owner goes on from the front, until they meet.
    func testAThreadTakesItsOwnSegmentFirstThenTheOthersFromTheBack() {
        let segments = ThreadSegments(count: 100, segments: 2, run: 8)
        XCTAssertEqual(segments.next(for: 0), 0..<8)
        XCTAssertEqual(segments.next(for: 1), 50..<58)
        var first: [Range<Int>] = []
        for _ in 0..<6 { first.append(segments.next(for: 0)!) }
        XCTAssertEqual(first, [8..<16, 16..<24, 24..<32, 32..<40, 40..<48, 48..<50], "the last run of a segment is shorter")
        XCTAssertEqual(segments.next(for: 0), 92..<100, "from the back of the other segment")
        XCTAssertEqual(segments.next(for: 1), 58..<66, "its owner goes on from the front")
        XCTAssertEqual(segments.next(for: 0), 84..<92)
        var rest: [Range<Int>] = []
        while let run = segments.next(for: 1) { rest.append(run) }
        XCTAssertEqual(rest, [66..<74, 74..<82, 82..<84], "up to what was taken from the back")
        XCTAssertNil(segments.next(for: 0))
        XCTAssertNil(segments.next(for: 1))
    }

    /// Thread numbers past the segments wrap around; an empty list, fewer places than segments
    /// and runs of less than one give every place once all the same.
    func testOddCountsStillGiveEveryPlaceOnce() {
        for (count, parts, run, thread) in [(0, 2, 8, 0), (3, 4, 1, 5), (7, 3, 0, 2), (1, 1, 32, 0), (33, 2, 32, 1)] {
            let segments = ThreadSegments(count: count, segments: parts, run: run)
            var taken: [Int] = []
            while let range = segments.next(for: thread) { taken.append(contentsOf: range) }
            XCTAssertEqual(taken.sorted(), Array(0..<count), "\(count) places, \(parts) segments, runs of \(run)")
        }
    }

    /// Four threads at once, each starting at its own segment: every one of 10,000 places is
    /// taken exactly once, over many rounds.
    func testEveryPlaceIsTakenOnceByThreadsAtOnce() {
        let workers = FrameWorkers(threads: 4)
        for round in 0..<50 {
            let count = 10_000 + round
            let segments = ThreadSegments(count: count, segments: 4, run: 7)
            let counts = Locked([Int](repeating: 0, count: count))
            workers.perform(4) { _, thread in
                var mine: [Int] = []
                while let run = segments.next(for: thread) { mine.append(contentsOf: run) }
                counts.withLock { for k in mine { $0[k] += 1 } }
            }
            let all = counts.withLock { $0 }
            XCTAssertEqual(all.firstIndex { $0 != 1 }, nil, "round \(round)")
        }
    }
}
