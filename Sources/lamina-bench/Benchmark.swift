import Glibc

/// Times a closure: a few warm-up runs, then `samples` timed batches; reports the median time
/// per call. Machines here are noisy, so compare figures printed by the same run.
struct Benchmark {
    let name: String
    let body: () -> Void

    func run(samples: Int, minimumBatchSeconds: Double = 0.02) -> Double {
        for _ in 0..<3 { body() }
        var batch = 1
        while true {
            let t = Self.seconds { for _ in 0..<batch { body() } }
            if t >= minimumBatchSeconds || batch >= 1 << 20 { break }
            batch *= 2
        }
        var perCall: [Double] = []
        for _ in 0..<samples {
            let t = Self.seconds { for _ in 0..<batch { body() } }
            perCall.append(t / Double(batch))
        }
        return perCall.sorted()[samples / 2]
    }

    static func seconds(_ work: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        work()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// How long `work` took, and the CPU time `clock` counted meanwhile (`CLOCK_PROCESS_CPUTIME_ID`:
    /// every thread of the process; `CLOCK_THREAD_CPUTIME_ID`: the calling thread). On a shared,
    /// loaded machine the CPU time is the steadier figure: it leaves out waiting for a core.
    /// The process's resident memory now, in megabytes (`VmRSS` of /proc/self/status); nil
    /// where there is no such file.
    static func residentMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return nil }
        return kilobytes / 1024
    }

    static func times(cpu clock: clockid_t = CLOCK_PROCESS_CPUTIME_ID, _ work: () -> Void) -> (wall: Double, cpu: Double) {
        var start = timespec(), end = timespec()
        clock_gettime(clock, &start)
        let wall = seconds(work)
        clock_gettime(clock, &end)
        return (wall, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
    }
}

/// Frame times in seconds, summarized in milliseconds: what the frame suites print.
struct FrameTimes {
    private let sorted: [Double]

    init<Times: Sequence>(_ seconds: Times) where Times.Element == Double { sorted = seconds.sorted() }

    var count: Int { sorted.count }

    /// The `p` quantile (0.5 the median, 0.99 the 99th percentile) in ms; 0 when there is none.
    func percentile(_ p: Double) -> Double {
        sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000
    }

    /// The mean in ms; 0 when there is none.
    var mean: Double { sorted.isEmpty ? 0 : sorted.reduce(0, +) / Double(sorted.count) * 1000 }
}
