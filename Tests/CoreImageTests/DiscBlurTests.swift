import XCTest
@testable import CoreImage

/// `CIDiscBlur`'s kernel (`BlurKernels.disc` on `lamina_disc_blur`: row running sums, a span a
/// row) against its formula worked out a pixel at a time: the sum of each channel over the
/// disc's pixels (rows of half width ⌊√(r² − dy²)⌋, transparent outside) times 1 / area in
/// single precision, rounded half away from zero.
final class DiscBlurTests: XCTestCase {
    private func image(width: Int, height: Int) -> PixelImage {
        var state: UInt32 = UInt32(width * 7 + height)
        var out = PixelImage(width: width, height: height)
        for i in out.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = state >> 24
            out.pixels[i] = a << 24 | (a == 0 ? 0 : (state >> 4) % (a + 1)) << 16 | (a == 0 ? 0 : (state >> 11) % (a + 1))
        }
        return out
    }

    func testEachPixelIsTheDiscsRoundedMean() {
        for (width, height, radius) in [(1, 1, 1), (9, 7, 2), (23, 17, 5), (12, 30, 9), (6, 5, 14)] {
            let source = image(width: width, height: height)
            var blurred = source
            BlurKernels.disc(&blurred, radius: Double(radius))
            let halves = (-radius...radius).map { dy in Int(Double(radius * radius - dy * dy).squareRoot()) }
            let inverse = 1 / Float(halves.reduce(0) { $0 + 2 * $1 + 1 })
            var wrong = 0
            for y in 0..<height {
                for x in 0..<width {
                    var expected: UInt32 = 0
                    for k in 0..<4 {
                        var sum: UInt32 = 0
                        for (i, half) in halves.enumerated() {
                            for dx in -half...half { sum += (source.pixel(x + dx, y + i - radius) >> UInt32(8 * k)) & 0xFF }
                        }
                        expected |= UInt32((Float(sum) * inverse).rounded(.toNearestOrAwayFromZero)) << UInt32(8 * k)
                    }
                    if blurred[x, y] != expected { wrong += 1 }
                }
            }
            XCTAssertEqual(wrong, 0, "\(width)×\(height), radius \(radius): pixels off the disc's mean")
        }
    }
}
