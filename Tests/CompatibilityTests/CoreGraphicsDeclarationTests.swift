// Core Graphics and Core Text declarations called exactly as Apple's Swift interface spells them
// (labels, optionality, defaults, `!`/`?` where Apple's results are optional). A declaration
// that drifts from Apple's stops this file compiling; each call checks a value as well.
import CoreGraphics
import CoreText
import XCTest

final class CoreGraphicsDeclarationTests: XCTestCase {
    private func bitmap(_ width: Int = 8, _ height: Int = 8) -> CGContext {
        // Apple: init?(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo: UInt32)
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    private func pixel(_ context: CGContext, _ x: Int, _ y: Int) -> [UInt8] {
        let row = context.data!.advanced(by: y * context.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        return (0..<4).map { row[x * 4 + $0] }
    }

    /// `init?(data: CFData)` is failable on Apple: `CGDataProvider(data:)!` and `guard let` compile.
    func testDataProviderFromDataIsFailable() throws {
        let provider = CGDataProvider(data: Data([1, 2, 3]) as CFData)!
        XCTAssertEqual(provider.data?.length, 3)
        guard let optional = CGDataProvider(data: Data([9]) as CFData) else { return XCTFail("nil provider") }
        XCTAssertEqual(optional.data?.length, 1)
        let image = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.last.rawValue),
                            provider: CGDataProvider(data: Data([255, 0, 0, 255]) as CFData)!, decode: nil,
                            shouldInterpolate: false, intent: .defaultIntent)
        XCTAssertEqual(image?.width, 1)
        XCTAssertEqual(image?.alphaInfo, .last)
    }

    /// `draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false)`: one declaration, so
    /// the three-argument method reference exists and the default applies.
    func testDrawImageByTilingDefaultsToFalse() throws {
        let source = bitmap(2, 2)
        source.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        source.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = try XCTUnwrap(source.makeImage())
        let context = bitmap()
        let draw: (CGImage, CGRect, Bool) -> Void = context.draw(_:in:byTiling:)
        draw(image, CGRect(x: 0, y: 0, width: 2, height: 2), true)
        XCTAssertEqual(pixel(context, 7, 0), [255, 0, 0, 255], "tiled across the clip")
        let single = bitmap()
        single.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(pixel(single, 7, 0), [0, 0, 0, 0], "one copy by default")
    }

