import CPixman

/// The union of changed device rectangles, as a pixman region. Each put has a cost, so more than
/// `limit` rectangles are shown as the rectangles added (overlapping, when there are no more
/// than `limit` of them), else as their bounding box.
///
/// The compositor keeps up to `Damage.frameLimit` apart: a hundred labels changed here and there
/// (`lamina-bench labels`) are a tenth of the screen, which their bounding box would make whole;
/// the region cuts them into bands (three hundred rectangles), so they are put as added.
final class Damage {
    let limit: Int
    private let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
    /// The rectangles as added (repeats of the last few left out), while there are at most `limit`.
    private var added: [DeviceRect] = []
    private var addedTooMany = false
    /// Once the region was replaced by its bounding box (it no longer tells the rectangles):
    /// that box, grown by each rectangle added since without pixman (the region is left as it
    /// was: a thousand moving layers add four thousand rectangles a frame, each a union call).
    private var collapsed: DeviceRect?

    init(limit: Int) {
        self.limit = max(limit, 1)
        pixman_region32_init(region)
    }

    convenience init(limit: Int, rectangles: [DeviceRect]) {
        self.init(limit: limit)
        for r in rectangles { add(r) }
    }

    deinit {
        pixman_region32_fini(region)
        region.deallocate()
    }

    /// How many rectangles the region holds now.
    var rectangleCount: Int { collapsed != nil ? 1 : Int(pixman_region32_n_rects(region)) }

    /// How many rectangles a frame's damage keeps apart: a put and a clipped composite per
    /// rectangle cost far less than compositing the space between a hundred scattered ones.
    static let frameLimit = 256

    /// Joins `r`. A union takes time in proportion to the region's rectangles, so a region grown
    /// past `limit` (and 64) — a thousand moving layers add two thousand — becomes its bounding
    /// box at once: past the limit `rectangles` shows the rectangles added or that box anyway.
    func add(_ r: DeviceRect) {
        guard r.width > 0, r.height > 0 else { return }
        if !addedTooMany, !addedLately(r) {
            if added.count < limit { added.append(r) } else { (added, addedTooMany) = ([], true) }
        }
        if let box = collapsed { return collapsed = box.union(r) }
        pixman_region32_union_rect(region, region, r.x, r.y, UInt32(r.width), UInt32(r.height))
        if rectangleCount > max(limit, 64), let box = pixman_region32_extents(region)?.pointee {
            collapsed = DeviceRect(box)
        }
    }

    /// Joins what `other` holds (its `rectangles`): damage found on another thread.
    func add(_ other: Damage) {
        for r in other.rectangles { add(r) }
    }

    /// Whether `r` is one of the last four rectangles added (a slice of them retained the array).
    private func addedLately(_ r: DeviceRect) -> Bool {
        var i = added.count - 1
        while i >= 0, i >= added.count - 4 {
            if added[i] == r { return true }
            i -= 1
        }
        return false
    }

    /// Its rectangles when there are at most `limit`; else the rectangles added when there are
    /// at most `limit` of those; else their bounding box.
    var rectangles: [DeviceRect] {
        if let box = collapsed { return addedTooMany ? [box] : added }
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &count), count > 0 else { return [] }
        if count <= limit { return (0..<Int(count)).map { DeviceRect(boxes[$0]) } }
        if !addedTooMany { return added }
        guard let box = pixman_region32_extents(region)?.pointee else { return [] }
        return [DeviceRect(box)]
    }
}

extension DeviceRect {
    init(_ box: pixman_box32_t) {
        self.init(x: box.x1, y: box.y1, width: box.x2 - box.x1, height: box.y2 - box.y1)
    }
}

extension Damage {
    /// Joins `rect`, when there is one (a layer's extent, nil when it covers nothing).
    func add(_ rect: DeviceRect?) {
        if let rect { add(rect) }
    }
}
