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
    func writeReports(error: Error? = nil) throws {
        if let report = options.report {
            try HTMLReport(directory: URL(fileURLWithPath: report), tolerance: options.tolerance,
                           maxDifferingFraction: options.maxDifferingFraction, shard: options.shard).write(results)
        }
        if let junit = options.junit {
            try JUnitReport(path: junit, shard: options.shard).write(results, error: error.map { "\($0)" })
        }
    }
    // Each demo is rendered whole by one process: this one or a render process beside it
    // (`--jobs`), whichever asks first. Here frames render on the main thread, one after another,
    // and are compared and written on the other cores meanwhile (FramePipeline); every result is
    // reported in the run's order as it comes back.
    let groups = FrameGroups(mine)
    let queue = DemoQueue(groups: groups.numbers)
    let pipeline = FramePipeline(judge: judge, total: mine.count)
    var helpers: [RenderProcess] = []
    func report(_ result: FrameResult) {
        results.append(result)
        progress.frameDone(result)
    }
    do {
        let jobs = options.window ? 1 : min(options.jobs, groups.numbers.count)
        if jobs > 1 { signal(SIGPIPE, SIG_IGN) }       // a render process that dies is reported, not fatal
        for _ in 1..<max(jobs, 1) {
            helpers.append(try RenderProcess(arguments: options.renderProcessArguments, queue: queue, inbox: pipeline.inbox))
        }
        while let group = queue.claim() {
            try groups.render(group, options: options) { number, demo, t, image, seconds in
                pipeline.submit(image, number: number, demo: demo, time: t, renderSeconds: seconds)
                try pipeline.deliver(to: report)
            }
        }
        try pipeline.deliver(waitForAll: true, to: report)
        for helper in helpers { helper.wait() }
    } catch {
        // CI keeps what was made before the failure: the reports of the frames done so far.
        for helper in helpers { helper.stop() }
        pipeline.waitForAll()
        try? pipeline.deliver(to: report)
        try? writeReports(error: error)
        throw error
    }
    try writeReports()
    print(progress.summary(results) + (options.report.map { "; report: \($0)/index.html" } ?? ""))
    return results.contains { $0.status == .failed || $0.status == .new } ? ExitCode.mismatch : ExitCode.success
}

MainActor.assumeIsolated {
    keepFreedBuffers()
    let options = Options(parsing: Array(CommandLine.arguments.dropFirst()))
    do {
        switch options.mode {
        case .frames:
            exit(options.isRenderProcess ? serveAsRenderProcess(options) : try runFrames(options))
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
