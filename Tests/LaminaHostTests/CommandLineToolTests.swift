import XCTest
import LaminaTesting
import GalleryDemos

/// The command-line tools as users run them: `lamina-gallery` switching demos with keys in a
/// real window, `lamina-snap` writing frames and comparing them with goldens.
final class CommandLineToolTests: XCTestCase {
    @discardableResult
    func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try ToolRun(executable, arguments)
        XCTAssertFalse(run.timedOut, "\(executable.lastPathComponent) \(arguments) hung")
        return (run.status, run.output)
    }

    /// The id of the gallery window showing `demo`, waiting up to 30 s for it to appear (a
    /// loaded machine starts processes slowly).
    func window(showing demo: String) throws -> String? {
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let found = try run(xdotool, ["search", "--name", "^Lamina .* \(demo)$"])
            if found.status == 0, let id = found.output.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.1)      // another process starting up: real time is all there is
        }
        return nil
    }

    func testTheGallerySwitchesDemosWithTheArrowKeys() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        let gallery = Process()
        gallery.executableURL = try tool("lamina-gallery")
        gallery.arguments = [demos[0].name]
        gallery.standardOutput = FileHandle.nullDevice          // no pipe of ours outlives the test
        gallery.standardError = FileHandle.nullDevice
        try gallery.run()
        defer { gallery.stop() }
        let first = try XCTUnwrap(try window(showing: demos[0].name), "the gallery window never appeared")
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        try run(xdotool, ["key", "--window", first, "Right"])
        XCTAssertNotNil(try window(showing: demos[1].name), "Right did not open the next demo")
        try run(xdotool, ["key", "--window", first, "Left", "Left"])
        XCTAssertNotNil(try window(showing: demos[demos.count - 1].name), "Left did not wrap around to the last demo")
        try run(xdotool, ["key", "--window", first, "q"])
        let quitBy = Date().addingTimeInterval(30)
        while gallery.isRunning, Date() < quitBy { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertFalse(gallery.isRunning, "q did not quit")
    }

    func testSnapWritesFramesAndComparesThemWithGoldens() throws {
        let snap = try tool("lamina-snap")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snap-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames").path, goldens = folder.appendingPathComponent("goldens").path
        XCTAssertEqual(try run(snap, ["chevrons", "--at", "0,0.5", "--out", goldens]).status, 0)
        let golden = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: goldens + "/chevrons@0.5.png")))
        XCTAssertEqual(golden.width, 640)
        // The same frames again match (the clock is virtual: frames are deterministic).
        XCTAssertEqual(try run(snap, ["chevrons", "--at", "0,0.5", "--out", frames, "--compare", goldens, "--tolerance", "2"]).status, 0)
        // A golden from another time does not: non-zero exit, and a diff image.
        try FileManager.default.removeItem(atPath: goldens + "/chevrons@0.5.png")
        try FileManager.default.copyItem(atPath: goldens + "/chevrons@0.0.png", toPath: goldens + "/chevrons@0.5.png")
        let mismatch = try run(snap, ["chevrons", "--at", "0.5", "--out", frames, "--compare", goldens, "--tolerance", "2"])
        XCTAssertNotEqual(mismatch.status, 0, mismatch.output)
        let written = try FileManager.default.contentsOfDirectory(atPath: frames)
        XCTAssertTrue(written.contains { $0.contains("diff") }, "no diff image among \(written)")
    }

    /// What real windows show (lamina-snap --window: the render thread, the compositor, MIT-SHM,
    /// a capture through XGetImage) against the offscreen goldens of every demo.
    func testWindowCapturesMatchTheGoldens() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        let snap = try tool("lamina-snap")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-window-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        for demo in demos.map(\.name) {
            let result = try run(snap, [demo, "--window", "--at", "0.5", "--out", folder.path])
            XCTAssertEqual(result.status, 0, result.output)
            let frame = try XCTUnwrap(SnapshotComparison.read(folder.appendingPathComponent("\(demo)@0.5.png")), demo)
            let golden = try XCTUnwrap(SnapshotComparison.read(goldens.appendingPathComponent("demo-\(demo)@0.5.png")), demo)
            XCTAssertEqual(frame.width, golden.width, demo)
            guard frame.width == golden.width, frame.height == golden.height else { continue }
            // Bilinear placement differs from cairo's drawing at edges only: a few pixels, a little.
            let differing = SnapshotComparison.difference(frame, golden, channelTolerance: 40).differing
            XCTAssertLessThan(differing, frame.width * frame.height / 100, "\(demo): the window differs from its golden")
        }
    }

    /// An X server that goes away ends the app with a clear message: no hang, no crash.
    func testAVanishedXServerEndsTheAppWithAMessage() throws {
        let xvfb = URL(fileURLWithPath: "/usr/bin/Xvfb")
        guard FileManager.default.fileExists(atPath: xvfb.path) else { throw XCTSkip("needs Xvfb") }
        let gallery = try tool("lamina-gallery")
        // A server of our own, on a display nobody uses.
        var number = 180
        while FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        let server = Process()
        server.executableURL = xvfb
        server.arguments = [":\(number)", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.stop() }
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
            Thread.sleep(forTimeInterval: 0.05)      // another process starting up: real time is all there is
        }
        let app = Process(), errors = Pipe()
        app.executableURL = gallery
        app.arguments = ["stress"]
        app.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": ":\(number)"]) { $1 }
        app.standardOutput = Pipe()
        app.standardError = errors
        try app.run()
        defer { app.stop() }
        Thread.sleep(forTimeInterval: 1.5)                // let it open its window and animate
        XCTAssertTrue(app.isRunning, "the gallery did not start")
        server.terminate()
        let gone = Date()
        for _ in 0..<1000 where app.isRunning { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertFalse(app.isRunning, "the app hung after the X server went away")
        guard !app.isRunning else { return }
        XCTAssertLessThan(Date().timeIntervalSince(gone), 1, "the app took over a second to end")
        XCTAssertEqual(app.terminationReason, .exit, "the app crashed")
        XCTAssertEqual(app.terminationStatus, 1)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(message.components(separatedBy: "the X server went away").count - 1, 1, "one message: \(message)")
    }
}
