import CLaminaKernels

/// A snapshot's sublayers, back to front as stored. The committed sublayers are shared, not
/// copied: each is the boxed snapshot its layer keeps (`SnapshotBox`), so a commit that rebuilds
/// a parent of a thousand still layers makes an array of a thousand references. Presenting a
/// tree lays the presented versions of its animated sublayers over the committed list, so that a
/// frame where one layer of a thousand moves copies one snapshot, not a thousand.
struct SublayerList: RandomAccessCollection, Sendable {
    private let committed: SublayerBoxes
    /// Per index: where its presented version is in `presented` (0 and up), in `copies` (−2 − k
    /// for `copies.base + k`), or −1 for the committed one. Empty while nothing is laid over.
    private var slots: [Int32] = []
    private var presented: [LayerSnapshot] = []
    /// The presented sublayers whose animations only write numbers (see `AnimatedSublayers`).
    private var copies: PresentedCopies?
    /// The indices of the sublayers with animations in their trees, ascending: a frame visits
    /// only these (looking into every snapshot would touch all of their memory).
    let animatedIndices: [Int]
    /// The animated sublayers' table and kept copies, shared by the committed list and every
    /// list presented from it (nil when none animates).
    private let animated: AnimatedSublayers?

    init(_ boxes: SublayerBoxes = SublayerBoxes()) {
        committed = boxes
        animatedIndices = boxes.animatedIndices
        animated = animatedIndices.isEmpty ? nil : AnimatedSublayers()
    }

    /// The committed sublayers' boxes, in the list's order. A box is one snapshot, never
    /// changed: a planner that keeps the boxes it placed from knows a still sublayer by comparing
    /// two references (`PlacedNode.placedFrom`), a run of them by comparing the runs, without
    /// reading the box or the snapshot — a cache miss or two per sublayer each frame, most of a
    /// damage frame's planning.
    var boxes: SublayerBoxes { committed }

    /// Asks the cache for the first lines of the sublayer at `index`, read a few sublayers later.
    func prefetch(_ index: Int) {
        lamina_prefetch_bytes(address(of: index), 128)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { committed.count }

    // Read in place: a copy of a snapshot retains every object it holds (index, don't iterate,
    // where that matters). An addressor, because a `_read` coroutine that yields from another
    // array's storage allocates its frame on each access.
    subscript(index: Int) -> LayerSnapshot {
        unsafeAddress { address(of: index) }
    }

    /// Where the sublayer at `index` is stored: valid while this list lives.
    private func address(of index: Int) -> UnsafePointer<LayerSnapshot> {
        precondition(index >= 0 && index < committed.count, "sublayer index out of range")
        // `presented` is held by `self` and each box by `committed`, so the storage outlives the access.
        // The copies too are held by `self`.
        if !slots.isEmpty, case let slot = slots[index], slot != -1 {
            if slot >= 0 { return presented.withUnsafeBufferPointer { $0.baseAddress! + Int(slot) } }
            return UnsafePointer(copies!.base + Int(-2 - slot))
        }
        return UnsafePointer(committed[index].pointer)
    }

    /// Calls `body` with the sublayer at `index` lent as a value, retaining nothing: a bitwise
    /// image of the stored snapshot, never released (moved back into scratch memory that is
    /// let go without deinitializing it), valid because this list keeps the original alive for
    /// the call; a copy `body` makes of it retains as usual. Passing `self[index]` to a function
    /// the optimizer cannot see through (the planner's `place`) copies the 500-byte snapshot
    /// and retains and releases its references: an atomic on an object the evaluating thread
    /// retains too, about 2 % of the 2000-tile stress frame.
    func lend<Result>(_ index: Int, _ body: (LayerSnapshot) -> Result) -> Result {
        let source = address(of: index)
        return withUnsafeTemporaryAllocation(of: LayerSnapshot.self, capacity: 1) { scratch in
            let slot = scratch.baseAddress!
            UnsafeMutableRawPointer(slot).copyMemory(from: source, byteCount: MemoryLayout<LayerSnapshot>.size)
            let image = slot.move()
            let result = body(image)
            slot.initialize(to: consume image)
            return result
        }
    }

    /// Presents each animated sublayer at `parentTime` (see `LayerSnapshot.present`). Those
    /// whose animations only write numbers are written into kept copies from one table
    /// (`AnimatedSublayers`), from the list's third frame on; for each other one a copy of the
    /// committed one is put in the presented storage and its animations applied there, in
    /// place (building each presented layer apart and then storing it copied 500 bytes twice
    /// and retained its references twice, per animated layer per frame). True when one's
    /// `zPosition` changed (the drawing order is then worked out again).
    mutating func presentAnimated(atParentTime parentTime: CFTimeInterval) -> Bool {
        guard let animated else { return false }
        var others = animatedIndices, reordered = false
        if let (table, copies) = animated.take(committed, animatedIndices: animatedIndices) {
            others = table.others
            if let copies {
                if slots.isEmpty { slots = table.slots }
                else { for k in table.layers.indices { slots[table.layers[k].index] = Int32(-2 - k) } }
                self.copies = copies
                reordered = table.present(into: copies, atParentTime: parentTime)
            }
        }
        guard !others.isEmpty else { return reordered }
        if slots.isEmpty { slots = Array(repeating: -1, count: committed.count) }
        presented.reserveCapacity(presented.count + others.count)
        for i in others {
            let source = committed[i].pointer
            let slot: Int
            if slots[i] >= 0 {
                slot = Int(slots[i])
                presented[slot] = source.pointee
            } else {
                slot = presented.count
                slots[i] = Int32(slot)
                presented.append(source.pointee)
            }
            let z = presented.withUnsafeMutableBufferPointer { buffer in
                buffer[slot].present(atParentTime: parentTime)
                return buffer[slot].zPosition
            }
            reordered = reordered || z != source.pointee.zPosition
        }
        return reordered
    }

    /// Puts `layer` in place of the sublayer at `index`.
    mutating func replace(_ index: Int, with layer: LayerSnapshot) {
        if slots.isEmpty { slots = Array(repeating: -1, count: committed.count) }
        if slots[index] >= 0 {
            presented[Int(slots[index])] = layer
        } else {
            slots[index] = Int32(presented.count)
            presented.append(layer)
        }
    }
}

/// A committed snapshot kept by its layer and shared by every parent snapshot that lists it.
/// Immutable once made (hence `@unchecked Sendable`); it owns its storage so that readers can
/// address the snapshot in place.
final class SnapshotBox: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<LayerSnapshot>
    /// The snapshot's numbers a parent's commit reads of each of its sublayers (the animated
    /// ones, the drawing order, whether a redraw animates), copied beside the box's reference
    /// count: the commit retains each box anyway, and reading them from the snapshot was one
    /// more cache miss per sublayer.
    let hasAnimations: Bool
    let needsDisplayWhenAnimated: Bool
    let zPosition: CGFloat

    init(_ snapshot: LayerSnapshot) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: snapshot)
        hasAnimations = snapshot.hasAnimations
        needsDisplayWhenAnimated = snapshot.needsDisplayWhenAnimated
        zPosition = snapshot.zPosition
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}
