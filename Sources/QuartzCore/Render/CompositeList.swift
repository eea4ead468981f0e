/// A frame's composite items, back to front: runs shared with the root's still sublayers (kept
/// from frame to frame) and items placed this frame. A frame where one layer of a thousand moves
/// copies and compares only what it placed.
struct CompositeList {
    enum Run: Equatable {
        case still(Range<Int>)
        case placed(Range<Int>)
    }

    /// The still sublayers' items, which `still` runs index; `generation` tells rebuilt lists apart.
    private(set) var still: [CompositeItem]
    private(set) var generation: UInt64
    private(set) var placed: [CompositeItem] = []
    private(set) var runs: [Run] = []
    private(set) var count = 0

    init(still: [CompositeItem] = [], generation: UInt64 = 0) {
        self.still = still
        self.generation = generation
    }

    mutating func append(_ item: CompositeItem) {
        if case .placed(let r)? = runs.last { runs[runs.count - 1] = .placed(r.lowerBound..<r.upperBound + 1) }
        else { runs.append(.placed(placed.count..<placed.count + 1)) }
        placed.append(item)
        count += 1
    }

    /// Appends the still items in `range`.
    mutating func appendStill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if case .still(let r)? = runs.last, r.upperBound == range.lowerBound { runs[runs.count - 1] = .still(r.lowerBound..<range.upperBound) }
        else { runs.append(.still(range)) }
        count += range.count
    }

    /// Takes the still sublayers' items that `appendStill` ranges will index (before any is appended).
    mutating func useStill(_ items: [CompositeItem], generation: UInt64) {
        precondition(!runs.contains { if case .still = $0 { true } else { false } }, "still items replaced under their runs")
        still = items
        self.generation = generation
    }

    mutating func reservePlaced(_ capacity: Int) { placed.reserveCapacity(capacity) }

    /// Takes the runs of an earlier list of the same shape: the same still runs, and placed runs
    /// over as many placed items as this one holds.
    mutating func adoptRuns(_ runs: [Run]) {
        self.runs = runs
        count = runs.reduce(0) { total, run in
            switch run {
            case .still(let r), .placed(let r): total + r.count
            }
        }
    }

    /// Calls `body` with each item, back to front.
    func forEach(_ body: (CompositeItem) -> Void) {
        for run in runs {
            switch run {
            case .still(let r): for item in still[r] { body(item) }
            case .placed(let r): for item in placed[r] { body(item) }
            }
        }
    }

    /// The extents that changed since `old`, added to `damage`; false when the lists do not
    /// correspond item by item (the whole frame changed).
    func addChanges(since old: CompositeList, to damage: Damage) -> Bool {
        guard count == old.count else { return false }
        if generation == old.generation, runs == old.runs {
            // The same still runs show the same items: only the placed ones can differ.
            for (a, b) in zip(old.placed, placed) where !a.looksLike(b) {
                damage.add(a.extent)
                damage.add(b.extent)
            }
            return true
        }
        var olds: [CompositeItem] = []
        olds.reserveCapacity(old.count)
        old.forEach { olds.append($0) }
        var i = 0
        forEach { item in
            if !olds[i].looksLike(item) {
                damage.add(olds[i].extent)
                damage.add(item.extent)
            }
            i += 1
        }
        return true
    }
}
