import XCTest
@testable import ImageIO

/// GIFs and animated PNGs that lie about their size or their frame count cost nothing: the
/// canvas is refused from the header (against the budget and the file's bytes) before pixel
/// memory is allocated, frame counts are what the file holds, and each says so once.
final class HostileAnimationTests: XCTestCase {
    /// A GIF declaring a `width` × `height` canvas with one 1 × 1 frame (about 40 bytes).
    static func tinyFrameGIF(width: Int, height: Int) -> Data {
        var gif = Data("GIF89a".utf8) + [UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8)]
        gif += [0x80, 0, 0] + [0, 0, 0, 255, 255, 255]                          // a 2-entry global table
        gif += [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]                                 // a 1 × 1 frame at (0, 0)
        gif += [2] + [UInt8(LZW.encode([1], minimumCodeSize: 2).count)] + LZW.encode([1], minimumCodeSize: 2) + [0]
        return gif + [0x3B]
    }

    func messages(_ data: Data, _ body: (CGImageSource) -> Void) -> [String] {
        CGDiagnostics.collecting {
            guard let source = CGImageSourceCreateWithData(data as CFData, nil) else { return XCTFail("no source") }
            body(source)
        }
    }

    /// Before: 1.3–1.85 GB and 4–11 s, then a trap in `Data(pixels)`.
    func testAGIFDeclaringAHugeCanvasForATinyFrameIsRefusedFromItsHeader() {
        for (width, height) in [(16384, 16384), (4096, 65535)] {
            let gif = Self.tinyFrameGIF(width: width, height: height)
            XCTAssertLessThan(gif.count, 400)
            let messages = messages(gif) { source in
                XCTAssertEqual(CGImageSourceGetCount(source), 0)
                XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
                XCTAssertNil(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
            }
            XCTAssertEqual(messages.count, 1, "\(width)×\(height): \(messages)")
            XCTAssertTrue(messages.first?.contains("can encode") ?? false, "\(messages)")
        }
    }

    func testASmallCanvasWithATinyFrameStillDecodes() throws {
        let gif = Self.tinyFrameGIF(width: 40, height: 30)
        var image: CGImage?
        let messages = messages(gif) { image = CGImageSourceCreateImageAtIndex($0, 0, nil) }
        XCTAssertEqual(messages, [])
        XCTAssertEqual(image?.width, 40)
        XCTAssertEqual(image?.height, 30)
    }

    /// A GIF that does not decode said nothing before.
    func testAGIFWithoutAFrameSaysSoOnce() {
        let gif = Data("GIF89a".utf8) + [4, 0, 4, 0, 0, 0, 0, 0x3B]
        let messages = messages(gif) { source in
            XCTAssertEqual(CGImageSourceGetCount(source), 0)
            for _ in 0..<5 { XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil)) }
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }

    func testAGIFCutShortKeepsItsFramesAndSaysSoOnce() {
        var gif = Self.tinyFrameGIF(width: 8, height: 8)
        gif.removeLast()                                                         // no trailer
        gif += [0x2C, 0, 0]                                                      // half a descriptor
        let messages = messages(gif) { source in
            XCTAssertEqual(CGImageSourceGetCount(source), 1)
            XCTAssertNotNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }

    /// Three frames of 4 × 3 as an APNG, with its `acTL` frame count replaced by `declared`.
    func apng(declaring declared: UInt32) throws -> Data {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png" as CFString, 3, nil))
        for k in 0..<3 {
            let pixels = [UInt8](repeating: UInt8(k * 80), count: 4 * 3 * 4)
            CGImageDestinationAddImage(destination, CGImage(width: 4, height: 3, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                                                            provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil,
                                                            shouldInterpolate: false, intent: .defaultIntent)!, nil)
        }
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        var bytes = data as Data
        let at = try XCTUnwrap(bytes.firstRange(of: Data("acTL".utf8))).upperBound
        bytes.replaceSubrange(at..<(at + 4), with: [UInt8(declared >> 24), UInt8((declared >> 16) & 0xFF),
                                                    UInt8((declared >> 8) & 0xFF), UInt8(declared & 0xFF)])
        return bytes
    }

    /// Before: a count of 2³¹, and "malformed animation." again on every frame asked for.
    func testAnAPNGCountsTheFramesItHoldsNotTheOnesItDeclares() throws {
        let data = try apng(declaring: 1 << 31)
        let messages = messages(data) { source in
            XCTAssertEqual(CGImageSourceGetCount(source), 3)
            for index in 0..<CGImageSourceGetCount(source) { XCTAssertNotNil(CGImageSourceCreateImageAtIndex(source, index, nil)) }
            XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 3, nil))
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("holds 3") ?? false, "\(messages)")
    }

    func testAnAPNGThatDoesNotDecodeSaysSoOnceNotPerFrame() throws {
        var data = try apng(declaring: 3)
        // Break the second fcTL's width (0 is not a frame): the animation does not decode.
        let second = try XCTUnwrap(data.ranges(of: Data("fcTL".utf8)).dropFirst().first).upperBound
        data.replaceSubrange((second + 4)..<(second + 8), with: [0, 0, 0, 0])
        let messages = messages(data) { source in
            for index in 0..<CGImageSourceGetCount(source) { XCTAssertNil(CGImageSourceCreateImageAtIndex(source, index, nil)) }
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }

    func testAnAPNGDeclaringAHugeCanvasIsRefusedFromItsHeader() throws {
        var data = try apng(declaring: 3)
        let header = try XCTUnwrap(data.firstRange(of: Data("IHDR".utf8))).upperBound
        data.replaceSubrange(header..<(header + 8), with: [0, 0, 0x20, 0, 0, 0, 0x20, 0])    // 8192 × 8192: within the budget
        let messages = messages(data) { source in XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil)) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("bytes of PNG data") ?? false, "\(messages)")
    }

    /// Before: `Int(.nan * 100)` trapped writing the delay.
    func testAGIFWithANaNDelayIsWritten() throws {
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        let image = try XCTUnwrap(CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                                          provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil,
                                          shouldInterpolate: false, intent: .defaultIntent))
        for (type, key) in [("com.compuserve.gif", kCGImagePropertyGIFDictionary), ("public.png", kCGImagePropertyPNGDictionary)] {
            let data = NSMutableData()
            let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, type as CFString, 2, nil))
            for delay in [Double.nan, 1e300] {
                CGImageDestinationAddImage(destination, image, [key: [kCGImagePropertyGIFDelayTime: delay]] as CFDictionary)
            }
            XCTAssertTrue(CGImageDestinationFinalize(destination), type)
        }
    }
}
