import CoreGraphics

/// Whether a run is right to left, and whether its glyphs' string indices ever go backwards.
public struct CTRunStatus: OptionSet, Sendable {
    /// The status bits.
    public let rawValue: UInt32
    /// A status from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Nothing special: left to right, in string order.
    public static let noStatus = CTRunStatus([])
    /// The run is right to left (its glyphs are stored left to right, as drawn).
    public static let rightToLeft = CTRunStatus(rawValue: 1 << 0)
    /// The glyphs' string indices are not in order.
    public static let nonMonotonic = CTRunStatus(rawValue: 1 << 1)
    /// The run has a text matrix other than the identity.
    public static let hasNonIdentityMatrix = CTRunStatus(rawValue: 1 << 2)
}

/// A run of glyphs of one font and one set of attributes within a line, shaped by HarfBuzz.
/// Glyphs are stored in visual order (left to right, as drawn), positions relative to the
/// line's origin (baseline, y up). Immutable.
public final class CTRun: @unchecked Sendable {
    let glyphs: UnsafeMutableBufferPointer<CGGlyph>
    let positions: UnsafeMutableBufferPointer<CGPoint>
    let advances: UnsafeMutableBufferPointer<CGSize>
    let stringIndices: UnsafeMutableBufferPointer<CFIndex>
    let stringRange: CFRange
    let status: CTRunStatus
    /// The attributes as the string holds them (bridged to a dictionary when asked for).
    let attributes: [NSAttributedString.Key: Any]
    let style: RunStyle
    /// The pen position where the run starts, from the line's origin.
    let originX: CGFloat
    /// The sum of the advances.
    let width: CGFloat

    init(glyphs: [CGGlyph], positions: [CGPoint], advances: [CGSize], stringIndices: [CFIndex], stringRange: CFRange,
         status: CTRunStatus, attributes: [NSAttributedString.Key: Any], style: RunStyle, originX: CGFloat) {
        func copy<T>(_ array: [T]) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(array.count, 1))
            _ = buffer.initialize(from: array)
            return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
        }
        self.glyphs = copy(glyphs)
        self.positions = copy(positions)
        self.advances = copy(advances)
        self.stringIndices = copy(stringIndices)
        self.stringRange = stringRange
        self.status = status
        self.attributes = attributes
        self.style = style
        self.originX = originX
        width = advances.reduce(0) { $0 + $1.width }
    }

    deinit {
        glyphs.baseAddress?.deallocate()
        positions.baseAddress?.deallocate()
        advances.baseAddress?.deallocate()
        stringIndices.baseAddress?.deallocate()
    }

    var font: CTFont { style.font }

    /// The glyph indices a range selects (location 0, length 0: every glyph), clamped.
    func indices(_ range: CFRange) -> Range<Int> {
        let start = min(max(range.location, 0), glyphs.count)
        let end = range.length <= 0 ? glyphs.count : start + min(range.length, glyphs.count - start)
        return start..<max(start, end)
    }
}

/// The number of glyphs in the run.
public func CTRunGetGlyphCount(_ run: CTRun) -> CFIndex { run.glyphs.count }

/// The run's attributes, as in the attributed string, except that the font is the one drawn
/// (a fallback font where the requested one lacks the characters).
public func CTRunGetAttributes(_ run: CTRun) -> CFDictionary {
    NSDictionary(dictionary: run.attributes.reduce(into: [String: Any]()) { $0[$1.key.rawValue] = $1.value })
}

/// Right-to-left and ordering flags.
public func CTRunGetStatus(_ run: CTRun) -> CTRunStatus { run.status }

/// The run's glyphs, stored in the run.
public func CTRunGetGlyphsPtr(_ run: CTRun) -> UnsafePointer<CGGlyph>? { UnsafePointer(run.glyphs.baseAddress) }

/// Copies a range of the run's glyphs (length 0: to the end).
public func CTRunGetGlyphs(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGGlyph>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.glyphs[i] }
}

/// The glyphs' positions from the line's origin (y up), stored in the run.
public func CTRunGetPositionsPtr(_ run: CTRun) -> UnsafePointer<CGPoint>? { UnsafePointer(run.positions.baseAddress) }

/// Copies a range of the glyphs' positions.
public func CTRunGetPositions(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGPoint>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.positions[i] }
}

/// The glyphs' advances, stored in the run.
public func CTRunGetAdvancesPtr(_ run: CTRun) -> UnsafePointer<CGSize>? { UnsafePointer(run.advances.baseAddress) }

/// Copies a range of the glyphs' advances.
public func CTRunGetAdvances(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CGSize>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.advances[i] }
}

/// The UTF-16 index in the attributed string each glyph comes from, stored in the run.
public func CTRunGetStringIndicesPtr(_ run: CTRun) -> UnsafePointer<CFIndex>? { UnsafePointer(run.stringIndices.baseAddress) }

