import Foundation

/// How far the X server got through a window's shared-memory puts: the highest request serial
/// it reported done (a ShmCompletion event). The server handles a client's requests in order, so
/// that serial's put and every earlier one have been read. Events arrive on the main thread, puts
/// are made on the render thread: the serial is guarded by a lock.
final class PutCompletions: @unchecked Sendable {
    private let lock = NSLock()
    private var completed: UInt = 0

    /// The server has read every put up to request `serial`.
    func record(_ serial: UInt) {
        lock.lock(); completed = max(completed, serial); lock.unlock()
    }

    /// Whether the put made as request `serial` has been read (0: no put).
    func hasRead(_ serial: UInt) -> Bool {
        lock.lock(); defer { lock.unlock() }
        return serial <= completed
    }
}
