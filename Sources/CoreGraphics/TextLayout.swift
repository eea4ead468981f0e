import CCairo

/// A string laid out by Pango in one font and color: Lamina's small text API, since Core
/// Graphics has no text layout of its own. Layers draw their text with it.
///
/// It runs on the engine Core Text uses (`PangoEngine`: Pango, HarfBuzz, fontconfig), and family
/// names resolve as Core Text's font names do ("Helvetica" is Liberation Sans, its
/// metric-compatible stand-in); it lays out grid-fitted, for crisp labels, where Core Text keeps
/// design advances.
///
///     let text = TextLayout("Hello", fontFamily: "DejaVu Sans", fontSize: 24, color: .white)
///     text.draw(in: context, at: CGPoint(x: 10, y: 40))
///
/// Positions name the visual top-left corner of the text box: in a y-up context (a bitmap
/// context's default) the text extends downwards from there, and glyphs stand upright in flipped
/// and unflipped contexts alike.
public struct TextLayout: Sendable {
    public enum Alignment: Sendable { case left, center, right, justified }

    public enum Weight: Int32, Sendable {
        case light = 300, regular = 400, medium = 500, semibold = 600, bold = 700, heavy = 800
    }

    public var string: String { didSet { laidOut = LaidOutText() } }
    /// A family name, resolved as Core Text resolves font names (Apple's system families map to
    /// metric-compatible installed ones). Defaults to "DejaVu Sans", which the set-up scripts install.
    public var fontFamily: String { didSet { laidOut = LaidOutText() } }
    /// The em size in user-space units. Defaults to 17.
    public var fontSize: CGFloat { didSet { laidOut = LaidOutText() } }
    public var weight: Weight { didSet { laidOut = LaidOutText() } }
    public var isItalic: Bool { didSet { laidOut = LaidOutText() } }
    /// Defaults to black.
    public var color: CGColor
    /// How lines align within `wrapWidth` (or within the widest line when it is nil).
    public var alignment: Alignment { didSet { laidOut = LaidOutText() } }
    /// Lines wrap at word (else character) boundaries to fit this width; nil for no wrapping.
    public var wrapWidth: CGFloat? { didSet { laidOut = LaidOutText() } }
    /// The Pango layout of the last measurement or drawing, for the next one (a label is
    /// measured, then drawn: shaping it once instead of twice). A copy changed gets its own.
    private var laidOut = LaidOutText()

    public init(_ string: String, fontFamily: String = "DejaVu Sans", fontSize: CGFloat = 17, weight: Weight = .regular,
                isItalic: Bool = false, color: CGColor = .black, alignment: Alignment = .left, wrapWidth: CGFloat? = nil) {
        self.string = string
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.weight = weight
        self.isItalic = isItalic
        self.color = color
        self.alignment = alignment
        self.wrapWidth = wrapWidth
    }

    /// The size of the laid-out text (logical extents: line heights, advance widths).
    public var size: CGSize {
        measure { layout in
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let width = CGFloat(logical.width) / CGFloat(PANGO_SCALE)
            return CGSize(width: wrapWidth ?? width, height: CGFloat(logical.height) / CGFloat(PANGO_SCALE))
        }
    }

    /// The distance from the top of the box to the first line's baseline.
    public var firstBaseline: CGFloat {
        measure { CGFloat(pango_layout_get_baseline($0)) / CGFloat(PANGO_SCALE) }
    }

    /// The number of lines after wrapping.
    public var lineCount: Int {
        measure { Int(pango_layout_get_line_count($0)) }
    }

    /// Draws the text with its box's visual top-left corner at `point`, with the context's
    /// alpha, blend mode, shadow and clip.
    public func draw(in context: CGContext, at point: CGPoint) {
        guard point.isFinite, fontSize.isFinite, fontSize > 0 else {
            CGDiagnostics.log("TextLayout.draw", "invalid position or font size.")
            return
        }
        // No text, no ink: nothing to lay out (a label made empty and filled in later — the
        // stress scene's readout — would otherwise load a thread's fonts before its first frame).
        guard !string.isEmpty else { return }
        context.drawText(self, at: point)
    }

    /// Draws the text inside `rect`, wrapping at its width and aligning within it.
    public func draw(in context: CGContext, in rect: CGRect) {
        guard rect.isFiniteRect else { return }
        var wrapped = self
        wrapped.wrapWidth = rect.width
        let r = rect.standardized
        wrapped.draw(in: context, at: CGPoint(x: r.minX, y: context.isFlipped ? r.minY : r.maxY))
    }

