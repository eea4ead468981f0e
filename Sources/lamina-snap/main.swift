// lamina-snap — visual regression from the command line: frames of gallery demos at given
// media times on a virtual clock (offscreen, or from a real window), compared with goldens, with
// an HTML report, JUnit XML and shards for CI; animated-PNG recordings; layer-tree dumps.
// `lamina-snap` alone prints the usage and the exit statuses (Options.swift).
import GalleryDemos
import LaminaHost
import QuartzCore

/// Renders, compares and reports the frames of this shard; the exit status says how it went.
@MainActor
func runFrames(_ options: Options) throws -> Int32 {
    let all = options.demos.flatMap { demo in options.times.map { (demo, $0) } }
    let mine = options.shard.select(all)
    let out = URL(fileURLWithPath: options.out)
    do {
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
    } catch {
        throw SnapError("cannot create \(out.path): \(error.localizedDescription)")
    }
    let judge = FrameJudge(out: out, goldens: options.compare.map { URL(fileURLWithPath: $0) },
                           tolerance: options.tolerance, maxDifferingFraction: options.maxDifferingFraction)
    var progress = Progress(total: mine.count)
    var results: [FrameResult] = []
    for demo in options.demos {
        let times = mine.filter { $0.0.name == demo.name }.map(\.1)
        guard !times.isEmpty else { continue }
        var started = Date()
        try DemoFrames(demo: demo, scale: options.scale, window: options.window).render(at: times) { t, image in
            let result = try judge.judge(image, demo: demo.name, time: t, started: started)
            results.append(result)
            progress.frameDone(result)
            started = Date()
        }
    }
    if let report = options.report {
        try HTMLReport(directory: URL(fileURLWithPath: report), tolerance: options.tolerance,
                       maxDifferingFraction: options.maxDifferingFraction, shard: options.shard).write(results)
    }
    if let junit = options.junit { try JUnitReport(path: junit, shard: options.shard).write(results) }
    print(progress.summary(results) + (options.report.map { "; report: \($0)/index.html" } ?? ""))
    return results.contains { $0.status == .failed || $0.status == .new } ? ExitCode.mismatch : ExitCode.success
}

MainActor.assumeIsolated {
    let options = Options(parsing: Array(CommandLine.arguments.dropFirst()))
    do {
        switch options.mode {
        case .frames:
            exit(try runFrames(options))
        case .record(let path, let from, let to, let fps):
            let frames = DemoFrames(demo: options.demos[0], scale: options.scale, window: options.window)
            let recording = Recording(frames: frames, path: path, from: from, to: to, fps: fps)
            var progress = Progress(total: recording.times.count)
            try recording.write(progress: &progress)
            print("\(recording.times.count) frames at \(String(format: "%g", fps)) fps: \(path)")
        case .tree(let json):
            let root = DemoFrames(demo: options.demos[0], scale: options.scale, window: false).rootLayer()
            let dump = LayerTreeDump(root, at: DemoFrames.start + options.times[0])
            print(json ? dump.json : dump.text)
        }
        exit(ExitCode.success)
    } catch {
        fail("\(error)", status: ExitCode.failure)
    }
}
