/// A parent's committed sublayers (`SnapshotBox`es, in `sublayerStorage` order), kept in runs of
/// `runLength` that lists share: a commit where one sublayer of a thousand changed makes one new
/// run and takes the others over, retaining one object a run. An array of the thousand boxes
/// retained each of them at each commit — a write to a line the main thread had not touched since
/// the last commit, most of a drag's commit. What a commit and a frame ask of every sublayer
/// (which ones animate, their drawing order, whether a redraw animates) is worked out once a run,
/// when it is made. A planner that kept the list it placed from knows a run of still sublayers by
/// comparing two references (`CompositePlan.changedChildren`).
struct SublayerBoxes: RandomAccessCollection, Sendable {
    /// Boxes per run: a power of two (indices split by shifts).
    static let runLength = 32
    private static let runShift = 5

    /// Runs of `runLength` boxes, the last one shorter when the count is not a multiple.
    let runs: [Run]
    let count: Int

    /// A run of boxes and what is read of all of them. Immutable once made.
    final class Run: @unchecked Sendable {
        let boxes: [SnapshotBox]
        /// The offsets (in the run) of the boxes with animations in their trees, ascending.
        let animatedOffsets: [Int]
        /// The `zPosition` all its boxes share, or nil when they differ.
        let sharedZ: CGFloat?
        /// Whether a box's redraw animates (`SnapshotBox.needsDisplayWhenAnimated`).
        let needsDisplayWhenAnimated: Bool

        init(_ boxes: [SnapshotBox]) {
            self.boxes = boxes
            animatedOffsets = boxes.indices.filter { boxes[$0].hasAnimations }
            let z = boxes.first?.zPosition
            sharedZ = boxes.allSatisfy { $0.zPosition == z } ? z : nil
            needsDisplayWhenAnimated = boxes.contains { $0.needsDisplayWhenAnimated }
        }
    }

    init(_ boxes: [SnapshotBox] = []) {
        count = boxes.count
        runs = stride(from: 0, to: boxes.count, by: Self.runLength).map { start in
            Run(Array(boxes[start..<Swift.min(start + Self.runLength, boxes.count)]))
        }
    }

    /// `self` with the boxes at `stale` (ascending indices) put in from `box`: the runs holding
    /// none of them are taken over as they are.
    func replacing(_ stale: [Int], with box: (Int) -> SnapshotBox) -> SublayerBoxes {
        var runs = self.runs, next = 0
        while next < stale.count {
            let r = stale[next] >> Self.runShift, start = r << Self.runShift
            var boxes = runs[r].boxes
            while next < stale.count, stale[next] >> Self.runShift == r {
                boxes[stale[next] - start] = box(stale[next])
                next += 1
            }
            runs[r] = Run(boxes)
        }
        return SublayerBoxes(runs: runs, count: count)
    }

    private init(runs: [Run], count: Int) {
        self.runs = runs
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(index: Int) -> SnapshotBox {
        runs[index >> Self.runShift].boxes[index & (Self.runLength - 1)]
    }

    /// The indices of the boxes with animations in their trees, ascending.
    var animatedIndices: [Int] {
        var indices: [Int] = []
        for (r, run) in runs.enumerated() where !run.animatedOffsets.isEmpty {
            indices.append(contentsOf: run.animatedOffsets.lazy.map { (r << Self.runShift) + $0 })
        }
        return indices
    }

    /// The order to draw them in: by `zPosition`, the list's order among equals.
    var drawingOrder: [Int] {
        guard let first = runs.first?.sharedZ, runs.allSatisfy({ $0.sharedZ == first }) else {
            return LayerSnapshot.drawingOrder(count) { self[$0].zPosition }
        }
        return Array(indices)
    }

    /// Whether a box's redraw animates.
    var needsDisplayWhenAnimated: Bool { runs.contains { $0.needsDisplayWhenAnimated } }
}