    // MARK: Pango

    /// Configures a Pango layout with this text's font, wrapping and alignment.
    func configure(_ layout: OpaquePointer) {
        // Made safe as Core Text's text is (see `PangoSafeText`); a NUL ends the C string here.
        let text = PangoSafeText.sanitize(string).text
        pango_layout_set_text(layout, text, -1)
        let font = pango_font_description_new()
        pango_font_description_set_family(font, FontResolver.resolve(fontFamily, function: "TextLayout").match.family)
        PangoEngine.noteFontSize(fontSize)
        pango_font_description_set_absolute_size(font, Double(fontSize) * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, PangoWeight(rawValue: UInt32(weight.rawValue)))
        pango_font_description_set_style(font, isItalic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        if let wrapWidth, wrapWidth.isFinite, wrapWidth > 0 {
            pango_layout_set_width(layout, Int32(saturating: Double(wrapWidth) * Double(PANGO_SCALE)))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            let list = pango_attr_list_new()!
            text.utf8CString.withUnsafeBufferPointer { PangoSafeText.forbidBreaksInsideClusters(of: UnsafeBufferPointer(rebasing: $0.dropLast()), in: list) }
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
        } else {
            pango_layout_set_attributes(layout, nil)
        }
        switch alignment {
        case .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        }
    }

    private func measure<T>(_ body: (OpaquePointer) -> T) -> T {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        let layout = layout(for: cr)
        defer { laidOut.keep(layout) }
        return body(layout)
    }

    /// This text's Pango layout fitted to `cr`: the one kept from the last measurement or
    /// drawing when there is one for this thread, else a new one. Hand it back with `keep`.
    func layout(for cr: OpaquePointer) -> OpaquePointer {
        if let kept = laidOut.take() {
            Self.fit(kept, to: cr)
            return kept
        }
        let layout = Self.makeLayout(for: cr)
        configure(layout)
        return layout
    }

    /// Fits `layout` to `cr`'s matrix and surface, unless it is fitted to them already.
    /// `pango_cairo_update_layout` cannot be called to make sure: it sets the context's matrix
    /// even when it is the same, which counts as a change, so Pango would lay the text out
    /// (itemize, shape, break) again — a measured label would be shaped again to be drawn, and
    /// again for each call that fitted it. What a layout depends on from `cr` is its matrix
    /// without the translation (when metrics are hinted, as here) and the target's font
    /// options, which are its surface type's (the contexts set none of their own).
    static func fit(_ layout: OpaquePointer, to cr: OpaquePointer) {
        let fitted = LayoutFit(cr)
        guard LaidOutText.fit(of: layout) != fitted else { return }
        pango_cairo_update_layout(cr, layout)
        LaidOutText.setFit(fitted, of: layout)
    }

    /// Hands back a layout from `layout(for:)`.
    func keep(_ layout: OpaquePointer) { laidOut.keep(layout) }

    /// The Pango serial of the layout kept for this thread, nil when there is none: Pango
    /// raises it whenever the layout must be laid out (shaped) again, so tests can see that a
    /// drawing reused a measurement's shaping.
    var keptLayoutSerial: UInt32? { laidOut.serial }

    /// A layout on the shared engine's context, fitted to `cr`'s surface and matrix.
    static func makeLayout(for cr: OpaquePointer) -> OpaquePointer {
        let context = PangoEngine.makeContext(gridFitted: true)
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        pango_cairo_update_context(cr, context)
        let layout = pango_layout_new(context)!
        LaidOutText.setFit(LayoutFit(cr), of: layout)
        return layout
    }
}

extension CGContext {
    /// Whether user space is visually y-down (like a layer's drawing context).
    var isFlipped: Bool {
        state.ctm.concatenating(baseTransform).d > 0
    }

