import XCTest
import CCairo
import CoreText
import LaminaTesting
import ImageIO

/// A white RGBA context of `width` × `height` points at `scale` pixels per point (y up).
func whiteContext(_ width: Int, _ height: Int, scale: CGFloat = 1) -> CGContext {
    let context = CGContext(data: nil, width: Int(CGFloat(width) * scale), height: Int(CGFloat(height) * scale), bitsPerComponent: 8,
                            bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.setFillColor(gray: 1, alpha: 1)
    context.fill(CGRect(x: 0, y: 0, width: context.width, height: context.height))
    context.setFillColor(gray: 0, alpha: 1)
    context.scaleBy(x: scale, y: scale)
    return context
}

extension CGContext {
    /// The bounding box (in pixels, y up from the bottom) of pixels darker than `threshold`.
    func inkBounds(threshold: UInt8 = 160) -> CGRect {
        let p = data!.assumingMemoryBound(to: UInt8.self)
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        for row in 0..<height {
            for x in 0..<width where p[row * bytesPerRow + x * 4 + 1] < threshold {
                let y = height - 1 - row
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return minX > maxX ? .null : CGRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// How many pixels of row `y` (from the bottom) are darker than `threshold`.
    func inkCount(row y: Int, threshold: UInt8 = 160) -> Int {
        let p = data!.assumingMemoryBound(to: UInt8.self)
        let row = height - 1 - y
        return (0..<width).filter { p[row * bytesPerRow + $0 * 4 + 1] < threshold }.count
    }

    /// The RGBA bytes at pixel (x, y from the bottom).
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let p = data!.assumingMemoryBound(to: UInt8.self) + (height - 1 - y) * bytesPerRow + x * 4
        return [p[0], p[1], p[2], p[3]]
    }
}

/// Text goldens compare within 2 levels per component on all but 0.2 % of pixels: the same
/// FreeType and cairo rasterize the same outlines identically; the slack absorbs rounding in
/// compositing only.
let textComparison = SnapshotComparison(channelTolerance: 2, maxDifferingFraction: 0.002)

final class CTDrawingTests: XCTestCase {
    let helvetica = CTFontCreateWithName("Helvetica" as CFString, 40, nil)

    func testShowGlyphsDrawsAtTheTextPositionThroughTheTextMatrix() throws {
        let context = whiteContext(200, 100)
        let font = try XCTUnwrap(CGFont("Helvetica" as CFString))
        context.setFont(font)
        context.setFontSize(40)
        context.textPosition = CGPoint(x: 20, y: 30)
        var glyph: CGGlyph = 0
        var h: UniChar = 0x48
        XCTAssertTrue(CTFontGetGlyphsForCharacters(helvetica, &h, &glyph, 1))
        context.showGlyphs([glyph], at: [.zero])
        let ink = context.inkBounds()
        var box = CGRect.zero
        _ = CTFontGetBoundingRectsForGlyphs(helvetica, .horizontal, &glyph, &box, 1)
        XCTAssertEqual(ink.minX, 20 + box.minX, accuracy: 1)
        XCTAssertEqual(ink.minY, 30, accuracy: 1, "the glyph stands on the baseline")
        XCTAssertEqual(ink.maxY, 30 + CTFontGetCapHeight(helvetica), accuracy: 1)
        // A text matrix that doubles the width doubles the glyph's ink.
        let wide = whiteContext(200, 100)
        wide.setFont(font)
        wide.setFontSize(40)
        wide.textMatrix = CGAffineTransform(scaleX: 2, y: 1).translatedBy(x: 10, y: 30)
        wide.showGlyphs([glyph], at: [.zero])
        XCTAssertEqual(wide.inkBounds().width, 2 * ink.width, accuracy: 2)
        XCTAssertEqual(wide.inkBounds().minX, 20 + 2 * box.minX, accuracy: 1)
    }

    func testTextMatrixIsNotPartOfTheGraphicsState() {
        let context = whiteContext(10, 10)
        XCTAssertEqual(context.textMatrix, .identity)
        context.saveGState()
        context.textPosition = CGPoint(x: 5, y: 6)
        context.restoreGState()
        XCTAssertEqual(context.textPosition, CGPoint(x: 5, y: 6))
        XCTAssertEqual(context.textMatrix, CGAffineTransform(translationX: 5, y: 6))
        let messages = CGDiagnostics.collecting { context.showGlyphs([1], at: [.zero]) }
        XCTAssertEqual(messages.count, 1, "no font set")
    }

    /// iOS code draws Core Text in a view's y-down context by flipping the CTM first; the text
    /// must come out upright (the bar of a "T" at the top).
    func testTheFlippedCTMSnippetDrawsUpright() {
        let size = CGSize(width: 120, height: 80)
        func draw(flippingBack: Bool) -> CGContext {
            let context = whiteContext(Int(size.width), Int(size.height))
            // A layer's context: y down, as `draw(in:)` gets it on iOS.
            context.translateBy(x: 0, y: size.height)
            context.scaleBy(x: 1, y: -1)
            // The iOS snippet.
            context.textMatrix = .identity
            if flippingBack {
                context.translateBy(x: 0, y: size.height)
                context.scaleBy(x: 1, y: -1)
            }
            let framesetter = CTFramesetterCreateWithAttributedString(attributed("T", helvetica))
            let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0),
                                                 CGPath(rect: CGRect(origin: .zero, size: size).insetBy(dx: 10, dy: 10), transform: nil), nil)
            CTFrameDraw(frame, context)
            return context
        }
        func barIsOnTop(_ context: CGContext) -> Bool {
            let ink = context.inkBounds()
            return context.inkCount(row: Int(ink.maxY) - 2) > 2 * context.inkCount(row: Int(ink.minY) + 2)
        }
        let upright = draw(flippingBack: true)
        XCTAssertTrue(barIsOnTop(upright))
        // The first line sits at the top of the frame's rectangle, as the view sees it.
        XCTAssertEqual(upright.inkBounds().maxY, size.height - 10 - (CTFontGetAscent(helvetica) - CTFontGetCapHeight(helvetica)), accuracy: 1.5)
        XCTAssertFalse(barIsOnTop(draw(flippingBack: false)), "without the flip Core Text draws upside down, as on iOS")
        assertSnapshot(upright.makeImage(), named: "flipped-ctm-snippet", comparison: textComparison)
    }

    func testAttributesDrawColorUnderlineAndOutline() {
        let context = whiteContext(240, 60)
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let string = NSMutableAttributedString(attributedString: attributed("Red ", helvetica, [.foregroundColor: red]))
        string.append(attributed("line", helvetica, [.underlineStyle: CTUnderlineStyle.single.rawValue]))
        context.textPosition = CGPoint(x: 10, y: 20)
        CTLineDraw(CTLineCreateWithAttributedString(string), context)
        // Red ink in the first word, black elsewhere; an underline below the baseline.
        let redPixels = (0..<80).flatMap { x in (20..<50).map { context.rgba(x, $0) } }.filter { $0[0] > 200 && $0[1] < 60 }
        XCTAssertGreaterThan(redPixels.count, 50)
        let underlineY = Int((20 + CTFontGetUnderlinePosition(helvetica)).rounded(.down))
        let line = CTLineCreateWithAttributedString(string)
        let wordStart = 10 + CTLineGetOffsetForStringIndex(line, 4, nil)
        let covered = (Int(wordStart) + 2..<Int(10 + CTLineGetTypographicBounds(line, nil, nil, nil)) - 2).filter {
            context.rgba($0, underlineY)[1] < 128 || context.rgba($0, underlineY - 1)[1] < 128
        }.count
        XCTAssertGreaterThan(covered, Int(CTLineGetTypographicBounds(line, nil, nil, nil) - Double(wordStart) + 10) - 8)
        // A positive stroke width outlines: the middle of the "O"'s stroke stays inked, but much
        // less area is filled than with a plain fill.
        func inked(_ extra: [NSAttributedString.Key: Any]) -> Int {
            let c = whiteContext(80, 60)
            c.textPosition = CGPoint(x: 10, y: 10)
            CTLineDraw(CTLineCreateWithAttributedString(attributed("■", CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil), extra)), c)
            return (0..<60).reduce(0) { $0 + c.inkCount(row: $1) }
        }
        XCTAssertLessThan(inked([.strokeWidth: 3.0]), inked([:]) / 2)
        XCTAssertGreaterThan(inked([.strokeWidth: 3.0]), 0)
    }

    /// Latin, Arabic and Hindi lines at 1× and 2× (device pixels per point).
    func testScriptsMatchTheirGoldens() {
        for scale in [CGFloat(1), 2] {
            let context = whiteContext(360, 150, scale: scale)
            let font = CTFontCreateWithName("Helvetica" as CFString, 22, nil)
            for (i, text) in ["Core Text on Pango: fi ff AV", arabic, hindi].enumerated() {
                context.textPosition = CGPoint(x: 12, y: 112 - CGFloat(i) * 44)
                CTLineDraw(CTLineCreateWithAttributedString(attributed(text, font)), context)
            }
            assertSnapshot(context.makeImage(), named: "scripts@\(Int(scale))x", comparison: textComparison)
        }
    }

    /// Text goes through the context's compositing like any drawing: a shadow falls where it is
    /// offset to, and a PDF page embeds the font and shows the glyphs where they were drawn.
    func testTextTakesShadowsAndDrawsIntoPDFs() throws {
        let shadowed = whiteContext(200, 80)
        shadowed.setShadow(offset: CGSize(width: 0, height: -20), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        shadowed.textPosition = CGPoint(x: 10, y: 40)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("HH", helvetica)), shadowed)
        let red = (0..<200).flatMap { x in (0..<80).map { (x, $0) } }.filter { shadowed.rgba($0.0, $0.1)[0] > 200 && shadowed.rgba($0.0, $0.1)[1] < 60 }
        XCTAssertGreaterThan(red.count, 100)
        XCTAssertEqual(Double(red.map(\.1).min() ?? 0), 20, accuracy: 1.5, "the shadow stands 20 points below the baseline")

        let data = NSMutableData()
        var box = CGRect(x: 0, y: 0, width: 200, height: 100)
        let pdf = try XCTUnwrap(CGContext(consumer: CGDataConsumer(data: data)!, mediaBox: &box, nil))
        pdf.beginPDFPage(nil)
        pdf.textPosition = CGPoint(x: 20, y: 30)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("Lamina", helvetica)), pdf)
        pdf.endPDFPage()
        pdf.closePDF()
        XCTAssertTrue(String(decoding: data as Data, as: UTF8.self).contains("/FontFile2"), "the TrueType font is embedded")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-ct-pdf-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try (data as Data).write(to: folder.appendingPathComponent("in.pdf"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-png", "-r", "72", "-singlefile", folder.appendingPathComponent("in.pdf").path, folder.appendingPathComponent("out").path]
        try process.run()
        process.waitUntilExit()
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(folder.appendingPathComponent("out.png") as CFURL, nil))
        let page = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let raster = whiteContext(200, 100)
        raster.draw(page, in: CGRect(x: 0, y: 0, width: 200, height: 100))
        let ink = raster.inkBounds()
        XCTAssertEqual(ink.minY, 30, accuracy: 1.5, "the baseline stays 30 points up")
        XCTAssertEqual(ink.minX, 20, accuracy: 4)
        XCTAssertEqual(Double(ink.width), CTLineGetTypographicBounds(CTLineCreateWithAttributedString(attributed("Lamina", helvetica)), nil, nil, nil), accuracy: 5)
    }

    func testEmojiDrawInColorWhenAColorFontIsInstalled() throws {
        let pattern = FcPatternCreate()!
        defer { FcPatternDestroy(pattern) }
        FcPatternAddBool(pattern, FC_COLOR, 1)
        let objects = FcObjectSetCreate()!
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FILE)
        let set = FcFontList(nil, pattern, objects)
        defer { if let set { FcFontSetDestroy(set) } }
        try XCTSkipIf((set?.pointee.nfont ?? 0) == 0, "no color font installed")
        let context = whiteContext(80, 60)
        context.textPosition = CGPoint(x: 10, y: 15)
        CTLineDraw(CTLineCreateWithAttributedString(attributed("😀", CTFontCreateWithName("Helvetica" as CFString, 32, nil))), context)
        let colored = (0..<80).flatMap { x in (0..<60).map { context.rgba(x, $0) } }.filter { abs(Int($0[0]) - Int($0[2])) > 60 }
        XCTAssertGreaterThan(colored.count, 20)
    }
}
