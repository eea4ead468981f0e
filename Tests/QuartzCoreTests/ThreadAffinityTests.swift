import XCTest
import Foundation
import CLaminaKernels
import Synchronization

/// Reading and setting the CPUs a thread may run on (`lamina_thread_cpus`, `lamina_pin_thread`):
/// how lamina-bench's scaling suite holds its frames to one CPU and then the other.
final class ThreadAffinityTests: XCTestCase {
    /// The CPUs read for this thread are as many as the compositor counts by default, lowest first.
    func testTheThreadsCPUsAreThoseItMayRunOn() {
        var cpus = [Int32](repeating: -1, count: 1024)
        let count = Int(lamina_thread_cpus(&cpus, Int32(cpus.count)))
        XCTAssertEqual(count, Int(lamina_usable_cpus()))
        XCTAssertEqual(Array(cpus.prefix(count)), Array(cpus.prefix(count)).sorted())
        // No more written than asked for.
        var one: [Int32] = [-1, -1]
        XCTAssertEqual(lamina_thread_cpus(&one, 1), count > 0 ? 1 : 0)
        XCTAssertEqual(one[1], -1)
    }

    /// A thread pinned to one CPU reads back that CPU alone; a pin naming no CPU it may use is
    /// refused and leaves the thread's CPUs as they were. Done on a thread of its own, so that the
    /// test runner's thread keeps its CPUs.
    func testPinningHoldsAThreadToTheCPUsNamed() {
        var cpus = [Int32](repeating: -1, count: 1024)
        let count = Int(lamina_thread_cpus(&cpus, Int32(cpus.count)))
        guard let last = cpus.prefix(count).last else { return XCTFail("no CPU read") }
        let results = Mutex<(pinned: Int32, after: [Int32], refusedNone: Int32, refusedInvalid: Int32, kept: [Int32])>((0, [], 0, 0, []))
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            func read() -> [Int32] {
                var now = [Int32](repeating: -1, count: 1024)
                let count = Int(lamina_thread_cpus(&now, Int32(now.count)))
                return Array(now.prefix(count))
            }
            let pinned = lamina_pin_thread([last], 1)
            let after = read()
            let refusedNone = lamina_pin_thread([], 0)
            let refusedInvalid = lamina_pin_thread([-3, 1 << 20], 2)
            results.withLock { $0 = (pinned, after, refusedNone, refusedInvalid, read()) }
            done.signal()
        }
        thread.start()
        done.wait()
        let r = results.withLock { $0 }
        XCTAssertEqual(r.pinned, 0)
        XCTAssertEqual(r.after, [last])
        XCTAssertEqual(r.refusedNone, -1)
        XCTAssertEqual(r.refusedInvalid, -1)
        XCTAssertEqual(r.kept, [last])
    }
}
