import Synchronization

/// Stable names for layers in render trees. A layer keeps its id for its whole life, so a
/// renderer recognises the same layer from commit to commit (and keeps what it placed for it);
/// ids are never reused, unlike object addresses.
enum RenderID {
    private static let last = Atomic<UInt64>(0)

    /// A new id, different from every other one handed out in this process.
    static func next() -> UInt64 {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
