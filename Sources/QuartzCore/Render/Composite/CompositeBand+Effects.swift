import CPixman

/// The items that read what is composited below them (see `FilterNode.swift`): a compositing
/// filter's blend, and background filters. Kept apart from the band's fast paths, which never
/// look at them beyond one check per item.
extension CompositeBand {
    static func drawEffect(_ item: CompositeItem, clip: UnsafeMutablePointer<pixman_region32_t>,
                           within r: (Int32, Int32, Int32, Int32), target: PixelTarget) {
        let opaque = target.format == PIXMAN_x8r8g8b8
        var extent = pixman_box32_t(x1: item.extent.x, y1: item.extent.y, x2: item.extent.x + item.extent.width,
                                    y2: item.extent.y + item.extent.height)
        guard pixman_region32_contains_rectangle(clip, &extent) != PIXMAN_REGION_OUT else { return }
        if let backdrop = item.backdrop {
            // The damage holds all it reads (`BackdropFilter.grow`): composited afresh up to this item.
            guard let read = DeviceRect(enclosing: backdrop.readRect,
                                        within: DeviceRect(x: 0, y: 0, width: target.width, height: target.height)) else { return }
            let first = target.data + Int(read.y) * Int(target.bytesPerRow) + Int(read.x) * 4
            backdrop.apply(pixels: first, bytesPerRow: Int(target.bytesPerRow),
                           region: (Int(read.x), Int(read.y), Int(read.width), Int(read.height)), opaque: opaque)
            return
        }
        guard let blend = item.blend, let source = item.texture.makeImage() else { return }
        defer { pixman_image_unref(source) }
        let inverse = item.toDevice.inverted()
        var transform = pixman_transform()
        pixman_transform_init_identity(&transform)
        func fixed(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t(min(max(v * 65536, -2e9), 2e9).rounded()) }
        transform.matrix.0.0 = fixed(inverse.a); transform.matrix.0.1 = fixed(inverse.c); transform.matrix.0.2 = fixed(inverse.tx)
        transform.matrix.1.0 = fixed(inverse.b); transform.matrix.1.1 = fixed(inverse.d); transform.matrix.1.2 = fixed(inverse.ty)
        pixman_image_set_transform(source, &transform)
        if item.integerOffset == nil { pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0) }
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(clip, &count) else { return }
        for i in 0..<Int(count) {
            let b = boxes[i]
            let x0 = max(b.x1, r.0), y0 = max(b.y1, r.1), x1 = min(b.x2, r.2), y1 = min(b.y2, r.3)
            guard x1 > x0, y1 > y0 else { continue }
            let width = Int(x1 - x0), height = Int(y1 - y0)
            // The item's pixels in device space, then blended over the target's.
            var placed = [UInt32](repeating: 0, count: width * height)
            placed.withUnsafeMutableBufferPointer { buffer in
                guard let temp = pixman_image_create_bits(PIXMAN_a8r8g8b8, Int32(width), Int32(height), buffer.baseAddress,
                                                          Int32(width * 4)) else { return }
                pixman_image_composite32(PIXMAN_OP_SRC, source, nil, temp, x0, y0, 0, 0, 0, 0, Int32(width), Int32(height))
                pixman_image_unref(temp)
                let first = target.data + Int(y0) * Int(target.bytesPerRow) + Int(x0) * 4
                blend.blend(UnsafeRawPointer(buffer.baseAddress!), sourceBytesPerRow: width * 4, into: first,
                            destinationBytesPerRow: Int(target.bytesPerRow), width: width, height: height,
                            alpha: CGFloat(item.alpha) / 255, opaqueDestination: opaque)
            }
        }
    }
}
