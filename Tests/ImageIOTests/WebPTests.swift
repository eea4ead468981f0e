import XCTest
import CoreGraphics
import ImageIO

/// WebP read as Apple's ImageIO reads it: lossy and lossless, with alpha; never written.
final class WebPTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    private func source(_ name: String, options: CFDictionary? = nil) throws -> CGImageSource {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
        return try XCTUnwrap(CGImageSourceCreateWithData(data as CFData, options))
    }

    /// Straight RGBA of the pixel at (x, y), row 0 at the top.
    private func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let p = context.data!.assumingMemoryBound(to: UInt8.self) + (y * image.width + x) * 4
        return [Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])]
    }

    func testALosslessImageWithAlphaDecodesExactly() throws {
        let source = try source("halves-lossless-alpha.webp")
        XCTAssertEqual(CGImageSourceGetType(source) as String?, "org.webmproject.webp")
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([image.width, image.height], [4, 2])
        XCTAssertEqual(image.alphaInfo, .last, "straight alpha, as Apple's decoder gives")
        XCTAssertEqual(rgba(image, 0, 0), [255, 0, 0, 255])
        // Blue at alpha 128, read back premultiplied.
        let blue = rgba(image, 3, 1)
        XCTAssertEqual(blue[3], 128)
        XCTAssertEqual(blue[2], 128, accuracy: 1)
    }

    func testALossyImageDecodesClose() throws {
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try source("green-lossy.webp"), 0, nil))
        XCTAssertEqual([image.width, image.height], [16, 16])
        let pixel = rgba(image, 8, 8)
        XCTAssertEqual(pixel[1], 200, accuracy: 6)
        XCTAssertLessThan(pixel[0] + pixel[2], 12)
        XCTAssertEqual(pixel[3], 255)
    }

    func testDamagedOrOverBudgetDataGivesNilWithAMessage() throws {
        let data = try Data(contentsOf: Self.fixtures.appendingPathComponent("green-lossy.webp"))
        let truncated = data.prefix(30)
        var messages = CGDiagnostics.collecting {
            let source = CGImageSourceCreateWithData(truncated as CFData, nil)
            XCTAssertNil(source.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        messages = CGDiagnostics.collecting {
            let small = [kLaminaImageSourceMaximumPixelCount as String: 100] as CFDictionary
            let source = CGImageSourceCreateWithData(data as CFData, small)
            XCTAssertNil(source.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("budget") ?? false, "\(messages)")
    }

    func testWebPIsReadNotWritten() {
        let readable = CGImageSourceCopyTypeIdentifiers() as? [String] ?? []
        let writable = CGImageDestinationCopyTypeIdentifiers() as? [String] ?? []
        XCTAssertTrue(readable.contains("org.webmproject.webp"))
        XCTAssertFalse(writable.contains("org.webmproject.webp"))
        let messages = CGDiagnostics.collecting {
            XCTAssertNil(CGImageDestinationCreateWithData(NSMutableData(), "org.webmproject.webp" as CFString, 1, nil))
        }
        XCTAssertEqual(messages.count, 1)
    }
}
