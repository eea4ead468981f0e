/// How the compositor shows Core Image filters on layers:
/// - a layer with `filters` or a `compositingFilter` is drawn into a texture of its own by the
///   layer renderer (`.drawn(.filters)`, `.drawn(.compositingFilter)`: the same pixels as
///   `render(in:)`, kept while the subtree is still), placed as one item; a compositing
///   filter's item carries its blend (`CompositeItem.blend`), which the band applies with the
///   blend mode's kernel against what is composited below it;
/// - a layer's `backgroundFilters` are an item of their own before its others
///   (`CompositeItem.backdrop`): when the band reaches it, what is composited so far under the
///   layer's shape (and the filters' reach) is filtered in place. Its pixels depend on what is
///   behind, so damage that touches that area grows to all of it (`BackdropFilter.grow`), and
///   the rectangles touching it are composited whole by one more band (the filters read across
///   band borders), beside the bands that composite the rest.
extension CompositePlan {
    /// Why a layer with filters is drawn into a texture of its own; nil when it has none that draw.
    static func filterRoute(of layer: LayerSnapshot) -> DrawnReason? {
        guard layer.hasFilters else { return nil }          // most layers: asked every frame
        if !FilteredLayer.drawingFilters(of: layer).isEmpty { return .filters }
        if LayerBlend(layer.compositingFilter) != nil { return .compositingFilter }
        return nil
    }

    /// Whether a layer drawn for its filters only moves (its animations place it, nothing inside
    /// changes): its filtered texture stays.
    static func movesOnly(_ layer: LayerSnapshot, _ reason: DrawnReason) -> Bool {
        (reason == .filters || reason == .compositingFilter) && !layer.animatesLook && layer.sublayers.animatedIndices.isEmpty
            && !layer.mask.contains(where: \.hasAnimations)
    }

    /// The layer's background filters as an item before its own drawing.
    static func placeBackdrop(_ layer: LayerSnapshot, _ node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat,
                              paths: PathCache) {
        guard let backdrop = BackdropFilter(layer, toDevice: toDevice, opacity: opacity, clip: node.placement.clip.cgRect, paths: paths),
              let extent = DeviceRect(enclosing: CGRect(x: backdrop.rect.x, y: backdrop.rect.y, width: backdrop.rect.width,
                                                        height: backdrop.rect.height), within: node.placement.clip)
        else { return }
        var item = CompositeItem(texture: backdrop.placeholder, toDevice: .identity, alpha: 255, extent: extent)
        item.backdrop = backdrop
        node.effects.append(backdrop)             // items do not retain it
        node.below.append(item)
        node.cover(extent)
    }
}

extension BackdropFilter {
    /// The device pixels each background-filter item of the frame reads (within `screen`).
    static func reads(of items: CompositeList, screen: DeviceRect) -> [DeviceRect] {
        var reads: [DeviceRect] = []
        items.forEach { item in
            if let backdrop = item.backdrop, let read = DeviceRect(enclosing: backdrop.readRect, within: screen) { reads.append(read) }
        }
        return reads
    }

    /// Adds to `damage` the whole of each read area that damage touches: what a background
    /// filter writes depends on all it reads, which must be composited afresh up to it.
    static func grow(_ damage: Damage, reads: [DeviceRect]) {
        guard !reads.isEmpty else { return }
        var rects = damage.rectangles
        for read in reads where rects.contains(where: { $0.intersects(read) }) {
            damage.add(read)
            rects = damage.rectangles
        }
    }
}

extension DeviceRect {
    func intersects(_ other: DeviceRect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }
}
