import Foundation

/// Counters that worker threads bump, behind an `NSLock`: the thread sanitizer sees through an
/// `NSLock` (pthreads) but not through Synchronization's `Mutex` (a futex), and reported every
/// access made under one as a race.
final class LockedCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [Int]

    init(count: Int) { counts = [Int](repeating: 0, count: count) }

    /// Adds one to each of `indices`.
    func bump<S: Sequence<Int>>(_ indices: S) {
        lock.lock()
        defer { lock.unlock() }
        for k in indices { counts[k] += 1 }
    }

    /// The counts as they are.
    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return counts
    }
}
