import Dispatch
import LaminaHost
import Synchronization

/// The demos of a run, handed out one at a time to whichever process asks first (`--jobs N`):
/// this process's main thread and the `RenderProcess`es beside it. A demo is rendered whole by
/// one process (its layer tree is built once), and every demo starts from the same virtual
/// clock, so a frame is the same whichever process made it.
final class DemoQueue: Sendable {
    /// The frame numbers of each demo, in the run's order.
    let groups: [[Int]]
    private let next = Mutex(0)

    init(groups: [[Int]]) { self.groups = groups }

    /// The next demo nobody has taken yet, as an index into `groups`.
    func claim() -> Int? {
        next.withLock { next in
            guard next < groups.count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}

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
