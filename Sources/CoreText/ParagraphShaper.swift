import CCairo
import CoreGraphics

/// Turns a range of an attributed string into `CTLine`s through Pango: bidi and script
/// itemization, font fallback (fontconfig), shaping (HarfBuzz) and, given a width, line
/// breaking. Core Text's indices are UTF-16 offsets and Pango's UTF-8 byte offsets; the maps
/// here convert between them. Everything Pango returns is copied into the lines, which own no
/// Pango objects.
struct ParagraphShaper {
    /// How lines are broken when a width is given.
    enum Wrapping {
        /// One line, however long (Core Text's `CTLineCreateWithAttributedString`).
        case none
        case words
        case characters
    }

    let attributed: NSAttributedString
    /// The UTF-16 range laid out.
    let range: NSRange
    private let text: [UInt8]
    /// UTF-16 offset (relative to `range`) of each UTF-8 byte offset that starts a scalar, and
    /// of the end.
    private let utf16OfByte: [Int]
    /// UTF-8 byte offset of each UTF-16 offset (relative to `range`), and of the end.
    private let byteOfUTF16: [Int]

    /// The whole string, bridged once (each `NSAttributedString.string` is a copy on Linux).
    let string: NSString
    /// The paragraph style of the range's first character (Core Text takes a paragraph's style
    /// from its first character).
    let paragraphStyle: CTParagraphStyle?
    /// The attributes of every character, when known (no attribute runs to read).
    let uniform: CTUniformAttributes?

    /// `log` says what the text needed changed for Pango once for its owner (a framesetter's
    /// paragraphs); without one, each shaper says it.
    init(_ attributed: NSAttributedString, range: NSRange, string: NSString? = nil, uniform: CTUniformAttributes? = nil,
         log: OnceLog? = nil) {
        self.attributed = attributed
        self.range = range
        self.uniform = uniform
        let string = string ?? (attributed.string as NSString)
        self.string = string
        if range.length == 0 {
            paragraphStyle = nil
        } else if let uniform {
            paragraphStyle = uniform.paragraphStyle
        } else {
            paragraphStyle = attributed.attribute(NSAttributedString.Key(kCTParagraphStyleAttributeName as String), at: range.location,
                                                  effectiveRange: nil) as? CTParagraphStyle
        }
        // The whole string needs no substring (which transcodes through UTF-16 on Linux).
        let (safe, changes) = PangoSafeText.sanitize(range.location == 0 && range.length == string.length ? attributed.string
                                                                                                      : string.substring(with: range))
        if !changes.isEmpty { (log ?? OnceLog()).log("CTLine", changes.joined(separator: "; ") + ".") }
        let substring = safe
        let text = Array(substring.utf8)
        var utf16OfByte: [Int] = []
        var byteOfUTF16: [Int] = []
        utf16OfByte.reserveCapacity(text.count + 1)
        byteOfUTF16.reserveCapacity(range.length + 1)
        var utf16 = 0
        for scalar in substring.unicodeScalars {
            let units = scalar.value > 0xFFFF ? 2 : 1
            let bytes = scalar.value < 0x80 ? 1 : scalar.value < 0x800 ? 2 : scalar.value < 0x10000 ? 3 : 4
            for _ in 0..<units { byteOfUTF16.append(utf16OfByte.count) }
            for _ in 0..<bytes { utf16OfByte.append(utf16) }
            utf16 += units
        }
        utf16OfByte.append(utf16)
        byteOfUTF16.append(text.count)
        self.text = text
        self.utf16OfByte = utf16OfByte
        self.byteOfUTF16 = byteOfUTF16
    }

    /// The absolute UTF-16 index of a byte offset into the laid-out text.
    private func index(ofByte byte: Int) -> Int {
        range.location + utf16OfByte[min(max(byte, 0), utf16OfByte.count - 1)]
    }

