import XCTest
import ImageIO

/// Files that lie about their size cost nothing: refused from the header, before pixel memory
/// is allocated, with one message each. (Before the budget, the 10⁶ × 10⁶ PNG aborted the
/// process and the 32768² JPEG took 15 s and 8.2 GB.)
final class HostileImageTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    func decode(_ data: Data, options: [String: Any]? = nil, sourceOptions: [String: Any]? = nil) -> CGImage? {
        guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions as CFDictionary?) else { return nil }
        return CGImageSourceCreateImageAtIndex(source, 0, options as CFDictionary?)
    }

    func testPNGDeclaringAMillionSquaredIsRefusedWithOneMessage() {
        let png = PNGFile.make(width: 1_000_000, height: 1_000_000, colorType: 6, idat: Data([0x78, 0x01]))
        XCTAssertLessThan(png.count, 80)
        let messages = CGDiagnostics.collecting { XCTAssertNil(decode(png)) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("budget") ?? false, "\(messages)")
    }

    func testTruncatedPNGWithinTheBudgetIsRefusedFromItsSize() {
        // 16000 × 16000 RGBA is within the budget, but 1 GB of rows cannot come out of 60 bytes.
        let png = PNGFile.make(width: 16000, height: 16000, colorType: 6, idat: Data([0x78, 0x01]))
        let messages = CGDiagnostics.collecting { XCTAssertNil(decode(png)) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("truncated") ?? false, "\(messages)")
    }

    func testAWellFormedPNGStillDecodes() throws {
        let rows = Data(repeating: 0, count: 4 * (1 + 4 * 3))   // 4 rows of filter 0 + 4 RGB pixels
        let png = PNGFile.make(width: 4, height: 4, colorType: 2, idat: PNGFile.stored(rows))
        let image = try XCTUnwrap(decode(png))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 4)
    }

    func testJPEGDeclaringBeyondTheBudgetIsRefused() throws {
        var jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("poppler.jpg"))
        Self.setJPEGSize(&jpeg, width: 65500, height: 65500)
        let messages = CGDiagnostics.collecting { XCTAssertNil(decode(jpeg)) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("budget") ?? false, "\(messages)")
    }

    func testJPEGDeclaringMorePixelsThanItsBytesCanHoldIsRefused() throws {
        // 16384² is within the budget; 6 KB of Huffman-coded data cannot hold it.
        var jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("poppler.jpg"))
        Self.setJPEGSize(&jpeg, width: 16384, height: 16384)
        let messages = CGDiagnostics.collecting { XCTAssertNil(decode(jpeg)) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("truncated") ?? false, "\(messages)")
    }

    func testTruncatedJPEGDecodesWhatIsThere() throws {
        let jpeg = try Data(contentsOf: Self.fixtures.appendingPathComponent("poppler.jpg"))
        let messages = CGDiagnostics.collecting {
            let image = decode(jpeg.prefix(jpeg.count / 2))
            XCTAssertNotNil(image)
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
    }

    func testOptionsLowerAndRaiseTheBudget() throws {
        let png = try Data(contentsOf: Self.fixtures.appendingPathComponent("poppler-rgb.png"))
        let full = try XCTUnwrap(decode(png))
        let pixels = full.width * full.height
        let lowered = [kLaminaImageSourceMaximumPixelCount as String: pixels - 1]
        XCTAssertEqual(CGDiagnostics.collecting { XCTAssertNil(decode(png, sourceOptions: lowered)) }.count, 1)
        // The image's own options override the source's.
        let raised = [kLaminaImageSourceMaximumPixelCount as String: pixels]
        XCTAssertNotNil(decode(png, options: raised, sourceOptions: lowered))
        let tinyBytes = [kLaminaImageSourceMaximumByteCount as String: 16]
        XCTAssertEqual(CGDiagnostics.collecting { XCTAssertNil(decode(png, options: tinyBytes)) }.count, 1)
    }

    /// Rewrites the frame header's height and width.
    static func setJPEGSize(_ jpeg: inout Data, width: Int, height: Int) {
        var i = 2
        while i + 8 < jpeg.count {
            let marker = jpeg[i + 1], length = Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                jpeg[i + 5] = UInt8(height >> 8); jpeg[i + 6] = UInt8(height & 0xFF)
                jpeg[i + 7] = UInt8(width >> 8); jpeg[i + 8] = UInt8(width & 0xFF)
                return
            }
            i += 2 + length
        }
    }
}

/// PNG files written byte by byte, so tests can declare any size.
enum PNGFile {
    static func make(width: Int, height: Int, colorType: UInt8, idat: Data) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(width)); header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, colorType, 0, 0, 0])
        png.append(chunk: "IHDR", header)
        png.append(chunk: "IDAT", idat)
        png.append(chunk: "IEND", Data())
        return png
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    static func stored(_ bytes: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let count = min(65535, bytes.count - offset)
            out.append(offset + count == bytes.count ? 1 : 0)
            out.append(contentsOf: [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)])
            out.append(bytes[offset..<offset + count])
            offset += count
        } while offset < bytes.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        out.append(bigEndian: b << 16 | a)
        return out
    }

    static func crc32(_ bytes: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func append(chunk type: String, _ payload: Data) {
        append(bigEndian: UInt32(payload.count))
        let typed = Data(type.utf8) + payload
        append(typed)
        append(bigEndian: PNGFile.crc32(typed))
    }
}

/// What the fuzzers found, each kept as a unit test besides its corpus file.
final class FuzzFoundImageTests: XCTestCase {
    func testAChunkDeclaringMoreThanTheFileHoldsIsRefused() {
        // zTXt declaring 721 MB in a 142-byte file: libpng allocated it all before reading.
        var png = PNGFile.make(width: 3, height: 3, colorType: 0, idat: PNGFile.stored(Data(count: 12)))
        let iend = png.count - 12
        png.insert(contentsOf: [0x2B, 0x00, 0x00, 0x13] + Array("zTXt".utf8) + Array("z\0\0".utf8), at: iend)
        let messages = CGDiagnostics.collecting {
            XCTAssertNil(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(png as CFData, nil)!, 0, nil))
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("zTXt") ?? false, "\(messages)")
    }

    func testAnArithmeticJPEGDeclaringMoreThanItCanHoldIsRefused() throws {
        // 221 bytes declaring 15406 × 14386 pixels took 890 MB.
        let url = HostileImageTests.fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/corpus/jpeg/regression-oom-arithmetic.jpg")
        let jpeg = try Data(contentsOf: url)
        let messages = CGDiagnostics.collecting {
            XCTAssertNil(CGImageSourceCreateImageAtIndex(CGImageSourceCreateWithData(jpeg as CFData, nil)!, 0, nil))
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages.first?.contains("truncated") ?? false, "\(messages)")
    }
}
