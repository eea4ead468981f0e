import CCairo

/// How glyphs are painted: filled, stroked, both, not at all, and whether they join the clip.
public enum CGTextDrawingMode: Int32, Sendable {
    /// Filled with the fill color (the default).
    case fill = 0
    /// Outlined with the stroke color and line parameters.
    case stroke
    /// Filled, then outlined.
    case fillStroke
    /// Not painted (the glyphs still take their place).
    case invisible
    /// Filled, then added to the clip.
    case fillClip
    /// Outlined, then added to the clip.
    case strokeClip
    /// Filled and outlined, then added to the clip.
    case fillStrokeClip
    /// Only added to the clip.
    case clip

    /// Whether the glyphs are filled, outlined, added to the clip.
    var fills: Bool { [.fill, .fillStroke, .fillClip, .fillStrokeClip].contains(self) }
    var strokes: Bool { [.stroke, .fillStroke, .strokeClip, .fillStrokeClip].contains(self) }
    var clips: Bool { [.fillClip, .strokeClip, .fillStrokeClip, .clip].contains(self) }
}

extension CGContext {
    /// Text space → user space. Defaults to the identity. Not part of the graphics state:
    /// `saveGState()` / `restoreGState()` leave it alone, as in Quartz.
    public var textMatrix: CGAffineTransform {
        get { storedTextMatrix }
        set {
            guard [newValue.a, newValue.b, newValue.c, newValue.d, newValue.tx, newValue.ty].allSatisfy(\.isFinite) else {
                CGDiagnostics.log("CGContextSetTextMatrix", "matrix is not finite: \(newValue).")
                return
            }
            storedTextMatrix = newValue
        }
    }

    /// Where text is drawn next, in user space: the text matrix's translation. Defaults to zero.
    public var textPosition: CGPoint {
        get { CGPoint(x: storedTextMatrix.tx, y: storedTextMatrix.ty) }
        set {
            guard newValue.isFinite else { CGDiagnostics.log("CGContextSetTextPosition", "position is not finite."); return }
            storedTextMatrix.tx = newValue.x
            storedTextMatrix.ty = newValue.y
        }
    }

    /// The font `showGlyphs(_:at:)` draws with. Defaults to none (nothing is drawn).
    public func setFont(_ font: CGFont) { state.font = font }

    /// The em size in text space units. Defaults to 0 (nothing is drawn).
    public func setFontSize(_ size: CGFloat) {
        guard size.isFinite else { CGDiagnostics.log("CGContextSetFontSize", "size is not finite."); return }
        state.fontSize = size
    }

    /// Extra space after each glyph, in text space units. Defaults to 0. Kept for
    /// `showGlyphs` callers that compute positions from advances; positions given are drawn as given.
    public func setCharacterSpacing(_ spacing: CGFloat) {
        guard spacing.isFinite else { return }
        state.characterSpacing = spacing
    }

    /// How glyphs are painted. Defaults to `.fill`.
    public func setTextDrawingMode(_ mode: CGTextDrawingMode) { state.textDrawingMode = mode }

