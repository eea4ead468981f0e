import Synchronization

/// The places `0..<count` of a list, shared by `segments` threads (`FrameWorkers.perform`'s
/// thread numbers): one contiguous segment per thread, taken in runs from its front by its
/// own thread, and from its back by a thread that has finished its own segment. A thread so
/// takes the same places frame after frame, but for the few runs taken from its back at the
/// end, and finds in its core's cache what it wrote there last frame.
///
/// Taken from one counter, runs went to whichever thread asked first, a different one each
/// frame: a thousand moving layers were placed 25–30 % slower per layer on each of two threads
/// than on one, each thread renewing nodes (and releasing the placements they held) that the
/// other core had written.
final class ThreadSegments: @unchecked Sendable {
    /// Per segment, a cache line apart: the places taken from its front (low 32 bits) and from
    /// its back (high 32 bits).
    private let taken: UnsafeMutablePointer<Atomic<Int>>
    /// Segment k holds the places `bounds[k]..<bounds[k + 1]`.
    private let bounds: [Int]
    private let run: Int
    private static let stride = 8               // 8 Ints: 64 bytes

    init(count: Int, segments: Int, run: Int) {
        let segments = max(segments, 1)
        bounds = (0...segments).map { count * $0 / segments }
        self.run = max(run, 1)
        taken = .allocate(capacity: segments * Self.stride)
        for k in 0..<segments { (taken + k * Self.stride).initialize(to: Atomic(0)) }
    }

    deinit {
        for k in 0..<bounds.count - 1 { (taken + k * Self.stride).deinitialize(count: 1) }
        taken.deallocate()
    }

    /// The next run for `thread`: from the front of its own segment, else from the back of the
    /// next one with places left; nil when every place is taken.
    func next(for thread: Int) -> Range<Int>? {
        let segments = bounds.count - 1
        let own = (thread % segments + segments) % segments
        for step in 0..<segments {
            if let range = take(from: (own + step) % segments, front: step == 0) { return range }
        }
        return nil
    }

    private func take(from segment: Int, front: Bool) -> Range<Int>? {
        let counter = taken + segment * Self.stride
        let start = bounds[segment], size = bounds[segment + 1] - start
        var word = counter.pointee.load(ordering: .relaxed)
        while true {
            let fromFront = word & 0xFFFF_FFFF, fromBack = word >> 32
            let left = size - fromFront - fromBack
            guard left > 0 else { return nil }
            let n = min(run, left)
            let (exchanged, seen) = counter.pointee.compareExchange(expected: word, desired: front ? word + n : word + n << 32,
                                                                    ordering: .relaxed)
            if exchanged {
                return front ? start + fromFront..<start + fromFront + n : start + size - fromBack - n..<start + size - fromBack
            }
            word = seen
        }
    }
}
