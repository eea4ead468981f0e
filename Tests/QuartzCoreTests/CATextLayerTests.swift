import XCTest
@testable import QuartzCore
import CoreText
import LaminaTesting

/// CATextLayer: Apple's declarations and defaults, redrawing on text changes, the first line
/// hanging from the top, wrapping, truncation with "…", every alignment, contentsScale.
final class CATextLayerTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testDefaultsKeyValueCodingAndRedrawing() {
        let layer = CATextLayer()
        XCTAssertNil(layer.string)
        XCTAssertEqual(layer.font as? String, "Helvetica")
        XCTAssertEqual(layer.fontSize, 36)
        XCTAssertEqual(layer.foregroundColor, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        XCTAssertFalse(layer.isWrapped)
        XCTAssertEqual(layer.truncationMode, CATextLayerTruncationMode.none)
        XCTAssertEqual(layer.alignmentMode, .natural)
        XCTAssertFalse(layer.allowsFontSubpixelQuantization)
        XCTAssertEqual([CATextLayerTruncationMode.none, .start, .end, .middle].map(\.rawValue), ["none", "start", "end", "middle"])
        XCTAssertEqual([CATextLayerAlignmentMode.natural, .left, .right, .center, .justified].map(\.rawValue),
                       ["natural", "left", "right", "center", "justified"])
        XCTAssertEqual((CATextLayer.defaultValue(forKey: "fontSize") as? NSNumber)?.doubleValue, 36)
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "alignmentMode") as? String, "natural")
        XCTAssertEqual(CATextLayer.defaultValue(forKey: "truncationMode") as? String, "none")

        layer.setValue("Hello", forKey: "string")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue("center", forKey: "alignmentMode")
        layer.setValue("Menlo", forKey: "font")
        layer.setValue(20, forKey: "fontSize")
        XCTAssertEqual(layer.string as? String, "Hello")
        XCTAssertTrue(layer.isWrapped)
        XCTAssertEqual(layer.alignmentMode, .center)
        XCTAssertEqual(layer.font as? String, "Menlo")
        XCTAssertEqual(layer.fontSize, 20)
        let copy = CATextLayer(layer: layer)
        XCTAssertEqual(copy.string as? String, "Hello")
        XCTAssertEqual(copy.fontSize, 20)
        XCTAssertEqual(copy.alignmentMode, .center)
        XCTAssertTrue(copy.isWrapped)

        // Text properties redraw; fontSize and foregroundColor animate implicitly, the others not.
        CATransaction.flush()
        XCTAssertFalse(layer.needsDisplay())
        layer.string = "Changed"
        XCTAssertTrue(layer.needsDisplay())
        layer.fontSize = 30
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        layer.truncationMode = .end
        XCTAssertNotNil(layer.animation(forKey: "fontSize"))
        XCTAssertNotNil(layer.animation(forKey: "foregroundColor"))
        XCTAssertNil(layer.animation(forKey: "truncationMode"))
        XCTAssertNil(layer.animation(forKey: "string"))

        let messages = CGDiagnostics.collecting { layer.fontSize = .nan }
        XCTAssertEqual(layer.fontSize, 30)
        XCTAssertEqual(messages.count, 1)
    }

    /// The text's ink at scale `scale`: drawn by `render(in:)` into a white-backed context, the
    /// bounding box of the pixels whose red or green is below half (in layer points), and the image.
    func ink(_ layer: CATextLayer, scale: CGFloat = 1) -> (box: CGRect, image: CGImage) {
        let w = Int(layer.bounds.width * scale), h = Int(layer.bounds.height * scale)
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: w, height: h))
        ctx.translateBy(x: 0, y: CGFloat(h))
        ctx.scaleBy(x: scale, y: -scale)
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        var minX = w, minY = h, maxX = -1, maxY = -1
        for y in 0..<h { for x in 0..<w where min(bytes[(y * w + x) * 4], bytes[(y * w + x) * 4 + 1]) < 128 {
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        } }
        let box = maxX < 0 ? CGRect.null
            : CGRect(x: CGFloat(minX) / scale, y: CGFloat(minY) / scale, width: CGFloat(maxX - minX + 1) / scale, height: CGFloat(maxY - minY + 1) / scale)
        return (box, ctx.makeImage()!)
    }

    func label(_ string: String, width: CGFloat = 200, height: CGFloat = 60) -> CATextLayer {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.string = string
        layer.fontSize = 20
        layer.foregroundColor = CGColor(gray: 0, alpha: 1)
        return layer
    }

    func testTheFirstLineHangsFromTheTopAndLinesAlign() {
        let layer = label("Hxxxxx")
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        let left = ink(layer).box
        XCTAssertEqual(left.minX, 1, accuracy: 1.5, "flush left")
        // The cap height's top sits the ascent minus the cap height below the top of the bounds.
        XCTAssertEqual(left.minY, CTFontGetAscent(font) - CTFontGetCapHeight(font), accuracy: 1.5)
        layer.alignmentMode = .right
        let right = ink(layer).box
        XCTAssertEqual(right.maxX, 200, accuracy: 2, "flush right")
        XCTAssertEqual(right.width, left.width, accuracy: 1)
        layer.alignmentMode = .center
        let center = ink(layer).box
        XCTAssertEqual(center.midX, 100, accuracy: 2, "centered")

        // A justified paragraph fills the width on every line but its last.
        let paragraph = label("one two three four five six seven eight nine ten eleven twelve", width: 180, height: 200)
        paragraph.isWrapped = true
        paragraph.alignmentMode = .justified
        let justified = ink(paragraph)
        XCTAssertGreaterThan(justified.box.height, 50, "wrapped onto several lines")
        XCTAssertEqual(justified.box.maxX, 180, accuracy: 2.5, "the first lines reach the right edge")
        paragraph.alignmentMode = .left
        XCTAssertLessThan(ink(paragraph).box.maxX, 178, "left-aligned lines do not")
    }

    func testWrappingAndTruncation() {
        let long = "The quick brown fox jumps over the lazy dog"
        let single = label(long, width: 120, height: 30)
        let cut = ink(single).box
        XCTAssertEqual(cut.maxX, 120, accuracy: 1.5, "without truncation the line runs to the edge and is cut there")
        single.truncationMode = .end
        let ended = ink(single).box
        XCTAssertLessThanOrEqual(ended.maxX, 120)
        for mode in [CATextLayerTruncationMode.start, .middle, .end] {
            single.truncationMode = mode
            let line = TextLayerTypesetter(layer: single).lines(width: 120)[0].line
            let truncated = CTLineCreateTruncatedLine(line, 120, mode == .start ? .start : mode == .middle ? .middle : .end,
                                                      CTLineCreateWithAttributedString(NSAttributedString(string: "\u{2026}")))
            XCTAssertNotNil(truncated)
            XCTAssertLessThanOrEqual(CTLineGetTypographicBounds(truncated!, nil, nil, nil), 120)
        }
        let wrapped = label(long, width: 120, height: 200)
        wrapped.isWrapped = true
        XCTAssertEqual(TextLayerTypesetter(layer: wrapped).lines(width: 120).count, 4)
        let tall = ink(wrapped).box
        XCTAssertGreaterThan(tall.height, 60, "four lines")
        XCTAssertLessThanOrEqual(tall.maxX, 120)
        // Wrapped into two lines' height with end truncation: two lines, the second ending in "…".
        wrapped.bounds.size.height = 50
        wrapped.truncationMode = .end
        let two = ink(wrapped).box
        XCTAssertLessThan(two.maxY, 50)
        XCTAssertGreaterThan(two.height, 25)
        // Explicit line breaks start new lines without wrapping.
        XCTAssertEqual(TextLayerTypesetter(layer: label("a\nb\n\nc")).lines(width: 200).count, 4)
    }

    func testAttributedStringsFontsAndScale() {
        let attributed = NSAttributedString(string: "Red", attributes: [
            .font: CTFontCreateWithName("Helvetica-Bold" as CFString, 30, nil),
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(red: 1, green: 0, blue: 0, alpha: 1),
        ])
        let layer = label("")
        layer.string = attributed
        let drawn = ink(layer)
        XCTAssertGreaterThan(drawn.box.height, 18, "the attributed string's own 30-point font, not the layer's 20")
        guard !drawn.box.isNull else { return }
        let p = pixel(drawn.image, Int(drawn.box.midX), Int(drawn.box.midY))
        XCTAssertGreaterThan(p[0], 200, "red: \(p)")

        // A CTFont's own size yields to fontSize; a CGFont and a name work too; an unknown name falls back with a message.
        let sized = label("Hxxx")
        sized.font = CTFontCreateWithName("Helvetica" as CFString, 60, nil)
        let fromCTFont = ink(sized).box
        sized.font = CGFont("Helvetica" as CFString)
        let fromCGFont = ink(sized).box
        sized.font = "Helvetica" as NSString
        let fromName = ink(sized).box
        XCTAssertEqual(fromCTFont.height, fromName.height, accuracy: 1)
        XCTAssertEqual(fromCGFont.width, fromName.width, accuracy: 1)
        var unknown = CGRect.null
        let messages = CGDiagnostics.collecting {
            sized.font = "NoSuchFont-\(UUID().uuidString)" as NSString
            unknown = ink(sized).box
            sized.string = "Hxxxx"
            _ = ink(sized)
        }
        XCTAssertFalse(unknown.isNull, "drawn in the fallback font")
        XCTAssertEqual(messages.count, 1, "one message for the name, however often it is drawn: \(messages)")
        XCTAssertTrue(messages.first?.contains("no font named") ?? false, "\(messages)")

        // contentsScale 2 draws twice the pixels: sharper edges (more distinct gray levels per glyph).
        let sharp = label("Sharp")
        sharp.contentsScale = 2
        sharp.display()
        XCTAssertEqual((sharp.contents as? CGImage)?.width, 400)
        let blurry = label("Sharp")
        blurry.display()
        XCTAssertEqual((blurry.contents as? CGImage)?.width, 200)
    }
    /// A plain string is laid out in attributes made once per font, size and color: a new
    /// string keeps them, and a new font, size or color is drawn (none is served stale). The
    /// drawing equals a fresh layer's, pixel for pixel, after each change.
    func testANewStringKeepsTheAttributesAndNewOnesAreDrawn() {
        let layer = label("Hxxx")
        func fresh() -> CATextLayer {
            let other = label("")
            other.string = layer.string
            other.font = layer.font
            other.fontSize = layer.fontSize
            other.foregroundColor = layer.foregroundColor
            return other
        }
        func assertSameAsFresh(_ step: String, file: StaticString = #filePath, line: UInt = #line) -> CGRect {
            let drawn = ink(layer), expected = ink(fresh())
            let difference = SnapshotComparison.difference(drawn.image, expected.image, channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, step, file: file, line: line)
            return drawn.box
        }
        let first = assertSameAsFresh("first draw")
        layer.string = "Hxxxxxxx"
        let longer = assertSameAsFresh("a new string")
        XCTAssertEqual(longer.height, first.height, accuracy: 0.5, "the same size")
        XCTAssertGreaterThan(longer.width, first.width + 20)
        layer.fontSize = 40
        let larger = assertSameAsFresh("a new size")
        XCTAssertGreaterThan(larger.height, first.height * 1.6)
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.string = "Hxxx"
        let red = ink(layer)
        let p = pixel(red.image, Int(red.box.minX) + 1, Int(red.box.midY))
        XCTAssertGreaterThan(p[0], 200, "red after the color changed: \(p)")
        _ = assertSameAsFresh("a new color")
        layer.font = "Courier" as NSString
        _ = assertSameAsFresh("a new font")
        layer.string = ""
        XCTAssertTrue(ink(layer).box.isNull, "an empty string draws nothing")
        layer.string = "Hx"
        _ = assertSameAsFresh("a string after an empty one")
    }

    /// A wrapped string far longer than the layer is broken only into the lines the layer
    /// shows, and two more (a 10⁶-character string took over a minute to draw: every line of
    /// it was made); the picture is the one the whole text gives.
    func testALongWrappedStringIsBrokenOnlyAsFarAsTheLayerShows() throws {
        func layer(_ string: String) -> CATextLayer {
            let text = CATextLayer()
            text.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
            text.isWrapped = true
            text.fontSize = 12
            text.string = string
            return text
        }
        let words = String(repeating: "lorem ipsum dolor ", count: 5_000)
        let long = layer(words)
        let made = TextLayerTypesetter(layer: long).lines(width: 120, height: 60)
        let short = layer(String(words.prefix(400)))
        let all = TextLayerTypesetter(layer: short).lines(width: 120)
        XCTAssertGreaterThan(all.count, made.count)
        XCTAssertLessThan(made.count, 10, "only what 60 points show, and two more")
        for (shown, whole) in zip(made.dropLast(), all) {
            XCTAssertEqual(CTLineGetStringRange(shown.line).location, CTLineGetStringRange(whole.line).location)
        }
        let picture = { (l: CATextLayer) -> CGImage? in
            let renderer = CARenderer(size: CGSize(width: 120, height: 60))
            renderer.layer = l
            return renderer.makeImage(atTime: 0)
        }
        let a = try XCTUnwrap(picture(long)), b = try XCTUnwrap(picture(short))
        XCTAssertEqual(SnapshotComparison.difference(a, b, channelTolerance: 0).differing, 0, "the same first lines")
    }
}
