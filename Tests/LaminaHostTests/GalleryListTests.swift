import XCTest
import GalleryDemos

/// `lamina-gallery --list`: every demo, each with a line that says what it shows.
final class GalleryListTests: XCTestCase {
    func testTheListSaysWhatEveryDemoShows() throws {
        let run = try ToolRun(try tool("lamina-gallery"), ["--list"], timeout: 60)
        XCTAssertEqual(run.status, 0, run.output)
        let lines = run.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        XCTAssertEqual(lines.count, demos.count, run.output)
        for demo in demos {
            XCTAssertTrue(lines.contains { $0.hasPrefix(demo.name + " ") && $0.hasSuffix(demo.summary) }, "\(demo.name) is not listed")
            XCTAssertGreaterThanOrEqual(demo.summary.split(separator: " ").count, 4, "\(demo.name)'s summary says too little")
        }
        XCTAssertEqual(Set(demos.map(\.summary)).count, demos.count, "two demos have the same summary")
    }
}

/// `lamina-gallery`'s errors go to standard error, its results (paths, the list) to standard
/// output: before, its errors were printed on standard output.
final class GalleryErrorTests: XCTestCase {
    func testErrorsGoToStandardError() throws {
        for (arguments, status) in [(["nosuchdemo"], Int32(2)), (["--screenshots", "/tmp/x", "--at", "0x10"], 2), (["--screenshots", "/tmp/x", "--at", "1e300"], 2)] {
            let run = try ToolRun(try tool("lamina-gallery"), arguments, timeout: 60, errorsApart: true)
            XCTAssertEqual(run.status, status, "\(arguments): \(run.output) \(run.errors)")
            XCTAssertEqual(run.output, "", "\(arguments)")
            XCTAssertTrue(run.errors.hasPrefix("lamina-gallery: "), "\(arguments): \(run.errors)")
        }
    }
}

/// In a gallery window, t prints the demo's layer tree (`Window.dumpLayerTree`) to standard output.
final class GalleryTreeKeyTests: XCTestCase {
    func testTPrintsTheLayerTree() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-gallery-\(UUID()).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let gallery = Process()
        gallery.executableURL = try tool("lamina-gallery")
        gallery.arguments = ["motion"]
        gallery.standardOutput = output
        gallery.standardError = FileHandle.nullDevice
        try gallery.run()
        defer { gallery.stop() }
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        var window: String?
        let deadline = Date().addingTimeInterval(30)
        while window == nil, Date() < deadline {
            let found = try ToolRun(xdotool, ["search", "--name", "^Lamina .* motion$"], timeout: 30)
            window = found.status == 0 ? found.output.split(separator: "\n").first.map(String.init) : nil
            if window == nil { Thread.sleep(forTimeInterval: 0.1) }     // another process starting up: real time
        }
        let id = try XCTUnwrap(window, "the gallery window never appeared")
        XCTAssertEqual(try ToolRun(xdotool, ["key", "--window", id, "t"], timeout: 30).status, 0)
        var printed = ""
        let printedBy = Date().addingTimeInterval(30)
        while !printed.contains("▸ colors:"), Date() < printedBy {
            Thread.sleep(forTimeInterval: 0.1)                               // the other process prints when it gets the key
            printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        XCTAssertTrue(printed.contains("layer tree at media time"), printed)
        XCTAssertTrue(printed.contains("▸ spring: CAAnimationGroup"), printed)
        XCTAssertTrue(printed.contains("▸ colors: CAKeyframeAnimation backgroundColor"), printed)
    }
}
