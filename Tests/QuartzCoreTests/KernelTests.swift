import XCTest
import CLaminaKernels
import CPixman

/// Our affine bilinear OVER kernel against pixman's general path on the same inputs.
final class KernelTests: XCTestCase {
    func testAffineBilinearOverMatchesPixman() {
        // A 34×34 texture: varied translucent texels inside a transparent ring.
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 1..<33 { for x in 1..<33 {
            let a = UInt32(80 + (x * 5 + y * 3) % 176), c = a * UInt32((x * 7) % 16) / 16
            texels[y * 34 + x] = a << 24 | c << 16 | (a / 2) << 8 | (a - c)
        } }
        for (angle, scale, alpha) in [(0.3, 1.0, UInt32(255)), (-1.1, 1.7, 200), (2.5, 0.6, 90)] {
            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
            // Destination → texture: about (40, 40) on screen to the texture's center.
            let inverse = [c, -s, s, c, 17 - c * 40 - s * 40, 17 + s * 40 - c * 40]
            var ours = [UInt32](repeating: 0xFF40_6080, count: 80 * 80), theirs = ours
            ours.withUnsafeMutableBufferPointer { dst in
                lamina_affine_bilinear_over(dst.baseAddress, 80, 0, 0, 80, 80, texels, 34, 34, 34, inverse, alpha)
            }
            theirs.withUnsafeMutableBufferPointer { dst in
                texels.withUnsafeMutableBufferPointer { src in
                    let d = pixman_image_create_bits(PIXMAN_x8r8g8b8, 80, 80, dst.baseAddress, 320)
                    let t = pixman_image_create_bits(PIXMAN_a8r8g8b8, 34, 34, src.baseAddress, 136)
                    var f = pixman_f_transform()
                    f.m = ((inverse[0], inverse[2], inverse[4]), (inverse[1], inverse[3], inverse[5]), (0, 0, 1))
                    var fixed = pixman_transform()
                    pixman_transform_from_pixman_f_transform(&fixed, &f)
                    pixman_image_set_transform(t, &fixed)
                    pixman_image_set_filter(t, PIXMAN_FILTER_BILINEAR, nil, 0)
                    let level = UInt16(alpha) * 257
                    var gray = pixman_color_t(red: level, green: level, blue: level, alpha: level)
                    let mask = pixman_image_create_solid_fill(&gray)
                    pixman_image_composite32(PIXMAN_OP_OVER, t, mask, d, 0, 0, 0, 0, 0, 0, 80, 80)
                    pixman_image_unref(d); pixman_image_unref(t); pixman_image_unref(mask)
                }
            }
            var worst = 0, changed = 0
            for i in 0..<ours.count {
                if theirs[i] != 0xFF40_6080 { changed += 1 }
                for k in stride(from: 0, to: 24, by: 8) {
                    worst = max(worst, abs(Int((ours[i] >> k) & 0xFF) - Int((theirs[i] >> k) & 0xFF)))
                }
            }
            XCTAssertGreaterThan(changed, 300, "the texture landed (angle \(angle))")
            XCTAssertLessThanOrEqual(worst, 3, "angle \(angle), scale \(scale), alpha \(alpha)")
        }
    }
}
