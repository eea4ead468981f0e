import Glibc

/// The current media time: seconds on the system's monotonic clock (`CLOCK_MONOTONIC`), or the
/// virtual time set through `MediaClock` when tests and tools drive time by hand.
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.now
}

/// Core Animation's clock, which tests and tools can stop and drive by hand, so that a frame at
/// t = 0.5 s is the same on every run and nothing needs to sleep:
///
///     MediaClock.setVirtualTime(100)      // CACurrentMediaTime() is now 100, and stays there
///     MediaClock.advance(by: 0.25)        // … 100.25
///     MediaClock.useSystemTime()          // back to the monotonic clock
public enum MediaClock {
    nonisolated(unsafe) private static var virtual: CFTimeInterval?
    private static let lock = NSLock()

    static var now: CFTimeInterval {
        lock.lock()
        let value = virtual
        lock.unlock()
        if let value { return value }
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) / 1e9
    }

    /// Stops the clock at `time`.
    public static func setVirtualTime(_ time: CFTimeInterval) {
        lock.lock(); virtual = time; lock.unlock()
    }

    /// Moves a stopped clock forward (starting it at the current system time if it was running).
    public static func advance(by seconds: CFTimeInterval) {
        let base = now
        lock.lock(); virtual = base + seconds; lock.unlock()
    }

    /// Lets the clock follow the system's monotonic time again.
    public static func useSystemTime() {
        lock.lock(); virtual = nil; lock.unlock()
    }

    /// Whether time is being driven by hand.
    public static var isVirtual: Bool {
        lock.lock(); defer { lock.unlock() }
        return virtual != nil
    }
}
