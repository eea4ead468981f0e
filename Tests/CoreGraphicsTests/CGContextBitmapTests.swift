import XCTest
import CoreGraphics

final class CGContextBitmapTests: XCTestCase {
    /// Fills the top-left quarter (in a y-up space: x < w/2, y ≥ h/2) with opaque orange and
    /// returns the first pixel's bytes in memory.
    func firstPixelBytes(info: UInt32, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(), bpp: Int = 4) -> [UInt8]? {
        var memory = [UInt8](repeating: 0, count: 4 * 4 * bpp)
        return memory.withUnsafeMutableBytes { raw -> [UInt8]? in
            guard let c = CGContext(data: raw.baseAddress, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 4 * bpp,
                                    space: space, bitmapInfo: info) else { return nil }
            c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
            c.fill(CGRect(x: 0, y: 2, width: 2, height: 2))
            XCTAssertEqual(c.data, raw.baseAddress)
            return Array(raw.prefix(bpp))
        }
    }

    func testByteLayoutsApplesAccepts() {
        let last = CGImageAlphaInfo.premultipliedLast.rawValue, first = CGImageAlphaInfo.premultipliedFirst.rawValue
        let little = CGBitmapInfo.byteOrder32Little.rawValue, big = CGBitmapInfo.byteOrder32Big.rawValue
        XCTAssertEqual(firstPixelBytes(info: last), [255, 128, 0, 255])                 // R G B A
        XCTAssertEqual(firstPixelBytes(info: last | big), [255, 128, 0, 255])           // R G B A
        XCTAssertEqual(firstPixelBytes(info: first), [255, 255, 128, 0])                // A R G B
        XCTAssertEqual(firstPixelBytes(info: first | little), [0, 128, 255, 255])       // B G R A
        XCTAssertEqual(firstPixelBytes(info: last | little), [255, 0, 128, 255])        // A B G R
        XCTAssertEqual(firstPixelBytes(info: CGImageAlphaInfo.noneSkipLast.rawValue)?.prefix(3), [255, 128, 0])
        XCTAssertEqual(firstPixelBytes(info: CGImageAlphaInfo.noneSkipFirst.rawValue | little)?.prefix(3), [0, 128, 255])
        XCTAssertEqual(firstPixelBytes(info: CGImageAlphaInfo.none.rawValue, space: CGColorSpaceCreateDeviceGray(), bpp: 1),
                       [PixelGray.luma(255, 128, 0)])
        XCTAssertEqual(firstPixelBytes(info: CGImageAlphaInfo.alphaOnly.rawValue, space: CGColorSpaceCreateDeviceGray(), bpp: 1), [255])
    }

    func testLayoutsAppleRefusesGiveNilWithAMessage() {
        var messages: [String] = []
        messages = diagnostics {
            XCTAssertNil(firstPixelBytes(info: CGImageAlphaInfo.last.rawValue))        // unpremultiplied
            XCTAssertNil(firstPixelBytes(info: CGImageAlphaInfo.first.rawValue))
            XCTAssertNil(firstPixelBytes(info: CGImageAlphaInfo.none.rawValue))        // RGB needs 32 bits with skip
            XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 16, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            XCTAssertNil(CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 8,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            XCTAssertNil(CGContext(data: nil, width: 0, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
            XCTAssertNil(CGContext(data: nil, width: -3, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        }
        XCTAssertEqual(messages.count, 7)
        XCTAssertTrue(messages.allSatisfy { $0.hasPrefix("CGBitmapContextCreate:") }, "\(messages)")
    }

    func testNewContextIsClearWithIdentityCTMAndReportsItsLayout() {
        let c = CGContext(data: nil, width: 7, height: 5, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .premultipliedFirst))!
        XCTAssertEqual(c.ctm, .identity)
        XCTAssertEqual(c.width, 7)
        XCTAssertEqual(c.height, 5)
        XCTAssertEqual(c.bitsPerPixel, 32)
        XCTAssertGreaterThanOrEqual(c.bytesPerRow, 28)
        XCTAssertEqual(c.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(c.colorSpace?.model, .rgb)
        let bytes = UnsafeBufferPointer(start: c.data!.assumingMemoryBound(to: UInt8.self), count: c.bytesPerRow * 5)
        XCTAssertTrue(bytes.allSatisfy { $0 == 0 })
    }

    func testOriginIsBottomLeftAndMemoryRowZeroIsTheTop() {
        let c = TestBitmap.rgba(4, 4)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 3), RGBA(255, 0, 0, 255))   // bottom-left corner
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 0, 0))
        XCTAssertEqual(c.pixel(atUser: 0, 0), RGBA(255, 0, 0, 255))
    }

    func testWritesThroughDataAreKeptByLaterDrawing() {
        // RGBA is not cairo's own layout: drawing goes through a shadow buffer and must not lose
        // what the caller wrote into the memory in between.
        let c = TestBitmap.rgba(4, 4)
        c.data!.storeBytes(of: 0xFF00_FF00 as UInt32, toByteOffset: 0, as: UInt32.self)   // bytes 00 FF 00 FF
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 3, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 255, 0, 255))
        XCTAssertEqual(c.pixel(3, 3), RGBA(0, 0, 255, 255))
    }

    func testMakeImageIsASnapshot() {
        let c = TestBitmap.rgba(2, 2)
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        let image = c.makeImage()!
        c.clear(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 0, 0))
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(image.bitmapInfo, c.bitmapInfo)
        XCTAssertEqual(Array(image.rgbaPixels.prefix(4)), [0, 255, 0, 255])
    }

    func testAlphaOnlyContextRecordsCoverage() {
        let c = CGContext(data: nil, width: 8, height: 1, bitsPerComponent: 8, bytesPerRow: 8, space: nil,
                          bitmapInfo: CGBitmapInfo(alpha: .alphaOnly))!
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        let bytes = c.data!.assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(bytes[0], 128, accuracy: 1)
        XCTAssertEqual(bytes[5], 0)
    }
}

enum PixelGray {
    static func luma(_ r: Int, _ g: Int, _ b: Int) -> UInt8 { UInt8((77 * r + 150 * g + 29 * b + 128) >> 8) }
}
