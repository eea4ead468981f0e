import Synchronization

/// An animation is evaluated every frame, on the render thread and the main thread: a problem
/// found while evaluating it (values that do not combine, key times that do not fit) would be
/// logged 60 times a second. Each animation holds a latch that lets each distinct message
/// through once.
///
/// Its state is a `Mutex` held inline: an `NSLock` is an object of its own with a mutex
/// allocated beside it, and every animation — and every copy a layer makes — has a latch (a
/// thousand tiles' 3000 animations made 6000 of them before their first frame).
final class DiagnosticLatch: Sendable {
    private let said = Mutex<Set<String>>([])

    /// Logs `message` for `function` unless this latch has logged it already.
    func log(_ function: String, _ message: String) {
        let line = function + ": " + message
        let first = said.withLock { $0.insert(line).inserted }
        if first { CGDiagnostics.log(function, message) }
    }
}
