import Dispatch
import LaminaHost
import Synchronization

/// What a render process says on its standard output, one JSON object a line.
enum RenderProcessMessage: Codable {
    /// It wants a demo: the parent answers with a demo's index on its standard input, or closes it.
    case ready
    /// Frame `number` of the run is finished.
    case result(number: Int, FrameResult)
    /// Frame `number` could not be made or judged.
    case failure(number: Int, String)
}

/// Another lamina-snap process rendering demos of this run side by side with this one (layers
/// belong to a process's main thread: demos render in parallel in processes, not threads). It is
/// started with the run's demos, frames and comparison options and `--render-process`; it asks
/// for a demo, renders, compares and writes that demo's frames as this process would, tells each
/// result (numbered in the run), and asks again until its standard input closes.
final class RenderProcess: Sendable {
    private let process: Process
    private let done = DispatchGroup()

    /// Starts the process; a thread of this one answers it from `queue` and puts its results in
    /// `inbox`.
    init(arguments: [String], queue: DemoQueue, inbox: FrameInbox) throws(SnapError) {
        let process = Process()
        // This very executable (a relative argv[0] or a symlink would not do).
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        do {
            try process.run()
        } catch {
            throw SnapError("cannot start a render process: \(error.localizedDescription)")
        }
        self.process = process
        done.enter()
        let done = self.done
        Thread.detachNewThread {
            Self.serve(process, output: output.fileHandleForReading, input: input.fileHandleForWriting, queue: queue, inbox: inbox)
            done.leave()
        }
    }

    /// Reads the process's messages until it ends; frames of demos it took but did not finish
    /// become failures that say why.
    private static func serve(_ process: Process, output: FileHandle, input: FileHandle, queue: DemoQueue, inbox: FrameInbox) {
        var pending = Set<Int>()
        var buffer = Data()
        let decoder = JSONDecoder()
        var inputOpen = true
        while true {
            let chunk = output.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[(newline + 1)...])
                guard let message = try? decoder.decode(RenderProcessMessage.self, from: line) else { continue }
                switch message {
                case .ready:
                    if let group = queue.claim() {
                        pending.formUnion(queue.groups[group])
                        try? input.write(contentsOf: Data("\(group)\n".utf8))     // a process that died is noticed at its end
                    } else if inputOpen {
                        try? input.close()
                        inputOpen = false
                    }
                case .result(let number, let result):
                    pending.remove(number)
                    inbox.put(.success(result), number: number)
                case .failure(let number, let message):
                    pending.remove(number)
                    inbox.put(.failure(SnapError(message)), number: number)
                }
            }
        }
        if inputOpen { try? input.close() }
        process.waitUntilExit()
        for number in pending {
            inbox.put(.failure(SnapError("a render process ended (status \(process.terminationStatus)) before its frames were made")),
                      number: number)
        }
    }

    /// Stops the process (the run ended on an error) and waits for it.
    func stop() {
        if process.isRunning { process.terminate() }
        done.wait()
    }

    /// Waits until the process has ended and every message of it is read.
    func wait() { done.wait() }
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
