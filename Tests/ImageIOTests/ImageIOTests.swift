import XCTest
import ImageIO

final class ImageIOTests: XCTestCase {
    /// A 3×2 RGBA image with straight alpha, every pixel different.
    let image: CGImage = {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 200, 0, 0, 255, 100,
                             10, 20, 30, 40, 250, 240, 230, 255, 128, 128, 128, 0]
        return CGImage(width: 3, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 12,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                       provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
    }()

    func encode(_ image: CGImage, type: String, properties: [String: Any]? = nil) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, type as CFString, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, properties as CFDictionary?)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }

    func decode(_ data: Data) -> CGImage? {
        CGImageSourceCreateWithData(data as CFData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }
    }

    func straightBytes(_ image: CGImage) -> [UInt8] {
        Array(image.dataProvider!.data! as Data)
    }

    func testPNGRoundTripIsLossless() throws {
        let png = try XCTUnwrap(encode(image, type: "public.png"))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let source = try XCTUnwrap(CGImageSourceCreateWithData(png as CFData, nil))
        XCTAssertEqual(CGImageSourceGetType(source) as String?, "public.png")
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        let decoded = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(decoded.width, 3)
        XCTAssertEqual(decoded.height, 2)
        XCTAssertEqual(decoded.alphaInfo, .last)
        XCTAssertEqual(decoded.utType as String?, "public.png")
        XCTAssertEqual(straightBytes(decoded), straightBytes(image))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 1, nil))
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        XCTAssertEqual(properties[kCGImagePropertyPixelWidth as String] as? Int, 3)
        XCTAssertEqual(properties[kCGImagePropertyHasAlpha as String] as? Bool, true)
    }

    /// `kCGImagePropertyPNGCompressionFilter` = `IMAGEIO_PNG_FILTER_NONE` writes the same pixels
    /// unfiltered, with quicker compression: on a smooth gradient (which the Sub and Up filters
    /// turn into runs) the file is several times larger, and its zlib header names a faster level.
    func testPNGCompressionFilterNoneWritesTheSamePixelsUnfiltered() throws {
        let (width, height) = (200, 64)
        var rgba: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width { rgba += [UInt8((3 * x + 5 * y) & 255), UInt8((7 * x + 2 * y) & 255), UInt8((x + 11 * y) & 255), 255] }
        }
        let gradient = try XCTUnwrap(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                                             provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil,
                                             shouldInterpolate: true, intent: .defaultIntent))
        let standard = try XCTUnwrap(encode(gradient, type: "public.png"))
        var unfiltered: [Data] = []
        for filters in [IMAGEIO_PNG_FILTER_NONE, IMAGEIO_PNG_NO_FILTERS] {
            let png = [kCGImagePropertyPNGDictionary as String: [kCGImagePropertyPNGCompressionFilter as String: filters]]
            unfiltered.append(try XCTUnwrap(encode(gradient, type: "public.png", properties: png)))
        }
        XCTAssertEqual(unfiltered[0], unfiltered[1])
        XCTAssertEqual(straightBytes(try XCTUnwrap(decode(unfiltered[0]))), rgba)
        XCTAssertEqual(straightBytes(try XCTUnwrap(decode(standard))), rgba)
        XCTAssertGreaterThan(unfiltered[0].count, 3 * standard.count, "\(unfiltered[0].count) bytes against \(standard.count)")
        // The zlib header after "IDAT": FLEVEL (the top two bits of its second byte) 1 is a fast
        // level, 2 the default one.
        func level(_ png: Data) throws -> UInt8 {
            let idat = try XCTUnwrap(png.range(of: Data("IDAT".utf8)))
            return png[idat.upperBound + 1] >> 6
        }
        XCTAssertEqual(try level(standard), 2)
        XCTAssertEqual(try level(unfiltered[0]), 1)
        // Any other set of filters is written as by default.
        let all = [kCGImagePropertyPNGDictionary as String: [kCGImagePropertyPNGCompressionFilter as String: IMAGEIO_PNG_ALL_FILTERS]]
        XCTAssertEqual(try XCTUnwrap(encode(gradient, type: "public.png", properties: all)), standard)
    }

    func testGrayPNGStaysGray() throws {
        let gray = CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                           provider: CGDataProvider(data: Data([7, 200]) as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        let decoded = try XCTUnwrap(decode(try XCTUnwrap(encode(gray, type: "public.png"))))
        XCTAssertEqual(decoded.colorSpace?.model, .monochrome)
        XCTAssertEqual(decoded.bitsPerPixel, 8)
        XCTAssertEqual(straightBytes(decoded), [7, 200])
    }

    func testPNGFromAContextSnapshotThroughAFile() throws {
        let context = CGContext(data: nil, width: 16, height: 8, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        context.fill(CGRect(x: 0, y: 4, width: 8, height: 4))          // top-left quarter
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url as CFURL, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, try XCTUnwrap(context.makeImage()), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        XCTAssertFalse(diagnostics { XCTAssertFalse(CGImageDestinationFinalize(destination)) }.isEmpty)
        let decoded = try XCTUnwrap(CGImageSourceCreateWithURL(url as CFURL, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        let bytes = straightBytes(decoded)
        XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 255, 128])          // first row is the top row
        XCTAssertEqual(Array(bytes[(7 * 16 + 15) * 4..<(7 * 16 + 16) * 4]), [0, 0, 0, 0])
    }

    func testJPEGRoundTripIsClose() throws {
        // A smooth 32×32 gradient survives JPEG at quality 0.95 within a few levels.
        var rgba = [UInt8](repeating: 255, count: 32 * 32 * 4)
        for y in 0..<32 { for x in 0..<32 { let i = (y * 32 + x) * 4; rgba[i] = UInt8(x * 8); rgba[i + 1] = UInt8(y * 8); rgba[i + 2] = 128 } }
        let smooth = CGImage(width: 32, height: 32, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 128,
                             space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .noneSkipLast),
                             provider: CGDataProvider(data: Data(rgba) as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        let jpeg = try XCTUnwrap(encode(smooth, type: "public.jpeg", properties: [kCGImageDestinationLossyCompressionQuality as String: 0.95]))
        XCTAssertEqual(Array(jpeg.prefix(3)), [0xFF, 0xD8, 0xFF])
        let decoded = try XCTUnwrap(decode(jpeg))
        XCTAssertEqual(decoded.alphaInfo, .noneSkipLast)
        XCTAssertEqual(decoded.utType as String?, "public.jpeg")
        let out = straightBytes(decoded)
        var worst = 0
        for i in stride(from: 0, to: rgba.count, by: 4) { for k in 0..<3 { worst = max(worst, abs(Int(out[i + k]) - Int(rgba[i + k]))) } }
        XCTAssertLessThanOrEqual(worst, 6)
        let small = try XCTUnwrap(encode(smooth, type: "public.jpeg", properties: [kCGImageDestinationLossyCompressionQuality as String: 0.1]))
        XCTAssertLessThan(small.count, jpeg.count)
    }

    func testJPEGDropsAlphaOverBlackAndKeepsGray() throws {
        let decoded = try XCTUnwrap(decode(try XCTUnwrap(encode(image, type: "public.jpeg", properties: [kCGImageDestinationLossyCompressionQuality as String: 1.0]))))
        XCTAssertEqual(decoded.width, 3)
        let gray = CGImage(width: 8, height: 8, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 8,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                           provider: CGDataProvider(data: Data(repeating: 90, count: 64) as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent)!
        let grayDecoded = try XCTUnwrap(decode(try XCTUnwrap(encode(gray, type: "public.jpeg"))))
        XCTAssertEqual(grayDecoded.colorSpace?.model, .monochrome)
        XCTAssertTrue(straightBytes(grayDecoded).allSatisfy { abs(Int($0) - 90) <= 2 })
    }

    func testCoreGraphicsDecodersDirectly() throws {
        let png = try XCTUnwrap(encode(image, type: "public.png"))
        XCTAssertNotNil(CGImage(pngDataProviderSource: CGDataProvider(data: png as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        let messages = diagnostics {
            XCTAssertNil(CGImage(jpegDataProviderSource: CGDataProvider(data: png as CFData)!, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
        }
        XCTAssertEqual(messages.count, 1)
    }

    func testCorruptAndTruncatedDataNeverCrash() throws {
        let garbage = Data("definitely not an image".utf8)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(garbage as CFData, nil))
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusUnknownType)
        XCTAssertEqual(CGImageSourceGetCount(source), 0)
        XCTAssertNil(CGImageSourceGetType(source))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))

        let png = try XCTUnwrap(encode(image, type: "public.png"))
        let truncatedPNG = png.prefix(png.count / 2)
        let messages = diagnostics { XCTAssertNil(decode(truncatedPNG)) }
        XCTAssertFalse(messages.isEmpty)
        var corrupted = png
        let idat = try XCTUnwrap(png.range(of: Data("IDAT".utf8)))
        for i in idat.upperBound..<(idat.upperBound + 8) { corrupted[i] = 0xFF }   // breaks the zlib stream
        // libpng may recover part of the image (as Apple's decoders do); either way it says so.
        XCTAssertFalse(diagnostics { _ = decode(corrupted) }.isEmpty)

        let jpeg = try XCTUnwrap(encode(image, type: "public.jpeg"))
        let partial = diagnostics {                                     // a partial image or nil, never a crash
            if let image = decode(jpeg.prefix(jpeg.count / 2)) { XCTAssertEqual(image.width, 3) }
        }
        XCTAssertFalse(partial.isEmpty)
        XCTAssertFalse(diagnostics { XCTAssertNil(decode(jpeg.prefix(4))) }.isEmpty)
    }

    /// Files written by another encoder (poppler's pdftoppm rendering the showcase's first page
    /// at 36 dpi): the paths scene's blue rectangle sits at (10…60, 25…70) from the top left.
    func testDecodesFilesFromOtherEncoders() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        for (name, tolerance) in [("poppler-rgb.png", 0), ("poppler.jpg", 8)] {
            let source = try XCTUnwrap(CGImageSourceCreateWithURL(fixtures.appendingPathComponent(name) as CFURL, nil))
            let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil), name)
            XCTAssertEqual(image.width, 240, name)
            XCTAssertEqual(image.height, 180, name)
            let context = CGContext(data: nil, width: 240, height: 180, bitsPerComponent: 8, bytesPerRow: 960,
                                    space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.draw(image, in: CGRect(x: 0, y: 0, width: 240, height: 180))
            let p = context.data!.assumingMemoryBound(to: UInt8.self) + 47 * 960 + 35 * 4
            for (value, expected) in zip([p[0], p[1], p[2], p[3]], [51, 115, 217, 255]) {
                XCTAssertLessThanOrEqual(abs(Int(value) - expected), tolerance + 1, "\(name): \([p[0], p[1], p[2], p[3]])")
            }
        }
    }

    func testDestinationErrors() {
        let messages = diagnostics {
            XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData(), "public.tiff" as CFString, 1, nil))
            let destination = CGImageDestinationCreateWithData(NSMutableData(), "public.png" as CFString, 1, nil)!
            XCTAssertFalse(CGImageDestinationFinalize(destination))        // no image added
            let unwritable = CGImageDestinationCreateWithURL(URL(fileURLWithPath: "/nonexistent/dir/x.png") as CFURL, "public.png" as CFString, 1, nil)!
            CGImageDestinationAddImage(unwritable, image, nil)
            XCTAssertFalse(CGImageDestinationFinalize(unwritable))
        }
        XCTAssertEqual(messages.count, 3, "\(messages)")
        XCTAssertEqual(CGImageDestinationCopyTypeIdentifiers() as? [String], ["public.png", "public.jpeg", "com.compuserve.gif"])
        XCTAssertNil(CGImageSourceCreateWithURL(URL(fileURLWithPath: "/nonexistent.png") as CFURL, nil))
    }
}

/// The messages Core Graphics logs while `body` runs.
func diagnostics(during body: () -> Void) -> [String] {
    CGDiagnostics.collecting(during: body)
}
