import XCTest

/// `lamina-uikit-sample`, an iOS app written as one is without a storyboard (`@main` on its
/// UIApplicationDelegate, a window with a root view controller), driven under Xvfb with xdotool
/// as a user drives it: taps fire the button's action, a double tap is told from a single tap,
/// a long press begins after its duration, the switch and the slider send their values, a drag
/// moves the card and its fling settles, the keyboard reaches the first responder, the list is
/// presented, scrolls with the wheel and decelerates, and is dismissed.
final class UIKitSampleTests: XCTestCase {
    func testTheSampleAppTakesTapsGesturesControlsKeysAndScrolls() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display") }
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-uikit-sample-\(UUID()).log")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        defer { try? output.close() }
        let app = Process()
        app.executableURL = try tool("lamina-uikit-sample")
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { app.stop() }
        let xdotool = URL(fileURLWithPath: "/usr/bin/xdotool")
        var window: String?
        let deadline = Date().addingTimeInterval(30)
        while window == nil, Date() < deadline {
            let found = try ToolRun(xdotool, ["search", "--name", "^lamina-uikit-sample$"], timeout: 10)
            if found.status == 0 { window = found.output.split(separator: "\n").first.map(String.init) }
            else { Thread.sleep(forTimeInterval: 0.1) }     // another process starting up: real time is all there is
        }
        let id = try XCTUnwrap(window, "the sample's window never appeared")

        func lines() -> [String] { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        /// Waits (real time: another process) for a line starting with `prefix`, after `count` lines.
        @discardableResult
        func expect(_ prefix: String, after count: Int, _ message: String) -> String? {
            let by = Date().addingTimeInterval(20)
            while Date() < by {
                if let line = lines().dropFirst(count).first(where: { $0.hasPrefix(prefix) }) { return line }
                Thread.sleep(forTimeInterval: 0.05)
            }
            XCTFail("\(message): no \"\(prefix)\" in \(lines().dropFirst(count))")
            return nil
        }
        func run(_ arguments: [String]) throws {
            _ = try ToolRun(xdotool, arguments, timeout: 30)
        }
        func at(_ x: Int, _ y: Int) -> [String] { ["mousemove", "--window", id, "\(x)", "\(y)"] }

        expect("main appeared", after: 0, "the root view controller did not appear")
        var seen = lines().count

        try run(at(120, 92) + ["click", "1"])
        expect("button tapped 1", after: seen, "a click on the button did not fire its action")
        seen = lines().count

        try run(at(125, 250) + ["click", "1"])
        expect("single tap", after: seen, "a single tap on the pad")
        seen = lines().count
        try run(at(125, 250) + ["click", "--repeat", "2", "--delay", "80", "1"])
        expect("double tap", after: seen, "a double click on the pad")
        XCTAssertFalse(lines().dropFirst(seen).contains("single tap"), "the double tap was taken for a single tap")
        seen = lines().count

        try run(at(355, 250) + ["mousedown", "1", "sleep", "0.8", "mouseup", "1"])
        let began = expect("long press began", after: seen, "holding the pad")
        let held = Double(began?.split(separator: " ").dropLast().last ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(held, 0.5, "the long press began before its minimum duration")
        XCTAssertLessThan(held, 0.8, "the long press began only at the release")
        expect("long press ended", after: seen, "releasing the pad")
        seen = lines().count

        try run(at(45, 149) + ["click", "1"])
        expect("switch on", after: seen, "a click on the switch")
        seen = lines().count

        // The slider's thumb is at its middle (x 280); 100 points right of it: 0.80.
        var drag = at(280, 149) + ["mousedown", "1"]
        for x in stride(from: 300, through: 380, by: 20) { drag += ["sleep", "0.02"] + at(x, 149) }
        try run(drag + ["mouseup", "1"])
        let slider = expect("slider", after: seen, "dragging the slider's thumb")
        XCTAssertEqual(slider, "slider 0.80")
        seen = lines().count

        // The card (from 80, 390 in the window) dragged right and down, released moving.
        drag = at(140, 430) + ["mousedown", "1"]
        for i in 1...8 { drag += ["sleep", "0.015"] + at(140 + i * 15, 430 + i * 5) }
        try run(drag + ["mouseup", "1"])
        expect("card released", after: seen, "the card's pan did not end")
        let settled = try XCTUnwrap(expect("card settled", after: seen, "the card's fling did not settle"))
        let origin = settled.dropFirst("card settled ".count).split(separator: ",").compactMap { Int($0) }
        XCTAssertEqual(origin.count, 2)
        XCTAssertGreaterThan(origin.first ?? 0, 60 + 120, "the card moved right, past where the pointer let go")
        XCTAssertGreaterThan(origin.last ?? 0, 60, "and down")
        seen = lines().count

        try run(["key", "--window", id, "a"])
        expect("key a", after: seen, "the key did not reach the first responder")
        seen = lines().count

        try run(at(360, 92) + ["click", "1"])
        expect("list appeared", after: seen, "the list was not presented")
        expect("list presented", after: seen, "the presentation's completion did not run")
        XCTAssertTrue(lines().dropFirst(seen).contains("main disappeared"), "the covered screen did not disappear")
        seen = lines().count

        try run(at(240, 300) + ["click", "--repeat", "5", "--delay", "40", "5"])
        let scrolled = try XCTUnwrap(expect("list decelerated to", after: seen, "the wheel did not scroll the list"))
        XCTAssertGreaterThan(Int(scrolled.split(separator: " ").last ?? "") ?? 0, 0)
        seen = lines().count

        try run(at(420, 30) + ["click", "1"])
        expect("list dismissed", after: seen, "Done did not dismiss the list")
        XCTAssertTrue(lines().dropFirst(seen).contains("main appeared"), "the first screen did not appear again")
    }
}
