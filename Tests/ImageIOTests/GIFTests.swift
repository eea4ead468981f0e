import XCTest
@testable import ImageIO

/// GIF through `CGImageDestination` and `CGImageSource` (type "com.compuserve.gif"): frames with
/// their delays and loop count, 256 colors chosen by median cut, LZW both ways.
final class GIFTests: XCTestCase {
    /// A `width`×`height` straight-alpha RGBA image from a function of (x, y), y down.
    func image(width: Int, height: Int, _ color: (Int, Int) -> [UInt8]) -> CGImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { pixels += color(x, y) } }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                       provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil, shouldInterpolate: false,
                       intent: .defaultIntent)!
    }

    /// Straight RGBA bytes, top row first.
    func rgba(_ image: CGImage) -> [UInt8] {
        GIF.straightRGBA(image, width: image.width, height: image.height)!
    }

    func gif(_ frames: [(CGImage, Double)], loopCount: Int? = nil) throws -> Data {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "com.compuserve.gif" as CFString, frames.count, nil))
        if let loopCount {
            CGImageDestinationSetProperties(destination, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFLoopCount: loopCount]] as CFDictionary)
        }
        for (image, delay) in frames {
            CGImageDestinationAddImage(destination, image, [kCGImagePropertyGIFDictionary: [kCGImagePropertyGIFDelayTime: delay]] as CFDictionary)
        }
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        return data as Data
    }

    func testFramesOfFewColorsRoundTripExactly() throws {
        let checker = image(width: 9, height: 7) { x, y in (x + y) % 2 == 0 ? [200, 30, 40, 255] : [0, 0, 0, 0] }
        let stripes = image(width: 9, height: 7) { x, _ in [UInt8(x * 25), 100, 255 - UInt8(x * 25), 255] }
        let data = try gif([(checker, 0.05), (stripes, 0.5)], loopCount: 3)
        XCTAssertEqual(Array(data.prefix(6)), Array("GIF89a".utf8))
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data as CFData, nil))
        XCTAssertEqual(CGImageSourceGetType(source) as String?, "com.compuserve.gif")
        XCTAssertEqual(CGImageSourceGetCount(source), 2)
        let file = CGImageSourceCopyProperties(source, nil) as? [String: Any]
        XCTAssertEqual((file?[kCGImagePropertyGIFDictionary as String] as? [String: Any])?[kCGImagePropertyGIFLoopCount as String] as? Int, 3)
        let first = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(rgba(first), rgba(checker), "colors and transparency")
        // The second frame replaces every pixel: no trace of the first.
        XCTAssertEqual(rgba(try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 1, nil))), rgba(stripes))
        for (index, delay) in [0.05, 0.5].enumerated() {
            let properties = CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any]
            let frame = properties?[kCGImagePropertyGIFDictionary as String] as? [String: Any]
            XCTAssertEqual(try XCTUnwrap(frame?[kCGImagePropertyGIFDelayTime as String] as? Double), delay, accuracy: 1e-9)
        }
    }

    /// 1024 colors in 256 entries: every pixel lands near its color.
    func testManyColorsAreReducedByMedianCut() throws {
        let gradient = image(width: 32, height: 32) { x, y in [UInt8(x * 8), UInt8(y * 8), UInt8((x + y) * 4), 255] }
        let decoded = try XCTUnwrap(CGImageSourceCreateWithData(try gif([(gradient, 0.1)]) as CFData, nil)
            .flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        let before = rgba(gradient), after = rgba(decoded)
        var worst = 0, total = 0
        for i in 0..<before.count {
            let difference = abs(Int(before[i]) - Int(after[i]))
            worst = max(worst, difference)
            total += difference
        }
        XCTAssertLessThanOrEqual(worst, 20)
        XCTAssertLessThan(Double(total) / Double(before.count), 4)
    }

    /// LZW both ways, over the table filling up (clear codes) and every code size.
    func testLZWRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for minimumCodeSize in [2, 4, 8] {
            for length in [0, 1, 2, 300, 70_000] {
                let symbols = 1 << minimumCodeSize
                // Runs and noise: long strings (table growth) and short ones (many entries).
                let data = (0..<length).map { i in UInt8(i % 97 < 60 ? (i / 7) % symbols : Int.random(in: 0..<symbols, using: &generator)) }
                let encoded = LZW.encode(data, minimumCodeSize: minimumCodeSize)
                XCTAssertEqual(LZW.decode(encoded, minimumCodeSize: minimumCodeSize, count: length), data,
                               "size \(minimumCodeSize), length \(length)")
            }
        }
    }

    func testBrokenGIFsGiveNilNotACrash() throws {
        let data = try gif([(image(width: 5, height: 5) { x, _ in [UInt8(x * 50), 0, 0, 255] }, 0.1)])
        for cut in [3, 8, 13, 20, data.count - 8] {
            let source = CGImageSourceCreateWithData(data.prefix(cut) as CFData, nil)
            _ = source.flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }       // no crash; a frame or nil
        }
        let garbage = Data("GIF89a".utf8) + Data([5, 0, 5, 0, 0, 0, 0, 0x99, 0x99])
        let source = try XCTUnwrap(CGImageSourceCreateWithData(garbage as CFData, nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 0)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
    }

    /// The decoding budget holds for animations as a whole: a canvas declared too large, or
    /// frames that together pass the byte budget of the source's options, give nil.
    func testTheBudgetBoundsAnimations() throws {
        let huge = Data("GIF89a".utf8) + Data([0x60, 0xEA, 0x60, 0xEA, 0, 0, 0]) + Data([0x3B])     // 60000 × 60000
        XCTAssertNil(CGImageSourceCreateWithData(huge as CFData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) })
        let frames = (0..<3).map { k in (image(width: 4, height: 3) { _, _ in [UInt8(k * 80), 0, 0, 255] }, 0.1) }
        let small = [kLaminaImageSourceMaximumByteCount: 100] as CFDictionary            // 3 frames of 48 bytes: 144
        let data = try gif(frames)
        XCTAssertNotNil(CGImageSourceCreateWithData(data as CFData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 2, nil) })
        XCTAssertNil(CGImageSourceCreateWithData(data as CFData, small).flatMap { CGImageSourceCreateImageAtIndex($0, 2, nil) })
        let png = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(png, "public.png" as CFString, 3, nil))
        for (frame, _) in frames { CGImageDestinationAddImage(destination, frame, nil) }
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        XCTAssertNotNil(CGImageSourceCreateWithData(png, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 2, nil) })
        XCTAssertNil(CGImageSourceCreateWithData(png, small).flatMap { CGImageSourceCreateImageAtIndex($0, 2, nil) })
    }
}
