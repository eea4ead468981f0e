/// A snapshot's sublayers, back to front as stored. Presenting a tree lays the presented versions
/// of its animated sublayers over the committed list rather than copying the list, so that a
/// frame where one layer of a thousand moves copies one snapshot, not a thousand.
struct SublayerList: RandomAccessCollection, Sendable {
    private let committed: [LayerSnapshot]
    /// Per index: where its presented version is in `presented`, or −1 for the committed one.
    /// Empty while nothing is laid over.
    private var slots: [Int32] = []
    private var presented: [LayerSnapshot] = []
    /// The indices of the sublayers with animations in their trees, ascending: a frame visits
    /// only these (looking into every snapshot would touch all of their memory).
    let animatedIndices: [Int]

    init(_ layers: [LayerSnapshot] = []) {
        committed = layers
        animatedIndices = layers.indices.filter { layers[$0].hasAnimations }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { committed.count }

    // Read in place: a copy of a snapshot retains every object it holds. An addressor, because a
    // `_read` coroutine that yields from another array's storage allocates its frame on each access.
    subscript(index: Int) -> LayerSnapshot {
        unsafeAddress {
            precondition(index >= 0 && index < committed.count, "sublayer index out of range")
            // Both arrays are held by `self`, so their storage outlives the access.
            if !slots.isEmpty, slots[index] >= 0 {
                return presented.withUnsafeBufferPointer { $0.baseAddress! + Int(slots[index]) }
            }
            return committed.withUnsafeBufferPointer { $0.baseAddress! + index }
        }
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