    func drawText(_ text: TextLayout, at point: CGPoint) {
        let flipped = isFlipped
        let place: (OpaquePointer) -> Void = { cr in
            cairo_translate(cr, point.x, point.y)
            if !flipped { cairo_scale(cr, 1, -1) }
            cairo_move_to(cr, 0, 0)
        }
        // The layout is fitted to the matrix it is drawn with (the CTM, placed), not to cairo's
        // matrix of the moment (that of the last drawing call, or the flipped base transform of
        // a new context): Pango lays a layout out again whenever its matrix changes, so fitting
        // it to another one first shaped a measured label twice more before drawing it.
        cairo_save(cr)
        guard syncMatrix() else {
            cairo_restore(cr)
            return
        }
        place(cr)
        let layout = text.layout(for: cr)
        cairo_restore(cr)
        defer { text.keep(layout) }
        let color = text.color.rgba
        var ink = PangoRectangle()
        pango_layout_get_extents(layout, &ink, nil)
        let scale = CGFloat(PANGO_SCALE)
        let (inkX, inkY, inkW, inkH) = (CGFloat(ink.x) / scale, CGFloat(ink.y) / scale, CGFloat(ink.width) / scale, CGFloat(ink.height) / scale)
        let inkBounds = CGRect(x: point.x + inkX, y: flipped ? point.y + inkY : point.y - inkY - inkH, width: inkW, height: inkH)
        let placeLayout: (OpaquePointer) -> Void = { cr in
            place(cr)
            TextLayout.fit(layout, to: cr)
        }
        paint(PaintOperation(draw: { cr, alpha in
            cairo_save(cr)
            placeLayout(cr)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a * alpha)
            pango_cairo_show_layout(cr, layout)
            cairo_restore(cr)
        }, clipToShape: { cr in
            cairo_save(cr)
            placeLayout(cr)
            cairo_new_path(cr)
            pango_cairo_layout_path(cr, layout)
            cairo_restore(cr)
            cairo_clip(cr)
        }, bounds: { _ in inkBounds }))
    }
}

/// What a Pango layout was last fitted to: a cairo context's matrix without its translation
/// and the type of its target surface (whose font options the layout takes).
struct LayoutFit: Equatable {
    var xx, yx, xy, yy: Double
    var surface: cairo_surface_type_t

    init(_ cr: OpaquePointer) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        (xx, yx, xy, yy) = (m.xx, m.yx, m.xy, m.yy)
        surface = cairo_surface_get_type(cairo_get_target(cr))
    }
}

/// A `TextLayout`'s Pango layout between uses, shared by its unchanged copies. Pango's objects
/// belong to the thread whose font map made them (Pango's default font map is per thread), so
/// a layout is reused only on the thread that made it; one user at a time takes it.
private final class LaidOutText: @unchecked Sendable {
    private let lock = NSLock()
    private var layout: OpaquePointer?
    private var thread: pthread_t?

    /// The kept layout, when it was made on this thread (it is no longer kept).
    func take() -> OpaquePointer? {
        lock.lock(); defer { lock.unlock() }
        guard let layout, let thread, pthread_equal(thread, pthread_self()) != 0 else { return nil }
        self.layout = nil
        return layout
    }

    /// The kept layout's Pango serial, when it was made on this thread.
    var serial: UInt32? {
        lock.lock(); defer { lock.unlock() }
        guard let layout, let thread, pthread_equal(thread, pthread_self()) != 0 else { return nil }
        return pango_layout_get_serial(layout)
    }

    /// Keeps `layout`, made or taken on this thread, for the next use (one is kept: another is freed).
    func keep(_ layout: OpaquePointer) {
        lock.lock()
        var freed: OpaquePointer? = layout
        if self.layout == nil || thread.map({ pthread_equal($0, pthread_self()) != 0 }) == true {
            freed = self.layout
            (self.layout, thread) = (layout, pthread_self())
        }
        lock.unlock()
        if let freed { g_object_unref(UnsafeMutableRawPointer(freed)) }
    }

    deinit {
        if let layout { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// The fit `layout` was last given (`setFit`), kept with it as GObject data, so that it goes
    /// with the layout and is freed with it.
    static func fit(of layout: OpaquePointer) -> LayoutFit? {
        g_object_get_data(UnsafeMutablePointer(layout), fitKey)?.assumingMemoryBound(to: LayoutFit.self).pointee
    }

    static func setFit(_ fit: LayoutFit, of layout: OpaquePointer) {
        let box = UnsafeMutablePointer<LayoutFit>.allocate(capacity: 1)
        box.initialize(to: fit)
        g_object_set_data_full(UnsafeMutablePointer(layout), fitKey, box) { $0?.assumingMemoryBound(to: LayoutFit.self).deallocate() }
    }

    private static let fitKey = "lamina-fit"
}
