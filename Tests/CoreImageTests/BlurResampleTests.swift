import XCTest
@testable import CoreImage
import CLaminaKernels

/// The two ends of a wide gaussian (`BlurKernels.reduced`, `BlurKernels.enlarge`, on the C
/// kernels `lamina_blur_reduce`, `lamina_blur_widen_row`, `lamina_blur_mix_rows_with`) against their
/// formulas worked out a channel at a time: block means rounded half up, and the bilinear mix
/// between block centers with weights in 1/256. Sizes that are not multiples of the block or of
/// the kernels' four and eight pixels a step reach every tail and every partial block.
final class BlurResampleTests: XCTestCase {
    /// A deterministic image of premultiplied pixels (alpha first, then channels up to it).
    private func image(width: Int, height: Int, seed: UInt64) -> PixelImage {
        var state = seed
        func next() -> UInt32 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        var out = PixelImage(width: width, height: height)
        for i in out.pixels.indices {
            let a = next() % 256
            let c = (0..<3).map { _ in a == 0 ? 0 : next() % (a + 1) }
            out.pixels[i] = a << 24 | c[0] << 16 | c[1] << 8 | c[2]
        }
        return out
    }

    private func channel(_ p: UInt32, _ k: Int) -> UInt32 { (p >> UInt32(8 * k)) & 0xFF }

    func testReducedIsEachBlocksRoundedMean() {
        for (width, height) in [(1, 1), (7, 5), (16, 16), (33, 19), (61, 42), (720, 9)] {
            let source = image(width: width, height: height, seed: UInt64(width * 1000 + height))
            for factor in [2, 4, 8] {
                let small = BlurKernels.reduced(source, by: factor)
                XCTAssertEqual(small.width, (width + factor - 1) / factor)
                XCTAssertEqual(small.height, (height + factor - 1) / factor)
                var wrong = 0
                for by in 0..<small.height {
                    for bx in 0..<small.width {
                        let xs = bx * factor..<min(bx * factor + factor, width), ys = by * factor..<min(by * factor + factor, height)
                        let count = UInt32(xs.count * ys.count)
                        var expected: UInt32 = 0
                        for k in 0..<4 {
                            var sum: UInt32 = 0
                            for y in ys { for x in xs { sum += channel(source[x, y], k) } }
                            expected |= ((sum + count / 2) / count) << UInt32(8 * k)
                        }
                        if small[bx, by] != expected { wrong += 1 }
                    }
                }
                XCTAssertEqual(wrong, 0, "\(width)×\(height) by \(factor): blocks off their mean")
            }
        }
    }

    func testEnlargedIsTheBilinearMixBetweenBlockCenters() {
        for (width, height, factor) in [(16, 16, 2), (37, 23, 4), (90, 70, 8), (721, 9, 8), (5, 3, 8)] {
            let small = image(width: (width + factor - 1) / factor, height: (height + factor - 1) / factor, seed: UInt64(width + factor))
            // Each path the CPU can run: the rows mixed four pixels a step (SSE2), and eight
            // (AVX2) where it has it.
            let paths: [UInt32] = lamina_blur_features() & UInt32(LAMINA_KERNEL_AVX2) != 0 ? [0, UInt32(LAMINA_KERNEL_AVX2)] : [0]
            for features in paths {
                var out = PixelImage(width: width, height: height)
                BlurKernels.enlarge(small, by: factor, into: &out, features: features)
                // Where pixel (x, y) samples the small image: its center in block units, less half a block.
                func place(_ i: Int, _ count: Int) -> (Int, Int, UInt32) {
                    let t = max((Float(i) + 0.5) / Float(factor) - 0.5, 0)
                    let i0 = min(Int(t), count - 1)
                    return (i0, min(i0 + 1, count - 1), min(UInt32(((t - Float(i0)) * 256).rounded()), 256))
                }
                func mix(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
                    var m: UInt32 = 0
                    for k in 0..<4 { m |= ((channel(p, k) * (256 - f) + channel(q, k) * f + 128) >> 8) << UInt32(8 * k) }
                    return m
                }
                var wrong = 0
                for y in 0..<height {
                    let (y0, y1, fy) = place(y, small.height)
                    for x in 0..<width {
                        let (x0, x1, fx) = place(x, small.width)
                        let expected = mix(mix(small[x0, y0], small[x1, y0], fx), mix(small[x0, y1], small[x1, y1], fx), fy)
                        if out[x, y] != expected { wrong += 1 }
                    }
                }
                XCTAssertEqual(wrong, 0, "\(width)×\(height) from \(small.width)×\(small.height), features \(features): pixels off the bilinear mix")
            }
        }
    }
}
