import XCTest
import CoreGraphics

final class CGImageTests: XCTestCase {
    func testPropertiesOfARawImage() {
        let image = Fixtures.quadrants
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 32)
        XCTAssertEqual(image.bytesPerRow, 8)
        XCTAssertEqual(image.alphaInfo, .last)
        XCTAssertEqual(image.colorSpace?.model, .rgb)
        XCTAssertFalse(image.isMask)
        XCTAssertEqual(image.dataProvider?.data?.length, 16)
    }

    func testDrawingIsUprightAndNearestKeepsQuadrants() {
        let c = TestBitmap.rgba(4, 4)
        c.interpolationQuality = .none
        c.draw(Fixtures.quadrants, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(c.pixel(0, 0), RGBA(255, 0, 0, 255))            // first image row at the top
        XCTAssertEqual(c.pixel(3, 0), RGBA(0, 255, 0, 255))
        XCTAssertEqual(c.pixel(0, 3), RGBA(0, 0, 255, 255))
        XCTAssertEqual(c.pixel(3, 3), RGBA(255, 255, 255, 255))
    }

    func testImageStaysUprightInAFlippedContext() {
        let c = TestBitmap.rgba(2, 2)
        c.translateBy(x: 0, y: 2)
        c.scaleBy(x: 1, y: -1)                                         // UIKit-style y-down user space
        c.interpolationQuality = .none
        c.draw(Fixtures.quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        // Core Graphics draws images relative to the user space's y axis: flipped here.
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 255, 255))
    }

    func testStraightAlphaIsPremultipliedWhenDrawn() {
        let c = TestBitmap.rgba(1, 1)
        c.draw(Fixtures.image(width: 1, height: 1, rgba: [200, 100, 50, 128]), in: CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(c.pixel(0, 0).isClose(to: RGBA(100, 50, 25, 128)), "\(c.pixel(0, 0))")
    }

    func testOtherLayoutsDecode() {
        // 16-bit big-endian gray with alpha last.
        let gray16 = CGImage(width: 1, height: 1, bitsPerComponent: 16, bitsPerPixel: 32, bytesPerRow: 4,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: CGBitmapInfo(alpha: .last),
                             provider: CGDataProvider(data: Data([0x80, 0x00, 0xFF, 0xFF]) as CFData)!, decode: nil,
                             shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertTrue(RGBA(gray16.rgbaPixels).isClose(to: RGBA(128, 128, 128, 255)))
        // 1-bit gray: 0b10 → white, black.
        let bits = CGImage(width: 2, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                           provider: CGDataProvider(data: Data([0b1000_0000]) as CFData)!, decode: nil,
                           shouldInterpolate: false, intent: .defaultIntent)!
        XCTAssertEqual(Array(bits.rgbaPixels), [255, 255, 255, 255, 0, 0, 0, 255])
        // BGRA, premultiplied first, little-endian (cairo's own layout).
        let bgra = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4,
                           space: CGColorSpaceCreateDeviceRGB(),
                           bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                           provider: CGDataProvider(data: Data([10, 20, 30, 255]) as CFData)!, decode: nil,
                           shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(bgra.rgbaPixels, [30, 20, 10, 255])
        // 24-bit RGB without alpha.
        let rgb = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 24, bytesPerRow: 3,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: [],
                          provider: CGDataProvider(data: Data([1, 2, 3]) as CFData)!, decode: nil,
                          shouldInterpolate: true, intent: .defaultIntent)!
        XCTAssertEqual(rgb.rgbaPixels, [1, 2, 3, 255])
    }

    func testCairosOwnLayoutDrawsAsStored() {
        // Premultiplied BGRA, little-endian, rows padded to 12 bytes: drawn 1:1 over nothing, the
        // premultiplied values come back, in their places.
        let bytes: [UInt8] = [0x20, 0x40, 0x60, 0x80, 0, 0, 0xFF, 0xFF, 9, 9, 9, 9,
                              0x10, 0x10, 0x10, 0x10, 0xFF, 0, 0, 0xFF, 9, 9, 9, 9]
        let image = CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 12,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                            provider: CGDataProvider(data: Data(bytes) as CFData)!, decode: nil,
                            shouldInterpolate: false, intent: .defaultIntent)!
        let c = TestBitmap.rgba(2, 2)
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0x60, 0x40, 0x20, 0x80))   // the first row at the top
        XCTAssertEqual(c.pixel(1, 0), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(0, 1), RGBA(0x10, 0x10, 0x10, 0x10))
        XCTAssertEqual(c.pixel(1, 1), RGBA(0, 0, 255, 255))
    }

    func testInvalidLayoutsAreRefused() {
        let messages = diagnostics {
            let provider = CGDataProvider(data: Data(count: 16) as CFData)!
            XCTAssertNil(CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                 space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last), provider: provider,
                                 decode: nil, shouldInterpolate: true, intent: .defaultIntent), "too few bytes")
            XCTAssertNil(CGImage(width: 2, height: 2, bitsPerComponent: 8, bitsPerPixel: 16, bytesPerRow: 8,
                                 space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last), provider: provider,
                                 decode: nil, shouldInterpolate: true, intent: .defaultIntent), "pixels too small")
            XCTAssertNil(CGImage(width: 0, height: 2, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                 space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last), provider: provider,
                                 decode: nil, shouldInterpolate: true, intent: .defaultIntent), "empty")
            XCTAssertNil(CGImage(width: 2, height: 2, bitsPerComponent: 7, bitsPerPixel: 28, bytesPerRow: 8,
                                 space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last), provider: provider,
                                 decode: nil, shouldInterpolate: true, intent: .defaultIntent), "7 bits")
        }
        XCTAssertEqual(messages.count, 4)
    }

    func testCropping() {
        let top = Fixtures.quadrants.cropping(to: CGRect(x: 0, y: 0, width: 2, height: 1))!
        XCTAssertEqual(top.width, 2)
        XCTAssertEqual(top.height, 1)
        XCTAssertEqual(top.rgbaPixels, [255, 0, 0, 255, 0, 255, 0, 255])
        let corner = Fixtures.quadrants.cropping(to: CGRect(x: 1.2, y: 1.5, width: 5, height: 5))!
        XCTAssertEqual(corner.width, 1)                                // integral, clipped to the image
        XCTAssertEqual(corner.rgbaPixels, [255, 255, 255, 255])
        XCTAssertNil(Fixtures.quadrants.cropping(to: CGRect(x: 5, y: 5, width: 1, height: 1)))
        XCTAssertNil(Fixtures.quadrants.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)))
    }

    func testTilingRepeatsTheImage() {
        let c = TestBitmap.rgba(8, 2)
        c.interpolationQuality = .none
        c.draw(Fixtures.quadrants, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        XCTAssertEqual(c.pixel(4, 0), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(7, 1), RGBA(255, 255, 255, 255))
    }

    func testImageMaskPaintsTheFillColor() {
        let mask = CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                           provider: CGDataProvider(data: Data([0, 255]) as CFData)!, decode: nil, shouldInterpolate: false)!
        XCTAssertTrue(mask.isMask)
        let c = TestBitmap.rgba(2, 1)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.draw(mask, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 255, 255))           // sample 0 paints
        XCTAssertEqual(c.pixel(1, 0).a, 0)                             // sample 1 masks out
    }

    func testDataProviders() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-provider-\(UUID()).bin")
        try Data([1, 2, 3]).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(CGDataProvider(url: url as CFURL)?.data?.length, 3)
        XCTAssertEqual(url.path.withCString { CGDataProvider(filename: $0) }?.data?.length, 3)
        let missing = diagnostics { XCTAssertNil(CGDataProvider(url: URL(fileURLWithPath: "/nonexistent/x") as CFURL)) }
        XCTAssertEqual(missing.count, 1)
    }
}

extension RGBA {
    init(_ bytes: [UInt8]) { self.init(bytes[0], bytes[1], bytes[2], bytes[3]) }
}
