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

/// The frames of a run grouped by demo (a demo's frames are consecutive): frame numbers, and
/// the rendering of one group.
@MainActor
struct FrameGroups {
    let frames: [(Demo, Double)]
    /// The frame numbers of each demo, in order.
    let numbers: [[Int]]

    init(_ frames: [(Demo, Double)]) {
        self.frames = frames
        var numbers: [[Int]] = []
        for (number, frame) in frames.enumerated() {
            if number > 0, frames[number - 1].0.name == frame.0.name {
                numbers[numbers.count - 1].append(number)
            } else {
                numbers.append([number])
            }
        }
        self.numbers = numbers
    }

    /// Renders group `group`'s frames and hands each to `body` with its number, the demo's name,
    /// its time and the seconds it took to render.
    func render(_ group: Int, options: Options, _ body: (Int, String, Double, CGImage, Double) throws -> Void) throws {
        let numbers = self.numbers[group], demo = frames[numbers[0]].0
        var started = Date(), k = 0
        try DemoFrames(demo: demo, scale: options.scale, window: options.window).render(at: numbers.map { frames[$0].1 }) { t, image in
            try body(numbers[k], demo.name, t, image, Date().timeIntervalSince(started))
            k += 1
            started = Date()
        }
    }
}

/// A render process's run (`--render-process`): asks its parent for demos on standard output,
/// reads their indices on standard input, renders, compares and writes their frames, and tells
/// each result (see `RenderProcess`); ends when its input closes.
@MainActor
func serveAsRenderProcess(_ options: Options) -> Int32 {
    let mine = options.shard.select(options.demos.flatMap { demo in options.times.map { (demo, $0) } })
    let groups = FrameGroups(mine)
    try? FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)    // made by the parent, unless run alone
    let judge = FrameJudge(out: URL(fileURLWithPath: options.out), goldens: options.compare.map { URL(fileURLWithPath: $0) },
                           tolerance: options.tolerance, maxDifferingFraction: options.maxDifferingFraction)
    let pipeline = FramePipeline(judge: judge, total: 0)
    var numbers: [Int] = []                // the run's number of each frame given to the pipeline
    let encoder = JSONEncoder()
    func tell(_ message: RenderProcessMessage) {
        guard let line = try? encoder.encode(message) else { return }
        FileHandle.standardOutput.write(line + Data("\n".utf8))
    }
    func pass(_ local: Int, _ result: Result<FrameResult, SnapError>) {
        switch result {
        case .success(let frame): tell(.result(number: numbers[local], frame))
        case .failure(let error): tell(.failure(number: numbers[local], error.description))
        }
    }
    tell(.ready)
    while let line = readLine(), let group = Int(line), groups.numbers.indices.contains(group) {
        var rendered = 0
        do {
            try groups.render(group, options: options) { number, demo, t, image, seconds in
                numbers.append(number)
                pipeline.total += 1
                pipeline.submit(image, number: pipeline.total - 1, demo: demo, time: t, renderSeconds: seconds)
                rendered += 1
                pipeline.deliverAll(to: pass)
            }
        } catch {
            // The frame that could not be made, and the demo's frames after it, fail with the reason.
            for number in groups.numbers[group].dropFirst(rendered) { tell(.failure(number: number, "\(error)")) }
        }
        tell(.ready)
        pipeline.deliverAll(to: pass)
    }
    pipeline.deliverAll(waitForAll: true, to: pass)
    return ExitCode.success
}

MainActor.assumeIsolated {
    // Every frame allocates and frees buffers of a megabyte or more (the rendered image, the
    // decoded golden). glibc gave such blocks back to the kernel when freed and faulted fresh
    // zeroed pages in for the next: about a fifth of a run's CPU time. Kept in the process
    // instead (page faults of a gallery run 39,700 → 28,000). This process's own setting.
    // (malloc.h is not in Swift's Glibc module: mallopt is looked up; M_MMAP_THRESHOLD is −3,
    // M_TRIM_THRESHOLD −1.)
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    if let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") {
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 32 << 20)
        _ = mallopt(-1, 1 << 30)
    }
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
