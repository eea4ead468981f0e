import CCairo

extension CGContext {
    /// Starts a transparency layer: what is drawn until `endTransparencyLayer()` is composited as
    /// one image, with the alpha, blend mode, shadow and mask in force now. Inside the layer these
    /// start afresh (alpha 1, normal, no shadow).
    public func beginTransparencyLayer(auxiliaryInfo: CFDictionary?) {
        beginLayer(rect: nil)
    }

    /// A transparency layer limited to `rect` (in user space).
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: CFDictionary?) {
        guard rect.isFiniteRect else { CGDiagnostics.log("CGContextBeginTransparencyLayerWithRect", "rect is not finite."); return }
        beginLayer(rect: rect)
    }

    private func beginLayer(rect: CGRect?) {
        layerStates.append(TransparencyLayer(state: state, savedDepth: savedStates.count, rect: rect, touched: nil))
        syncMatrix()
        if layerStates.count == 1 { bitmap?.beginDrawing() }
        // Clipping before the push sizes cairo's group surface to the rect.
        cairo_save(cr)
        if let rect {
            let saved = cairo_copy_path(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
            if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
        }
        cairo_push_group(cr)
        state.alpha = 1
        state.blendMode = .normal
        state.shadow = nil
        state.maskClip = nil
    }

    /// Ends the innermost transparency layer and composites it.
    public func endTransparencyLayer() {
        guard let layer = layerStates.popLast() else {
            CGDiagnostics.log("CGContextEndTransparencyLayer", "no transparency layer to end.")
            return
        }
        while savedStates.count > layer.savedDepth { restoreGState() }
        let content = cairo_pop_group(cr)!
        cairo_restore(cr)
        defer { cairo_pattern_destroy(content) }
        // The group's pattern belongs to the user space of the layer's start.
        state = layer.state
        syncMatrix()
        // Only what was drawn (and its shadow) is composited.
        guard let region = withShadow(layer.touched) else { return }
        recordInCurrentLayer(region)
        cairo_set_antialias(cr, state.antialias ? CAIRO_ANTIALIAS_DEFAULT : CAIRO_ANTIALIAS_NONE)
        let saved = cairo_copy_path(cr)
        cairo_new_path(cr)
        cairo_save(cr)
        clip(toDevice: region)
        composite(content, clipToShape: layer.rect.map { rect in { cr in
            cairo_new_path(cr)
            cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
            cairo_clip(cr)
        } })
        cairo_restore(cr)
        if let saved { cairo_append_path(cr, saved); cairo_path_destroy(saved) }
        if layerStates.isEmpty { bitmap?.endDrawing(region) }
    }
}
