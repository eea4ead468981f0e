import CPixman
import CLaminaKernels

/// One thread's share of a frame: the rows of one band. It keeps its own pixman images (images
/// carry per-use state, so threads never share one), reused from frame to frame.
final class CompositeBand: @unchecked Sendable {
    private var destination: OpaquePointer?
    private var destinationKey: (UnsafeMutableRawPointer?, Int32, Int32, Int32) = (nil, 0, 0, 0)
    /// Per item index: the texture last placed there and this band's image over it.
    private var sources: [(texture: LayerTexture, image: OpaquePointer)] = []
    /// Solid masks by alpha, made on first use.
    private var fades = [OpaquePointer?](repeating: nil, count: 256)
    private let clip = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)

    /// Items covering fewer pixels of the band than this are drawn without prefetching their texels.
    static let prefetchedOverlap = 32 * 32

    /// How much of a texture object the bands ask for ahead of reading it: its first lines hold
    /// what they read (by the sizes of its stored properties in order, `LayerTexture.texels` and
    /// `.drawnOutline` end 233 bytes from its start). Only a hint: a field further on is read
    /// all the same, after a wait.
    static let textureHeadBytes: Int32 = 256

    /// Whether the affine kernel samples a translated span eight pixels a step (the CPU has AVX2).
    static let translatesEightAtATime = lamina_affine_features() & UInt32(LAMINA_KERNEL_AVX2) != 0

    init() { pixman_region32_init(clip) }

    deinit {
        pixman_region32_fini(clip)
        clip.deallocate()
        if let destination { pixman_image_unref(destination) }
        for source in sources { pixman_image_unref(source.image) }
        for case let fade? in fades { pixman_image_unref(fade) }
    }

    /// Paints `backdrop` (premultiplied ARGB), then `items` back to front, over the parts of
    /// `rects` inside `band`.
    func draw(_ items: CompositeList, in rects: [DeviceRect], band: DeviceRect, target: PixelTarget, backdrop: UInt32) {
        guard let dest = destination(for: target) else { return }
        pixman_region32_clear(clip)
        defer { pixman_image_set_clip_region32(dest, nil) }
        for r in rects { pixman_region32_union_rect(clip, clip, r.x, r.y, UInt32(r.width), UInt32(r.height)) }
        pixman_region32_intersect_rect(clip, clip, band.x, band.y, UInt32(band.width), UInt32(band.height))
        guard pixman_region32_not_empty(clip) != 0, let e = pixman_region32_extents(clip)?.pointee else { return }
        pixman_image_set_clip_region32(dest, clip)
        var count: Int32 = 0
        if let boxes = pixman_region32_rectangles(clip, &count) {
            func channel(_ shift: UInt32) -> UInt16 { UInt16((backdrop >> shift) & 0xFF) * 257 }
            var color = pixman_color_t(red: channel(16), green: channel(8), blue: channel(0), alpha: channel(24))
            pixman_image_fill_boxes(PIXMAN_OP_SRC, dest, &color, Int32(count), boxes)
        }
        // The items this band touches, three in turn: the texture of the one found last asked
        // for, the one before it looked at (its outline read from that texture, its texels
        // fetched when it samples them), the one before that drawn. A band reads an item's
        // texture only to see how to draw it, and waiting for it (a cache miss per item and band)
        // was most of this loop's time; now it comes in while another item is drawn.
        // Items are read in place, and held by index: a frame's several bands each look at every
        // item, and copies of each (an item is 150 bytes) were most of that look.
        var next: (index: Int, outline: lamina_rounded_rect?)?
        var fetched: Int?
        items.items.withUnsafeBufferPointer { all in
            func look(at index: Int) -> (index: Int, outline: lamina_rounded_rect?) {
                let x = all[index].extent
                // A part of an item reads a part of its texels: fetching them all pays only when the
                // band holds much of it (a quarter, and 32×32 pixels at least).
                let overlap = Int(min(x.x + x.width, e.x2) - max(x.x, e.x1)) * Int(min(x.y + x.height, e.y2) - max(x.y, e.y1))
                // An item drawn from its outline reads no texels (worked out once for both uses).
                let outline = all[index].outline
                if overlap >= max(Self.prefetchedOverlap, Int(x.width) * Int(x.height) / 4), outline == nil {
                    withUnsafePointer(to: all[index].texture.texels, lamina_texture_prefetch)
                }
                return (index, outline)
            }
            func drawNext() {
                if let (at, shape) = next { draw(all[at], outline: shape, index: at, within: e, on: dest, target: target) }
            }
            for index in all.indices {
                let x = all[index].extent
                guard x.x < e.x2, x.x + x.width > e.x1, x.y < e.y2, x.y + x.height > e.y1 else { continue }
                lamina_prefetch_bytes(Unmanaged.passUnretained(all[index].texture).toOpaque(), Self.textureHeadBytes)
                if let earlier = fetched {
                    let looked = look(at: earlier)
                    drawNext()
                    next = looked
                }
                fetched = index
            }
            if let earlier = fetched {
                let looked = look(at: earlier)
                drawNext()
                next = looked
            }
            drawNext()
        }
    }

    private func draw(_ item: CompositeItem, outline: lamina_rounded_rect?, index: Int, within e: pixman_box32_t,
                      on dest: OpaquePointer, target: PixelTarget) {
        let x0 = max(item.extent.x, e.x1), y0 = max(item.extent.y, e.y1)
        let x1 = min(item.extent.x + item.extent.width, e.x2), y1 = min(item.extent.y + item.extent.height, e.y2)
        guard x1 > x0, y1 > y0 else { return }
        if item.blend != nil || item.backdrop != nil {
            return Self.drawEffect(item, clip: clip, within: (x0, y0, x1, y1), target: target)     // CompositeBand+Effects
        }
        if let shape = outline {
            return Self.placeOutline(item, shape, clip: clip, within: (x0, y0, x1, y1), target: target)
        }
        guard let source = source(index, item.texture) else { return }
        let mask = item.alpha == 255 ? nil : fade(item.alpha)
        if item.perspective != SIMD3(0, 0, 1) {
            Self.placeProjected(item, clip: clip, within: (x0, y0, x1, y1), target: target)
        } else if item.tint != .max {
            // A color multiply (a replicator instance): only our kernel applies one.
            Self.placeTransformed(item, alpha: item.alpha, clip: clip, within: (x0, y0, x1, y1), target: target)
        } else if let offset = item.integerOffset {
            pixman_image_set_transform(source, nil)
            pixman_image_composite32(PIXMAN_OP_OVER, source, mask, dest, x0 - offset.x, y0 - offset.y, 0, 0,
                                     x0, y0, x1 - x0, y1 - y0)
        } else if item.isAxisAligned, item.aliasedEdges == 0, item.texture.texels.flat_x1 - item.texture.texels.flat_x0 < 2,
                  !(Self.translatesEightAtATime && item.toDevice.a == 1 && item.toDevice.d == 1) {
            // Scaled, not turned, with no flat interior for our kernel to fill: pixman's bilinear
            // fast path for scaled images is quicker. Moved by a fraction of a pixel alone (a
            // scrolled list's labels), our kernel samples eight pixels a step with AVX2: 3× pixman.
            let inverse = item.toDevice.inverted()
            var transform = pixman_transform()
            pixman_transform_init_identity(&transform)
            func fixed(_ v: CGFloat) -> pixman_fixed_t { pixman_fixed_t((v * 65536).rounded()) }
            transform.matrix.0.0 = fixed(inverse.a); transform.matrix.0.2 = fixed(inverse.tx)
            transform.matrix.1.1 = fixed(inverse.d); transform.matrix.1.2 = fixed(inverse.ty)
            pixman_image_set_transform(source, &transform)
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_composite32(PIXMAN_OP_OVER, source, mask, dest, x0, y0, 0, 0, x0, y0, x1 - x0, y1 - y0)
            pixman_image_set_filter(source, PIXMAN_FILTER_NEAREST, nil, 0)
        } else {
            // Rotated or scaled, or cut aliased: our kernel, over the clip's boxes (pixman has no
            // fast path for turns, nor a way to cut a side by pixel centers).
            Self.placeTransformed(item, alpha: item.alpha, clip: clip, within: (x0, y0, x1, y1), target: target)
        }
    }

    private static func placeTransformed(_ item: CompositeItem, alpha: UInt8, clip: UnsafeMutablePointer<pixman_region32_t>,
                                         within r: (Int32, Int32, Int32, Int32), target: PixelTarget) {
        guard item.texture.texels.texels != nil else { return }
        let inverse = item.toDevice.inverted()
        let pixels = target.data.assumingMemoryBound(to: UInt32.self)
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(clip, &count) else { return }
        var edges = Self.edges(of: item)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6) { m in
            (m[0], m[1], m[2], m[3], m[4], m[5]) = (Double(inverse.a), Double(inverse.b), Double(inverse.c),
                                                    Double(inverse.d), Double(inverse.tx), Double(inverse.ty))
            withUnsafePointer(to: item.texture.texels) { texels in
                for i in 0..<Int(count) {
                    let b = boxes[i]
                    let x0 = max(b.x1, r.0), y0 = max(b.y1, r.1), x1 = min(b.x2, r.2), y1 = min(b.y2, r.3)
                    guard x1 > x0, y1 > y0 else { continue }
                    lamina_affine_bilinear_edged_over(pixels, target.bytesPerRow / 4, x0, y0, x1, y1, texels, m.baseAddress,
                                                      item.tint != .max ? item.tint : UInt32(alpha) * 0x0101_0101, &edges)
                }
            }
        }
    }

    /// A background and border drawn from their outline (`lamina_rounded_rect_over`), over the clip's boxes.
    private static func placeOutline(_ item: CompositeItem, _ shape: lamina_rounded_rect, clip: UnsafeMutablePointer<pixman_region32_t>,
                                     within r: (Int32, Int32, Int32, Int32), target: PixelTarget) {
        let inverse = item.toDevice.inverted()
        let pixels = target.data.assumingMemoryBound(to: UInt32.self)
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(clip, &count) else { return }
        var shape = shape
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 6) { m in
            (m[0], m[1], m[2], m[3], m[4], m[5]) = (Double(inverse.a), Double(inverse.b), Double(inverse.c),
                                                    Double(inverse.d), Double(inverse.tx), Double(inverse.ty))
            for i in 0..<Int(count) {
                let b = boxes[i]
                let x0 = max(b.x1, r.0), y0 = max(b.y1, r.1), x1 = min(b.x2, r.2), y1 = min(b.y2, r.3)
                guard x1 > x0, y1 > y0 else { continue }
                lamina_rounded_rect_over(pixels, target.bytesPerRow / 4, x0, y0, x1, y1, &shape, m.baseAddress,
                                         item.tint != .max ? item.tint : UInt32(item.alpha) * 0x0101_0101)
            }
        }
    }

    /// A layer under perspective: our projective kernel, over the clip's boxes.
    private static func placeProjected(_ item: CompositeItem, clip: UnsafeMutablePointer<pixman_region32_t>,
                                       within r: (Int32, Int32, Int32, Int32), target: PixelTarget) {
        guard item.texture.texels.texels != nil, let inverse = item.homography.inverse else { return }
        let pixels = target.data.assumingMemoryBound(to: UInt32.self)
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(clip, &count) else { return }
        let m = inverse.m.map(Double.init)
        var edges = Self.edges(of: item)
        m.withUnsafeBufferPointer { m in
            withUnsafePointer(to: item.texture.texels) { texels in
                for i in 0..<Int(count) {
                    let b = boxes[i]
                    let x0 = max(b.x1, r.0), y0 = max(b.y1, r.1), x1 = min(b.x2, r.2), y1 = min(b.y2, r.3)
                    guard x1 > x0, y1 > y0 else { continue }
                    lamina_projective_bilinear_edged_over(pixels, target.bytesPerRow / 4, x0, y0, x1, y1, texels, m.baseAddress,
                                                          item.tint != .max ? item.tint : UInt32(item.alpha) * 0x0101_0101, &edges)
                }
            }
        }
    }

    /// The item's aliased sides as the kernels take them (no bits: every side fades out).
    private static func edges(of item: CompositeItem) -> lamina_edges {
        let o = item.texture.outline
        return lamina_edges(x0: Double(o.minX), y0: Double(o.minY), x1: Double(o.maxX), y1: Double(o.maxY),
                            aliased: UInt32(item.aliasedEdges))
    }

    private func destination(for target: PixelTarget) -> OpaquePointer? {
        let key = (Optional(target.data), target.width, target.height, target.bytesPerRow)
        if destination == nil || destinationKey != key {
            if let destination { pixman_image_unref(destination) }
            destination = pixman_image_create_bits(target.format, target.width, target.height,
                                                   target.data.assumingMemoryBound(to: UInt32.self), target.bytesPerRow)
            destinationKey = key
        }
        return destination
    }

    private func source(_ index: Int, _ texture: LayerTexture) -> OpaquePointer? {
        if index < sources.count, sources[index].texture === texture { return sources[index].image }
        guard let image = texture.makeImage() else { return nil }
        if index < sources.count {
            pixman_image_unref(sources[index].image)
            sources[index] = (texture, image)
        } else {
            // Items arrive in index order, so a new index is always the next one.
            sources.append((texture, image))
        }
        return image
    }

    private func fade(_ alpha: UInt8) -> OpaquePointer? {
        if let made = fades[Int(alpha)] { return made }
        let a = UInt16(alpha) * 257
        var color = pixman_color_t(red: a, green: a, blue: a, alpha: a)
        fades[Int(alpha)] = pixman_image_create_solid_fill(&color)
        return fades[Int(alpha)]
    }
}
