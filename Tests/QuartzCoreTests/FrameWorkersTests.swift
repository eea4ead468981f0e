import XCTest
import Glibc
import Synchronization
@testable import QuartzCore

/// The threads a compositor shares a frame's work with (`FrameWorkers`): every iteration runs
/// once, on the caller and the helpers at once, and the helpers end with their owner.
final class FrameWorkersTests: XCTestCase {
    /// Thousands of hand-overs in a row, of 1 to 9 iterations (fewer and more than the threads),
    /// some right after another and some after the helpers were asked to wake: each iteration of
    /// each call runs exactly once, and the call has returned only when all have.
    func testEveryIterationRunsOnceBeforePerformReturns() {
        for threads in [1, 2, 4] {
            let workers = FrameWorkers(threads: threads)
            for call in 0..<3000 {
                let iterations = 1 + call % 9
                if call % 7 == 0 { workers.wake() }
                let runs = Locked([Int](repeating: 0, count: iterations))
                workers.perform(iterations) { k in
                    // A little work, so that helpers take some of the iterations.
                    var x = UInt64(k + 1)
                    for _ in 0..<(call % 3) * 200 { x = x &* 6364136223846793005 &+ 1 }
                    if x == 0 { print(x) }
                    runs.withLock { $0[k] += 1 }
                }
                let counts = runs.withLock { $0 }
                XCTAssertEqual(counts, [Int](repeating: 1, count: iterations), "threads \(threads), call \(call)")
                if counts != [Int](repeating: 1, count: iterations) { return }
            }
        }
    }

    /// With two threads, iterations run on both: calls whose two iterations each take about
    /// 0.2 ms are split between the caller and its helper (not all run by the caller).
    func testTheHelperTakesIterations() {
        let workers = FrameWorkers(threads: 2)
        let caller = pthread_self()
        let elsewhere = Atomic<Int>(0)
        for _ in 0..<200 {
            workers.wake()
            workers.perform(2) { _ in
                if pthread_equal(pthread_self(), caller) == 0 { elsewhere.add(1, ordering: .relaxed) }
                var x: UInt64 = 1
                for _ in 0..<200_000 { x = x &* 6364136223846793005 &+ 1 }
                if x == 0 { print(x) }
            }
        }
        XCTAssertGreaterThan(elsewhere.load(ordering: .relaxed), 0, "no iteration ran on the helper")
        XCTAssertEqual(workers.handOvers, 200)
    }

