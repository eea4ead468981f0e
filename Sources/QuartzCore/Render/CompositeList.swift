/// A frame's composite items, back to front: its placed tree read in drawing order (see
/// `PlacedNode`), made once per frame: a still subtree adds its items in one piece.
struct CompositeList: Sendable {
    let items: [CompositeItem]

    init(root: PlacedNode? = nil) {
        items = root?.items ?? []
    }

    /// Calls `body` with each item, back to front.
    func forEach(_ body: (CompositeItem) -> Void) {
        for item in items { body(item) }
    }
}
