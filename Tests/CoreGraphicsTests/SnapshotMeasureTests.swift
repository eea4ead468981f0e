import XCTest
import CoreGraphics
import LaminaTesting

/// `SnapshotComparison.measure` and `difference` give the counts (and `difference` the diff
/// image) of drawing both images into premultiplied RGBA and comparing, whatever the two images'
/// layouts, reading opaque 8-bit RGB images where they lie; `identical` only when every pixel is
/// the same color.
final class SnapshotMeasureTests: XCTestCase {
    let (width, height) = (37, 23)

    /// Straight RGBA pixels, all opaque, from a fixed seed.
    func colors(seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<width * height).flatMap { _ -> [UInt8] in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return [UInt8(truncatingIfNeeded: state >> 24), UInt8(truncatingIfNeeded: state >> 32),
                    UInt8(truncatingIfNeeded: state >> 40), 255]
        }
    }

    /// `rgba` (straight, opaque) laid out as `layout`.
    func image(_ rgba: [UInt8], _ layout: String) throws -> CGImage {
        var bytes: [UInt8] = [], info: UInt32, bitsPerPixel = 32
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let (r, g, b, a) = (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
            switch layout {
            case "BGRA": bytes += [b, g, r, a]          // premultipliedFirst, 32-bit little-endian (cairo's)
            case "RGBA": bytes += [r, g, b, a]
            case "RGBX": bytes += [r, g, b, 0x5A]       // the skipped byte holds junk
            default: bytes += [r, g, b]
            }
        }
        switch layout {
        case "BGRA": info = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        case "RGBA": info = CGImageAlphaInfo.last.rawValue
        case "RGBX": info = CGImageAlphaInfo.noneSkipLast.rawValue
        default: info = CGImageAlphaInfo.none.rawValue; bitsPerPixel = 24
        }
        return try XCTUnwrap(CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                                     bytesPerRow: width * bitsPerPixel / 8, space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGBitmapInfo(rawValue: info), provider: CGDataProvider(data: Data(bytes) as CFData)!,
                                     decode: nil, shouldInterpolate: false, intent: .defaultIntent))
    }

    /// The comparison worked out here from `rgba` (each image drawn into premultiplied RGBA, as
    /// `difference` always did): counts and diff image.
    func reference(_ image: CGImage, _ golden: CGImage, tolerance: Int) -> (differing: Int, worst: Int, diff: [UInt8]) {
        let actual = SnapshotComparison.rgba(image), expected = SnapshotComparison.rgba(golden)
        var diff = [UInt8](repeating: 0, count: actual.count), differing = 0, worst = 0
        for i in stride(from: 0, to: actual.count, by: 4) {
            let delta = (0..<4).map { abs(Int(actual[i + $0]) - Int(expected[i + $0])) }.max()!
            worst = max(worst, delta)
            if delta > tolerance {
                differing += 1
                diff[i] = 255; diff[i + 3] = 255
            } else {
                (diff[i], diff[i + 1], diff[i + 2], diff[i + 3]) = (expected[i] / 4, expected[i + 1] / 4, expected[i + 2] / 4, 255)
            }
        }
        return (differing, worst, diff)
    }

    func testCountsEqualDifferenceAcrossLayouts() throws {
        let base = colors(seed: 1)
        var changed = base
        // Differences of 1…255 levels in single channels, some within the tolerance of 2.
        for (k, pixel) in [3, 50, 51, 200, 401, 402, 777].enumerated() {
            let (i, delta) = (4 * pixel + k % 3, [1, 2, 3, 40, 127, 128, 7][k])
            changed[i] = UInt8(changed[i] < 128 ? Int(changed[i]) + delta : Int(changed[i]) - delta)
        }
        let layouts = ["BGRA", "RGBA", "RGBX", "RGB"]
        for a in layouts {
            for b in layouts {
                let (x, y) = (try image(base, a), try image(changed, b))
                let expected = reference(x, y, tolerance: 2)
                XCTAssertEqual(expected.differing, 5, "\(a) against \(b)")
                let found = SnapshotComparison.difference(x, y, channelTolerance: 2)
                XCTAssertEqual(found.differing, expected.differing, "\(a) against \(b)")
                XCTAssertEqual(found.worst, expected.worst, "\(a) against \(b)")
                XCTAssertEqual(found.diff, expected.diff, "\(a) against \(b)")
                let measured = SnapshotComparison.measure(x, y, channelTolerance: 2)
                XCTAssertEqual(measured.differingPixels, expected.differing, "\(a) against \(b)")
                XCTAssertEqual(measured.worstDifference, expected.worst, "\(a) against \(b)")
                XCTAssertFalse(measured.identical, "\(a) against \(b)")
                let same = SnapshotComparison.measure(x, try image(base, b), channelTolerance: 0)
                XCTAssertEqual([same.differingPixels, same.worstDifference], [0, 0], "\(a) against \(b)")
                XCTAssertTrue(same.identical, "\(a) against \(b)")
            }
        }
    }

    /// A pixel that is not opaque sends the comparison through `difference`'s conversion (which
    /// compares premultiplied colors): the counts agree, and nothing is called identical.
    func testImagesThatAreNotOpaqueAreMeasuredAsDifferenceMeasuresThem() throws {
        var base = colors(seed: 2)
        base[4 * 100 + 3] = 0          // transparent: its color does not count
        var changed = base
        changed[4 * 100] &+= 90
        changed[4 * 300 + 1] &+= 9
        let (x, y) = (try image(base, "RGBA"), try image(changed, "RGBA"))
        let expected = reference(x, y, tolerance: 2)
        XCTAssertEqual(expected.differing, 1)
        let found = SnapshotComparison.difference(x, y, channelTolerance: 2)
        XCTAssertEqual([found.differing, found.worst], [expected.differing, expected.worst])
        XCTAssertEqual(found.diff, expected.diff)
        let measured = SnapshotComparison.measure(x, y, channelTolerance: 2)
        XCTAssertEqual([measured.differingPixels, measured.worstDifference], [expected.differing, expected.worst])
        XCTAssertFalse(measured.identical)
        XCTAssertFalse(SnapshotComparison.measure(x, x, channelTolerance: 0).identical)
    }
}
