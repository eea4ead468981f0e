import CLaminaKernels
import CPixman
import Foundation

/// The second table of `lamina-bench kernels`: the sampling kernels' paths (plain, AVX2) beside
/// pixman on the same work: a tile under perspective, a label moved by a fraction of a pixel.
enum SamplingKernelSuite {
    static func run(samples: Int) {
        var target = [UInt32](repeating: 0xFF20_2020, count: 1280 * 720)
        print("")
        print("| kernel | plain | AVX2 | pixman | pixman ÷ AVX2 |")
        print("|---|---:|---:|---:|---:|")

        // The stress tile under perspective: turned 0.3 rad and tilted, about (640, 360).
        var tile = KernelSuite.tile()
        let angle = 0.3, tilt = (0.0008, 0.0003)
        var h = [cos(angle), sin(angle), tilt.0, -sin(angle), cos(angle), tilt.1, 0, 0, 1]
        h[6] = 33 - (h[0] * 640 + h[3] * 360)
        h[7] = 33 - (h[1] * 640 + h[4] * 360)
        h[8] = 1 - (tilt.0 * 640 + tilt.1 * 360)
        let box = (x0: Int32(593), y0: Int32(313), x1: Int32(687), y1: Int32(407))
        let perspective = tile.withUnsafeMutableBufferPointer { src -> (Double, Double, Double) in
            var texture = lamina_texture()
            texture.texels = UnsafePointer(src.baseAddress)
            (texture.stride_pixels, texture.width, texture.height) = (66, 66, 66)
            lamina_texture_find_flat_rect(&texture)
            func ours(_ features: UInt32) -> Double {
                Benchmark(name: "projective") {
                    target.withUnsafeMutableBufferPointer { dst in
                        lamina_projective_bilinear_edged_over_with(dst.baseAddress, 1280, box.x0, box.y0, box.x1, box.y1, &texture, h,
                                                                   200 * 0x0101_0101, nil, features)
                    }
                }.run(samples: samples)
            }
            let theirs = pixman(source: src.baseAddress!, width: 66, height: 66, transform: (h[0], h[3], h[6], h[1], h[4], h[7], h[2], h[5], h[8]),
                                box: box, into: &target, samples: samples)
            return (ours(0), ours(UInt32(LAMINA_KERNEL_AVX2)), theirs)
        }
        row("rounded 64×64 tile under perspective, bilinear OVER, opacity 0.78", perspective)

        // A 1136×24 label: text on its left third, transparent to the right, moved down 0.37 px.
        let (width, height) = (1138, 26)
        var label = [UInt32](repeating: 0, count: width * height)
        for y in 1..<height - 1 { for x in 1..<width / 3 {
            let a = UInt32((x * 7 + y * 13) % 256)
            label[y * width + x] = a << 24 | (a / 8) << 16 | (a / 8) << 8 | (a / 8)
        } }
        let shift = [1.0, 0, 0, 1, -100, -(5 + 0.37)]
        let labelBox = (x0: Int32(100), y0: Int32(5), x1: Int32(100 + width), y1: Int32(5 + height + 1))
        let translated = label.withUnsafeMutableBufferPointer { src -> (Double, Double, Double) in
            var texture = lamina_texture()
            texture.texels = UnsafePointer(src.baseAddress)
            (texture.stride_pixels, texture.width, texture.height) = (Int32(width), Int32(width), Int32(height))
            lamina_texture_find_flat_rect(&texture)
            func ours(_ features: UInt32) -> Double {
                Benchmark(name: "translated") {
                    target.withUnsafeMutableBufferPointer { dst in
                        lamina_affine_bilinear_edged_over_with(dst.baseAddress, 1280, labelBox.x0, labelBox.y0, labelBox.x1, labelBox.y1,
                                                               &texture, shift, .max, nil, features)
                    }
                }.run(samples: samples)
            }
            let theirs = pixman(source: src.baseAddress!, width: Int32(width), height: Int32(height),
                                transform: (1, 0, shift[4], 0, 1, shift[5], 0, 0, 1), box: labelBox, into: &target, opaque: true, samples: samples)
            return (ours(0), ours(UInt32(LAMINA_KERNEL_AVX2)), theirs)
        }
        row("1136×24 label moved by 0.37 px (a scrolled list's row), bilinear OVER", translated)
    }

    private static func row(_ work: String, _ figures: (plain: Double, wide: Double, pixman: Double)) {
        print(String(format: "| %@ | %.1f µs | %.1f µs | %.1f µs | %.1f× |", work, figures.plain * 1e6, figures.wide * 1e6,
                     figures.pixman * 1e6, figures.pixman / figures.wide))
    }

    /// pixman's bilinear OVER of the same work through the same map (its matrix rows are the
    /// kernels' columns), faded by 200 unless `opaque`.
    private static func pixman(source: UnsafeMutablePointer<UInt32>, width: Int32, height: Int32,
                               transform m: (Double, Double, Double, Double, Double, Double, Double, Double, Double),
                               box: (x0: Int32, y0: Int32, x1: Int32, y1: Int32), into target: inout [UInt32], opaque: Bool = false,
                               samples: Int) -> Double {
        target.withUnsafeMutableBufferPointer { dst in
            let d = pixman_image_create_bits(PIXMAN_x8r8g8b8, 1280, 720, dst.baseAddress, 1280 * 4)
            let t = pixman_image_create_bits(PIXMAN_a8r8g8b8, width, height, source, width * 4)
            var f = pixman_f_transform()
            f.m = ((m.0, m.1, m.2), (m.3, m.4, m.5), (m.6, m.7, m.8))
            var fixed = pixman_transform()
            pixman_transform_from_pixman_f_transform(&fixed, &f)
            pixman_image_set_transform(t, &fixed)
            pixman_image_set_filter(t, PIXMAN_FILTER_BILINEAR, nil, 0)
            var gray = pixman_color_t(red: 200 * 257, green: 200 * 257, blue: 200 * 257, alpha: 200 * 257)
            let mask = opaque ? nil : pixman_image_create_solid_fill(&gray)
            defer { pixman_image_unref(d); pixman_image_unref(t); if let mask { pixman_image_unref(mask) } }
            return Benchmark(name: "pixman") {
                pixman_image_composite32(PIXMAN_OP_OVER, t, mask, d, box.x0, box.y0, 0, 0, box.x0, box.y0, box.x1 - box.x0, box.y1 - box.y0)
            }.run(samples: samples)
        }
    }
}