    /// The base direction the paragraph style sets; nil for natural (Pango takes the first
    /// strong character's, as Core Text does).
    var styledDirection: CTWritingDirection? {
        guard let direction = paragraphStyle?.baseWritingDirection, direction != .natural else { return nil }
        return direction
    }


    /// Lays the range out. `width` (with a wrapping) breaks it into lines; `firstLineIndent` is
    /// the first line's extra indent (negative: the others'), `justify` spreads all but the last.
    func lines(width: CGFloat? = nil, wrapping: Wrapping = .none, firstLineIndent: CGFloat = 0, justify: Bool = false) -> [CTLine] {
        if let width, wrapping != .none, width.isFinite, width > 0, range.length > Self.wrappingPiece {
            return piecewiseLines(width: width, wrapping: wrapping, firstLineIndent: firstLineIndent, justify: justify)
        }
        let context = PangoEngine.makeContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let (attributeList, styles) = makeAttributes()
        let tabs = text.contains(0x09)
        let tabsFit = !tabs || Self.tabsFit(styles)
        // Tabs as spaces (one byte for one: indices hold) where the line may be wider than Pango can place tabs in.
        (tabsFit ? text : text.map { $0 == 0x09 ? 0x20 : $0 }).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { pango_layout_set_text(layout, $0.baseAddress, Int32($0.count)) }
        }
        if !tabsFit {
            OnceLog().log("CTTypesetter", "tabs in a line that may be wider than \(Int(Self.widestTabbedLine)) points are taken as spaces (Pango cannot place them).")
        }
        let wraps = width.map { wrapping != .none && $0.isFinite && $0 > 0 } ?? false
        if wraps {
            text.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { PangoSafeText.forbidBreaksInsideClusters(of: $0, in: attributeList) }
            }
        }
        pango_layout_set_attributes(layout, attributeList)
        pango_attr_list_unref(attributeList)
        if tabs, tabsFit { setTabStops(of: layout) }
        if let direction = styledDirection {
            pango_layout_set_auto_dir(layout, 0)
            pango_context_set_base_dir(context, direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
            pango_layout_context_changed(layout)
        }
        if let width, wraps {
            pango_layout_set_width(layout, PangoUnits.of(width))
            pango_layout_set_wrap(layout, wrapping == .words ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_CHAR)
            pango_layout_set_indent(layout, PangoUnits.of(firstLineIndent))
            pango_layout_set_justify(layout, justify ? 1 : 0)
        } else {
            // A newline inside a CTLine is one more glyph, not a new line.
            pango_layout_set_single_paragraph_mode(layout, 1)
        }
        var lines: [CTLine] = []
        // Walked as a list: `pango_layout_get_line_readonly(layout, i)` walks from the first
        // line each time, quadratic in the lines of a long paragraph.
        var node = pango_layout_get_lines_readonly(layout)
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                lines.append(makeLine(line, styles: styles))
            }
            node = current.pointee.next
        }
        return lines
    }

    // MARK: Attributes

    /// One attribute run of the range: its UTF-8 bytes, resolved style and attributes.
    private struct StyledRun {
        var bytes: Range<Int>
        var style: RunStyle
        var attributes: [NSAttributedString.Key: Any]
    }

    /// Pango attributes for every attribute run (font, letter spacing, ligatures, language),
    /// and the runs. Each run also gets a distinct foreground color: Pango then starts a new item
    /// at every attribute run, as Core Text starts a new CTRun.
    private func makeAttributes(letterSpacing: Bool = true) -> (OpaquePointer, [StyledRun]) {
        let list = pango_attr_list_new()!
        var styles: [StyledRun] = []
        if let uniform, range.length > 0 {
            addRun(bytes: 0..<text.count, style: uniform.style, attributes: uniform.attributes, to: list, &styles, letterSpacing: letterSpacing)
            return (list, styles)
        }
        // Attribute runs as stored (not merged into longest runs: Foundation's merging compares
        // dictionaries and costs more than the shaping of a short line).
        var location = range.location
        let end = range.location + range.length
        while location < end {
            var effective = NSRange()
            let attributes = attributed.attributes(at: location, effectiveRange: &effective)
            let runRange = NSIntersectionRange(effective, range)
            location = max(runRange.location + runRange.length, location + 1)
            let start = byteOfUTF16[runRange.location - range.location]
            let end = byteOfUTF16[runRange.location + runRange.length - range.location]
            addRun(bytes: start..<end, style: RunStyle(attributes), attributes: attributes, to: list, &styles, letterSpacing: letterSpacing)
        }
        return (list, styles)
    }

    /// The Pango attributes of one attribute run over `bytes` of the text.
    private func addRun(bytes: Range<Int>, style: RunStyle, attributes: [NSAttributedString.Key: Any], to list: OpaquePointer,
                        _ styles: inout [StyledRun], letterSpacing: Bool) {
        let (start, end) = (bytes.lowerBound, bytes.upperBound)
        styles.append(StyledRun(bytes: start..<end, style: style, attributes: attributes))
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>) {
            attribute.pointee.start_index = UInt32(start)
            attribute.pointee.end_index = UInt32(end)
            pango_attr_list_insert(list, attribute)
        }
        let description = PangoEngine.fontDescription(for: style.font.face.match, size: style.font.size)
        insert(pango_attr_font_desc_new(description))
        pango_font_description_free(description)
        let marker = UInt16(truncatingIfNeeded: styles.count)
        insert(pango_attr_foreground_new(marker, 0, 0))
        if letterSpacing, style.kern != 0 { insert(pango_attr_letter_spacing_new(PangoUnits.of(style.kern))) }
        if style.ligature == 0 { insert(pango_attr_font_features_new("liga=0,clig=0")) }
        if style.ligature >= 2 { insert(pango_attr_font_features_new("dlig=1")) }
        if let language = style.language { insert(pango_attr_language_new(pango_language_from_string(language))) }
    }

    // MARK: Lines

    /// Copies one Pango line into a CTLine: runs in visual order, glyph positions from the
    /// line's origin, string indices in UTF-16.
    private func makeLine(_ line: UnsafeMutablePointer<PangoLayoutLine>, styles: [StyledRun]) -> CTLine {
        var runs: [CTRun] = []
        var x: CGFloat = 0
        let lineIsRightToLeft = line.pointee.resolved_dir == PANGO_DIRECTION_RTL.rawValue
        var node = line.pointee.runs
        while let current = node {
            node = current.pointee.next
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                  let item = run.item?.pointee, let glyphs = run.glyphs?.pointee else { continue }
            // Pango spaces letters (its letter spacing carries the kern) only between characters;
            // Core Text's kern follows the last one too (where a left-to-right line ends).
            runs.append(makeRun(item, glyphs, yOffset: run.y_offset, x: &x, styles: styles,
                                kern: node == nil && !lineIsRightToLeft ? .afterLast : .none))
        }
        let start = index(ofByte: Int(line.pointee.start_index))
        let end = index(ofByte: Int(line.pointee.start_index + line.pointee.length))
        return CTLine(runs: runs, stringRange: CFRange(location: start, length: end - start), attributed: attributed, string: string,
                      isRightToLeft: lineIsRightToLeft)
    }

    /// Where a run's kern goes: Pango's layout spaces letters itself; shaped items do not.
    private enum KernPlacement { case none, afterLast, afterEachCluster }

    /// One shaped item as a CTRun starting at pen position `x` (advanced past it).
    private func makeRun(_ item: PangoItem, _ glyphString: PangoGlyphString, yOffset: Int32, x: inout CGFloat, styles: [StyledRun],
                         kern: KernPlacement) -> CTRun {
        let scale = CGFloat(PANGO_SCALE)
        let styled = styles.first { $0.bytes.contains(Int(item.offset)) } ?? styles.last
        var style = styled?.style ?? RunStyle([:])
        var attributes = styled?.attributes ?? [:]
        // Pango's font: the requested one, or a fallback for characters it lacks.
        if let font = item.analysis.font, !PangoEngine.font(font, isFile: style.font.face.match.file, index: style.font.face.match.index),
           let match = PangoEngine.match(of: font), let face = FontFace.face(for: match) {
            style.font = CTFont(face: face, size: style.font.size, matrix: style.font.matrix)
            attributes[RunStyle.fontKey] = style.font
        }
        let count = Int(glyphString.num_glyphs)
        var glyphs: [CGGlyph] = [], positions: [CGPoint] = [], advances: [CGSize] = [], indices: [CFIndex] = []
        glyphs.reserveCapacity(count); positions.reserveCapacity(count); advances.reserveCapacity(count); indices.reserveCapacity(count)
        let startX = x
        for i in 0..<count {
            let info = glyphString.glyphs[i]
            let glyph = info.glyph
            glyphs.append(glyph == PANGO_GLYPH_EMPTY ? 0xFFFF : glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 || glyph > 0xFFFF ? 0 : CGGlyph(glyph))
            positions.append(CGPoint(x: x + CGFloat(info.geometry.x_offset) / scale,
                                     y: style.baselineOffset - CGFloat(info.geometry.y_offset + yOffset) / scale))
            var advance = CGFloat(info.geometry.width) / scale
            let cluster = glyphString.log_clusters[i]
            if kern == .afterEachCluster, style.kern != 0, i == count - 1 || glyphString.log_clusters[i + 1] != cluster {
                advance += style.kern
            }
            advances.append(CGSize(width: advance, height: 0))
            indices.append(index(ofByte: Int(item.offset) + Int(cluster)))
            x += advance
        }
        if kern == .afterLast, style.kern != 0, !advances.isEmpty {
            advances[advances.count - 1].width += style.kern
            x += style.kern
        }
        let rtl = item.analysis.level % 2 == 1
        var status: CTRunStatus = rtl ? .rightToLeft : []
        let ordered = rtl ? indices.reversed() : indices
        if zip(ordered, ordered.dropFirst()).contains(where: { $0 > $1 }) { status.insert(.nonMonotonic) }
        let start = index(ofByte: Int(item.offset))
        let stringRange = CFRange(location: start, length: index(ofByte: Int(item.offset + item.length)) - start)
        return CTRun(glyphs: glyphs, positions: positions, advances: advances, stringIndices: indices, stringRange: stringRange,
                     status: status, attributes: attributes, style: style, originX: startX)
    }

    /// Core Text's tab stops: 12 left-aligned tabs 28 points apart (its documented default for
    /// `kCTParagraphStyleSpecifierTabStops`), and past them multiples of the paragraph style's
    /// `defaultTabInterval` when it is positive (Pango spaces tabs past its last stop as its last
    /// two are spaced, so the first two multiples past the twelfth stop are given).
    ///
    /// Set on every layout of text with a tab. Without an array of its own, Pango 1.50.12 looks
    /// for the tab it places in an array that is not there: with a line wider than its 32-bit
    /// lengths hold (fonts and kerning of 32,768 points: the text fuzz target), it looped
    /// printing `pango_tab_array_get_tab: assertion 'tab_array != NULL' failed` for minutes.
    private func setTabStops(of layout: OpaquePointer) {
        var stops = (1...12).map { CGFloat($0) * 28 }
        let interval = paragraphStyle?.defaultTabInterval ?? 0
        if interval.isFinite, interval > 0, interval <= PangoUnits.maximumLength {
            let first = ((stops[11] / interval).rounded(.down) + 1) * interval
            stops += [first, first + interval]
        }
        guard let tabs = pango_tab_array_new(Int32(stops.count), 0) else { return }
        for (i, stop) in stops.enumerated() {
            pango_tab_array_set_tab(tabs, Int32(i), PANGO_TAB_LEFT, PangoUnits.of(stop))
        }
        pango_layout_set_tabs(layout, tabs)
        pango_tab_array_free(tabs)
    }

    /// The widest a line with tabs may be, in points, for Pango to place its tabs: it walks tab
    /// stops one by one until one lies past the line so far, in 32-bit 1/1024 points, and a line
    /// near 2²¹ points wide overflows the stop before it gets there (a loop without end: fonts
    /// and kerning of 32,768 points, found by the text fuzz target).
    static let widestTabbedLine: CGFloat = PangoUnits.maximumLength / 4

    /// Whether the runs' text is surely narrower than `widestTabbedLine`: each byte counted as a
    /// character four ems wide plus its kerning (more than any glyph advances).
    private static func tabsFit(_ styles: [StyledRun]) -> Bool {
        var widest: CGFloat = 0
        for run in styles {
            // Pango lays out at the font's size; a font matrix is applied to the glyphs afterwards.
            widest += CGFloat(run.bytes.count) * (4 * run.style.font.size + abs(run.style.kern))
            if !(widest <= widestTabbedLine) { return false }
        }
        return true
    }

    /// The range as one line without a layout: itemized (bidi, scripts, fonts), each item shaped
    /// and the items put in visual order. Half the cost of a PangoLayout, which also finds line
    /// breaks a single line does not need.
    func singleLine() -> CTLine {
        let context = PangoEngine.makeContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let (attributeList, styles) = makeAttributes(letterSpacing: false)
        defer { pango_attr_list_unref(attributeList) }
        let direction = styledDirection.map { $0 == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR } ?? PANGO_DIRECTION_WEAK_LTR
        return text.withUnsafeBufferPointer { buffer -> CTLine in
            buffer.withMemoryRebound(to: CChar.self) { chars -> CTLine in
                let length = Int32(chars.count)
                let items = length == 0 ? nil : pango_itemize_with_base_dir(context, direction, chars.baseAddress, 0, length, attributeList, nil)
                defer { g_list_free_full(items) { pango_item_free($0?.assumingMemoryBound(to: PangoItem.self)) } }
                var shaped: [UnsafeMutableRawPointer: UnsafeMutablePointer<PangoGlyphString>] = [:]
                defer { shaped.values.forEach { pango_glyph_string_free($0) } }
                var lowestLevel = UInt8.max
                var node = items
                while let current = node, let data = current.pointee.data {
                    let item = data.assumingMemoryBound(to: PangoItem.self)
                    let glyphs = pango_glyph_string_new()!
                    pango_shape_item(item, chars.baseAddress, length, nil, glyphs, PANGO_SHAPE_NONE)
                    shaped[data] = glyphs
                    lowestLevel = min(lowestLevel, item.pointee.analysis.level)
                    node = current.pointee.next
                }
                var logical: [UnsafeMutableRawPointer] = []
                node = items
                while let current = node, let data = current.pointee.data {
                    logical.append(data)
                    node = current.pointee.next
                }
                var runs: [CTRun] = []
                var x: CGFloat = 0
                for data in Self.visualOrder(logical, level: { $0.assumingMemoryBound(to: PangoItem.self).pointee.analysis.level }) {
                    guard let glyphs = shaped[data] else { continue }
                    runs.append(makeRun(data.assumingMemoryBound(to: PangoItem.self).pointee, glyphs.pointee, yOffset: 0, x: &x,
                                        styles: styles, kern: .afterEachCluster))
                }
                // The paragraph's level is the lowest: odd for a right-to-left paragraph.
                let rtl = styledDirection.map { $0 == .rightToLeft } ?? (lowestLevel != .max && lowestLevel % 2 == 1)
                return CTLine(runs: runs, stringRange: CFRange(location: range.location, length: range.length), attributed: attributed,
                              string: string, isRightToLeft: rtl)
            }
        }
    }
}
