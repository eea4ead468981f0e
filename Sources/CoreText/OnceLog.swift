import CoreGraphics

/// A message said once per owner: a framesetter or typesetter lays its string out paragraph by
/// paragraph and call by call, and text it had to change for Pango (see `PangoSafeText`) would
/// otherwise be reported for every paragraph of every frame.
final class OnceLog: @unchecked Sendable {
    private var said: Bool
    private let lock = NSLock()

    /// A log that says its first message; `silent`: one that says none (for work redone over
    /// text already reported, such as truncation's trial lines).
    init(silent: Bool = false) { said = silent }

    /// Logs the message the first time only.
    func log(_ function: String, _ message: String) {
        lock.lock()
        let first = !said
        said = true
        lock.unlock()
        if first { CGDiagnostics.log(function, message) }
    }
}
