import CCairo

/// One drawing operation as the compositing pipeline sees it.
struct PaintOperation {
    /// Draws the content with cairo's current operator, `alpha` folded in. The current path is
    /// still there (use the `_preserve` calls).
    let draw: (_ cr: OpaquePointer, _ alpha: Double) -> Void
    /// Clips to the area the operation covers, for blend modes that must not reach past it.
    let clipToShape: ((_ cr: OpaquePointer) -> Void)?
    /// A user-space rectangle holding everything `draw` paints; nil when it may paint the whole clip.
    var bounds: ((_ cr: OpaquePointer) -> CGRect)? = nil
    /// Whether `bounds` costs about as much as `draw` (a stroke's extents run cairo's stroker):
    /// then it is asked only where the region is used.
    var boundsCostly = false
}

extension CGContext {
    /// Runs a drawing operation with the state's alpha, blend mode, shadow and mask clip, then
    /// discards the current path.
    ///
    /// The common case — normal blending, no shadow, no mask — draws straight into the target.
    /// Everything else draws the content once into a group and composites that group.
    func paint(_ operation: PaintOperation) {
        defer { cairo_new_path(cr); pathCurveCount = 0; pathElementCount = 0 }
        guard syncMatrix() else { return }
        let mode = state.blendMode
        let direct = state.shadow == nil && state.maskClip == nil && !mode.needsShapeClip ? mode.cairoOperator : nil
        // Drawn straight into a bitmap's own bytes, outside any transparency layer, the touched
        // region would only skip drawing outside the clip, which cairo skips by itself: a costly
        // one (a stroke's, which strokes the path a second time) is not measured then.
        if operation.boundsCostly, let op = direct, layerStates.isEmpty, let bitmap, bitmap.drawsInPlace {
            bitmap.beginDrawing()
            defer { bitmap.endDrawing() }
            cairo_set_antialias(cr, state.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
            cairo_set_operator(cr, op)
            operation.draw(cr, Double(state.alpha))
            return
        }
        guard let region = touchedRegion(operation) else { return }
        recordInCurrentLayer(region)
        // Inside a transparency layer cairo draws into a group, not into the bitmap's memory.
        let storage = layerStates.isEmpty ? bitmap : nil
        storage?.beginDrawing(region)
        defer { storage?.endDrawing(region) }
        cairo_set_antialias(cr, state.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        if let op = direct {
            cairo_set_operator(cr, op)
            operation.draw(cr, Double(state.alpha))
            return
        }
        // Clipping to the touched region keeps the group (and a shadow's blur) that small.
        cairo_save(cr)
        defer { cairo_restore(cr) }
        clip(toDevice: region)
        cairo_push_group(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        operation.draw(cr, 1)
        let content = cairo_pop_group(cr)!
        defer { cairo_pattern_destroy(content) }
        if state.shadow == nil, state.alpha >= 1, !mode.needsShapeClip, let op = mode.cairoOperator, let mask = state.maskClip {
            // Only a mask clip: the content straight through the mask (no faded copy of the
            // content, no copy of the mask; the same pixels).
            cairo_set_operator(cr, op)
            cairo_set_source(cr, content)
            inDeviceSpace { cairo_mask_surface(cr, mask.surface, Double(mask.x), Double(mask.y)) }
            return
        }
        composite(content, clipToShape: operation.clipToShape)
    }

    /// Notes drawing inside the innermost transparency layer.
    func recordInCurrentLayer(_ region: PixelRect) {
        guard !layerStates.isEmpty else { return }
        layerStates[layerStates.count - 1].record(region)
    }

    /// The device pixels an operation may change, shadow included, within the clip; nil when none.
    func touchedRegion(_ operation: PaintOperation) -> PixelRect? {
        guard let bounds = operation.bounds else { return deviceClipExtents }
        return withShadow(PixelRect(enclosing: deviceRect(fromUser: bounds(cr))))
    }

    /// A drawn device region grown by the state's shadow, within the clip; nil when empty.
    func withShadow(_ drawn: PixelRect?) -> PixelRect? {
        guard let clip = deviceClipExtents, var region = drawn else { return nil }
        if var shadow = state.shadow {
            shadow.blur = visibleBlur(shadow, in: clip)
            let (dx, dy) = shadowOffset(shadow)
            region = region.union(region.offsetBy(dx: dx, dy: dy).outset(by: shadowPadding(shadow)))
        }
        return region.outset(by: 1).intersection(clip)
    }

    /// The device-space bounding box of a user-space rectangle under the current matrix.
    func deviceRect(fromUser r: CGRect) -> CGRect {
        guard r.isFiniteRect else { return .null }
        let corners = [(r.minX, r.minY), (r.maxX, r.minY), (r.minX, r.maxY), (r.maxX, r.maxY)].map { corner -> CGPoint in
            var (x, y) = (Double(corner.0), Double(corner.1))
            cairo_user_to_device(cr, &x, &y)
            return CGPoint(x: x, y: y)
        }
        return CGPath.bounds(of: corners)
    }

    /// Intersects cairo's clip with a device-space rectangle.
    func clip(toDevice r: PixelRect) {
        // Not through inDeviceSpace: its restore would drop the clip.
        cairo_identity_matrix(cr)
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(r.x), Double(r.y), Double(r.width), Double(r.height))
        cairo_clip(cr)
        if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
        syncMatrix()
    }

    /// Draws only the shadow that filling `path` would cast with the current shadow, not the
    /// fill: Core Animation's `shadowPath`. The path may lie outside the clip.
    package func drawShadow(of path: CGPath) {
        guard let shadow = state.shadow else { return }
        beginPath()
        addPath(path)
        defer { cairo_new_path(cr); pathCurveCount = 0; pathElementCount = 0 }
        let operation = PaintOperation(draw: { _, _ in }, clipToShape: nil, bounds: { _ in path.boundingBoxOfPath })
        guard syncMatrix(), let region = touchedRegion(operation) else { return }
        recordInCurrentLayer(region)
        let storage = layerStates.isEmpty ? bitmap : nil
        storage?.beginDrawing(region)
        defer { storage?.endDrawing(region) }
        cairo_save(cr)
        cairo_reset_clip(cr)
        cairo_push_group(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_fill_preserve(cr)
        let content = cairo_pop_group(cr)!
        cairo_restore(cr)
        defer { cairo_pattern_destroy(content) }
        drawShadow(of: content, shadow)
    }

    /// Composites drawn content (a group pattern in the current user space) onto the target.
    func composite(_ content: OpaquePointer, clipToShape: ((OpaquePointer) -> Void)?) {
        let alpha = Double(state.alpha)
        let mode = state.blendMode
        if let shadow = state.shadow { drawShadow(of: content, shadow) }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        guard let op = mode.cairoOperator else {
            plusDarker(content, alpha: alpha)
            return
        }
        var source = content
        if alpha < 1 || state.maskClip != nil || (mode.needsShapeClip && clipToShape != nil) {
            source = bounded(content, alpha: alpha, operator: op, clipToShape: mode.needsShapeClip ? clipToShape : nil)
            cairo_set_operator(cr, mode.needsShapeClip ? CAIRO_OPERATOR_SOURCE : op)
        } else {
            cairo_set_operator(cr, op)
        }
        defer { if source != content { cairo_pattern_destroy(source) } }
        cairo_set_source(cr, source)
        if let coverage = coverage(clipToShape: mode.needsShapeClip ? clipToShape : nil) {
            cairo_mask(cr, coverage)
            cairo_pattern_destroy(coverage)
        } else {
            cairo_paint(cr)
        }
    }

    /// Prepares content for compositing. For modes that Core Graphics bounds by the shape, the
    /// result is the blend of the content with a copy of the destination, to be copied through
    /// the shape's coverage; otherwise the content with `alpha` applied.
    private func bounded(_ content: OpaquePointer, alpha: Double, operator op: cairo_operator_t,
                         clipToShape: ((OpaquePointer) -> Void)?) -> OpaquePointer {
        let destination = cairo_get_group_target(cr)!
        cairo_push_group(cr)
        if clipToShape != nil {
            inDeviceSpace {
                cairo_set_source_surface(cr, destination, 0, 0)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
            }
            cairo_set_operator(cr, op)
        }
        cairo_set_source(cr, content)
        cairo_paint_with_alpha(cr, alpha)
        return cairo_pop_group(cr)!
    }

    /// The alpha through which content reaches the target: the shape (for shape-bounded modes)
    /// times the mask clip; nil when neither applies.
    private func coverage(clipToShape: ((OpaquePointer) -> Void)?) -> OpaquePointer? {
        guard clipToShape != nil || state.maskClip != nil else { return nil }
        cairo_push_group_with_content(cr, CAIRO_CONTENT_ALPHA)
        cairo_save(cr)
        clipToShape?(cr)
        if let mask = state.maskClip {
            inDeviceSpace {
                cairo_set_source_surface(cr, mask.surface, Double(mask.x), Double(mask.y))
                cairo_paint(cr)
            }
        } else {
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_paint(cr)
        }
        cairo_restore(cr)
        return cairo_pop_group(cr)
    }

    /// The clip's extents in cairo device space (top-left origin); nil when the clip is empty.
    var deviceClipExtents: PixelRect? {
        inDeviceSpace {
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
            return PixelRect(enclosing: CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1))
        }
    }

    /// A shadow's offset in device pixels: base space is y-up, cairo's device space y-down.
    /// Absurd offsets (1e300) are clamped far off any surface instead of trapping.
    func shadowOffset(_ shadow: Shadow) -> (dx: Int, dy: Int) {
        (Self.wholePixels(shadow.offset.width.rounded()), -Self.wholePixels(shadow.offset.height.rounded()))
    }

    /// How far a shadow's blur spreads: three sigmas.
    func shadowPadding(_ shadow: Shadow) -> Int {
        Self.wholePixels((3 * shadow.blur / 2).rounded(.up))
    }

    /// The largest blur (Core Graphics': twice the sigma) that can show in `clip`: with a sigma
    /// as large as the clip, the shadow is already flat across it; more would only make the
    /// silhouette to blur larger (`setShadow(blur: 1e4)` on a 50 × 50 rect took 21 s and 1.8 GB).
    func visibleBlur(_ shadow: Shadow, in clip: PixelRect) -> CGFloat {
        min(shadow.blur, 2 * CGFloat(max(clip.width, clip.height)))
    }

    /// A device-space length as whole pixels, clamped to `PixelRect.limit`.
    static func wholePixels(_ v: CGFloat) -> Int {
        Int(saturating: min(max(v, -PixelRect.limit), PixelRect.limit))
    }

    /// Renders `content` into a new image surface of `format` covering a device-space rectangle.
    func rasterize(_ content: OpaquePointer, format: cairo_format_t, x: Int, y: Int, width: Int, height: Int) -> OpaquePointer {
        let surface = cairo_image_surface_create(format, Int32(max(width, 1)), Int32(max(height, 1)))!
        let c = cairo_create(surface)!
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        m.x0 -= Double(x); m.y0 -= Double(y)
        cairo_set_matrix(c, &m)
        cairo_set_source(c, content)
        cairo_paint(c)
        cairo_destroy(c)
        cairo_surface_flush(surface)
        return surface
    }

    /// Draws the blurred, offset silhouette of `content` in the shadow color.
    private func drawShadow(of content: OpaquePointer, _ shadow: Shadow) {
        guard let clip = deviceClipExtents else { return }
        var shadow = shadow
        shadow.blur = visibleBlur(shadow, in: clip)
        let (dx, dy) = shadowOffset(shadow)
        let sigma = shadow.blur / 2
        let pad = shadowPadding(shadow)
        let (x, y) = (clip.x - dx - pad, clip.y - dy - pad)
        let silhouette = rasterize(content, format: CAIRO_FORMAT_A8, x: x, y: y,
                                   width: clip.width + 2 * pad, height: clip.height + 2 * pad)
        defer { cairo_surface_destroy(silhouette) }
        if sigma > 0 { BoxBlur.blurA8(silhouette, sigma: Double(sigma)) }
        let color = shadow.color.rgba
        inDeviceSpace {
            cairo_set_operator(cr, state.blendMode.cairoOperator ?? CAIRO_OPERATOR_OVER)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * Double(state.alpha))
            if let mask = state.maskClip {
                cairo_push_group(cr)
                cairo_mask_surface(cr, silhouette, Double(x + dx), Double(y + dy))
                cairo_pop_group_to_source(cr)
                cairo_mask_surface(cr, mask.surface, Double(mask.x), Double(mask.y))
            } else {
                cairo_mask_surface(cr, silhouette, Double(x + dx), Double(y + dy))
            }
        }
    }

    /// Core Graphics' plus-darker, which cairo lacks: a kernel over the target's pixels.
    private func plusDarker(_ content: OpaquePointer, alpha: Double) {
        guard bitmap != nil else {
            CGDiagnostics.log("CGContextSetBlendMode", "plusDarker is drawn as normal outside bitmap contexts.")
            cairo_set_source(cr, content)
            cairo_paint_with_alpha(cr, alpha)
            return
        }
        guard let clip = deviceClipExtents else { return }
        let source = rasterize(content, format: CAIRO_FORMAT_ARGB32, x: clip.x, y: clip.y, width: clip.width, height: clip.height)
        defer { cairo_surface_destroy(source) }
        let target = cairo_get_group_target(cr)!
        guard cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(target) == CAIRO_FORMAT_ARGB32
                || cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24 else { return }
        cairo_surface_flush(target)
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let (tw, th) = (Int(cairo_image_surface_get_width(target)), Int(cairo_image_surface_get_height(target)))
        let tData = cairo_image_surface_get_data(target)!, tStride = Int(cairo_image_surface_get_stride(target))
        let sData = cairo_image_surface_get_data(source)!, sStride = Int(cairo_image_surface_get_stride(source))
        for row in 0..<clip.height {
            let ty = clip.y + row + Int(offsetY)
            guard ty >= 0, ty < th else { continue }
            for col in 0..<clip.width {
                let tx = clip.x + col + Int(offsetX)
                guard tx >= 0, tx < tw else { continue }
                var coverage = alpha
                if let mask = state.maskClip { coverage *= Double(mask.alpha(atX: clip.x + col, y: clip.y + row)) / 255 }
                let s = sData + row * sStride + 4 * col, d = tData + ty * tStride + 4 * tx
                PlusDarker.blend(source: s, destination: d, coverage: coverage)
            }
        }
        cairo_surface_mark_dirty(target)
    }
}

enum PlusDarker {
    /// Blends one premultiplied BGRA pixel into another.
    static func blend(source s: UnsafeMutablePointer<UInt8>, destination d: UnsafeMutablePointer<UInt8>, coverage: Double) {
        let sa = Double(s[3]) / 255 * coverage, da = Double(d[3]) / 255
        let ra = sa + da - sa * da
        for i in 0..<3 {
            let sc = Double(s[i]) / 255 * coverage, dc = Double(d[i]) / 255
            let rc = max(0, ra - (da - dc) - (sa - sc))
            d[i] = UInt8((min(rc, ra) * 255).rounded())
        }
        d[3] = UInt8((ra * 255).rounded())
    }
}
