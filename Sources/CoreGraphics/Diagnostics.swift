import Glibc

/// Where Apple's Core Graphics logs a message to the console and carries on (bad arguments, an
/// unsupported bitmap layout, corrupt image data), Lamina writes one line to standard error.
/// Tests can watch the messages through `CGDiagnostics.observer`.
public enum CGDiagnostics {
    /// Called with every message instead of writing it to standard error, when set.
    nonisolated(unsafe) public static var observer: (@Sendable (String) -> Void)?

    package static func log(_ function: String, _ message: String) {
        let line = "\(function): \(message)"
        if let observer { observer(line); return }
        let text = "Lamina CoreGraphics: " + line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}

extension CGFloat {
    var isUsable: Bool { isFinite }
}

extension CGPoint {
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    /// True when every field is finite (a null or infinite rect is not).
    var isFiniteRect: Bool { origin.isFinite && size.isFinite }
}
