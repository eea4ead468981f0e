import Foundation

/// A value worker threads share, behind an `NSLock`: the thread sanitizer sees through an
/// `NSLock` (pthreads) but not through Synchronization's `Mutex` (a futex), and reported every
/// access made under one as a race. Same spelling as `Mutex`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, holding the lock.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
