import Foundation
import XCTest

/// Runs a command-line tool to its end for a test. Its output goes to a file rather than a
/// pipe (a process it leaves behind cannot keep a pipe, and so the test, waiting), and a run
/// that takes over `timeout` seconds is killed: a hung tool fails its test instead of hanging
/// the whole suite.
struct ToolRun {
    let status: Int32
    let output: String
    let timedOut: Bool
    /// Standard error, when asked for apart (`errorsApart`); otherwise it is in `output`.
    let errors: String

    init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 120,
         errorsApart: Bool = false) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-tool-\(UUID()).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-tool-\(UUID()).err")
        defer { try? FileManager.default.removeItem(at: errorLog) }
        if errorsApart {
            guard FileManager.default.createFile(atPath: errorLog.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            process.standardError = try FileHandle(forWritingTo: errorLog)
        } else {
            process.standardError = output
        }
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        timedOut = ended.wait(timeout: .now() + timeout) == .timedOut
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            ended.wait()
        }
        status = process.terminationStatus
        self.output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        errors = errorsApart ? (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" : ""
    }
}

extension Process {
    /// Ends a process a test started and left running: SIGTERM, then SIGKILL if it is still
    /// there after `grace` seconds, and waits for it, so that nothing it holds outlives the test.
    func stop(grace: TimeInterval = 5) {
        guard isRunning else { return }
        terminate()
        let deadline = Date().addingTimeInterval(grace)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }   // real processes: real time
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}

extension XCTestCase {
    /// The executable `name` of this package, built next to the tests (skips when it is not).
    func tool(_ name: String) throws -> URL {
        let url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("\(name) is not built next to the tests (swift build --build-tests builds it)")
        }
        return url
    }
}
