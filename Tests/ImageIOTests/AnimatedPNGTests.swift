import XCTest
@testable import ImageIO

/// Animated PNG through `CGImageDestination` and `CGImageSource`, as Apple's ImageIO writes and
/// reads it: several images added to a PNG destination make an APNG; a source counts its frames
/// and gives each as a viewer shows it, with its delay.
final class AnimatedPNGTests: XCTestCase {
    /// An opaque `width`×`height` image of one color.
    func solid(_ rgb: [UInt8], width: Int = 4, height: Int = 3) -> CGImage {
        let pixels: [UInt8] = (0..<(width * height)).flatMap { _ -> [UInt8] in rgb + [255] }
        return CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                       provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil, shouldInterpolate: false,
                       intent: .defaultIntent)!
    }

    /// Straight RGBA bytes of an image, drawn into a fresh bitmap.
    func rgba(_ image: CGImage) -> [UInt8] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return Array(UnsafeBufferPointer(start: context.data!.assumingMemoryBound(to: UInt8.self), count: image.width * image.height * 4))
    }

    func testFramesAndDelaysRoundTrip() throws {
        let colors: [[UInt8]] = [[255, 0, 0], [0, 200, 0], [10, 20, 250]]
        let delays = [0.05, 1.0 / 30, 0.2]
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png" as CFString, 3, nil))
        CGImageDestinationSetProperties(destination, [kCGImagePropertyPNGDictionary: [kCGImagePropertyAPNGLoopCount: 2]] as CFDictionary)
        for (color, delay) in zip(colors, delays) {
            CGImageDestinationAddImage(destination, solid(color),
                                       [kCGImagePropertyPNGDictionary: [kCGImagePropertyAPNGDelayTime: delay]] as CFDictionary)
        }
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let bytes = [UInt8](data as Data)
        XCTAssertNotNil(bytes.firstRange(of: Array("acTL".utf8)), "no animation control chunk")
        XCTAssertEqual(bytes.ranges(of: Array("fcTL".utf8)).count, 3)

        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetType(source) as String?, "public.png")
        XCTAssertEqual(CGImageSourceGetCount(source), 3)
        let file = CGImageSourceCopyProperties(source, nil) as? [String: Any]
        XCTAssertEqual((file?[kCGImagePropertyPNGDictionary as String] as? [String: Any])?[kCGImagePropertyAPNGLoopCount as String] as? Int, 2)
        for index in 0..<3 {
            let frame = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, index, nil))
            XCTAssertEqual(rgba(frame), rgba(solid(colors[index])), "frame \(index)")
            let png = (CGImageSourceCopyPropertiesAtIndex(source, index, nil) as? [String: Any])?[kCGImagePropertyPNGDictionary as String]
            let delay = try XCTUnwrap((png as? [String: Any])?[kCGImagePropertyAPNGDelayTime as String] as? Double)
            XCTAssertEqual(delay, delays[index], accuracy: 1e-12)
        }
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 3, nil))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, -1, nil))
    }

    /// Frames of other sizes or layouts are drawn on a canvas the size of the first.
    func testFramesOfDifferentLayoutsShareOneCanvas() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png" as CFString, 2, nil))
        CGImageDestinationAddImage(destination, solid([0, 0, 255]), nil)
        CGImageDestinationAddImage(destination, solid([255, 255, 0], width: 2, height: 2), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 2)
        let second = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 1, nil))
        XCTAssertEqual([second.width, second.height], [4, 3])
        let pixels = rgba(second)
        XCTAssertEqual(Array(pixels[0..<4]), [255, 255, 0, 255], "the smaller frame sits at the top left")
        XCTAssertEqual(Array(pixels[(2 * 4 + 3) * 4..<(2 * 4 + 4) * 4]), [0, 0, 0, 0], "outside it the canvas is clear")
    }

    /// A partial frame composited over the one before (blend over), then taken away again
    /// (dispose to previous): what other encoders write, read as a viewer shows it.
    func testPartialFramesAreCompositedAsViewersShowThem() throws {
        let red = try XCTUnwrap(PNGCodec.encode(solid([255, 0, 0])))
        let halfBlue = CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                               provider: CGDataProvider(data: Data([0, 0, 255, 255, 0, 0, 255, 0]) as CFData)!, decode: nil,
                               shouldInterpolate: false, intent: .defaultIntent)!
        let blue = try XCTUnwrap(PNGCodec.encode(halfBlue))
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func control(_ sequence: Int, width: Int, height: Int, x: Int, y: Int, dispose: UInt8, blend: UInt8) -> APNG.Chunk {
            APNG.Chunk(type: "fcTL", body: be32(sequence) + be32(width) + be32(height) + be32(x) + be32(y) + [0, 1, 0, 10, dispose, blend])
        }
        var file = Data(APNG.signature)
        let redChunks = APNG.Chunk.all(in: red)
        let blueChunks = APNG.Chunk.all(in: blue)
        redChunks.first { $0.type == "IHDR" }!.append(to: &file)
        APNG.Chunk(type: "acTL", body: be32(3) + be32(0)).append(to: &file)
        control(0, width: 4, height: 3, x: 0, y: 0, dispose: 0, blend: 0).append(to: &file)
        for chunk in redChunks where chunk.type == "IDAT" { chunk.append(to: &file) }
        // Frame 2: 2×1 at (1, 1), over the red; then restored.
        control(1, width: 2, height: 1, x: 1, y: 1, dispose: 2, blend: 1).append(to: &file)
        var sequence = 2
        for chunk in blueChunks where chunk.type == "IDAT" {
            APNG.Chunk(type: "fdAT", body: be32(sequence) + chunk.body).append(to: &file)
            sequence += 1
        }
        // Frame 3: the same region again with nothing drawn (blend over a transparent pixel pair).
        control(sequence, width: 2, height: 1, x: 1, y: 1, dispose: 0, blend: 1).append(to: &file)
        sequence += 1
        let clear = try XCTUnwrap(PNGCodec.encode(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 8,
                                                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                                                          provider: CGDataProvider(data: Data(count: 8) as CFData)!, decode: nil,
                                                          shouldInterpolate: false, intent: .defaultIntent)!))
        for chunk in APNG.Chunk.all(in: clear) where chunk.type == "IDAT" {
            APNG.Chunk(type: "fdAT", body: be32(sequence) + chunk.body).append(to: &file)
            sequence += 1
        }
        APNG.Chunk(type: "IEND", body: []).append(to: &file)

        let source = try XCTUnwrap(CGImageSourceCreateWithData(file as CFData, nil))
        XCTAssertEqual(CGImageSourceGetCount(source), 3)
        func pixel(_ frame: Int, _ x: Int, _ y: Int) throws -> [UInt8] {
            let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, frame, nil))
            let i = (y * 4 + x) * 4
            return Array(rgba(image)[i..<i + 4])
        }
        XCTAssertEqual(try pixel(1, 1, 1), [0, 0, 255, 255], "the blue pixel over the red")
        XCTAssertEqual(try pixel(1, 2, 1), [255, 0, 0, 255], "a transparent pixel composited over keeps the red")
        XCTAssertEqual(try pixel(1, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(try pixel(2, 1, 1), [255, 0, 0, 255], "frame 2 was disposed to what was there before")
        let delay = (CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any]).flatMap {
            ($0[kCGImagePropertyPNGDictionary as String] as? [String: Any])?[kCGImagePropertyAPNGDelayTime as String] as? Double
        }
        XCTAssertEqual(delay, 0.1)
    }

    func testOneImageStaysAPlainPNGAndBrokenAnimationsGiveNil() throws {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil))
        CGImageDestinationAddImage(destination, solid([1, 2, 3]), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        XCTAssertNil([UInt8](data as Data).firstRange(of: Array("acTL".utf8)))
        let still = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetCount(still), 1)
        XCTAssertNotNil(CGImageSourceCreateImageAtIndex(still, 0, nil))
        // An animation control chunk claiming five frames over none: the count is what the
        // file holds, and the image is the PNG's own, as viewers show it.
        var file = Data(APNG.signature)
        let chunks = APNG.Chunk.all(in: try XCTUnwrap(PNGCodec.encode(solid([1, 2, 3]))))
        chunks[0].append(to: &file)
        APNG.Chunk(type: "acTL", body: [0, 0, 0, 5, 0, 0, 0, 0]).append(to: &file)
        for chunk in chunks.dropFirst() { chunk.append(to: &file) }
        let broken = try XCTUnwrap(CGImageSourceCreateWithData(file as CFData, nil))
        XCTAssertEqual(CGImageSourceGetCount(broken), 1)
        XCTAssertNotNil(CGImageSourceCreateImageAtIndex(broken, 0, nil))
        XCTAssertNil(CGImageSourceCopyPropertiesAtIndex(broken, 4, nil))
    }
}
