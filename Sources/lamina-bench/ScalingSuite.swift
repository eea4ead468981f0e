import Glibc
import GalleryDemos
import QuartzCore

/// `lamina-bench scaling [--layers N] [--rounds R] [--frames F] [--warm-up W]`: the unpaced
/// stress frame (1000 tiles) on one core against two, in one process: R rounds (40), each F
/// frames (24, after W = 4 untimed) on one thread held to the first CPU, F on one thread held to
/// the second, and F on two threads over both (the order turning from round to round; a thread
/// held as `taskset` holds a process). Each round gives the two-core frame's speed-up over one
/// core, one core's rate being the mean of the two CPUs' (either core is "one core"); the
/// figure is the median round's. Beside it: the one-core figure on the first CPU alone (what
/// runs under `taskset -c 0` measure), and a plain blend loop run the same way in each round
/// (`ReferenceBlend`), which reads what the machine itself gives two cores at that moment.
/// Prints one line:
///
///     scaling: layers=N rounds=R frames=F speedup=… p25=… p75=… one_ms=… first_cpu=C first_ms=…
///              second_cpu=C second_ms=… two_ms=… first_alone_speedup=… machine_speedup=…
///
/// `speedup` the median round's (p25, p75 its rounds' quartiles), times the rounds' medians of
/// each turn's middle frame.
///
/// Why rounds, and both CPUs: this VM's two vCPUs each change speed every second or so,
/// independently, by up to 1.4× for the stress frame (the host's other work), and at times run
/// slower when both run at once. Runs of separate processes, a second each, one core on CPU 0
/// against two, read anything from 1.4× to 2.5× for the same binary within minutes (2.5×: CPU 0
/// slow, CPU 1 fast, which no two equal cores give). A round of a quarter of a second sees both
/// cores at about one speed, and the median of many reads the frame's scaling rather than the
/// moment's. The two frame loops keep a scene each (a compositor composites on a fixed number of
/// threads), so each thread count's frames find the other's data in the caches they share: the
/// untimed frames of each turn take that.
enum ScalingSuite {
    @MainActor
    static func run(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        func value(_ flag: String, _ fallback: Int) -> Int {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
        }
        let layers = max(value("--layers", 1000), 1), rounds = max(value("--rounds", 40), 1), perRound = max(value("--frames", 24), 3)
        let warmUp = max(value("--warm-up", 4), 0)
        guard let all = CPUSet.ofThisThread(), let first = all.cpus.first, let second = all.cpus.dropFirst().first else {
            print("scaling: needs two CPUs to run on (this process may use \(CPUSet.ofThisThread()?.cpus.count ?? 0))")
            return 2
        }
        // The two-thread frames first, on both CPUs: their helpers start then, free to run on either.
        let two = OffscreenFrames(StressDemo(count: layers, size: geometry.size), geometry: geometry, threads: 2)
        let one = OffscreenFrames(StressDemo(count: layers, size: geometry.size), geometry: geometry, threads: 1)
        _ = two.run(30)
        _ = one.run(30)
        enum Kind: CaseIterable { case onFirst, onSecond, onBoth }
        var rows: [(first: Double, second: Double, both: Double)] = []
        let reference = ReferenceBlend(first: first, second: second)
        defer { reference.stop() }
        var machine: [Double] = []
        for round in 0..<rounds {
            var time: [Kind: Double] = [:]
            // Each kind first in turn: a kind always run after another would carry that one's wake.
            let kinds = Kind.allCases
            for step in 0..<kinds.count {
                let kind = kinds[(round + step) % kinds.count]
                let pinned: Bool
                switch kind {
                case .onFirst: pinned = CPUSet([first]).pinThisThread()
                case .onSecond: pinned = CPUSet([second]).pinThisThread()
                case .onBoth: pinned = all.pinThisThread()
                }
                guard pinned else {
                    print("scaling: could not pin the thread (sched_setaffinity: errno \(errno))")
                    return 1
                }
                let frames = kind == .onBoth ? two : one
                // The turn's middle frame (ms).
                time[kind] = FrameTimes(frames.run(perRound, warmUp: warmUp).wall).percentile(0.5)
            }
            rows.append((time[.onFirst]!, time[.onSecond]!, time[.onBoth]!))
            let blend = reference.round()
            // Two loops' work on both CPUs against one loop's on one.
            machine.append(speedUp(onFirst: blend.onFirst, onSecond: blend.onSecond, onBoth: blend.onBoth / 2))
        }
        _ = all.pinThisThread()
        let speedUps = rows.map { speedUp(onFirst: $0.first, onSecond: $0.second, onBoth: $0.both) }.sorted()
        let againstFirst = rows.map { $0.first / $0.both }.sorted()
        func median(_ values: [Double]) -> Double { quantile(values.sorted(), 0.5) }
        func quantile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        print(String(format: "scaling: layers=%d rounds=%d frames=%d speedup=%.2f p25=%.2f p75=%.2f one_ms=%.2f first_cpu=%d first_ms=%.2f second_cpu=%d second_ms=%.2f two_ms=%.2f first_alone_speedup=%.2f machine_speedup=%.2f %@",
                     layers, rounds, perRound, quantile(speedUps, 0.5), quantile(speedUps, 0.25), quantile(speedUps, 0.75),
                     median(rows.flatMap { [$0.first, $0.second] }), first, median(rows.map(\.first)), second, median(rows.map(\.second)),
                     median(rows.map(\.both)), quantile(againstFirst, 0.5), median(machine), geometry.description))
        return 0
    }

    /// How many times as many frames a second two cores composite as one core does, a round's
    /// frame having taken `onFirst` and `onSecond` on one core (each CPU) and `onBoth` on the two,
    /// all in one unit: the two-core rate over the mean one-core rate. 0 when a time is not positive.
    static func speedUp(onFirst: Double, onSecond: Double, onBoth: Double) -> Double {
        guard onFirst > 0, onSecond > 0, onBoth > 0 else { return 0 }
        return (1 / onBoth) / ((1 / onFirst + 1 / onSecond) / 2)
    }
}
