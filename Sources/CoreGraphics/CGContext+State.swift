import CCairo

extension CGContext {
    // MARK: Colors

    public func setFillColor(_ color: CGColor) { state.fillColor = color }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = color }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Makes `space` the fill color space; the fill color becomes opaque black in it.
    public func setFillColorSpace(_ space: CGColorSpace) {
        state.fillColor = Self.black(in: space) ?? state.fillColor
    }

    public func setStrokeColorSpace(_ space: CGColorSpace) {
        state.strokeColor = Self.black(in: space) ?? state.strokeColor
    }

    /// Sets the fill color from components (alpha last) in the current fill color space.
    public func setFillColor(_ components: UnsafePointer<CGFloat>) {
        if let space = state.fillColor.colorSpace, let color = CGColor(colorSpace: space, components: components) {
            state.fillColor = color
        }
    }

    /// Sets the stroke color from components (alpha last) in the current stroke color space.
    public func setStrokeColor(_ components: UnsafePointer<CGFloat>) {
        if let space = state.strokeColor.colorSpace, let color = CGColor(colorSpace: space, components: components) {
            state.strokeColor = color
        }
    }

    private static func black(in space: CGColorSpace) -> CGColor? {
        CGColor(colorSpace: space, components: [CGFloat](repeating: 0, count: space.numberOfComponents) + [1])
    }

    /// Kept for source compatibility; Lamina does not color-manage, so intents change nothing.
    public func setRenderingIntent(_ intent: CGColorRenderingIntent) {
        state.renderingIntent = intent
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    /// The constant alpha applied to everything drawn; clamped to 0…1. Defaults to 1.
    public func setAlpha(_ alpha: CGFloat) {
        guard alpha.isFinite else { CGDiagnostics.log("CGContextSetAlpha", "alpha is not finite."); return }
        state.alpha = min(max(alpha, 0), 1)
    }

    public func setBlendMode(_ mode: CGBlendMode) { state.blendMode = mode }

    // MARK: Lines

    /// The stroke width in user space. Defaults to 1. Negative or non-finite widths are ignored.
    public func setLineWidth(_ width: CGFloat) {
        guard width.isFinite, width >= 0 else { CGDiagnostics.log("CGContextSetLineWidth", "invalid width \(width)."); return }
        cairo_set_line_width(cr, width)
    }

    public func setLineCap(_ cap: CGLineCap) {
        cairo_set_line_cap(cr, cap == .butt ? CAIRO_LINE_CAP_BUTT : cap == .round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_SQUARE)
    }

    public func setLineJoin(_ join: CGLineJoin) {
        cairo_set_line_join(cr, join == .miter ? CAIRO_LINE_JOIN_MITER : join == .round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_BEVEL)
    }

    /// Defaults to 10.
    public func setMiterLimit(_ limit: CGFloat) {
        guard limit.isFinite else { return }
        cairo_set_miter_limit(cr, max(limit, 1))
    }

    /// Dashes for strokes: painted and unpainted lengths alternate, starting `phase` units into
    /// the pattern. An empty array turns dashing off.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        guard phase.isFinite, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            CGDiagnostics.log("CGContextSetLineDash", "invalid dash pattern \(lengths) phase \(phase).")
            return
        }
        if lengths.isEmpty || lengths.allSatisfy({ $0 == 0 }) {
            cairo_set_dash(cr, nil, 0, 0)
            return
        }
        lengths.map { Double($0) }.withUnsafeBufferPointer {
            cairo_set_dash(cr, $0.baseAddress, Int32($0.count), phase)
        }
    }

    /// The accuracy of curved paths. Cairo picks its own tolerance; the value is kept.
    public func setFlatness(_ flatness: CGFloat) {
        guard flatness.isFinite, flatness > 0 else { return }
        state.flatness = flatness
        cairo_set_tolerance(cr, min(max(flatness / 6, 0.01), 1))
    }

    // MARK: Quality

    public var interpolationQuality: CGInterpolationQuality {
        get { state.interpolationQuality }
        set { state.interpolationQuality = newValue }
    }

    /// Whether shapes are antialiased, when antialiasing is allowed. Defaults to true.
    public func setShouldAntialias(_ shouldAntialias: Bool) { state.shouldAntialias = shouldAntialias }

    /// Whether antialiasing is allowed at all. Defaults to true.
    public func setAllowsAntialiasing(_ allowsAntialiasing: Bool) { state.allowsAntialiasing = allowsAntialiasing }

    // Text rasterization hints. Apple's contexts use them to choose how glyphs are smoothed and
    // placed; Lamina's text is always drawn with grayscale antialiasing at unrounded (subpixel)
    // positions, which is what these ask for when all are true, so they are accepted and change
    // no pixel.

    /// Whether fonts may be smoothed. Defaults to true. Changes no pixel here (see above).
    public func setAllowsFontSmoothing(_ allowsFontSmoothing: Bool) {}

    /// Whether fonts are smoothed, when allowed. Changes no pixel here (see above).
    public func setShouldSmoothFonts(_ shouldSmoothFonts: Bool) {}

    /// Whether glyphs may be placed at fractions of a pixel. Defaults to true. Changes no pixel
    /// here: they always are.
    public func setAllowsFontSubpixelPositioning(_ allowsFontSubpixelPositioning: Bool) {}

    /// Whether glyphs are placed at fractions of a pixel, when allowed. Changes no pixel here.
    public func setShouldSubpixelPositionFonts(_ shouldSubpixelPositionFonts: Bool) {}

    /// Whether subpixel glyph positions may be quantized (for glyph caching). Changes no pixel here.
    public func setAllowsFontSubpixelQuantization(_ allowsFontSubpixelQuantization: Bool) {}

    /// Whether subpixel glyph positions are quantized, when allowed. Changes no pixel here.
    public func setShouldSubpixelQuantizeFonts(_ shouldSubpixelQuantizeFonts: Bool) {}

    // MARK: Shadows

    /// Shadows everything drawn afterwards with black at 1/3 alpha, as Apple documents.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1.0 / 3.0))
    }

    /// Shadows everything drawn afterwards; `offset` and `blur` are in base space (not affected
    /// by the CTM), a positive height moves the shadow up. A nil or clear color turns shadows off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        guard offset.isFinite, blur.isFinite else {
            CGDiagnostics.log("CGContextSetShadow", "offset or blur is not finite.")
            return
        }
        guard let color, color.alpha > 0 else { state.shadow = nil; return }
        state.shadow = Shadow(offset: offset, blur: max(blur, 0), color: color)
    }
}

extension CGContext {
    /// The alpha in force (for Lamina's layer renderer, which multiplies opacities down the tree).
    package var currentAlpha: CGFloat { state.alpha }
}
