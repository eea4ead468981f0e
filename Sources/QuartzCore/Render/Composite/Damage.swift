import CPixman

/// The union of changed device rectangles, as a pixman region. Each put has a cost, so more than
/// `limit` rectangles are shown as their bounding box.
final class Damage {
    let limit: Int
    private let region = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

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
    var rectangleCount: Int { Int(pixman_region32_n_rects(region)) }

    /// Joins `r`. A union takes time in proportion to the region's rectangles, so a region grown
    /// well past `limit` (a thousand moving layers add two thousand) becomes its bounding box at
    /// once, as `rectangles` would show it anyway.
    func add(_ r: DeviceRect) {
        pixman_region32_union_rect(region, region, r.x, r.y, UInt32(r.width), UInt32(r.height))
        if rectangleCount > 4 * limit, var box = pixman_region32_extents(region)?.pointee {
            pixman_region32_reset(region, &box)
        }
    }

    /// Its rectangles; their bounding box when there are more than `limit`.
    var rectangles: [DeviceRect] {
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(region, &count), count > 0 else { return [] }
        if count > limit, let box = pixman_region32_extents(region)?.pointee { return [DeviceRect(box)] }
        return (0..<Int(count)).map { DeviceRect(boxes[$0]) }
    }
}

extension DeviceRect {
    init(_ box: pixman_box32_t) {
        self.init(x: box.x1, y: box.y1, width: box.x2 - box.x1, height: box.y2 - box.y1)
    }
}
