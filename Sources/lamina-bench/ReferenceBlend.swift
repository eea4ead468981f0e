import Foundation

/// A plain pixel loop (premultiplied sources blended over a destination of half a 1280×720
/// frame, a few passes, each reading new source pixels from memory as the frame reads its
/// tiles: about as long as the stress frame) on one CPU, then the other, then on both at once,
/// each thread with its own pixels: how much two cores of this machine give right now for work
/// that shares nothing and never waits. The scaling suite runs it in each
/// round beside the frames, so that its figure for the compositor can be read against the
/// machine's own.
final class ReferenceBlend: @unchecked Sendable {
    // @unchecked: `lanes[1]` is touched only by the helper thread between `start` and `done`,
    // the semaphores ordering it with the caller's reads.
    private var lanes: [[UInt32]]
    private let cpus: (CPUSet, CPUSet)
    private let start = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
    private var stopping = false
    /// How long the helper's last loop took.
    private var helperSeconds = 0.0

    static let pixels = 1280 * 360
    static let passes = 4

    /// Starts the helper thread, held to the second CPU.
    init(first: Int, second: Int) {
        let source = (0..<Self.pixels * Self.passes).map { UInt32(truncatingIfNeeded: 0x8040_2010 &+ $0 &* 2_654_435_761) | 0x4000_0000 }
        // Each thread's destination, then each thread's sources (a pass's worth each pass).
        lanes = [[UInt32]](repeating: [UInt32](repeating: 0xFF80_8080, count: Self.pixels), count: 2) + [source, source]
        cpus = (CPUSet([first]), CPUSet([second]))
        let helper = Thread { [self] in
            _ = cpus.1.pinThisThread()
            while true {
                start.wait()
                if stopping { break }
                helperSeconds = Benchmark.seconds { Self.blend(&lanes[1], over: lanes[3]) }
                done.signal()
            }
            done.signal()
        }
        helper.start()
    }

    /// Stops the helper thread.
    func stop() {
        stopping = true
        start.signal()
        done.wait()
    }

    /// Seconds the loop took on the first CPU alone, on the second alone, and on both at once
    /// (the longer of the two threads' loops; each thread times its own, which leaves the
    /// helper's wake-up out). Leaves the calling thread held to the first CPU.
    func round() -> (onFirst: Double, onSecond: Double, onBoth: Double) {
        _ = cpus.0.pinThisThread()
        let onFirst = Benchmark.seconds { Self.blend(&lanes[0], over: lanes[2]) }
        start.signal()
        done.wait()
        let onSecond = helperSeconds
        start.signal()
        let caller = Benchmark.seconds { Self.blend(&lanes[0], over: lanes[2]) }
        done.wait()
        return (onFirst, onSecond, max(caller, helperSeconds))
    }

    /// `passes` parts of `sources` in turn blended over `destination` (source over,
    /// premultiplied, 8 bits).
    private static func blend(_ destination: inout [UInt32], over sources: [UInt32]) {
        destination.withUnsafeMutableBufferPointer { d in
            sources.withUnsafeBufferPointer { s in
                for pass in 0..<passes {
                    let base = pass * d.count
                    for i in 0..<min(d.count, s.count - base) {
                        let sp = s[base + i], dp = d[i], inverse = 255 &- (sp >> 24)
                        var rb = (dp & 0x00FF_00FF) &* inverse &+ 0x0080_0080
                        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
                        var ag = ((dp >> 8) & 0x00FF_00FF) &* inverse &+ 0x0080_0080
                        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
                        d[i] = sp &+ (rb | ag)
                    }
                }
            }
        }
    }
}
