extension ParagraphShaper {
    /// `items` (in logical order) in visual order by their bidi embedding levels, as Unicode's
    /// rule L2 puts them: from the highest level down to the lowest odd one, every maximal
    /// sequence of items at that level or above is reversed.
    ///
    /// Done here rather than by `pango_reorder_items`, which builds its lists by appending
    /// (walking each to its end): quadratic in the items, and a line splits into an item at
    /// every tab, bidi control, script or font change. A line of 100,000 tabs took 5.5 s there;
    /// this takes at most 125 passes (the deepest level) over the items.
    static func visualOrder<Item>(_ items: [Item], level: (Item) -> UInt8) -> [Item] {
        let levels = items.map(level)
        guard let highest = levels.max(), let lowest = levels.min(), highest > 0 else { return items }
        var order = Array(items.indices)
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return items }
        for current in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard Int(levels[order[i]]) >= current else { i += 1; continue }
                var end = i
                while end < order.count, Int(levels[order[end]]) >= current { end += 1 }
                order[i..<end].reverse()
                i = end
            }
        }
        return order.map { items[$0] }
    }
}
