import CCairo

/// Access to the pixels a bitmap context is drawing into, for effects that read what is
/// already drawn (Core Animation's background filters and compositing filters): the innermost
/// transparency layer's pixels while one is open, else the bitmap's.
extension CGContext {
    /// From user space to the destination's pixels (cairo's device space: top-left origin, y down).
    package var userToDevicePixels: CGAffineTransform { state.ctm.concatenating(baseTransform) }

    /// Whether the bitmap's pixels have no alpha (BGRX): the alpha byte is then not to be read.
    package var destinationIsOpaque: Bool { alphaInfo == .noneSkipFirst || alphaInfo == .noneSkipLast || alphaInfo == .none }

    /// Runs `body` with the destination's premultiplied BGRA pixels over `rect` (device pixels,
    /// top-left origin), cut to the clip's extents and the surface: a pointer to the region's
    /// first pixel, the bytes between rows, and the region. What `body` writes is drawn (and
    /// counted as drawn in an open transparency layer). False, without calling `body`, for a
    /// PDF context or an alpha-only bitmap, or when the region is empty.
    @discardableResult
    package func withDestinationPixels(in rect: CGRect,
                                       _ body: (_ pixels: UnsafeMutableRawPointer, _ bytesPerRow: Int,
                                                _ region: (x: Int, y: Int, width: Int, height: Int)) -> Void) -> Bool {
        guard bitmap != nil, var region = PixelRect(enclosing: rect) else { return false }
        if let clip = deviceClipExtents {
            guard let inside = region.intersection(clip) else { return false }
            region = inside
        }
        let target = cairo_get_group_target(cr)
        guard let target, cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 else { return false }
        // A group's surface starts at its own origin: device pixel + offset = surface pixel.
        var ox = 0.0, oy = 0.0
        cairo_surface_get_device_offset(target, &ox, &oy)
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        guard let surfaceRect = PixelRect(enclosing: CGRect(x: -ox, y: -oy, width: Double(width), height: Double(height))),
              let shown = region.intersection(surfaceRect) else { return false }
        let storage = layerStates.isEmpty ? bitmap : nil
        storage?.beginDrawing(shown)
        cairo_surface_flush(target)
        guard let data = cairo_image_surface_get_data(target) else { return false }
        let stride = Int(cairo_image_surface_get_stride(target))
        let first = UnsafeMutableRawPointer(data) + (shown.y + Int(oy)) * stride + (shown.x + Int(ox)) * 4
        body(first, stride, (shown.x, shown.y, shown.width, shown.height))
        cairo_surface_mark_dirty(target)
        storage?.endDrawing(shown)
        recordInCurrentLayer(shown)
        return true
    }
}
