import XCTest
import FoundationXML
import LaminaTesting
import LaminaHost
import ImageIO

/// `lamina-snap` as CI runs it: the HTML report checked in a real headless Chromium, JUnit XML
/// parsed back, shards that together make every frame once, progress on a terminal and in a
/// log, exit statuses, recordings read back frame by frame, and tree dumps parsed back.
final class SnapToolTests: XCTestCase {
    /// The tests' files: one folder for the whole class, removed after the last test.
    static let sharedFolder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-snap-tests-\(UUID())")
    var folder: URL { Self.sharedFolder }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: sharedFolder)
        super.tearDown()
    }

    @discardableResult
    func snap(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
        let run = try ToolRun(try tool("lamina-snap"), arguments, environment: environment)
        XCTAssertFalse(run.timedOut, "lamina-snap \(arguments) hung")
        return (run.status, run.output)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Frames at half a pixel per point: the tools do the same work on a quarter of the pixels.
    let small = ["--scale", "0.5"]

    /// A comparison run of chevrons at 0, 0.5 and 1 s against goldens where 0.5 s is wrong (the
    /// 0 s frame) and 1 s is missing: one frame passes, one fails, one is new. Made once for the
    /// report and JUnit tests, in a folder of its own.
    nonisolated(unsafe) static var comparison: (status: Int32, output: String)?

    func compareWithOneWrongAndOneMissingGolden() throws -> (status: Int32, output: String) {
        if let made = Self.comparison { return (made.status, made.output) }
        XCTAssertEqual(try snap(["chevrons", "--at", "0,0.5", "--out", path("goldens")] + small).status, 0)
        try FileManager.default.removeItem(atPath: path("goldens/chevrons@0.5.png"))
        try FileManager.default.copyItem(atPath: path("goldens/chevrons@0.0.png"), toPath: path("goldens/chevrons@0.5.png"))
        let run = try snap(["chevrons", "--at", "0,0.5,1", "--out", path("frames"), "--compare", path("goldens"),
                            "--report", path("report"), "--junit", path("junit.xml")] + small)
        Self.comparison = (run.status, run.output)
        return run
    }

    func testTheReportShowsTheFailingFrameInABrowserAndItsSliderMoves() throws {
        guard FileManager.default.isExecutableFile(atPath: Chromium.executable) else {
            throw XCTSkip("needs Debian's chromium (scripts/test installs it)")
        }
        let run = try compareWithOneWrongAndOneMissingGolden()
        XCTAssertEqual(run.status, 1, run.output)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try browser.open(folder.appendingPathComponent("report/index.html"))
        let state = try XCTUnwrap(try page.evaluate("""
            JSON.stringify({
              counts: Object.fromEntries([...document.querySelectorAll('[data-count]')].map(e => [e.dataset.count, parseInt(e.textContent)])),
              rows: [...document.querySelectorAll('tr.frame')].map(r => r.dataset.frame + ' ' + r.dataset.status),
              failures: [...document.querySelectorAll('section.failure')].map(s => ({
                frame: s.dataset.frame, differing: parseInt(s.dataset.differing), worst: parseInt(s.dataset.worst),
                images: [...s.querySelectorAll('.sidebyside img')].map(i => ({ role: i.className, src: i.getAttribute('src'),
                  width: i.naturalWidth, height: i.naturalHeight, shown: i.complete && i.getBoundingClientRect().width > 100 })),
              })),
              newFrames: [...document.querySelectorAll('section.new')].map(s => s.dataset.frame),
            })
            """) as? String)
        struct State: Decodable {
            struct Failure: Decodable { let frame: String; let differing: Int; let worst: Int; let images: [Image] }
            struct Image: Decodable { let role: String; let src: String; let width: Int; let height: Int; let shown: Bool }
            let counts: [String: Int]; let rows: [String]; let failures: [Failure]; let newFrames: [String]
        }
        let report = try JSONDecoder().decode(State.self, from: Data(state.utf8))
        XCTAssertEqual(report.counts, ["passed": 1, "failed": 1, "new": 1])
        XCTAssertEqual(report.rows, ["chevrons@0.0 passed", "chevrons@0.5 failed", "chevrons@1.0 new"])
        XCTAssertEqual(report.newFrames, ["chevrons@1.0"])
        let failure = try XCTUnwrap(report.failures.first)
        XCTAssertEqual(report.failures.count, 1)
        XCTAssertEqual(failure.frame, "chevrons@0.5")
        // The page's numbers are the comparison's own.
        let golden = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("goldens/chevrons@0.5.png"))))
        let actual = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("frames/chevrons@0.5.png"))))
        let (differing, worst, _) = SnapshotComparison.difference(actual, golden, channelTolerance: 2)
        XCTAssertGreaterThan(differing, 250)
        XCTAssertEqual(failure.differing, differing)
        XCTAssertEqual(failure.worst, worst)
        // Expected, actual and diff are loaded and shown, and are the run's files.
        XCTAssertEqual(failure.images.map(\.role), ["expected", "actual", "diff"])
        for image in failure.images {
            XCTAssertTrue(image.shown, "\(image.role) is not shown")
            XCTAssertEqual([image.width, image.height], [320, 240], image.role)
        }
        let shownExpected = try Data(contentsOf: folder.appendingPathComponent("report").appendingPathComponent(
            try XCTUnwrap(failure.images[0].src.removingPercentEncoding)))
        XCTAssertEqual(shownExpected, try Data(contentsOf: URL(fileURLWithPath: path("goldens/chevrons@0.5.png"))))
        let shownActual = try Data(contentsOf: folder.appendingPathComponent("report").appendingPathComponent(
            try XCTUnwrap(failure.images[1].src.removingPercentEncoding)))
        XCTAssertEqual(shownActual, try Data(contentsOf: URL(fileURLWithPath: path("frames/chevrons@0.5.png"))))

        // Drag the slider's thumb from the middle to a fifth of the way, as a person would.
        func geometry() throws -> [String: Double] {
            let text = try XCTUnwrap(try page.evaluate("""
                (() => {
                  const s = document.querySelector('section.failure');
                  const slider = s.querySelector('.slider').getBoundingClientRect();
                  const blink = s.querySelector('.blink').getBoundingClientRect();
                  return JSON.stringify({ left: slider.left, top: slider.top, width: slider.width, height: slider.height,
                    blinkX: blink.left + blink.width / 2, blinkY: blink.top + blink.height / 2,
                    value: Number(s.querySelector('.slider').value),
                    over: s.querySelector('.over').getBoundingClientRect().width,
                    compare: s.querySelector('.compare').clientWidth });
                })()
                """) as? String)
            return try JSONDecoder().decode([String: Double].self, from: Data(text.utf8))
        }
        _ = try page.evaluate("document.querySelector('section.failure .controls').scrollIntoView({ block: 'center' })")
        let before = try geometry()
        XCTAssertEqual(before["value"], 50)
        XCTAssertEqual(try XCTUnwrap(before["over"]) / (try XCTUnwrap(before["compare"])), 0.5, accuracy: 0.01)
        let (left, width) = (try XCTUnwrap(before["left"]), try XCTUnwrap(before["width"]))
        let y = try XCTUnwrap(before["top"]) + (try XCTUnwrap(before["height"])) / 2
        try page.mouse("mouseMoved", x: left + width / 2, y: y, buttons: 0)
        try page.mouse("mousePressed", x: left + width / 2, y: y, buttons: 1)
        for step in 1...5 { try page.mouse("mouseMoved", x: left + width / 2 - Double(step) * 0.06 * width, y: y, buttons: 1) }
        try page.mouse("mouseReleased", x: left + width * 0.2, y: y, buttons: 0)
        let after = try geometry()
        let value = try XCTUnwrap(after["value"])
        XCTAssertTrue((14...26).contains(value), "the slider is at \(value) after a drag to a fifth")
        XCTAssertEqual(try XCTUnwrap(after["over"]) / (try XCTUnwrap(after["compare"])), value / 100, accuracy: 0.01,
                       "the actual image does not follow the slider")
        // Blink shows the whole actual image at once (then swaps it with the expected one).
        try page.mouse("mousePressed", x: try XCTUnwrap(after["blinkX"]), y: try XCTUnwrap(after["blinkY"]), buttons: 1)
        try page.mouse("mouseReleased", x: try XCTUnwrap(after["blinkX"]), y: try XCTUnwrap(after["blinkY"]), buttons: 0)
        let blinking = try geometry()
        XCTAssertEqual(blinking["over"], blinking["compare"])
    }

    func testJUnitXMLListsEveryFrameWithItsFailures() throws {
        let run = try compareWithOneWrongAndOneMissingGolden()
        XCTAssertEqual(run.status, 1, run.output)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path("junit.xml")))
        let root = try XCTUnwrap(document.rootElement())
        XCTAssertEqual(root.name, "testsuites")
        XCTAssertEqual(root.attribute(forName: "tests")?.stringValue, "3")
        XCTAssertEqual(root.attribute(forName: "failures")?.stringValue, "2")
        let suites = root.elements(forName: "testsuite")
        XCTAssertEqual(suites.map { $0.attribute(forName: "name")?.stringValue }, ["chevrons"])
        let cases = try XCTUnwrap(suites.first).elements(forName: "testcase")
        XCTAssertEqual(cases.compactMap { $0.attribute(forName: "name")?.stringValue }, ["chevrons@0.0", "chevrons@0.5", "chevrons@1.0"])
        XCTAssertEqual(cases.map { $0.elements(forName: "failure").first?.attribute(forName: "type")?.stringValue },
                       [nil, "mismatch", "new"])
        let message = try XCTUnwrap(cases[1].elements(forName: "failure").first?.attribute(forName: "message")?.stringValue)
        XCTAssertTrue(message.contains("differ by more than 2"), message)
        XCTAssertTrue(cases.allSatisfy { Double($0.attribute(forName: "time")?.stringValue ?? "") != nil })
        // The log says the same, one line per frame (not a terminal), then the counts.
        let lines = run.output.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("[") }.count, 3, run.output)
        XCTAssertTrue(lines.contains { $0.contains("chevrons@0.5.png  MISMATCH") }, run.output)
        XCTAssertTrue(run.output.contains("3 frames: 1 passed, 1 failed, 1 new"), run.output)
    }

    /// Three CI jobs with --shard 1/3, 2/3, 3/3 make every frame of the run exactly once.
    func testShardsMakeEveryFrameExactlyOnce() throws {
        var made: [String] = []
        for index in 1...3 {
            let junit = path("shard-\(index).xml")
            let run = try snap(["geometry,cards", "--at", "0,0.25,0.5", "--out", path("frames-\(index)"),
                                "--shard", "\(index)/3", "--junit", junit] + small)
            XCTAssertEqual(run.status, 0, run.output)
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit))
            let names = try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue)
            XCTAssertEqual(names.count, 2, "shard \(index) of 6 frames in 3: \(names)")
            let written = try FileManager.default.contentsOfDirectory(atPath: path("frames-\(index)")).sorted()
            XCTAssertEqual(written, names.map { $0 + ".png" }.sorted())
            made += names
        }
        let all = ["geometry", "cards"].flatMap { demo in ["0.0", "0.25", "0.5"].map { "\(demo)@\($0)" } }
        XCTAssertEqual(made.sorted(), all.sorted())
        XCTAssertEqual(Set(made).count, made.count, "a frame was made twice: \(made)")
    }

    /// On a terminal (a pseudo-terminal through script(1)) the progress is a bar redrawn in place.
    func testProgressIsABarOnATerminal() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { throw XCTSkip("needs script(1)") }
        let command = "'\(try tool("lamina-snap").path)' geometry --at 0,0.5 --scale 0.5 --out '\(path("tty"))'"
        let run = try ToolRun(script, ["-qefc", command, "/dev/null"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("\r\u{1B}[2K"), "no bar redrawn in place: \(run.output.debugDescription)")
        XCTAssertTrue(run.output.contains("2/2 geometry@0.5"), run.output)
        XCTAssertFalse(run.output.contains("[1/2]"), "one line per frame on a terminal: \(run.output)")
    }

    func testBadCommandLinesExitWithTwoAndAMessage() throws {
        for arguments in [["nosuchdemo"], ["chevrons", "--shard", "4/3"], ["chevrons", "--at", "soon"],
                          ["chevrons", "--tolerance"], ["chevrons", "--frobnicate", "1"], [],
                          ["chevrons", "--record", path("x.png"), "--from", "2", "--to", "1"], ["chevrons", "--jobs", "0"],
                          // Before, these ran (exit 0): empty names, hexadecimal, a scale of no pixels.
                          ["chevrons,,geometry"], [","], ["chevrons", "--at", "0x10"], ["chevrons", "--at", "0,,1"],
                          ["chevrons", "--scale", "1e-9"]] {
            let run = try snap(arguments)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.output)")
            XCTAssertTrue(run.output.hasPrefix("lamina-snap: "), "\(arguments): \(run.output)")
        }
        // Frames that cannot be written: status 3.
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocked = path("blocked")
        XCTAssertTrue(FileManager.default.createFile(atPath: blocked, contents: Data()))    // a file where a folder should be
        let run = try snap(["geometry", "--out", blocked])
        XCTAssertEqual(run.status, 3, run.output)
    }

    /// A run that cannot make its frames (no X server at DISPLAY) ends with status 3 and says why,
    /// in its message and as an `<error>` in the JUnit XML that CI reads.
    func testARunThatCannotMakeFramesSaysWhyInJUnit() throws {
        let junit = path("stopped.xml")
        let run = try snap(["cards", "--window", "--at", "0", "--out", path("stopped"), "--junit", junit],
                           environment: ["DISPLAY": ":9999"])
        XCTAssertEqual(run.status, 3, run.output)
        XCTAssertTrue(run.output.contains("cannot open the X display"), run.output)
        let root = try XCTUnwrap(try XMLDocument(contentsOf: URL(fileURLWithPath: junit)).rootElement())
        XCTAssertEqual(root.attribute(forName: "errors")?.stringValue, "1")
        let error = try XCTUnwrap(try root.nodes(forXPath: "//testcase/error").first as? XMLElement)
        XCTAssertTrue(error.attribute(forName: "message")?.stringValue?.contains("cannot open the X display") == true)
    }

    /// Frames are compared before they are encoded. A frame identical to its golden is written
    /// as a copy of the golden's file; one that matches only within the tolerance is encoded
    /// itself (not copied: the copy would not be that frame); either way the file under --out
    /// decodes to the frame, as a run without --compare writes it.
    func testEveryComparedFrameIsWrittenAndDecodesToTheFrame() throws {
        XCTAssertEqual(try snap(["cards", "--at", "0,0.5", "--out", path("plain")] + small).status, 0)
        XCTAssertEqual(try snap(["cards", "--at", "0,0.5", "--out", path("near")] + small).status, 0)
        // The 0.5 s golden one level off in one pixel: it matches, but is not the frame.
        let nearURL = URL(fileURLWithPath: path("near/cards@0.5.png"))
        let golden = try XCTUnwrap(SnapshotComparison.read(nearURL))
        var rgba = SnapshotComparison.rgba(golden)
        rgba[4 * (golden.width * 10 + 10)] ^= 1
        let nudged = try XCTUnwrap(CGImage(width: golden.width, height: golden.height, bitsPerComponent: 8, bitsPerPixel: 32,
                                           bytesPerRow: golden.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                           bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast),
                                           provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil,
                                           shouldInterpolate: false, intent: .defaultIntent))
        SnapshotComparison.write(nudged, to: nearURL)
        let run = try snap(["cards", "--at", "0,0.5", "--out", path("compared"), "--compare", path("near")] + small)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("2 frames: 2 passed"), run.output)
        for time in ["0.0", "0.5"] {
            let written = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("compared/cards@\(time).png"))),
                                        "cards@\(time) was not written as a PNG")
            let plain = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("plain/cards@\(time).png"))))
            XCTAssertEqual(SnapshotComparison.difference(written, plain, channelTolerance: 0).differing, 0, "cards@\(time)")
            XCTAssertTrue(SnapshotComparison.measure(written, plain, channelTolerance: 0).identical, "cards@\(time)")
        }
        let copied = try Data(contentsOf: URL(fileURLWithPath: path("compared/cards@0.0.png")))
        XCTAssertEqual(copied, try Data(contentsOf: URL(fileURLWithPath: path("near/cards@0.0.png"))),
                       "a frame identical to its golden is the golden's file")
        let near = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("compared/cards@0.5.png"))))
        XCTAssertEqual(SnapshotComparison.difference(near, nudged, channelTolerance: 0).differing, 1,
                       "a frame that only matches within the tolerance is written as itself")
    }

    /// `--jobs` defaults to the CPUs the process may run on, not the machine's: held to one CPU
    /// (`taskset`, as a container's CPU set holds it), lamina-snap starts one process, not one a core.
    func testJobsDefaultToTheCPUsTheProcessMayRunOn() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let allowed = status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) } ?? ""
        let first = try XCTUnwrap(allowed.split(whereSeparator: { $0 == "," || $0 == "-" }).first.map(String.init),
                                  "no Cpus_allowed_list in /proc/self/status")
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        let found = path.map { "\($0)/taskset" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let taskset = URL(fileURLWithPath: try XCTUnwrap(found ?? nil, "no taskset on PATH"))
        let held = try ToolRun(taskset, ["-c", first, try tool("lamina-snap").path])
        // A sandbox that refuses a process its affinity (seccomp) makes taskset fail, not the tool.
        try XCTSkipIf(held.status == 1 && held.output.hasPrefix("taskset:"), "taskset cannot set the affinity here: \(held.output)")
        XCTAssertEqual(held.status, 2, "lamina-snap alone prints its usage")
        XCTAssertTrue(held.output.contains("the CPUs this process may use, 1 here"), held.output)
    }

    /// Render processes (--jobs) make the same run as one process: the same files byte for
    /// byte (frames, diffs), the same log in the same order, the same JUnit cases; a failing
    /// frame still gets its diff image, red where the frame differs.
    func testRenderProcessesMakeTheSameRunAsOneProcess() throws {
        let demos = "geometry,chevrons,cards,spinners"
        XCTAssertEqual(try snap([demos, "--at", "0,0.5", "--out", path("jobs-goldens")] + small).status, 0)
        try FileManager.default.removeItem(atPath: path("jobs-goldens/chevrons@0.5.png"))
        try FileManager.default.copyItem(atPath: path("jobs-goldens/chevrons@0.0.png"), toPath: path("jobs-goldens/chevrons@0.5.png"))
        var logs: [String] = [], cases: [[String]] = []
        for jobs in ["1", "3"] {
            let out = path("jobs-\(jobs)")
            let run = try snap([demos, "--at", "0,0.5", "--out", out, "--compare", path("jobs-goldens"), "--jobs", jobs,
                                "--junit", path("jobs-\(jobs).xml")] + small)
            XCTAssertEqual(run.status, 1, run.output)
            XCTAssertTrue(run.output.contains("8 frames: 7 passed, 1 failed"), run.output)
            logs.append(run.output.replacingOccurrences(of: out, with: "OUT"))
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path("jobs-\(jobs).xml")))
            cases.append(try document.nodes(forXPath: "//testcase/@name").compactMap(\.stringValue))
        }
        XCTAssertEqual(logs[0], logs[1])
        XCTAssertEqual(cases[0], cases[1])
        XCTAssertEqual(cases[0].count, 8)
        let files = try FileManager.default.contentsOfDirectory(atPath: path("jobs-1")).sorted()
        XCTAssertEqual(files, try FileManager.default.contentsOfDirectory(atPath: path("jobs-3")).sorted())
        XCTAssertTrue(files.contains("chevrons@0.5.diff.png"), "\(files)")
        XCTAssertEqual(files.count, 9)
        for file in files {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("jobs-1/\(file)"))),
                           try Data(contentsOf: URL(fileURLWithPath: path("jobs-3/\(file)"))), file)
        }
        // The diff is red exactly where the frame and its (wrong) golden differ past the tolerance.
        let diff = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("jobs-3/chevrons@0.5.diff.png"))))
        let frame = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("jobs-3/chevrons@0.5.png"))))
        let wrong = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("jobs-goldens/chevrons@0.5.png"))))
        let (differing, _, expected) = SnapshotComparison.difference(frame, wrong, channelTolerance: 2)
        XCTAssertGreaterThan(differing, 100)
        XCTAssertEqual(SnapshotComparison.rgba(diff), expected)
    }

    /// A render process asks for a demo, renders, compares and writes that demo's frames only,
    /// tells each result numbered in the whole run (demos × times), asks again, and ends when
    /// its input closes.
    func testARenderProcessMakesTheDemoItIsGivenAndTellsItsResults() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = path("render-process")
        let command = "printf '1\\n' | '\(try tool("lamina-snap").path)' geometry,chevrons --at 0,0.5 --scale 0.5 --out '\(out)' --render-process"
        let run = try ToolRun(URL(fileURLWithPath: "/bin/sh"), ["-c", command])
        XCTAssertEqual(run.status, 0, run.output)
        let lines = run.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, run.output)
        XCTAssertEqual(lines.first, #"{"ready":{}}"#)
        // Asks again as soon as the demo is rendered; results come as they are judged.
        XCTAssertEqual(lines.filter { $0 == #"{"ready":{}}"# }.count, 2, run.output)
        let results = try lines.filter { $0 != #"{"ready":{}}"# }.map { line -> (Int, String, String) in
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let result = try XCTUnwrap(object["result"] as? [String: Any], line)
            let frame = try XCTUnwrap(result["_1"] as? [String: Any], line)
            return (try XCTUnwrap(result["number"] as? Int), try XCTUnwrap(frame["demo"] as? String), try XCTUnwrap(frame["status"] as? String))
        }
        XCTAssertEqual(results.map(\.0), [2, 3])
        XCTAssertEqual(results.map(\.1), ["chevrons", "chevrons"])
        XCTAssertEqual(results.map(\.2), ["written", "written"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["chevrons@0.0.png", "chevrons@0.5.png"])
    }

    /// An animated PNG of the motion demo, read back frame by frame: each frame is the frame that
    /// `--at` makes at its time, pixel for pixel, shown for 1/fps s. A GIF comes close to them.
    func testARecordingHoldsTheFramesOfItsTimes() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let recording = path("motion.png")
        let run = try snap(["motion", "--record", recording, "--from", "0.5", "--to", "0.8", "--fps", "10"] + small)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertEqual(try snap(["motion", "--at", "0.5,0.6,0.7", "--out", path("stills")] + small).status, 0)
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(URL(fileURLWithPath: recording) as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 3)
        let loops = (CGImageSourceCopyProperties(source, nil) as? [String: Any])?[kCGImagePropertyPNGDictionary as String]
        XCTAssertEqual((loops as? [String: Any])?[kCGImagePropertyAPNGLoopCount as String] as? Int, 0)
        var frames: [CGImage] = []
        for (index, time) in ["0.5", "0.6", "0.7"].enumerated() {
            let frame = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, index, nil), "frame \(index)")
            let still = try XCTUnwrap(SnapshotComparison.read(URL(fileURLWithPath: path("stills/motion@\(time).png"))))
            XCTAssertEqual(SnapshotComparison.difference(frame, still, channelTolerance: 0).differing, 0, "frame \(index) at \(time) s")
            let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any]
            let png = properties?[kCGImagePropertyPNGDictionary as String] as? [String: Any]
            XCTAssertEqual(try XCTUnwrap(png?[kCGImagePropertyAPNGDelayTime as String] as? Double), 0.1, accuracy: 1e-9)
            frames.append(frame)
        }
        XCTAssertGreaterThan(SnapshotComparison.difference(frames[0], frames[2], channelTolerance: 2).differing, 100,
                             "the recording does not move")
        // The same as a GIF: 256 colors a frame, so close to the frames rather than equal.
        let gif = path("motion.gif")
        XCTAssertEqual(try snap(["motion", "--record", gif, "--from", "0.5", "--to", "0.7", "--fps", "10"] + small).status, 0)
        let gifSource = try XCTUnwrap(CGImageSourceCreateWithURL(URL(fileURLWithPath: gif) as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetType(gifSource) as String?, "com.compuserve.gif")
        XCTAssertEqual(CGImageSourceGetCount(gifSource), 2)
        for index in 0..<2 {
            let frame = try XCTUnwrap(CGImageSourceCreateImageAtIndex(gifSource, index, nil))
            let close = SnapshotComparison.difference(frame, frames[index], channelTolerance: 12).differing
            XCTAssertLessThan(close, frame.width * frame.height / 200, "GIF frame \(index)")
        }
    }

    /// The tree dump's JSON decodes back into `LayerTreeDump.Node`, with the presentation values
    /// of the requested time.
    func testTheTreeDumpIsJSONWithPresentationValues() throws {
        let early = try snap(["motion", "--tree", "--json", "--at", "0"])
        let late = try snap(["motion", "--tree", "--json", "--at", "0.5"])
        XCTAssertEqual(early.status, 0, early.output)
        struct Document: Decodable { let mediaTime: Double; let root: LayerTreeDump.Node }
        let first = try JSONDecoder().decode(Document.self, from: Data(early.output.utf8))
        let second = try JSONDecoder().decode(Document.self, from: Data(late.output.utf8))
        XCTAssertEqual(second.mediaTime - first.mediaTime, 0.5, accuracy: 1e-9)
        XCTAssertEqual(first.root.class, "CALayer")
        XCTAssertEqual(first.root.properties.frame, LayerTreeDump.Rect(x: 0, y: 0, width: 640, height: 480))
        let ball = try XCTUnwrap(second.root.sublayers?.first)
        XCTAssertEqual(ball.properties.frame, LayerTreeDump.Rect(x: 40, y: 60, width: 50, height: 50))
        XCTAssertEqual(ball.animations?.map(\.key), ["spring"])
        XCTAssertEqual(ball.animations?.first?.repeatsForever, true)
        // The spring has carried the ball to the right by half a second in; not at the start.
        let x = try XCTUnwrap(ball.presented?.frame?.x)
        XCTAssertGreaterThan(x, 100)
        XCTAssertNotEqual(first.root.sublayers?.first?.presented?.frame?.x, x)
        // The text form says the same.
        let text = try snap(["motion", "--tree", "--at", "0.5"])
        XCTAssertTrue(text.output.contains("▸ spring: CAAnimationGroup"), text.output)
        XCTAssertTrue(text.output.contains("now: frame (\(Int(x))."), text.output)
        XCTAssertTrue(text.output.contains(", 60, 50, 50)"), text.output)
    }
}
