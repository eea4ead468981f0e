import LaminaHost
import GalleryDemos

/// What the command line asked for.
struct Options {
    /// What the run does: frames (optionally compared), a recording, or a tree dump.
    enum Mode {
        case frames
        case record(path: String, from: Double, to: Double, fps: Double)
        case tree(json: Bool)
    }

    var mode = Mode.frames
    var demos: [Demo] = []
    var times: [Double] = [0]
    var out = "out/snap"
    var scale: CGFloat = 1
    var window = false
    var compare: String?
    var tolerance = 2
    var maxDifferingFraction = 0.002
    var report: String?
    var junit: String?
    var shard = Shard.whole
    var from = 0.0, to = 2.0, fps = 30.0
    /// Processes rendering demos side by side (`--jobs`): `defaultJobs` unless given.
    var jobs = Options.defaultJobs
    /// The CPUs this process may run on (`FrameWorkers.usableCores`: its affinity mask, within
    /// its CPU quota), not every CPU of the machine (a container's CPU set, `taskset`).
    static var defaultJobs: Int { FrameWorkers.usableCores }
    /// This process is a `RenderProcess` of another (`--render-process`, not for people).
    var isRenderProcess = false
}

/// Exit statuses, documented in `usage` and the README so that CI scripts can tell them apart.
enum ExitCode {
    /// Every frame was written (and, with `--compare`, matched its golden).
    static let success: Int32 = 0
    /// At least one frame differed from its golden or had none.
    static let mismatch: Int32 = 1
    /// The command line was wrong: unknown demo or option, a value that is not a number.
    static let usage: Int32 = 2
    /// The frames could not be made or written: no X display, no frame shown, a file not written.
    static let failure: Int32 = 3
}

let usage = """
    usage: lamina-snap DEMO[,DEMO…|all] [--at T,T…] [--out DIR] [--scale S] [--window]
                       [--compare GOLDEN_DIR] [--tolerance N] [--max-differing FRACTION]
                       [--report DIR] [--junit FILE] [--shard I/N] [--jobs N]
           lamina-snap DEMO --record FILE.png|FILE.gif [--from S] [--to S] [--fps N] [--scale S]
           lamina-snap DEMO --tree [--json] [--at T]

      --at T,T…          media times in seconds after the demo starts (default 0); virtual clock
      --out DIR          where frames go, named DEMO@T.png (default out/snap)
      --window           capture the frames from a real X window instead of rendering offscreen
      --compare DIR      compare each frame with DIR/DEMO@T.png; a diff is written beside the frame
      --tolerance N      channel levels (0–255) a pixel may differ by and still match (default 2)
      --max-differing F  fraction of pixels that may differ past the tolerance (default 0.002)
      --report DIR       an HTML report of the run (DIR/index.html; a static folder)
      --junit FILE       JUnit XML, one test case per frame
      --shard I/N        only this run's share of the frames: frame k (0-based, demos × times)
                         goes to shard k mod N + 1; the N shards together make every frame once
      --jobs N           processes rendering demos side by side, each demo whole in one of
                         them (default: the CPUs this process may use, \(Options().jobs) here);
                         the frames are the same for any N
      --record FILE      an animated PNG (.png) or GIF (.gif) of frames from --from to --to
                         (default 0, 2) at --fps (default 30): frame k is at from + k/fps,
                         for k < (to − from)·fps
      --tree             the layer tree (class, name, frame, key properties, animations) with its
                         presentation values at --at (first time); --json for JSON

    Progress: a bar on a terminal, else one line per frame.
    Exit status: 0 every frame written and matched; 1 a frame differed or had no golden;
    2 bad command line; 3 frames could not be made or written (no display, no file).
    demos: 
    """ + demos.map(\.name).joined(separator: ", ")

/// Ends the run with a message on standard error.
func fail(_ message: String, status: Int32 = ExitCode.usage) -> Never {
    FileHandle.standardError.write(Data("lamina-snap: \(message)\n".utf8))
    exit(status)
}

