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
/// then `first-frame: all p50_ms=… max_ms=…` over every run of every demo. With `--phases`,
/// also where each demo's time went (p50 of each step, ms):
///
///     first-frame: demo=NAME phases loaded=… connected=… built=… committed=… drawn=…
///
/// `loaded`: to the child's first line of Swift (the process's start, libraries linked);
/// `connected`: the X connection (with its input method); `built`: the demo's view made;
/// `committed`: `show()` (the window mapped, the first commit handed to the render thread);
/// `drawn`: until the first frame is put.
enum FirstFrameSuite {
    /// The steps of a child's start, in order (see the suite's comment).
    static let phases = ["loaded", "connected", "built", "committed", "drawn"]

    static func run(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        if let i = arguments.firstIndex(of: "--child"), i + 1 < arguments.count {
            return MainActor.assumeIsolated { child(arguments[i + 1], size: geometry.size) }
        }
        let runs = arguments.firstIndex(of: "--runs").flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? 3
        // Demo names: the words that are neither flags nor the values of --runs, --size and --scale.
        let values = Set(["--runs", "--size", "--scale"].compactMap { flag in arguments.firstIndex(of: flag).map { $0 + 1 } })
        let named = arguments.indices.dropFirst().filter { !values.contains($0) && !arguments[$0].hasPrefix("--") }.map { arguments[$0] }
        let names = named.isEmpty ? demos.map(\.name) : Array(named)
        var all: [Double] = []
        for name in names {
            var times: [Double] = []
            var steps: [[Double]] = Array(repeating: [], count: phases.count)
            for _ in 0..<max(runs, 1) {
                // The child reads its window's scale from LAMINA_SCALE, set in this process's environment.
                let (ms, phased): (Double, [Double])
                switch launch(name, geometry) {
                case .success(let result): (ms, phased) = result
                case .failure(let failure):
                    print("first-frame: demo=\(name) failed: \(failure.reason)")
                    return 1
                }
                times.append(ms)
                if phased.count == phases.count { for i in phased.indices { steps[i].append(phased[i]) } }
            }
            all += times
            let sorted = times.sorted()
            print(String(format: "first-frame: demo=%@ runs=%d p50_ms=%.1f max_ms=%.1f %@", name, times.count, sorted[sorted.count / 2],
                         sorted.last!, geometry.description))
            if arguments.contains("--phases"), !steps[0].isEmpty {
                let medians = steps.map { $0.sorted()[$0.count / 2] }
                print("first-frame: demo=\(name) phases " + zip(phases, medians).map { String(format: "%@=%.1f", $0, $1) }.joined(separator: " "))
            }
            fflush(nil)
        }
        let sorted = all.sorted()
        print(String(format: "first-frame: all p50_ms=%.1f max_ms=%.1f %@", sorted[sorted.count / 2], sorted.last!, geometry.description))
        return 0
    }

    /// Why a child gave no time, and how it ended (what it wrote to standard error is in ours).
    private struct LaunchFailure: Error {
        let reason: String
    }

    /// Starts a child for `demo` and returns its time to first frame in milliseconds, with the
    /// time each of its `phases` took.
    private static func launch(_ demo: String, _ geometry: SceneGeometry) -> Result<(Double, [Double]), LaunchFailure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["first-frame", "--child", demo, "--size", "\(Int(geometry.size.width))x\(Int(geometry.size.height))"]
        let output = Pipe()
        process.standardOutput = output
        let started = Date().timeIntervalSince1970
        do { try process.run() } catch { return .failure(LaunchFailure(reason: "could not start the child: \(error)")) }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        func failure(_ what: String) -> Result<(Double, [Double]), LaunchFailure> {
            let ended = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                                                                       : "exit status \(process.terminationStatus)"
            return .failure(LaunchFailure(reason: "\(what) (\(ended))"))
        }
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            let what = process.terminationReason == .uncaughtSignal ? "the child crashed"
                : text.contains("connected=") ? "no frame shown within 30 s" : "no window (no display?)"
            return failure(what)
        }
        // Wall clocks the child noted as it went ("loaded=…", …, "shown=…").
        var clocks: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2, let value = Double(parts[1]) { clocks[String(parts[0])] = value }
        }
        guard let shown = clocks["shown"] else { return failure("no frame reported") }
        var last = started, steps: [Double] = []
        for phase in phases {
            guard let clock = phase == "drawn" ? shown : clocks[phase] else { break }
            steps.append((clock - last) * 1000)
            last = clock
        }
        return .success(((shown - started) * 1000, steps))
    }

    /// The child: opens `name` in a window and prints the wall clock once a frame is shown.
    @MainActor
    private static func child(_ name: String, size: CGSize) -> Int32 {
        func note(_ phase: String) { print(String(format: "%@=%.6f", phase, Date().timeIntervalSince1970)) }
        note("loaded")
        guard let demo = demos.first(where: { $0.name == name }) else { return 1 }
        let window: Window
        do { window = try Window(checkedTitle: "lamina-bench first-frame", size: size) } catch {
            FileHandle.standardError.write(Data("first-frame: no window: \(error)\n".utf8))
            return 1
        }
        note("connected")
        let view = demo.make()
        note("built")
        window.contentView = view
        window.show()
        note("committed")
        guard Application.shared.runUntil(timeout: 30, { window.shownMediaTime.isFinite }) else { return 1 }
        note("shown")
        fflush(nil)
        window.close()
        return 0
    }
}
