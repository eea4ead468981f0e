import Foundation

/// The options of the scene suites (`nested`, `drag`, `effects`, `scroll`): `--frames N` offscreen
/// frames, `--seconds S` in a window, `--short` for a quick check (fewer of both), `--offscreen`
/// to leave the window out, `--window-only` the offscreen frames; some scenes take a size
/// (`effects --layers N`, `particles --count N`, read with `whole(_:_:in:suite:)`); every one
/// runs at `geometry` (`--size WxH`, `--scale S`).
struct SuiteOptions {
    let arguments: [String]
    /// The scene's size in points and its scale, offscreen and in the window.
    let geometry: SceneGeometry

    var short: Bool { arguments.contains("--short") }

    func value(_ flag: String, _ fallback: Double) -> Double {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? fallback
    }

    /// `--FLAG N`: a whole number in `range`, or `fallback` without the flag; nil, with a message
    /// saying why, when the value is missing, not a whole number or out of range (NaN included).
    func whole(_ flag: String, _ fallback: Int, in range: ClosedRange<Int>, suite: String) -> Int? {
        guard let index = arguments.firstIndex(of: flag) else { return fallback }
        guard index + 1 < arguments.count, let n = Int(arguments[index + 1]), range.contains(n) else {
            let given = index + 1 < arguments.count ? "\"\(arguments[index + 1])\"" : "nothing"
            print("lamina-bench \(suite): \(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \(given)")
            return nil
        }
        return n
    }

    /// Offscreen frames timed per figure.
    var frames: Int { max(Int(value("--frames", short ? 60 : 300)), 10) }
    /// Seconds a window is watched per figure (after a second's warm-up).
    var seconds: Double { max(value("--seconds", short ? 1 : 5), 0.2) }

    /// `--window-only`: the window's figures alone, without the offscreen frames before them (a
    /// process that never held them: its resident memory is the window's).
    var windowOnly: Bool { arguments.contains("--window-only") }

    /// Whether to measure in a window too: asked for, and a display to open it on. Says why not.
    func wantsWindow(_ suite: String) -> Bool {
        if arguments.contains("--offscreen") { return false }
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            print("\(suite) window: skipped (no DISPLAY; scripts/bench starts Xvfb)")
            return false
        }
        return true
    }
}