extension Options {
    init(parsing arguments: [String]) {
        var rest = arguments[...]
        guard let names = rest.popFirst(), !names.hasPrefix("-") else { fail(usage) }
        demos = Self.demos(named: names)
        func number(_ text: String, _ flag: String) -> Double {
            // Decimal numbers only: Double also reads hexadecimal ("0x10" is 16) and "nan".
            guard text.allSatisfy({ "0123456789.eE+-".contains($0) }), let value = Double(text), value.isFinite else {
                fail("\(flag): '\(text)' is not a number")
            }
            return value
        }
        var record: String?, tree = false, json = false
        while let flag = rest.popFirst() {
            let switches: Set<String> = ["--window", "--tree", "--json", "--render-process"]
            guard switches.contains(flag) || !rest.isEmpty else { fail("\(flag) needs a value") }
            switch flag {
            case "--at":
                times = rest.removeFirst().split(separator: ",", omittingEmptySubsequences: false).map { number(String($0), flag) }
            case "--out": out = rest.removeFirst()
            case "--scale":
                scale = CGFloat(number(rest.removeFirst(), flag))
                // Below a tenth, a 640-point demo is a few pixels wide: no frame to compare.
                guard scale >= 0.1, scale <= 8 else { fail("--scale must be from 0.1 to 8") }
            case "--window": window = true
            case "--compare": compare = rest.removeFirst()
            case "--tolerance":
                tolerance = Int(number(rest.removeFirst(), flag))
                guard (0...255).contains(tolerance) else { fail("--tolerance must be 0…255") }
            case "--max-differing":
                maxDifferingFraction = number(rest.removeFirst(), flag)
                guard (0...1).contains(maxDifferingFraction) else { fail("--max-differing must be 0…1") }
            case "--report": report = rest.removeFirst()
            case "--junit": junit = rest.removeFirst()
            case "--shard":
                let text = rest.removeFirst()
                guard let parsed = Shard(text) else { fail("--shard '\(text)': expected I/N with 1 ≤ I ≤ N") }
                shard = parsed
            case "--record": record = rest.removeFirst()
            case "--from": from = number(rest.removeFirst(), flag)
            case "--to": to = number(rest.removeFirst(), flag)
            case "--fps":
                fps = number(rest.removeFirst(), flag)
                guard fps > 0, fps <= 240 else { fail("--fps must be above 0 and at most 240") }
            case "--jobs":
                let value = number(rest.removeFirst(), flag)
                guard value >= 1, value <= 64, value == value.rounded() else { fail("--jobs must be a whole number, 1…64") }
                jobs = Int(value)
            case "--render-process": isRenderProcess = true
            case "--tree": tree = true
            case "--json": json = true
            default: fail("unknown option \(flag)\n\(usage)")
            }
        }
        guard !times.isEmpty else { fail("--at needs at least one time") }
        if window, scale != 1 {
            fail("--scale renders offscreen; a window's scale comes from the display (or LAMINA_SCALE)")
        }
        if let record {
            guard demos.count == 1 else { fail("--record takes one demo") }
            guard to > from else { fail("--to must be after --from") }
            guard [".png", ".apng", ".gif"].contains(where: { record.lowercased().hasSuffix($0) }) else {
                fail("--record writes .png (animated PNG) or .gif files, not '\(record)'")
            }
            // The frames are kept until the file is written: 600 of 640×480 take 740 MB.
            guard (to - from) * fps <= 600 else { fail("--record makes at most 600 frames") }
            mode = .record(path: record, from: from, to: to, fps: fps)
        } else if tree {
            guard demos.count == 1 else { fail("--tree takes one demo") }
            mode = .tree(json: json)
        }
    }

    /// The command line of a `RenderProcess` of this run: the same frames, written and compared
    /// the same way.
    var renderProcessArguments: [String] {
        [demos.map(\.name).joined(separator: ","), "--at", times.map { "\($0)" }.joined(separator: ","),
         "--out", out, "--scale", "\(scale)", "--tolerance", "\(tolerance)", "--max-differing", "\(maxDifferingFraction)",
         "--shard", "\(shard.index)/\(shard.count)", "--render-process"]
            + (compare.map { ["--compare", $0] } ?? [])
    }

    /// `all`, one name, or names separated by commas.
    static func demos(named names: String) -> [Demo] {
        if names == "all" { return GalleryDemos.demos }
        // Empty names ("chevrons,,geometry", ",") are mistakes, not nothing to do.
        return names.split(separator: ",", omittingEmptySubsequences: false).map { name in
            guard !name.isEmpty else { fail("'\(names)' has an empty demo name") }
            guard let demo = GalleryDemos.demos.first(where: { $0.name == name }) else {
                fail("no demo named '\(name)'; demos: " + GalleryDemos.demos.map(\.name).joined(separator: ", "))
            }
            return demo
        }
    }
}
