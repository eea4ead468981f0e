import CCairo
import Glibc

/// One face of a font file, shared by every `CGFont` and `CTFont` made from it: HarfBuzz reads
/// its tables (metrics, character map, advances, extents) and cairo draws its glyphs (through
/// FreeType). Values are in font units; callers scale by size / `unitsPerEm`.
///
/// Immutable after creation; HarfBuzz's queries and cairo's font faces are thread-safe, so one
/// face serves every thread.
package final class FontFace: @unchecked Sendable {
    package let match: FontMatch
    package let unitsPerEm: Int
    package let glyphCount: Int
    package let ascent: Int
    /// Positive below the baseline, as Core Text reports it.
    package let descent: Int
    package let leading: Int
    package let capHeight: Int
    package let xHeight: Int
    package let underlinePosition: Int
    package let underlineThickness: Int
    /// The head table's bounding box of every glyph.
    package let boundingBox: CGRect
    /// The post table's italic angle in degrees (negative leans right).
    package let italicAngle: CGFloat
    package let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    /// cairo's face for drawing and outlines, with the fontconfig pattern it was made from.
    package let cairoFace: OpaquePointer
    private let pattern: OpaquePointer

    /// The face of a fontconfig match, shared by every caller (see `FontFaceCache`).
    package static func face(for match: FontMatch) -> FontFace? {
        FontFaceCache.shared.face(for: match)
    }

    /// Loads a face from a font file's bytes (`CGFont(_ provider:)`): written to a private
    /// temporary file, which fontconfig and cairo need.
    package static func face(fontData: Data) -> FontFace? {
        let blob = fontData.withUnsafeBytes { bytes -> OpaquePointer? in
            hb_blob_create(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        guard let blob else { return nil }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > 0 else { return nil }
        var template = Array("/tmp/lamina-font-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = fontData.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == fontData.count else { unlink(path); return nil }
        // fontconfig reads the names and style; the file stays for the face's cairo font.
        var count: Int32 = 0
        guard let query = FcFreeTypeQuery(path, 0, nil, &count), var match = FontMatch(pattern: query) else { unlink(path); return nil }
        FcPatternDestroy(query)
        match.file = path
        let face = FontFace(match: match)
        if face == nil { unlink(path) }
        face?.temporaryFile = path
        return face
    }

    /// The private copy of a font made from bytes, removed with the face (set before the face is shared).
    private var temporaryFile: String?

    init?(match: FontMatch) {
        guard let blob = hb_blob_create_from_file_or_fail(match.file) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(match.index)), hb_face_get_glyph_count(face) > 0 else { return nil }
        self.match = match
        hbFace = face
        let font = hb_font_create(face)!
        hbFont = font
        unitsPerEm = Int(hb_face_get_upem(face))
        glyphCount = Int(hb_face_get_glyph_count(face))
        func metric(_ tag: hb_ot_metrics_tag_t) -> Int? {
            var value: hb_position_t = 0
            return hb_ot_metrics_get_position(font, tag, &value) != 0 ? Int(value) : nil
        }
        let upem = unitsPerEm
        let ascent = metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? upem * 4 / 5
        self.ascent = ascent
        descent = -(metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? -upem / 5)
        leading = max(metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0, 0)
        // Fonts without an OS/2 cap or x height: measure "H" and "x", as Core Text does.
        var extents = hb_glyph_extents_t()
        func glyphTop(_ scalar: UInt32) -> Int? {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, scalar, &glyph) != 0,
                  hb_font_get_glyph_extents(font, glyph, &extents) != 0 else { return nil }
            return Int(extents.y_bearing)
        }
        capHeight = metric(HB_OT_METRICS_TAG_CAP_HEIGHT).flatMap { $0 > 0 ? $0 : nil } ?? glyphTop(0x48) ?? ascent
        xHeight = metric(HB_OT_METRICS_TAG_X_HEIGHT).flatMap { $0 > 0 ? $0 : nil } ?? glyphTop(0x78) ?? ascent / 2
        underlinePosition = metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -upem / 10
        underlineThickness = max(metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? upem / 20, 1)
        let head = FontFace.table(face, "head")
        if head.count >= 44 {
            func int16(_ at: Int) -> CGFloat { CGFloat(Int16(bitPattern: UInt16(head[at]) << 8 | UInt16(head[at + 1]))) }
            boundingBox = CGRect(x: int16(36), y: int16(38), width: int16(40) - int16(36), height: int16(42) - int16(38))
        } else {
            boundingBox = CGRect(x: 0, y: CGFloat(-descent), width: CGFloat(upem), height: CGFloat(ascent + descent))
        }
        let post = FontFace.table(face, "post")
        if post.count >= 8 {
            let fixed = Int32(bitPattern: UInt32(post[4]) << 24 | UInt32(post[5]) << 16 | UInt32(post[6]) << 8 | UInt32(post[7]))
            italicAngle = CGFloat(fixed) / 65536
        } else {
            italicAngle = 0
        }
        let fcPattern = FcPatternCreate()!
        FcPatternAddString(fcPattern, FC_FILE, match.file)
        FcPatternAddInteger(fcPattern, FC_INDEX, match.index)
        if match.embolden { FcPatternAddBool(fcPattern, FC_EMBOLDEN, 1) }
        pattern = fcPattern
        cairoFace = cairo_ft_font_face_create_for_pattern(fcPattern)
    }

    deinit {
        if let temporaryFile { unlink(temporaryFile) }
        cairo_font_face_destroy(cairoFace)
        FcPatternDestroy(pattern)
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }

    /// The glyph for a Unicode scalar, 0 (.notdef) when the face has none.
    package func glyph(for scalar: UInt32) -> CGGlyph {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 && glyph <= 0xFFFF ? CGGlyph(glyph) : 0
    }

    /// The horizontal advance of a glyph in font units.
    package func advance(of glyph: CGGlyph) -> Int {
        Int(hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t(glyph)))
    }

    /// A glyph's ink bounds in font units, y up; `.zero` for an empty glyph (a space).
    package func bounds(of glyph: CGGlyph) -> CGRect {
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, hb_codepoint_t(glyph), &extents) != 0 else { return .zero }
        // HarfBuzz: bearing at the top-left, height negative (y up).
        return CGRect(x: CGFloat(extents.x_bearing), y: CGFloat(extents.y_bearing + extents.height),
                      width: CGFloat(extents.width), height: CGFloat(-extents.height))
    }

    /// A glyph's name from the post or CFF table, if the font has names.
    package func name(of glyph: CGGlyph) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard hb_font_get_glyph_name(hbFont, hb_codepoint_t(glyph), &buffer, UInt32(buffer.count)) != 0 else { return nil }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The glyph called `name`, if any.
    package func glyph(named name: String) -> CGGlyph? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_glyph_from_name(hbFont, name, -1, &glyph) != 0, glyph <= 0xFFFF else { return nil }
        return CGGlyph(glyph)
    }

    /// The largest glyphs with outlines, in device pixels per em, drawn through cairo's glyph
    /// calls; larger ones are filled as their outlines, which gives the same pixels. cairo has
    /// FreeType render each glyph whole, whatever the clip: at 16,384 pixels per em one glyph
    /// took a 76 MB bitmap (and a line of them 1.2 GB: found by the text fuzz target, drawing
    /// into a 32 × 32 context); past 65,535 FreeType fails, and cairo keeps the failure with the
    /// face, so every later use of that font in the process drew nothing.
    package static let largestRasterizedEm: CGFloat = 2048

    /// The largest glyphs drawn at all, in device pixels per em: cairo holds coordinates as
    /// 24.8 fixed-point numbers, so its paths end at ±2²³ pixels, and a glyph past that has no
    /// outline cairo can hold (one of 10¹⁶⁹ pixels crashed its stroker: the text fuzz target).
    /// Larger glyphs are left out with a message.
    package static let largestDrawnEm: CGFloat = 8_388_608

    /// The largest glyphs without outlines (color emoji bitmaps), in device pixels per em, that
    /// are drawn: cairo scales the bitmap whole, 4 bytes a pixel (64 MB at this size). Larger
    /// ones are left out with a message.
    package static let largestBitmapEm: CGFloat = 4096

    /// Whether the face's glyphs may be color bitmaps or layers (an emoji font), which have
    /// no outline to fill.
    package var hasColorGlyphs: Bool {
        hb_ot_color_has_png(hbFace) != 0 || hb_ot_color_has_layers(hbFace) != 0
    }

    /// The em, in units, outlines are taken at before they are scaled in Swift: within what
    /// FreeType sizes, and fine enough (1/64 unit) for any size they are scaled to.
    private static let outlineEm: CGFloat = 2048

    /// The outline of a glyph scaled to `size` units per em, y up, transformed by `transform`;
    /// nil for a glyph without contours. cairo decomposes the outline (FreeType underneath) at
    /// `outlineEm`, whatever `size` and `transform` are (see `largestRasterizedEm`).
    package func path(of glyph: CGGlyph, size: CGFloat, transform: CGAffineTransform) -> CGPath? {
        guard let outline = path(of: glyph) else { return nil }
        var scaled = CGAffineTransform(scaleX: size / Self.outlineEm, y: size / Self.outlineEm).concatenating(transform)
        return outline.copy(using: &scaled)
    }

    /// The outline of a glyph at `outlineEm` units per em, y up.
    private func path(of glyph: CGGlyph) -> CGPath? {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_set_font_face(cr, cairoFace)
        // cairo's glyph space is y down: the font matrix flips it into Core Text's y up.
        var fontMatrix = cairo_matrix_t(xx: Self.outlineEm, yx: 0, xy: 0, yy: -Self.outlineEm, x0: 0, y0: 0)
        cairo_set_font_matrix(cr, &fontMatrix)
        FontFace.setUnhinted(cr)
        var cairoGlyph = cairo_glyph_t(index: UInt(glyph), x: 0, y: 0)
        cairo_glyph_path(cr, &cairoGlyph, 1)
        guard let copied = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(copied) }
        guard copied.pointee.status == CAIRO_STATUS_SUCCESS, copied.pointee.num_data > 0, let data = copied.pointee.data else { return nil }
        let path = CGMutablePath()
        var i = 0
        var closed = false
        while i < Int(copied.pointee.num_data) {
            let header = data[i].header
            let point = { (k: Int) in CGPoint(x: data[i + k].point.x, y: data[i + k].point.y) }
            defer { closed = header.type == CAIRO_PATH_CLOSE_PATH }
            switch header.type {
            // cairo follows each close with a move to the closed contour's start: not an element of ours.
            case CAIRO_PATH_MOVE_TO where closed && i + Int(header.length) < Int(copied.pointee.num_data)
                && data[i + Int(header.length)].header.type == CAIRO_PATH_MOVE_TO: break
            case CAIRO_PATH_MOVE_TO where closed && i + Int(header.length) >= Int(copied.pointee.num_data): break
            case CAIRO_PATH_MOVE_TO: path.move(to: point(1))
            case CAIRO_PATH_LINE_TO: path.addLine(to: point(1))
            case CAIRO_PATH_CURVE_TO: path.addCurve(to: point(3), control1: point(1), control2: point(2))
            default: path.closeSubpath()
            }
            i += Int(header.length)
        }
        return path.isEmpty ? nil : path
    }

    /// Core Text does not hint: outlines and advances stay as designed, at any size.
    package static func setUnhinted(_ cr: OpaquePointer) {
        cairo_set_font_options(cr, unhinted)
    }

    /// Made once and never changed (cairo copies options it is given), so any thread may read it.
    nonisolated(unsafe) private static let unhinted: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()

    /// A table's bytes ("head", "post"), empty when the face has none.
    private static func table(_ face: OpaquePointer, _ tag: String) -> [UInt8] {
        let t = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        let blob = hb_face_reference_table(face, t)
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else { return [] }
        return data.withMemoryRebound(to: UInt8.self, capacity: Int(length)) { Array(UnsafeBufferPointer(start: $0, count: Int(length))) }
    }
}

/// Faces by file and index, so that every font of one face shares its tables and cairo's glyph
/// caches. Fonts are a process-wide resource (as fontconfig's configuration is); this holds
/// only immutable faces.
private final class FontFaceCache: @unchecked Sendable {
    static let shared = FontFaceCache()
    private var faces: [FontMatch: FontFace] = [:]
    private let lock = NSLock()

    func face(for match: FontMatch) -> FontFace? {
        lock.lock(); defer { lock.unlock() }
        if let face = faces[match] { return face }
        guard let face = FontFace(match: match) else { return nil }
        faces[match] = face
        return face
    }
}
