import CCairo

/// A Quartz drawing destination: a bitmap or a PDF document, drawn by cairo.
///
/// User space follows Core Graphics: the origin is at the bottom left of the base space and y
/// grows upwards (row 0 of a bitmap's memory is its top row). A new context's `ctm` is the
/// identity; the flip to cairo's top-left device space stays inside Lamina.
public final class CGContext {
    let cr: OpaquePointer
    let bitmap: BitmapStorage?
    var pdf: PDFTarget?
    /// The base space → cairo device space flip.
    let baseTransform: CGAffineTransform
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []
    var layerStates: [TransparencyLayer] = []
    /// The color space a bitmap context was made with.
    var bitmapSpace: CGColorSpace?
    /// Hands the caller's memory back when the context goes (the release-callback initializers).
    var releaseData: (() -> Void)?
    /// Text space → user space. Not part of the graphics state, as in Quartz.
    var storedTextMatrix = CGAffineTransform.identity
    /// Curves and elements added to cairo's path since it was last emptied, counted so that a
    /// stroke knows without copying the path whether it needs a look at its curves
    /// (`wideCurveStrokeOutline()`). Paths that cairo's own calls add to (glyph paths) are
    /// not counted: they are stroked as cairo strokes them.
    var pathCurveCount = 0, pathElementCount = 0

    init(surface: OpaquePointer, height: CGFloat, bitmap: BitmapStorage?, pdf: PDFTarget?) {
        cr = cairo_create(surface)
        self.bitmap = bitmap
        self.pdf = pdf
        baseTransform = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: height)
        cairo_set_line_width(cr, 1)
        cairo_set_miter_limit(cr, 10)
    }

    deinit {
        cairo_destroy(cr)
        pdf?.finish()
        releaseData?()
    }

    // MARK: Graphics state

    /// Pushes a copy of the graphics state (CTM, clip, colors, line and text parameters, alpha,
    /// blend mode, shadow) on the stack. The current path is not part of it.
    public func saveGState() {
        savedStates.append(state)
        cairo_save(cr)
    }

    /// Restores the most recently saved graphics state.
    public func restoreGState() {
        guard let saved = savedStates.popLast() else {
            CGDiagnostics.log("CGContextRestoreGState", "no saved graphics state to restore.")
            return
        }
        state = saved
        cairo_restore(cr)
    }

    // MARK: Current transformation matrix

    /// The current transformation matrix: user space → base space.
    public var ctm: CGAffineTransform { state.ctm }

    /// User space → device space (the base space of a bitmap context is its device space).
    public var userSpaceToDeviceSpaceTransform: CGAffineTransform { state.ctm }

    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    /// Makes `transform` the first step from user space to base space.
    public func concatenate(_ transform: CGAffineTransform) {
        guard [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) else {
            CGDiagnostics.log("CGContextConcatCTM", "transform is not finite: \(transform).")
            return
        }
        state.ctm = transform.concatenating(state.ctm)
    }

    public func convertToDeviceSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm) }
    public func convertToUserSpace(_ point: CGPoint) -> CGPoint { point.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm) }
    public func convertToUserSpace(_ size: CGSize) -> CGSize { size.applying(state.ctm.inverted()) }
    public func convertToDeviceSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm) }
    public func convertToUserSpace(_ rect: CGRect) -> CGRect { rect.applying(state.ctm.inverted()) }

    /// Hands the CTM to cairo. False (draw nothing) when it is singular, which cairo refuses.
    @discardableResult
    func syncMatrix() -> Bool {
        let m = state.ctm.concatenating(baseTransform)
        guard m.determinant != 0, m.determinant.isFinite else { return false }
        var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
        cairo_set_matrix(cr, &matrix)
        return true
    }

    /// Runs `body` with cairo's matrix set to the identity (device space, top-left origin).
    func inDeviceSpace<T>(_ body: () -> T) -> T {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        defer { cairo_restore(cr) }
        return body()
    }

    // MARK: Flushing

    /// Forces drawing to the destination; bitmap memory is always current after each call.
    public func flush() {
        cairo_surface_flush(cairo_get_target(cr))
    }

    public func synchronize() {
        flush()
    }
}

/// The parts of the graphics state that cairo does not hold.
struct GraphicsState {
    var ctm = CGAffineTransform.identity
    var fillColor = CGColor.black
    var strokeColor = CGColor.black
    var alpha: CGFloat = 1
    var blendMode = CGBlendMode.normal
    var shadow: Shadow?
    var interpolationQuality = CGInterpolationQuality.default
    var shouldAntialias = true
    var allowsAntialiasing = true
    var flatness: CGFloat = 0.6
    var renderingIntent = CGColorRenderingIntent.defaultIntent
    /// Text parameters (`setFont`, `setFontSize`, `setCharacterSpacing`, `setTextDrawingMode`).
    var font: CGFont?
    var fontSize: CGFloat = 0
    var characterSpacing: CGFloat = 0
    var textDrawingMode = CGTextDrawingMode.fill
    /// The intersection of every `clip(to:mask:)`, in device space.
    var maskClip: MaskClip?

    var antialias: Bool { shouldAntialias && allowsAntialiasing }
}

/// A shadow as `setShadow(offset:blur:color:)` sets it; offset and blur are in base space.
struct Shadow {
    var offset: CGSize
    var blur: CGFloat
    var color: CGColor
}

/// An alpha mask that limits drawing, shared between saved states: an A8 surface whose first
/// pixel is device pixel (x, y); nothing outside it is drawn.
final class MaskClip {
    let surface: OpaquePointer
    let x: Int, y: Int
    init(surface: OpaquePointer, x: Int, y: Int) { self.surface = surface; self.x = x; self.y = y }

    /// Its alpha at device pixel (x, y), 0 outside it.
    func alpha(atX x: Int, y: Int) -> UInt8 {
        let (col, row) = (x - self.x, y - self.y)
        guard col >= 0, row >= 0, col < Int(cairo_image_surface_get_width(surface)), row < Int(cairo_image_surface_get_height(surface))
        else { return 0 }
        return cairo_image_surface_get_data(surface)![row * Int(cairo_image_surface_get_stride(surface)) + col]
    }
    deinit { cairo_surface_destroy(surface) }
}

/// What `beginTransparencyLayer` keeps until `endTransparencyLayer`.
struct TransparencyLayer {
    let state: GraphicsState
    let savedDepth: Int
    let rect: CGRect?
    /// The device pixels drawn into the layer so far: compositing it touches only these.
    var touched: PixelRect?

    mutating func record(_ region: PixelRect) {
        touched = touched.map { $0.union(region) } ?? region
    }
}
