import XCTest
@testable import CoreImage

/// `CIMotionBlur`'s kernel (`BlurKernels.motion` on `lamina_motion_blur`) against its
/// definition worked out in double precision: each pixel the mean of 2r+1 bilinear samples a
/// pixel apart along the line at the angle, transparent outside the image. The kernel places
/// samples to 1/64 of a pixel.
final class MotionBlurTests: XCTestCase {
    /// Bright squares and a soft gradient on transparent: edges across every direction, and
    /// nothing symmetric, so that a line turned the wrong way shows.
    private func scene(width: Int, height: Int) -> PixelImage {
        var image = PixelImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                var (r, g, b, a) = (0.0, 0.0, 0.0, 0.0)
                if x > width / 5, x < width / 3, y > height / 4, y < height / 2 { (r, g, b, a) = (1, 0.8, 0.2, 1) }
                if (x - 2 * width / 3) * (x - 2 * width / 3) + (y - 2 * height / 3) * (y - 2 * height / 3) < 64 { (r, g, b, a) = (0.1, 0.4, 1, 0.9) }
                if x + y < width / 4 { (r, g, b, a) = (0.3, 1, 0.3, Double(x) / Double(width)) }
                func byte(_ v: Double) -> UInt32 { UInt32((v * 255).rounded()) }
                image[x, y] = byte(a) << 24 | byte(r * a) << 16 | byte(g * a) << 8 | byte(b * a)
            }
        }
        return image
    }

    /// The definition, in floating point.
    private func direct(_ image: PixelImage, radius r: Int, angle: Double) -> PixelImage {
        let dx = cos(angle), dy = -sin(angle)
        var out = PixelImage(width: image.width, height: image.height)
        func channels(_ p: UInt32) -> SIMD4<Double> {
            SIMD4(Double(p & 0xFF), Double((p >> 8) & 0xFF), Double((p >> 16) & 0xFF), Double(p >> 24))
        }
        for y in 0..<image.height {
            for x in 0..<image.width {
                var sum = SIMD4<Double>.zero
                for t in -r...r {
                    let sx = Double(x) + Double(t) * dx, sy = Double(y) + Double(t) * dy
                    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down)), fx = sx - Double(x0), fy = sy - Double(y0)
                    let top: SIMD4<Double> = channels(image.pixel(x0, y0)) * (1 - fx) + channels(image.pixel(x0 + 1, y0)) * fx
                    let bottom: SIMD4<Double> = channels(image.pixel(x0, y0 + 1)) * (1 - fx) + channels(image.pixel(x0 + 1, y0 + 1)) * fx
                    sum += top * (1 - fy) + bottom * fy
                }
                var p: UInt32 = 0
                for k in 0..<4 { p |= UInt32((sum[k] / Double(2 * r + 1)).rounded()) << UInt32(8 * k) }

                out[x, y] = p
            }
        }
        return out
    }

    /// The mean and the largest difference of any channel between two images.
    private func difference(_ a: PixelImage, _ b: PixelImage) -> (mean: Double, worst: Int) {
        var total = 0, worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for k in 0..<4 {
                let d = abs(Int((p >> UInt32(8 * k)) & 0xFF) - Int((q >> UInt32(8 * k)) & 0xFF))
                total += d
                worst = max(worst, d)
            }
        }
        return (Double(total) / Double(4 * a.pixels.count), worst)
    }

    /// Opaque and translucent noise: every pixel differs from its neighbours.
    private func noise(width: Int, height: Int) -> PixelImage {
        var state: UInt32 = 12345
        var out = PixelImage(width: width, height: height)
        for i in out.pixels.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let a = state >> 24
            out.pixels[i] = a << 24 | (a == 0 ? 0 : (state >> 3) % (a + 1)) << 16 | (a == 0 ? 0 : (state >> 9) % (a + 1)) << 8
                | (a == 0 ? 0 : (state >> 15) % (a + 1))
        }
        return out
    }

    func testAlongTheAxesItIsABoxOfTheSameLength() {
        let image = scene(width: 61, height: 47)
        var boxedAcross = image, boxedDown = image
        BlurKernels.box(&boxedAcross, radiusX: 6, radiusY: 0)
        BlurKernels.box(&boxedDown, radiusX: 0, radiusY: 6)
        for (angle, box) in [(0.0, boxedAcross), (.pi, boxedAcross), (.pi / 2, boxedDown), (-.pi / 2, boxedDown)] {
            var blurred = image
            BlurKernels.motion(&blurred, radius: 6, angle: angle)
            XCTAssertLessThanOrEqual(difference(blurred, box).worst, 1, "angle \(angle): a box of 13 pixels (up to its rounding)")
        }
    }

    func testEveryLineFollowsTheDefinition() {
        let shapes = scene(width: 40, height: 32), grain = noise(width: 23, height: 19)
        var line = PixelImage(width: 48, height: 9)
        for x in 0..<48 { line[x, 4] = 0xFFFF_FFFF }          // one pixel thin
        for (name, image) in [("shapes", shapes), ("noise", grain), ("line", line)] {
            for radius in [1, 3, 9] {
                for angle in [0.01, 0.05, 0.3, .pi / 4, 1.2, 2.0, -1.2, -2.0, 2.9] {
                    var blurred = image
                    BlurKernels.motion(&blurred, radius: Double(radius), angle: angle)
                    let (mean, worst) = difference(blurred, direct(image, radius: radius, angle: angle))
                    XCTAssertLessThan(mean, 0.5, "\(name), radius \(radius), angle \(angle): mean difference per channel")
                    XCTAssertLessThanOrEqual(worst, 4, "\(name), radius \(radius), angle \(angle): largest difference")
                }
            }
        }
        // A line turned the wrong way is a different blur.
        var blurred = shapes
        BlurKernels.motion(&blurred, radius: 9, angle: 0.6)
        XCTAssertGreaterThan(difference(blurred, direct(shapes, radius: 9, angle: -0.6)).mean, 3)
    }

    func testOnePixelWideAndTallImages() {
        for (width, height) in [(1, 12), (12, 1)] {
            let image = noise(width: width, height: height)
            for angle in [0.0, 0.7, .pi / 2] {
                var blurred = image
                BlurKernels.motion(&blurred, radius: 4, angle: angle)
                XCTAssertLessThanOrEqual(difference(blurred, direct(image, radius: 4, angle: angle)).worst, 4, "\(width)×\(height) at \(angle)")
            }
        }
    }

    func testEmptyAndDegenerateInputsLeaveTheImage() {
        let image = scene(width: 9, height: 7)
        for (radius, angle) in [(0.0, 1.0), (-3.0, 1.0), (4.0, Double.nan), (4.0, .infinity)] {
            var same = image
            BlurKernels.motion(&same, radius: radius, angle: angle)
            XCTAssertEqual(same, image, "radius \(radius), angle \(angle)")
        }
        var one = PixelImage(width: 1, height: 1, pixels: [0xFF00_FF00])
        BlurKernels.motion(&one, radius: 300, angle: 0.7)
        XCTAssertEqual(one.width, 1)
    }
}
