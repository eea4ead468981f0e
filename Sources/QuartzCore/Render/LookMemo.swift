/// The textures the root and its sublayers were placed with, by sublayer index (the root's after
/// its sublayers'), for one committed tree: a layer whose animations only move, turn or fade it
/// looks the same every frame, so its textures are taken from here instead of hashing its look
/// each frame.
final class LookMemo: @unchecked Sendable {
    /// Which texture of a layer: its shadow, its drawing (whole or without its border), its border.
    enum Slot: Int, CaseIterable { case shadow, body, border }

    private(set) var tree: UInt64 = 0
    private var entries: [(scale: CGFloat, textures: [LayerTexture?])?] = []

    /// Forgets everything unless it is about `tree` (with `count` entries).
    func use(tree: UInt64, count: Int) {
        guard tree != self.tree || entries.count != count else { return }
        self.tree = tree
        entries = Array(repeating: nil, count: count)
    }

    func texture(_ slot: Slot, at index: Int, scale: CGFloat) -> LayerTexture? {
        guard index < entries.count, let entry = entries[index], entry.scale == scale else { return nil }
        return entry.textures[slot.rawValue]
    }

    func store(_ texture: LayerTexture?, _ slot: Slot, at index: Int, scale: CGFloat) {
        guard index < entries.count else { return }
        if entries[index]?.scale != scale { entries[index] = (scale, Array(repeating: nil, count: Slot.allCases.count)) }
        entries[index]?.textures[slot.rawValue] = texture
    }
}
