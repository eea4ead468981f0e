/// A frame's composite items, back to front: its placed tree read in drawing order (see
/// `PlacedNode`). Still subtrees are the last frame's nodes themselves, so nothing is copied.
struct CompositeList {
    let root: PlacedNode?

    init(root: PlacedNode? = nil) {
        self.root = root
    }

    /// Calls `body` with each item, back to front.
    func forEach(_ body: (CompositeItem) -> Void) {
        root?.forEachItem(body)
    }
}
