import Synchronization

/// The demos of a run, handed out one at a time to whichever process asks first (`--jobs N`):
/// this process's main thread and the `RenderProcess`es beside it. A demo is rendered whole by
/// one process (its layer tree is built once), and every demo starts from the same virtual
/// clock, so a frame is the same whichever process made it.
final class DemoQueue: Sendable {
    /// The frame numbers of each demo, in the run's order.
    let groups: [[Int]]
    private let next = Mutex(0)

    init(groups: [[Int]]) { self.groups = groups }

    /// The next demo nobody has taken yet, as an index into `groups`.
    func claim() -> Int? {
        next.withLock { next in
            guard next < groups.count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
