import Foundation
import GalleryDemos
import LaminaHost

/// `lamina-bench first-frame [DEMO…] [--runs N]`: how long a gallery demo takes from process
/// start to its first frame shown in a window (needs a display). Each run is a new process (this
/// program again, `--child`): the parent notes the wall clock just before it starts the child,
/// the child prints the wall clock when its window has shown a frame, so the figure holds
/// everything an app pays — loading, the first commit, textures, the first put. Per demo:
///
///     first-frame: demo=NAME runs=N p50_ms=… max_ms=…
///
/// then `first-frame: all p50_ms=… max_ms=…` over every run of every demo.
enum FirstFrameSuite {
    static func run(_ arguments: [String]) -> Int32 {
        if let i = arguments.firstIndex(of: "--child"), i + 1 < arguments.count {
            return MainActor.assumeIsolated { child(arguments[i + 1]) }
        }
        let runs = arguments.firstIndex(of: "--runs").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 3
        let named = arguments.dropFirst().filter { !$0.hasPrefix("--") && Int($0) == nil }
        let names = named.isEmpty ? demos.map(\.name) : Array(named)
        var all: [Double] = []
        for name in names {
            var times: [Double] = []
            for _ in 0..<max(runs, 1) {
                guard let ms = launch(name) else {
                    print("first-frame: demo=\(name) failed (no display, or no frame within 30 s)")
                    return 1
                }
                times.append(ms)
            }
            all += times
            let sorted = times.sorted()
            print(String(format: "first-frame: demo=%@ runs=%d p50_ms=%.1f max_ms=%.1f", name, times.count, sorted[sorted.count / 2],
                         sorted.last!))
            fflush(nil)
        }
        let sorted = all.sorted()
        print(String(format: "first-frame: all p50_ms=%.1f max_ms=%.1f", sorted[sorted.count / 2], sorted.last!))
        return 0
    }

    /// Starts a child for `demo` and returns its time to first frame in milliseconds.
    private static func launch(_ demo: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["first-frame", "--child", demo]
        let output = Pipe()
        process.standardOutput = output
        let started = Date().timeIntervalSince1970
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, let text = String(data: data, encoding: .utf8),
              let shown = text.split(separator: "\n").compactMap({ $0.hasPrefix("shown=") ? Double($0.dropFirst(6)) : nil }).first
        else { return nil }
        return (shown - started) * 1000
    }

    /// The child: opens `name` in a window and prints the wall clock once a frame is shown.
    @MainActor
    private static func child(_ name: String) -> Int32 {
        guard let demo = demos.first(where: { $0.name == name }),
              let window = try? Window(checkedTitle: "lamina-bench first-frame", size: StressDemo.size) else { return 1 }
        window.contentView = demo.make()
        window.show()
        guard Application.shared.runUntil(timeout: 30, { window.shownMediaTime.isFinite }) else { return 1 }
        print(String(format: "shown=%.6f", Date().timeIntervalSince1970))
        fflush(nil)
        window.close()
        return 0
    }
}