    /// Draws `glyphs` of the current font and size, each at its position in text space (the
    /// text matrix maps them, and the glyphs, to user space), in the current drawing mode.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        guard let font = state.font else {
            CGDiagnostics.log("CGContextShowGlyphsAtPositions", "no font set (setFont).")
            return
        }
        if glyphs.count != positions.count {
            CGDiagnostics.log("CGContextShowGlyphsAtPositions", "\(glyphs.count) glyphs but \(positions.count) positions; drawing the pairs.")
        }
        showGlyphs(glyphs, at: positions, face: font.face, size: state.fontSize, fontMatrix: .identity)
    }

    /// Draws glyphs of `face` at `size` (scaled further by `fontMatrix`, a Core Text font's
    /// matrix), positioned in text space. Core Text's drawing ends here too.
    package func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint], face: FontFace, size: CGFloat, fontMatrix: CGAffineTransform) {
        let count = min(glyphs.count, positions.count)
        guard count > 0, size.isFinite, size != 0, positions.allSatisfy(\.isFinite) else { return }
        let text = storedTextMatrix
        // Glyph space (y up, one em = 1) → user space, less the translation.
        let linear = CGAffineTransform(scaleX: size, y: size).concatenating(fontMatrix)
            .concatenating(CGAffineTransform(a: text.a, b: text.b, c: text.c, d: text.d, tx: 0, ty: 0))
        let device = linear.concatenating(ctm)
        let em = max(hypot(device.a, device.b), hypot(device.c, device.d))
        guard em <= FontFace.largestDrawnEm else {
            CGDiagnostics.log("CTFontDrawGlyphs", "glyphs of \(em) pixels per em are larger than the \(Int(FontFace.largestDrawnEm)) cairo can place; left out.")
            return
        }
        guard em > FontFace.largestRasterizedEm else {
            showGlyphsThroughCairo(glyphs[..<count], at: positions[..<count], face: face, linear: linear)
            return
        }
        guard face.hasColorGlyphs else {
            showGlyphOutlines(glyphs[..<count], at: positions[..<count], face: face, linear: linear)
            return
        }
        // An emoji font: its bitmaps have no outline; drawn through cairo while not too large.
        guard em <= FontFace.largestBitmapEm else {
            CGDiagnostics.log("CTFontDrawGlyphs", "color glyphs of \(Int(em)) pixels per em are larger than the \(Int(FontFace.largestBitmapEm)) drawn; left out.")
            return
        }
        showGlyphsThroughCairo(glyphs[..<count], at: positions[..<count], face: face, linear: linear)
    }

    /// Draws glyphs through cairo's glyph calls (FreeType rasterizes them at their device size).
    private func showGlyphsThroughCairo(_ glyphs: ArraySlice<CGGlyph>, at positions: ArraySlice<CGPoint>, face: FontFace,
                                        linear: CGAffineTransform) {
        let text = storedTextMatrix
        let count = glyphs.count
        var cairoGlyphs = zip(glyphs, positions).map { glyph, position -> cairo_glyph_t in
            let p = position.applying(text)
            return cairo_glyph_t(index: UInt(glyph), x: p.x, y: p.y)
        }
        // cairo's font space is y down.
        var matrix = cairo_matrix_t(xx: linear.a, yx: linear.b, xy: -linear.c, yy: -linear.d, x0: 0, y0: 0)
        let setFont: (OpaquePointer) -> Void = { cr in
            cairo_set_font_face(cr, face.cairoFace)
            cairo_set_font_matrix(cr, &matrix)
            FontFace.setUnhinted(cr)
        }
        let mode = state.textDrawingMode
        let fills = mode.fills, strokes = mode.strokes
        let bounds: (OpaquePointer) -> CGRect = { cr in
            setFont(cr)
            var extents = cairo_text_extents_t()
            cairo_glyph_extents(cr, &cairoGlyphs, Int32(count), &extents)
            // Strokes reach half a line width past the outline.
            let pad = strokes ? cairo_get_line_width(cr) : 0
            // cairo measures the bearings from the first glyph's position.
            return CGRect(x: cairoGlyphs[0].x + extents.x_bearing, y: cairoGlyphs[0].y + extents.y_bearing,
                          width: extents.width, height: extents.height).insetBy(dx: -pad, dy: -pad)
        }
        let clipToShape: (OpaquePointer) -> Void = { cr in
            setFont(cr)
            cairo_new_path(cr)
            cairo_glyph_path(cr, &cairoGlyphs, Int32(count))
            cairo_clip(cr)
        }
        if fills {
            let color = state.fillColor.rgba
            paint(PaintOperation(draw: { cr, alpha in
                setFont(cr)
                cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
                cairo_show_glyphs(cr, &cairoGlyphs, Int32(count))
            }, clipToShape: clipToShape, bounds: bounds))
        }
        if strokes {
            let color = state.strokeColor.rgba
            // A stroke width attribute of 10¹⁴ % made a line 1.5·10¹³ pixels wide: under the
            // address sanitizer cairo's stroker took minutes and 1.5 GB (the text fuzz target).
            let restoreWidth = boundLineWidth()
            defer { restoreWidth?() }
            paint(PaintOperation(draw: { cr, alpha in
                setFont(cr)
                cairo_new_path(cr)
                cairo_glyph_path(cr, &cairoGlyphs, Int32(count))
                cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
                cairo_stroke_preserve(cr)
            }, clipToShape: clipToShape, bounds: bounds))
        }
        if mode.clips {
            let saved = path
            beginPath()
            addPath(glyphOutlines(glyphs, at: positions, face: face, linear: linear))
            clip()
            if let saved { addPath(saved) }
        }
    }

    /// The glyphs' outlines in user space (`linear` maps glyph space, one em = 1, to it).
    private func glyphOutlines(_ glyphs: ArraySlice<CGGlyph>, at positions: ArraySlice<CGPoint>, face: FontFace,
                               linear: CGAffineTransform) -> CGPath {
        let outlines = CGMutablePath()
        for (glyph, position) in zip(glyphs, positions) {
            let origin = position.applying(storedTextMatrix)
            let placed = linear.concatenating(CGAffineTransform(translationX: origin.x, y: origin.y))
            if let outline = face.path(of: glyph, size: 1, transform: placed) { outlines.addPath(outline) }
        }
        return outlines
    }

    /// Glyphs too large for cairo's glyph calls (`FontFace.largestRasterizedEm`), painted as
    /// their outlines in the current drawing mode.
    private func showGlyphOutlines(_ glyphs: ArraySlice<CGGlyph>, at positions: ArraySlice<CGPoint>, face: FontFace,
                                   linear: CGAffineTransform) {
        // Their curves are flattened here, as finely for their size as a glyph of
        // `largestRasterizedEm`'s is by cairo (a tenth of a pixel in 2,048: 1/20,480 of the em),
        // and cairo is given straight lines. At cairo's own tolerance, a tenth of a pixel
        // whatever the size, a stroked glyph of 10⁵ pixels took 785 MB and 7 s (the text fuzz
        // target), its segments growing with the size.
        let userEm = max(hypot(linear.a, linear.b), hypot(linear.c, linear.d))
        guard userEm.isFinite, userEm > 0 else { return }
        let outlines = glyphOutlines(glyphs, at: positions, face: face, linear: linear).flattened(threshold: userEm / 20_480)
        let mode = state.textDrawingMode
        let saved = path
        let fills = mode.fills, strokes = mode.strokes
        if fills || strokes {
            beginPath()
            addPath(outlines)
            drawPath(using: fills && strokes ? .fillStroke : fills ? .fill : .stroke)
        }
        if mode.clips {
            beginPath()
            addPath(outlines)
            clip()
        }
        beginPath()
        if let saved { addPath(saved) }
    }
}
