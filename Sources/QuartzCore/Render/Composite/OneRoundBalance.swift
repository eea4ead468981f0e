/// How a frame composited in one round of bands (a band per thread, `Compositor.bandRounds`)
/// splits its work between the threads: evenly at first, then each frame a step towards the
/// split at which the last frame's bands would have ended together, given when each band began
/// and how long it took per share of the work. A helper that comes to the bands later (it
/// evaluated the next frame first) or runs slower (another process on its core) so gets less.
///
/// One round has no later, thinner bands for the thread that ends first to take, which balanced
/// the threads' ends in two or three rounds; but each of those bands' edges cut the items it
/// crossed once more (about 0.03 ms of CPU an edge in the stress scene, more than the waiting
/// they saved there).
struct OneRoundBalance {
    /// The share of the frame's estimated work each thread's band holds, by thread number
    /// (`FrameWorkers.perform`); they sum to one.
    private(set) var shares: [Double]

    /// How far towards the split the last frame measured each frame moves: a band's time
    /// varies from frame to frame by a few percent, which the shares should not follow.
    static let pace = 0.25
    /// How far from its share a band's new share may be measured in one frame (a thread
    /// descheduled for a while gives a frame whose split says nothing of the next).
    static let largestStep = 0.05
    /// About the smallest share a thread's band holds, as a part of an even share (the floor of
    /// each frame's measured split, before it is made to sum to one).
    static let least = 0.25

    init(threads: Int) {
        let n = max(threads, 1)
        shares = [Double](repeating: 1 / Double(n), count: n)
    }

    /// Learns from a frame whose band k was drawn by thread k, beginning `began[k]` and ending
    /// `ended[k]` seconds after the bands were handed over. A frame of other bands (another
    /// count), or one with a band that took no time, teaches nothing.
    mutating func learn(began: [Double], ended: [Double]) {
        let n = shares.count
        guard n > 1, began.count == n, ended.count == n else { return }
        // Seconds per share of the work, per band.
        var rates: [Double] = []
        for k in 0..<n {
            let took = ended[k] - began[k]
            guard took > 0, took.isFinite, began[k].isFinite, shares[k] > 0 else { return }
            rates.append(took / shares[k])
        }
        // The split ending every band at one time T: began[k] + share[k] · rate[k] = T, the
        // shares summing to one.
        let end = (1 + zip(began, rates).reduce(0) { $0 + $1.0 / $1.1 }) / rates.reduce(0) { $0 + 1 / $1 }
        let floor = Self.least / Double(n)
        var measured = (0..<n).map { k in
            min(max((end - began[k]) / rates[k], shares[k] - Self.largestStep, floor), shares[k] + Self.largestStep)
        }
        let sum = measured.reduce(0, +)
        measured = measured.map { $0 / sum }
        shares = (0..<n).map { k in shares[k] + (measured[k] - shares[k]) * Self.pace }
        let total = shares.reduce(0, +)
        shares = shares.map { $0 / total }
    }
}