    /// Work handed aside (the next frame's evaluation) runs on the helper while the caller goes
    /// on; a `perform` meanwhile runs all its iterations on the caller, leaving the busy helper
    /// out, and returns without waiting for it.
    func testWorkHandedAsideRunsOnTheHelperWhileTheCallerGoesOn() {
        let workers = FrameWorkers(threads: 2)
        let caller = pthread_self()
        let began = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        let onHelper = Atomic<Bool>(false)
        XCTAssertTrue(workers.startAside {
            onHelper.store(pthread_equal(pthread_self(), caller) == 0, ordering: .relaxed)
            began.signal()
            release.wait()
            ended.signal()
        })
        XCTAssertEqual(began.wait(timeout: .now() + 5), .success, "the work handed aside never began")
        XCTAssertTrue(onHelper.load(ordering: .relaxed), "the work handed aside ran on the caller")
        let runs = Locked([Int](repeating: 0, count: 4))
        workers.perform(4) { k in
            XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0, "the busy helper took an iteration")
            runs.withLock { $0[k] += 1 }
        }
        XCTAssertEqual(runs.withLock { $0 }, [1, 1, 1, 1])
        release.signal()
        XCTAssertEqual(ended.wait(timeout: .now() + 5), .success)
        // With one thread there is no helper: nothing is handed aside, and the work never runs.
        let alone = FrameWorkers(threads: 1)
        XCTAssertFalse(alone.startAside { XCTFail("ran without a helper") })
    }

    /// A call made from one of another call's iterations (on the caller or a helper) runs its
    /// own iterations one after another on that thread: it neither hangs nor takes the outer
    /// call's iterations.
    func testACallFromAnIterationRunsItsIterationsInTurn() {
        let workers = FrameWorkers(threads: 3)
        for _ in 0..<200 {
            let runs = Locked([Int](repeating: 0, count: 16))
            workers.perform(4) { outer in
                workers.perform(4) { inner in runs.withLock { $0[outer * 4 + inner] += 1 } }
            }
            XCTAssertEqual(runs.withLock { $0 }, [Int](repeating: 1, count: 16))
        }
    }

    /// Each call is told which thread runs it: 0 on the caller, and for each helper one number
    /// of its own, 1 or 2 with three threads, the same in every call; a call made from an
    /// iteration (run on that iteration's thread, in turn) is told 0.
    func testEachCallIsToldWhichThreadRunsIt() {
        let workers = FrameWorkers(threads: 3)
        let caller = pthread_self()
        let seen = Locked([Int: Set<UInt>]())
        let nested = Locked(Set<Int>())
        for call in 0..<300 {
            workers.wake()
            workers.perform(3) { _, thread in
                seen.withLock { $0[thread, default: []].formUnion([UInt(bitPattern: Int(bitPattern: pthread_self()))]) }
                var x: UInt64 = 1
                for _ in 0..<20_000 { x = x &* 6364136223846793005 &+ 1 }
                if x == 0 { print(x) }
                if call % 50 == 0 { workers.perform(2) { _, inner in nested.withLock { _ = $0.insert(inner) } } }
            }
        }
        let threads = seen.withLock { $0 }
        XCTAssertEqual(threads[0], [UInt(bitPattern: Int(bitPattern: caller))], "0 is the caller")
        XCTAssertTrue(Set(threads.keys).isSubset(of: [0, 1, 2]), "\(threads.keys)")
        XCTAssertTrue(threads.keys.contains { $0 > 0 }, "no call ran on a helper")
        for (number, ids) in threads where number > 0 {
            XCTAssertEqual(ids.count, 1, "helper \(number) was more than one thread")
            XCTAssertFalse(ids.contains(UInt(bitPattern: Int(bitPattern: caller))), "helper \(number) was the caller")
        }
        XCTAssertEqual(Set(threads.values.flatMap { $0 }).count, threads.count, "two numbers for one thread")
        XCTAssertEqual(nested.withLock { $0 }, [0])
    }

    /// One thread, or a call of one iteration, hands nothing over and starts no thread.
    func testOneThreadRunsEverythingOnTheCaller() {
        let workers = FrameWorkers(threads: 1)
        let caller = pthread_self()
        var ranHere = 0
        workers.wake()
        workers.perform(5) { _ in if pthread_equal(pthread_self(), caller) != 0 { ranHere += 1 } }
        XCTAssertEqual(ranHere, 5)
        XCTAssertEqual(workers.handOvers, 0)
        XCTAssertTrue(workers.helperStates.isEmpty)
        let two = FrameWorkers(threads: 2)
        two.perform(1) { _ in }
        XCTAssertEqual(two.handOvers, 0)
        XCTAssertTrue(two.helperStates.isEmpty)
    }

    /// The helper threads end when their owner goes (a compositor's, with its window): each
    /// helper's state, held by its thread alone, is then freed.
    func testHelpersEndWithTheirOwner() {
        weak var first: AnyObject?, second: AnyObject?
        do {
            let workers = FrameWorkers(threads: 3)
            workers.perform(3) { _ in }
            XCTAssertEqual(workers.helperStates.count, 2)
            first = workers.helperStates[0]
            second = workers.helperStates[1]
        }
        // The threads wake to end: wait for them (yielding, at most five seconds).
        let deadline = ContinuousClock.now + .seconds(5)
        while first != nil || second != nil, ContinuousClock.now < deadline { sched_yield() }
        XCTAssertNil(first, "a helper thread outlived its owner")
        XCTAssertNil(second, "a helper thread outlived its owner")
    }

    /// The threads a compositor uses by default are the CPUs the process may run on: its
    /// affinity mask, within its CPU quota.
    func testUsableCoresAreThoseTheProcessMayRunOn() {
        let cores = FrameWorkers.usableCores
        XCTAssertGreaterThanOrEqual(cores, 1)
        XCTAssertLessThanOrEqual(cores, ProcessInfo.processInfo.processorCount)
        // The kernel's own account of the affinity mask, as `nproc` reads it.
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
        let list = line.map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        XCTAssertFalse(list.isEmpty, "no Cpus_allowed_list in /proc/self/status")
        let count = list.split(separator: ",").reduce(0) { sum, part in
            let ends = part.split(separator: "-").compactMap { Int($0) }
            return sum + (ends.count == 2 ? ends[1] - ends[0] + 1 : 1)
        }
        // No more than the CPU quota either (which `activeProcessorCount` reads).
        XCTAssertEqual(cores, min(count, ProcessInfo.processInfo.activeProcessorCount), "Cpus_allowed_list: \(list)")
    }
}
