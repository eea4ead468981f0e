import Synchronization

/// What a list's animated sublayers need to be presented frame after frame, kept with the
/// committed list (`SublayerList`): the sublayers whose animations only write numbers
/// (`ScalarAnimation`) and nothing else in their subtree animates, with those animations stored
/// together in one table, and presented copies of those sublayers kept from frame to frame.
///
/// Why: presenting a sublayer the general way (`LayerSnapshot.present`) reads its animations
/// through its snapshot's references (a cache miss for the references, one for the animations'
/// storage) and copies the whole committed snapshot (560 bytes, retaining its references) into
/// the frame's presented storage, which is freed again with the frame. The stress scene's
/// thousand spinning, fading, sliding tiles did that every frame, on memory the compositing of
/// the last frame had long evicted. Here a frame reads one table front to back and writes only
/// the animated numbers into copies that a frame before it, now spent, already made.
///
/// A kept copy differs from the committed snapshot only in the numbers its animations write;
/// each frame first puts back the committed value of every number one of them writes (held in
/// the table), then applies them in order, so the values are exactly those of `present`.
final class AnimatedSublayers: @unchecked Sendable {
    /// The table, made at the third frame that presents the list, and the kept copies.
    private struct State {
        var table: Table?
        var kept: [PresentedCopies] = []
        var presentations = 0
    }
    /// Frames that present the list the general way before the table is made.
    private static let presentationsBeforeTable = 2
    private let state = Mutex(State())
    /// At most this many sets of copies are kept: the frame being composited, the one being
    /// evaluated, and the spent one not yet freed.
    private static let keptLimit = 3

    /// The table for `committed` (the list this belongs to) and copies no presented list holds
    /// any longer, ready to be written by `Table.present(into:atParentTime:)`; nil the first
    /// two times. Making the table and a set of copies costs more than presenting every animated
    /// sublayer the general way once (it reads and copies as much, and writes the table), and a
    /// list committed anew at every frame (a sibling of a thousand animated layers changed at
    /// each commit) is presented twice: for its frame, and ahead for the next one, which the
    /// next commit makes moot. Only a list presented more often than that pays for what its
    /// later frames save.
    func take(_ committed: SublayerBoxes, animatedIndices: [Int]) -> (Table, PresentedCopies?)? {
        state.withLock { state in
            guard state.presentations >= Self.presentationsBeforeTable else {
                state.presentations += 1
                return nil
            }
            let table = state.table ?? Table(committed, animatedIndices: animatedIndices)
            state.table = table
            guard !table.layers.isEmpty else { return (table, nil) }
            // Unique: only this object holds them (the last presented list that did is gone).
            for k in state.kept.indices where isKnownUniquelyReferenced(&state.kept[k]) { return (table, state.kept[k]) }
            let copies = PresentedCopies(table, committed)
            if state.kept.count < Self.keptLimit { state.kept.append(copies) }
            return (table, copies)
        }
    }

    /// The numbers-only sublayers' animations, stored together, and the other animated ones.
    final class Table: Sendable {
        /// One sublayer presented from the table.
        struct Layer {
            /// Its index in the list.
            let index: Int
            /// Its animations in `entries`.
            let entries: Range<Int>
            /// The sublayer's own timing (its time from its parent's).
            let timing: Timing
            /// Its committed transform and zPosition (what a transform animation starts from;
            /// what tells whether the drawing order changed).
            let transform: CATransform3D
            let zPosition: CGFloat
        }

        /// One animation of a numbers-only sublayer.
        struct Entry: @unchecked Sendable {
            let timing: Timing
            let scalar: ScalarAnimation
            let timingFunction: CAMediaTimingFunction?
            /// The committed value of the number it writes (a transform's is its layer's).
            let committed: CGFloat
            /// Whether it is the layer's first animation writing that number: the committed
            /// value is put back before it applies.
            let resets: Bool
        }

        let layers: [Layer]
        let entries: [Entry]
        /// The animated sublayers presented the general way.
        let others: [Int]
        /// Per index of the list: −2 − k for `layers[k]`'s copy, −1 otherwise (see `SublayerList`).
        let slots: [Int32]

        init(_ committed: SublayerBoxes, animatedIndices: [Int]) {
            var layers: [Layer] = [], entries: [Entry] = [], others: [Int] = []
            layers.reserveCapacity(animatedIndices.count)
            entries.reserveCapacity(3 * animatedIndices.count)        // a few each, typically
            var slots = [Int32](repeating: -1, count: committed.count)
            for i in animatedIndices {
                let sublayer = committed[i].pointer
                guard sublayer.pointee.presentsNumbersAlone else { others.append(i); continue }
                let first = entries.count
                var written: UInt32 = 0                 // a bit per number (`Number.rawValue`) written so far
                let animations = sublayer.pointee.animations
                for a in animations.indices {
                    let scalar = animations[a].scalar!
                    let bit: UInt32 = switch scalar.field {
                    case .number(let n): 1 << n.rawValue
                    case .transform: 1 << 31
                    case .content: 0                    // not presented here (`presentsNumbersAlone`)
                    }
                    entries.append(Entry(timing: animations[a].timing, scalar: scalar, timingFunction: animations[a].timingFunction,
                                         committed: scalar.field.value(in: sublayer.pointee), resets: written & bit == 0))
                    written |= bit
                }
                slots[i] = Int32(-2 - layers.count)
                layers.append(Layer(index: i, entries: first..<entries.count, timing: sublayer.pointee.timing,
                                    transform: sublayer.pointee.transform, zPosition: sublayer.pointee.zPosition))
            }
            (self.layers, self.entries, self.others, self.slots) = (layers, entries, others, slots)
        }

        /// Writes each sublayer's animated numbers at its parent's time `parentTime` into its
        /// copy; true when a zPosition differs from the committed one (the drawing order is
        /// then worked out again).
        func present(into copies: PresentedCopies, atParentTime parentTime: CFTimeInterval) -> Bool {
            var reordered = false
            layers.withUnsafeBufferPointer { layers in
                entries.withUnsafeBufferPointer { entries in
                    for k in layers.indices {
                        let layer = copies.base + k
                        let time = layers[k].timing.localTime(fromParent: parentTime)
                        for e in layers[k].entries {
                            let entry = entries[e]
                            if entry.resets {
                                if case .transform = entry.scalar.field { layer.pointee.transform = layers[k].transform }
                                else { entry.scalar.field.set(entry.committed, in: &layer.pointee) }
                            }
                            switch entry.timing.phase(atParentTime: time) {
                            case .active(let f, _), .finished(let f?, _):
                                entry.scalar.apply(atProgress: entry.timingFunction?.evaluate(f) ?? f, to: &layer.pointee)
                            default:
                                continue
                            }
                        }
                        reordered = reordered || layer.pointee.zPosition != layers[k].zPosition
                    }
                }
            }
            return reordered
        }
    }
}

/// Presented copies of a list's numbers-only sublayers (`AnimatedSublayers.Table.layers`, in
/// that order), made from the committed snapshots once and written again by each frame that
/// takes them. Immutable while a presented list holds them (hence `@unchecked Sendable`).
final class PresentedCopies: @unchecked Sendable {
    let base: UnsafeMutablePointer<LayerSnapshot>
    private let count: Int

    init(_ table: AnimatedSublayers.Table, _ committed: SublayerBoxes) {
        count = table.layers.count
        base = .allocate(capacity: count)
        for k in 0..<count { (base + k).initialize(to: committed[table.layers[k].index].pointer.pointee) }
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