/// Copies a range of the glyphs' string indices.
public func CTRunGetStringIndices(_ run: CTRun, _ range: CFRange, _ buffer: UnsafeMutablePointer<CFIndex>) {
    for (n, i) in run.indices(range).enumerated() { buffer[n] = run.stringIndices[i] }
}

/// The UTF-16 range of the attributed string the run shows.
public func CTRunGetStringRange(_ run: CTRun) -> CFRange { run.stringRange }

/// The run's text matrix: the identity (fonts carry their own matrices).
public func CTRunGetTextMatrix(_ run: CTRun) -> CGAffineTransform { .identity }

/// The width of a range of glyphs, with the font's ascent, descent and leading.
public func CTRunGetTypographicBounds(_ run: CTRun, _ range: CFRange, _ ascent: UnsafeMutablePointer<CGFloat>?,
                                      _ descent: UnsafeMutablePointer<CGFloat>?, _ leading: UnsafeMutablePointer<CGFloat>?) -> Double {
    ascent?.pointee = CTFontGetAscent(run.font)
    descent?.pointee = CTFontGetDescent(run.font)
    leading?.pointee = CTFontGetLeading(run.font)
    return Double(run.indices(range).reduce(0) { $0 + run.advances[$1].width })
}

/// The ink bounds of a range of glyphs, from the context's text position (or the line's origin
/// without a context).
public func CTRunGetImageBounds(_ run: CTRun, _ context: CGContext?, _ range: CFRange) -> CGRect {
    var union = CGRect.null
    let origin = context?.textPosition ?? .zero
    for i in run.indices(range) where run.glyphs[i] != 0xFFFF {
        var box = CGRect.zero
        var glyph = run.glyphs[i]
        _ = CTFontGetBoundingRectsForGlyphs(run.font, .horizontal, &glyph, &box, 1)
        if box.isEmpty { continue }
        union = union.union(box.offsetBy(dx: run.positions[i].x + origin.x, dy: run.positions[i].y + origin.y))
    }
    return union.isNull ? .null : union
}

/// Draws a range of the run's glyphs at the context's text position with the run's attributes
/// (fill color, outline, underline, background).
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let indices = run.indices(range)
    guard !indices.isEmpty else { return }
    let style = run.style
    let font = style.font
    context.saveGState()
    defer { context.restoreGState() }
    // The pen position where the range starts, and the range's advance.
    let first = run.originX + (0..<indices.lowerBound).reduce(CGFloat(0)) { $0 + run.advances[$1].width }
    let span = indices.reduce(CGFloat(0)) { $0 + run.advances[$1].width }
    let textMatrix = context.textMatrix
    /// Fills a rectangle given in text space (the text matrix, with its translation, places it).
    func fillTextRect(_ rect: CGRect, _ color: CGColor) {
        context.setFillColor(color)
        let m = textMatrix
        context.beginPath()
        context.addLines(between: [CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                                   CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)].map { $0.applying(m) })
        context.closePath()
        context.fillPath()
    }
    if let background = style.backgroundColor {
        fillTextRect(CGRect(x: first, y: -CTFontGetDescent(font), width: span,
                            height: CTFontGetAscent(font) + CTFontGetDescent(font)), background)
    }
    if let color = style.foregroundColor { context.setFillColor(color) }
    let fill = style.foregroundColor ?? CGColor.black
    if style.strokeWidth != 0 {
        context.setStrokeColor(style.strokeColor ?? fill)
        context.setLineWidth(abs(style.strokeWidth) / 100 * font.size)
        context.setTextDrawingMode(style.strokeWidth > 0 ? .stroke : .fillStroke)
    }
    var glyphs: [CGGlyph] = []
    var positions: [CGPoint] = []
    glyphs.reserveCapacity(indices.count)
    positions.reserveCapacity(indices.count)
    for i in indices where run.glyphs[i] != 0xFFFF {
        glyphs.append(run.glyphs[i])
        positions.append(run.positions[i])
    }
    // Positions are from the text position: the text matrix's translation places them.
    context.showGlyphs(glyphs, at: positions, face: font.face, size: font.size, fontMatrix: font.matrix)
    if style.underline.rawValue & 0x0F != 0 {
        let thickness = CTFontGetUnderlineThickness(font) * (style.underline.contains(.thick) ? 2 : 1)
        let y = CTFontGetUnderlinePosition(font) + style.baselineOffset
        let color = style.underlineColor ?? style.foregroundColor ?? fill
        fillTextRect(CGRect(x: first, y: y - thickness / 2, width: span, height: thickness), color)
        if style.underline.rawValue & 0x0F == CTUnderlineStyle.double.rawValue & 0x0F {
            fillTextRect(CGRect(x: first, y: y - thickness * 2.5, width: span, height: thickness), color)
        }
    }
}
