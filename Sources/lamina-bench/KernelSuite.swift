import CLaminaKernels
import CPixman
import Foundation

/// `lamina-bench kernels`: our pixel kernels and pixman's on the same work, side by side.
enum KernelSuite {
    /// A 66×66 premultiplied tile like the stress scene's: 64×64 with corners rounded by 8, a
    /// 2-texel opaque border, a translucent interior and a transparent padding ring.
    static func tile() -> [UInt32] {
        func inside(_ x: Double, _ y: Double, inset: Double) -> Bool {
            let r = 8 - inset, lo = 1 + inset, hi = 65 - inset
            let cx = min(max(x, lo + r), hi - r), cy = min(max(y, lo + r), hi - r)
            return x >= lo && x < hi && y >= lo && y < hi && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        var texels = [UInt32](repeating: 0, count: 66 * 66)
        for y in 0..<66 { for x in 0..<66 {
            let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
            guard inside(px, py, inset: 0) else { continue }
            texels[y * 66 + x] = inside(px, py, inset: 2) ? 0xCC33_5599 : 0xFFFF_FFFF
        } }
        return texels
    }

    static func run(samples: Int) {
        var texels = tile()
        var target = [UInt32](repeating: 0xFF20_2020, count: 1280 * 720)
        let angle = 0.3
        // Destination → source: rotation by -angle about the tile's center placed at (640, 360).
        let (c, s) = (cos(angle), sin(angle))
        let inverse = [c, -s, s, c, 33 - c * 640 - s * 360, 33 + s * 640 - c * 360]
        let box = (x0: Int32(640 - 47), y0: Int32(360 - 47), x1: Int32(640 + 47), y1: Int32(360 + 47))
        // Ours three ways: sampling every texel; filling the flat interior's largest rectangle;
        // filling the cross of its wide and tall rectangles.
        enum Flat { case none, one, cross }
        /// With `aliased`, all four sides of the tile's outline are cut by pixel centers
        /// (`allowsEdgeAntialiasing` off, iOS's default): the edged entry point.
        func ours(_ flat: Flat, aliased: Bool = false) -> Double {
            texels.withUnsafeBufferPointer { src in
                var texture = lamina_texture()
                texture.texels = src.baseAddress
                (texture.stride_pixels, texture.width, texture.height) = (66, 66, 66)
                if flat != .none { lamina_texture_find_flat_rect(&texture) }
                if flat == .one {
                    // The larger of the two alone.
                    let a = (texture.flat_x1 - texture.flat_x0) * (texture.flat_y1 - texture.flat_y0)
                    let b = (texture.flat2_x1 - texture.flat2_x0) * (texture.flat2_y1 - texture.flat2_y0)
                    if b > a { (texture.flat_x0, texture.flat_y0, texture.flat_x1, texture.flat_y1) =
                        (texture.flat2_x0, texture.flat2_y0, texture.flat2_x1, texture.flat2_y1) }
                    (texture.flat2_x0, texture.flat2_x1) = (0, 0)
                }
                var edges = lamina_edges(x0: 1, y0: 1, x1: 65, y1: 65, aliased: aliased ? 15 : 0)
                return Benchmark(name: "ours") {
                    target.withUnsafeMutableBufferPointer { dst in
                        if aliased {
                            lamina_affine_bilinear_edged_over(dst.baseAddress, 1280, box.x0, box.y0, box.x1, box.y1,
                                                              &texture, inverse, 200 * 0x0101_0101, &edges)
                        } else {
                            lamina_affine_bilinear_over(dst.baseAddress, 1280, box.x0, box.y0, box.x1, box.y1,
                                                        &texture, inverse, 200)
                        }
                    }
                }.run(samples: samples)
            }
        }
        let sampled = ours(.none), one = ours(.one), cross = ours(.cross), cut = ours(.cross, aliased: true)
        /// The same tile drawn from its outline (`lamina_rounded_rect_over`), cut aliased, with
        /// the instruction sets `features` allows (AVX2 where the CPU has it, or SSE2 alone).
        func outline(_ features: UInt32) -> Double {
            var shape = lamina_rounded_rect(x0: 1, y0: 1, x1: 65, y1: 65, radius: 8, border: 2, rounded: 15, aliased: 15,
                                            fill: 0xCC33_5599, border_color: 0xFFFF_FFFF)
            return Benchmark(name: "outline") {
                target.withUnsafeMutableBufferPointer { dst in
                    lamina_rounded_rect_over_with(dst.baseAddress, 1280, box.x0, box.y0, box.x1, box.y1, &shape, inverse,
                                                  200 * 0x0101_0101, features)
                }
            }.run(samples: samples)
        }
        let outlineWide = outline(UInt32(LAMINA_KERNEL_AVX2)), outlineSSE2 = outline(0)
        let hasAVX512 = lamina_outline_features() & UInt32(LAMINA_KERNEL_AVX512) != 0
        let outlineAVX512 = hasAVX512 ? outline(UInt32(LAMINA_KERNEL_AVX2 | LAMINA_KERNEL_AVX512)) : nil
        let theirs = target.withUnsafeMutableBufferPointer { dst in
            texels.withUnsafeMutableBufferPointer { src -> Double in
                let d = pixman_image_create_bits(PIXMAN_x8r8g8b8, 1280, 720, dst.baseAddress, 1280 * 4)
                let t = pixman_image_create_bits(PIXMAN_a8r8g8b8, 66, 66, src.baseAddress, 66 * 4)
                var f = pixman_f_transform()
                f.m = ((inverse[0], inverse[2], inverse[4]), (inverse[1], inverse[3], inverse[5]), (0, 0, 1))
                var fixed = pixman_transform()
                pixman_transform_from_pixman_f_transform(&fixed, &f)
                pixman_image_set_transform(t, &fixed)
                pixman_image_set_filter(t, PIXMAN_FILTER_BILINEAR, nil, 0)
                var gray = pixman_color_t(red: 200 * 257, green: 200 * 257, blue: 200 * 257, alpha: 200 * 257)
                let mask = pixman_image_create_solid_fill(&gray)
                defer { pixman_image_unref(d); pixman_image_unref(t); pixman_image_unref(mask) }
                return Benchmark(name: "pixman") {
                    pixman_image_composite32(PIXMAN_OP_OVER, t, mask, d, box.x0, box.y0, 0, 0, box.x0, box.y0,
                                             box.x1 - box.x0, box.y1 - box.y0)
                }.run(samples: samples)
            }
        }
        print("| kernel | ours | pixman | pixman ÷ ours |")
        print("|---|---:|---:|---:|")
        let work = "rounded 64×64 tile rotated 0.3 rad, bilinear OVER, opacity 0.78"
        for (how, ours) in [("texel by texel", sampled), ("flat interior: one rectangle filled", one),
                            ("flat interior: a cross of two filled", cross),
                            ("flat interior: a cross of two filled, outline cut aliased (iOS's default)", cut),
                            ("drawn from its outline, cut aliased (no texel read; AVX2 where present)", outlineWide),
                            ("drawn from its outline, cut aliased, SSE2 only", outlineSSE2)]
            + (outlineAVX512.map { [("drawn from its outline, cut aliased, AVX-512 (two rows' edge pixels a step)", $0)] } ?? []) {
            print(String(format: "| %@, %@ | %.1f µs | %.1f µs | %.1f× |", work, how, ours * 1e6, theirs * 1e6, theirs / ours))
        }
    }
}
