import XCTest
@testable import AppKit

/// `lamina-appkit-sample`, a Mac app written as one is without a nib (`@main` on its app
/// delegate), run as a user runs it under Xvfb: its window opens, a click and keys reach its
/// view, `q` terminates it through `NSApp.terminate(_:)` and the delegate hears it.
final class AppKitSampleTests: XCTestCase {
    func testTheSampleAppLaunchesTakesInputAndTerminates() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-appkit-sample-\(UUID()).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let app = Process()
        app.executableURL = try tool("lamina-appkit-sample")
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { app.stop() }
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        var window: String?
        let deadline = Date().addingTimeInterval(30)
        while window == nil, Date() < deadline {
            let found = try ToolRun(xdotool, ["search", "--name", "^Lamina AppKit sample$"], timeout: 10)
            if found.status == 0 { window = found.output.split(separator: "\n").first.map(String.init) }
            else { Thread.sleep(forTimeInterval: 0.1) }     // another process starting up: real time is all there is
        }
        let id = try XCTUnwrap(window, "the sample's window never appeared")
        // (40, 170) from the window's top left is (40, 30) from its bottom left, AppKit's origin.
        // (Its status is not looked at: the app may be gone before xdotool lets go of the window.)
        _ = try ToolRun(xdotool, ["mousemove", "--window", id, "40", "170", "click", "1", "sleep", "0.3", "key", "--window", id, "a", "q"],
                        timeout: 30)
        let quitBy = Date().addingTimeInterval(30)
        while app.isRunning, Date() < quitBy { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertFalse(app.isRunning, "q did not terminate the app")
        XCTAssertEqual(app.terminationStatus, 0)
        let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, ["launched", "click 40,30 count 1", "key a", "key q", "terminating"])
    }

    func testMakingAnObjectOfAClassKnownAtRunTimeRunsItsOwnInitializer() {
        final class Delegate: NSObject {
            var made = "stored"
            override init() {
                super.init()
                made += " and init()"
            }
        }
        let made = NSObject.makeObject(ofClass: Delegate.self)
        XCTAssertTrue(type(of: made) == Delegate.self)
        XCTAssertEqual((made as? Delegate)?.made, "stored and init()")
    }
}
