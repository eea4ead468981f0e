import GalleryDemos
import LaminaHost

/// `lamina-bench pacing --layers N --seconds S`: how evenly an animating window's frames land —
/// the distribution of intervals between frames put on screen, beside the clock that paces them.
enum PacingSuite {
    @MainActor
    static func run(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        func value(_ flag: String, _ fallback: Double) -> Double {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Double(arguments[$0 + 1]) : nil } ?? fallback
        }
        let layers = Int(value("--layers", 100)), seconds = value("--seconds", 5)
        guard let window = WindowSuite.open(StressDemo(count: layers, size: geometry.size), geometry) else { return 1 }
        let skipped = window.recentFrameIntervals.count
        RunLoop.main.run(until: Date().addingTimeInterval(seconds))      // as Application.run() does
        let intervals = Array(window.recentFrameIntervals.dropFirst(skipped))
        window.close()
        guard let line = summary(intervals) else {
            print("pacing: no frames shown")
            return 1
        }
        print("pacing: layers=\(layers) " + line + " \(geometry)")
        return 0
    }

    /// `frames=N clock="…" target_ms=… p50_ms=… p99_ms=… max_ms=… late=L` for the intervals
    /// between a window's shown frames (seconds): late ones took over 1.5 frame intervals of the
    /// clock that paces them. Nil when there are none.
    @MainActor
    static func summary(_ intervals: [Double]) -> String? {
        guard !intervals.isEmpty else { return nil }
        let sorted = intervals.sorted()
        func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] * 1e3 }
        let target = 1e3 / Window.frameTiming.framesPerSecond
        let late = sorted.filter { $0 * 1e3 > target * 1.5 }.count
        return String(format: "frames=%d clock=\"%@\" target_ms=%.2f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f late=%d",
                      sorted.count + 1, Window.frameTiming.description, target, percentile(0.5), percentile(0.99),
                      sorted.last! * 1e3, late)
    }
}
