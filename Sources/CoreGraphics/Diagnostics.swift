import Glibc

/// Where Apple's Core Graphics logs a message to the console and carries on (bad arguments, an
/// unsupported bitmap layout, corrupt image data), Lamina writes one line to standard error,
/// prefixed with the framework that speaks: "Lamina QuartzCore:" for Core Animation's types
/// (`CA…`), "Lamina CoreImage:" for Core Image's (`CI…`), "Lamina CoreGraphics:" for the rest. QuartzCore logs through here too.
/// Tests collect the messages of what they run with `collecting(during:)`.
public enum CGDiagnostics {
    /// Called with every message not collected by `collecting(during:)`, instead of writing it
    /// to standard error, when set. Process-wide: for tools, not for tests.
    nonisolated(unsafe) public static var observer: (@Sendable (String) -> Void)?

    /// Where the current task (or thread, outside tasks) collects messages, if anywhere.
    @TaskLocal private static var collector: MessageBox?

    /// Runs `body` and returns the messages it logged (instead of printing them): those logged
    /// on the calling thread or task and in tasks it starts, not another thread's (a window's
    /// render thread), so tests running side by side each see only their own.
    public static func collecting(during body: () throws -> Void) rethrows -> [String] {
        let box = MessageBox()
        try $collector.withValue(box) { try body() }
        return box.lines
    }

    /// The framework a function or type belongs to, by Apple's naming: `CA…` is QuartzCore.
    package static func framework(of function: String) -> String {
        function.hasPrefix("CA") ? "QuartzCore" : function.hasPrefix("CI") ? "CoreImage" : "CoreGraphics"
    }

    package static func log(_ function: String, _ message: String) {
        let line = "\(function): \(message)"
        if let collector { collector.append(line); return }
        if let observer { observer(line); return }
        let text = "Lamina \(framework(of: function)): " + line + "\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}

extension CGFloat {
    var isUsable: Bool { isFinite }
}

extension CGPoint {
    package var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGSize {
    package var isFinite: Bool { width.isFinite && height.isFinite }
}

extension CGRect {
    /// True when every field is finite (a null or infinite rect is not).
    package var isFiniteRect: Bool { origin.isFinite && size.isFinite }
}

/// Messages collected by `CGDiagnostics.collecting(during:)`.
private final class MessageBox: @unchecked Sendable {
    private var stored: [String] = []
    private let lock = NSLock()

    func append(_ line: String) {
        lock.lock(); stored.append(line); lock.unlock()
    }

    var lines: [String] {
        lock.lock(); defer { lock.unlock() }
        return stored
    }
}
