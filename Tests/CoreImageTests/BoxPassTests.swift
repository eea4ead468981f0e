import XCTest
@testable import CoreImage
import CLaminaKernels

/// The box passes (`BlurKernels.box` on `lamina_box_blur_rows_with` and `lamina_box_blur_columns_with`,
/// running sums) against their formula worked out a pixel at a time: the window's sum of each
/// channel, transparent outside, times ⌊2²⁴ / (2r+1)⌋, plus 2²³, shifted down 24. Sizes and radii
/// reach the four-pixel steps' tails and windows wider than the image.
final class BoxPassTests: XCTestCase {
    private func image(width: Int, height: Int, seed: UInt32) -> PixelImage {
        var state = seed
        var out = PixelImage(width: width, height: height)
        for i in out.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = state >> 24
            let c = [state >> 8, state >> 14, state >> 19].map { a == 0 ? 0 : $0 % (a + 1) }
            out.pixels[i] = a << 24 | c[0] << 16 | c[1] << 8 | c[2]
        }
        return out
    }

    /// One pass along x (`dx` 1) or y (`dy` 1) by the formula.
    private func pass(_ source: PixelImage, radius r: Int, dx: Int, dy: Int) -> PixelImage {
        let inverse = UInt32((1 << 24) / (2 * r + 1))
        var out = source
        for y in 0..<source.height {
            for x in 0..<source.width {
                var p: UInt32 = 0
                for k in 0..<4 {
                    var sum: UInt32 = 0
                    for t in -r...r { sum += (source.pixel(x + t * dx, y + t * dy) >> UInt32(8 * k)) & 0xFF }
                    p |= ((sum * inverse + (1 << 23)) >> 24) << UInt32(8 * k)
                }
                out[x, y] = p
            }
        }
        return out
    }

    /// Each path the CPU can run: one channel at a time, and SSE4.1's where it has it (the
    /// passes pick the widest; this tries the others too).
    static var paths: [UInt32] {
        lamina_blur_features() & UInt32(LAMINA_KERNEL_SSE41) != 0 ? [0, UInt32(LAMINA_KERNEL_SSE41)] : [0]
    }

    func testEachPassIsTheWindowsRoundedMean() {
        for (width, height, rx, ry) in [(1, 1, 1, 1), (7, 5, 2, 3), (13, 9, 20, 0), (10, 17, 0, 4), (33, 21, 3, 30), (64, 3, 5, 1)] {
            let source = image(width: width, height: height, seed: UInt32(width * 31 + height))
            var expected = source
            if rx > 0 { expected = pass(expected, radius: rx, dx: 1, dy: 0) }
            if ry > 0 { expected = pass(expected, radius: ry, dx: 0, dy: 1) }
            for features in Self.paths {
                var blurred = source
                BlurKernels.box(&blurred, radiusX: rx, radiusY: ry, features: features)
                let wrong = zip(blurred.pixels, expected.pixels).filter { $0 != $1 }.count
                XCTAssertEqual(wrong, 0, "\(width)×\(height), radius \(rx) across, \(ry) down, features \(features): pixels off the window's mean")
            }
        }
    }

    func testTheWidestPathIsTheDefault() {
        // Without features named, the passes take the widest the CPU has: the same pixels.
        let source = image(width: 29, height: 23, seed: 7)
        var chosen = source, widest = source
        BlurKernels.box(&chosen, radiusX: 3, radiusY: 5)
        BlurKernels.box(&widest, radiusX: 3, radiusY: 5, features: Self.paths.last!)
        XCTAssertEqual(chosen.pixels, widest.pixels)
    }

    func testAFlatImageStaysFlatInsideAndFadesAtItsEdges() {
        var flat = PixelImage(width: 40, height: 30, pixels: [UInt32](repeating: 0xFF80_4020, count: 1200))
        BlurKernels.box(&flat, radiusX: 4, radiusY: 4)
        XCTAssertEqual(flat[20, 15], 0xFF80_4020, "the window wholly inside: the same color")
        XCTAssertEqual(flat[0, 15] >> 24, (255 * 5 + 4) / 9, "at the left edge 5 of the 9 pixels are inside")
    }
}

/// The copies around every filter: an image padded with transparent pixels, and an image's
/// pixels over any rectangle (transparent outside its extent), against a pixel at a time.
final class RasterCopyTests: XCTestCase {
    func testPaddedAndCoveringCopyEveryPixelToItsPlace() {
        var source = PixelImage(width: 5, height: 3)
        for i in source.pixels.indices { source.pixels[i] = 0xFF00_0000 | UInt32(i + 1) }
        let padded = source.padded(by: 2)
        XCTAssertEqual(padded.width, 9)
        for y in 0..<7 {
            for x in 0..<9 { XCTAssertEqual(padded[x, y], source.pixel(x - 2, y - 2), "padded (\(x), \(y))") }
        }
        // Extent origin (10, 20); rows run down from its top (max y).
        let image = CIImage(raster: source, extent: CGRect(x: 10, y: 20, width: 5, height: 3))
        for rect in [CGRect(x: 8, y: 19, width: 9, height: 6), CGRect(x: 12, y: 21, width: 2, height: 1),
                     CGRect(x: 0, y: 0, width: 4, height: 4), CGRect(x: 14, y: 22, width: 6, height: 5)] {
            let out = image.raster(covering: rect)
            for y in 0..<out.height {
                for x in 0..<out.width {
                    // Pixel (x, y) of `out` is at (rect.minX + x, rect.maxY − 1 − y) in base space.
                    let sx = Int(rect.minX) + x - 10, sy = 23 - (Int(rect.maxY) - y)
                    XCTAssertEqual(out[x, y], source.pixel(sx, sy), "\(rect): (\(x), \(y))")
                }
            }
        }
    }
}