    /// CGContext's state, path and painting methods as Apple declares them.
    func testContextDrawingDeclarations() {
        let context = bitmap()
        context.saveGState()
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.setStrokeColor(gray: 0, alpha: 1)
        context.setLineWidth(2)
        context.setLineCap(.round)
        context.setLineJoin(.bevel)
        context.setMiterLimit(4)
        context.setLineDash(phase: 0, lengths: [2, 1])
        context.setAlpha(1)
        context.setBlendMode(.normal)
        context.setShouldAntialias(false)
        context.setShadow(offset: .zero, blur: 0, color: nil)
        context.interpolationQuality = .none
        context.beginPath()
        context.addLines(between: [.zero, CGPoint(x: 8, y: 0), CGPoint(x: 8, y: 8)])   // a move, then lines
        context.addLine(to: CGPoint(x: 0, y: 8))
        context.closePath()
        XCTAssertFalse(context.isPathEmpty)
        XCTAssertEqual(context.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertTrue(context.pathContains(CGPoint(x: 4, y: 4), mode: .fill))
        context.fillPath()                                      // using: .winding by default
        XCTAssertEqual(pixel(context, 4, 4), [0, 0, 255, 255])
        context.addArc(center: CGPoint(x: 4, y: 4), radius: 2, startAngle: 0, endAngle: .pi, clockwise: false)
        context.addArc(tangent1End: CGPoint(x: 8, y: 8), tangent2End: CGPoint(x: 0, y: 8), radius: 1)
        context.addCurve(to: .zero, control1: CGPoint(x: 1, y: 1), control2: CGPoint(x: 2, y: 2))
        context.addQuadCurve(to: CGPoint(x: 3, y: 3), control: CGPoint(x: 1, y: 2))
        XCTAssertEqual(context.currentPointOfPath, CGPoint(x: 3, y: 3))
        context.beginPath()
        context.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        context.addEllipse(in: CGRect(x: 2, y: 2, width: 2, height: 2))
        context.clip()                                          // using: .winding by default
        XCTAssertEqual(context.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 4, height: 4))
        context.restoreGState()
        context.clear(CGRect(x: 0, y: 0, width: 8, height: 8))
        XCTAssertEqual(pixel(context, 4, 4), [0, 0, 0, 0])
        context.translateBy(x: 1, y: 2)
        context.scaleBy(x: 2, y: 2)
        context.rotate(by: 0)
        context.concatenate(.identity)
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 1, ty: 2))
        XCTAssertEqual(context.convertToUserSpace(CGPoint(x: 1, y: 2)), .zero)
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)] as CFArray,
                                  locations: nil)!
        context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 4, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        XCTAssertEqual(pixel(context, 7, 0)[3], 255)
    }

    /// CGPath and CGMutablePath: transforms default to `.identity`, `UnsafePointer` transforms
    /// take nil, and the copies are optional where Apple's are.
    func testPathDeclarations() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addArc(center: CGPoint(x: 5, y: 5), radius: 5, startAngle: 0, endAngle: .pi, clockwise: true)
        path.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .pi / 2)
        path.addRoundedRect(in: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 1, cornerHeight: 1)
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1)])
        path.addPath(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2, height: 2), transform: nil))
        path.closeSubpath()
        XCTAssertFalse(path.isEmpty)
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 4, height: 2), transform: nil)
        XCTAssertTrue(rect.contains(CGPoint(x: 1, y: 1)))
        XCTAssertTrue(rect.contains(CGPoint(x: 1, y: 1), using: .evenOdd, transform: .identity))
        var found = CGRect.null
        XCTAssertTrue(rect.isRect(&found))
        XCTAssertEqual(found, CGRect(x: 0, y: 0, width: 4, height: 2))
        let copy: CGPath? = rect.copy(using: nil)
        XCTAssertEqual(copy?.boundingBox, rect.boundingBox)
        let mutable: CGMutablePath? = rect.mutableCopy()
        XCTAssertEqual(mutable?.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 4, height: 2))
        let stroked: CGPath = rect.copy(strokingWithWidth: 2, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertEqual(stroked.boundingBox, CGRect(x: -1, y: -1, width: 6, height: 4))
        let dashed: CGPath = rect.copy(dashingWithPhase: 0, lengths: [1, 1])
        XCTAssertFalse(dashed.isEmpty)
        var elements = 0
        rect.applyWithBlock { _ in elements += 1 }
        XCTAssertEqual(elements, 5)
        let rounded = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 4, height: 4), cornerWidth: 1, cornerHeight: 1, transform: nil)
        XCTAssertEqual(rounded.boundingBox, CGRect(x: 0, y: 0, width: 4, height: 4))
    }

    /// CGColor, CGColorSpace, CGAffineTransform and the geometry extensions.
    func testColorTransformAndGeometryDeclarations() {
        let space: CGColorSpace? = CGColorSpace(name: CGColorSpace.sRGB)
        XCTAssertEqual(space?.model, .rgb)
        XCTAssertEqual(space?.numberOfComponents, 3)
        XCTAssertEqual(CGColorSpaceCreateDeviceGray().model, .monochrome)
        let color = CGColor(srgbRed: 1, green: 0.5, blue: 0, alpha: 1)
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.copy(alpha: 0.5)?.alpha, 0.5)
        XCTAssertEqual(CGColor.white.components, [1, 1])
        let gray = color.converted(to: CGColorSpaceCreateDeviceGray(), intent: .defaultIntent, options: nil)
        XCTAssertEqual(gray?.numberOfComponents, 2)
        var values: [CGFloat] = [0, 1, 0, 1]
        XCTAssertEqual(CGColor(colorSpace: CGColorSpaceCreateDeviceRGB(), components: &values)?.components, values)
        let t = CGAffineTransform(translationX: 1, y: 2).scaledBy(x: 2, y: 2).rotated(by: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 3, y: 4))
        XCTAssertEqual(CGSize(width: 1, height: 1).applying(t), CGSize(width: 2, height: 2))
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 1, height: 1).applying(t), CGRect(x: 1, y: 2, width: 2, height: 2))
        XCTAssertTrue(t.concatenating(t.inverted()).isIdentity)
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 3).d, 3)
        XCTAssertEqual(CGAffineTransform(rotationAngle: 0), .identity)
        XCTAssertEqual(CGVector(dx: 1, dy: 2).dy, 2)
        let point = CGPoint(x: 1, y: 2)
        XCTAssertEqual(CGPoint(dictionaryRepresentation: point.dictionaryRepresentation), point)
        let rect = CGRect(x: 0, y: 0, width: 4, height: 4)
        XCTAssertEqual(rect.insetBy(dx: 1, dy: 1).offsetBy(dx: 1, dy: 0), CGRect(x: 2, y: 1, width: 2, height: 2))
        XCTAssertEqual(rect.divided(atDistance: 1, from: .minXEdge).slice.width, 1)
        XCTAssertEqual(CGRect(x: 0.5, y: 0, width: 1, height: 1).integral, CGRect(x: 0, y: 0, width: 2, height: 1))
    }

    /// Core Text's functions, with Apple's optional results and `@escaping` block.
    func testCoreTextDeclarations() {
        let font = CTFontCreateWithName("Helvetica" as CFString, 20, nil)
        XCTAssertEqual(CTFontGetSize(font), 20)
        let bold: CTFont? = CTFontCreateCopyWithSymbolicTraits(font, 0, nil, .traitBold, .traitBold)
        XCTAssertTrue(bold.map { CTFontGetSymbolicTraits($0).contains(.traitBold) } ?? false)
        var characters: [UniChar] = Array("A".utf16)
        var glyphs: [CGGlyph] = [0]
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &characters, &glyphs, 1))
        XCTAssertGreaterThan(CTFontGetAdvancesForGlyphs(font, .horizontal, &glyphs, nil, 1), 0)
        XCTAssertNotNil(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let string = NSAttributedString(string: "Hello world", attributes: [.font: font])
        let line = CTLineCreateWithAttributedString(string)
        var ascent: CGFloat = 0
        XCTAssertGreaterThan(CTLineGetTypographicBounds(line, &ascent, nil, nil), 0)
        XCTAssertGreaterThan(ascent, 0)
        let block: (Double, CFIndex, Bool, UnsafeMutablePointer<Bool>) -> Void = { _, _, _, stop in stop.pointee = true }
        CTLineEnumerateCaretOffsets(line, block)            // an escaping closure value, as Apple's takes
        var edges = 0
        CTLineEnumerateCaretOffsets(line) { _, _, _, _ in edges += 1 }
        XCTAssertEqual(edges, 22)
        let token = CTLineCreateWithAttributedString(NSAttributedString(string: "…", attributes: [.font: font]))
        let truncated: CTLine? = CTLineCreateTruncatedLine(line, 40, .end, token)
        XCTAssertNotNil(truncated)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        XCTAssertEqual(CTRunGetStringRange(runs[0]).location, 0)
        let framesetter = CTFramesetterCreateWithAttributedString(string)
        var fit = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRange(), nil, CGSize(width: 1000, height: 1000), &fit)
        XCTAssertEqual(fit.length, 11)
        XCTAssertGreaterThan(size.width, 0)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0),
                                             CGPath(rect: CGRect(x: 0, y: 0, width: 1000, height: 100), transform: nil), nil)
        XCTAssertEqual(CFArrayGetCount(CTFrameGetLines(frame)), 1)
        var alignment = CTTextAlignment.center
        let style = withUnsafeBytes(of: &alignment) { bytes in
            var setting = CTParagraphStyleSetting(spec: .alignment, valueSize: MemoryLayout<CTTextAlignment>.size, value: bytes.baseAddress!)
            return CTParagraphStyleCreate(&setting, 1)
        }
        var read = CTTextAlignment.left
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(style, .alignment, MemoryLayout<CTTextAlignment>.size, &read))
        XCTAssertEqual(read, .center)
    }
}

final class CoreGraphicsBitmapInfoDeclarationTests: XCTestCase {
    /// `init(alpha:component:byteOrder:pixelFormat:)`, every argument defaulted, as Apple's.
    func testBitmapInfoFromItsParts() {
        let info = CGBitmapInfo(alpha: .premultipliedFirst, byteOrder: .order32Little)
        XCTAssertEqual(info.rawValue, CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        XCTAssertEqual(CGBitmapInfo(alpha: .last), CGBitmapInfo(rawValue: 3))
        XCTAssertEqual(CGBitmapInfo(alpha: .none, component: .float).rawValue, CGBitmapInfo.floatComponents.rawValue)
        XCTAssertEqual(CGBitmapInfo(pixelFormat: .RGB565).rawValue, 0x20000)
        XCTAssertEqual(CGBitmapInfo().rawValue, 0)
        let context = CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGBitmapInfo(alpha: .premultipliedFirst, byteOrder: .order32Little).rawValue)
        XCTAssertEqual(context?.alphaInfo, .premultipliedFirst)
    }
}
