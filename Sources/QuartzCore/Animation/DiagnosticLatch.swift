/// An animation is evaluated every frame, on the render thread and the main thread: a problem
/// found while evaluating it (values that do not combine, key times that do not fit) would be
/// logged 60 times a second. Each animation holds a latch that lets each distinct message
/// through once.
final class DiagnosticLatch: @unchecked Sendable {
    private var said: Set<String> = []
    private let lock = NSLock()

    /// Logs `message` for `function` unless this latch has logged it already.
    func log(_ function: String, _ message: String) {
        let line = function + ": " + message
        lock.lock()
        let first = said.insert(line).inserted
        lock.unlock()
        if first { CGDiagnostics.log(function, message) }
    }
}
