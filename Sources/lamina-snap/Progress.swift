import LaminaHost
import Glibc

/// Tells how a run goes: on a terminal a bar redrawn in place (failures stay on screen as lines
/// of their own), otherwise — a CI log, a pipe — one line per frame, which logs keep readably.
struct Progress {
    let total: Int
    let isTerminal: Bool
    private var done = 0

    init(total: Int, isTerminal: Bool = isatty(STDOUT_FILENO) == 1) {
        self.total = total
        self.isTerminal = isTerminal
    }

    mutating func frameDone(_ result: FrameResult) {
        done += 1
        let verdict: String
        switch result.status {
        case .written: verdict = ""
        case .passed: verdict = "  matches"
        case .failed: verdict = "  MISMATCH: " + result.message
        case .new: verdict = "  NEW: " + result.message
        }
        guard isTerminal else {
            print("[\(done)/\(total)] \(result.actualPath)\(verdict)")
            return
        }
        let clear = "\r\u{1B}[2K"
        if result.status == .failed || result.status == .new {
            print("\(clear)\(result.name)\(verdict)")
        }
        let width = 30, filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        print("\(clear)\(bar) \(done)/\(total) \(result.name)", terminator: done == total ? "\n" : "")
        fflush(nil)      // all streams: the bar has no newline to flush it
    }

    /// The closing line: counts by outcome.
    func summary(_ results: [FrameResult]) -> String {
        let counts = [FrameResult.Status.passed, .failed, .new, .written].compactMap { status -> String? in
            let n = results.filter { $0.status == status }.count
            return n == 0 ? nil : "\(n) \(status.rawValue)"
        }
        return "\(results.count) frames: " + (counts.isEmpty ? "none" : counts.joined(separator: ", "))
    }
}
