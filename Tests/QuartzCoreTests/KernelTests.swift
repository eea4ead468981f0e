import XCTest
import CLaminaKernels
import CPixman

/// Our pixel kernels against pixman's general path, and against themselves without shortcuts.
final class KernelTests: XCTestCase {
    /// A 34×34 texture: varied translucent texels inside a transparent ring.
    private let varied: [UInt32] = {
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 1..<33 { for x in 1..<33 {
            let a = UInt32(80 + (x * 5 + y * 3) % 176), c = a * UInt32((x * 7) % 16) / 16
            texels[y * 34 + x] = a << 24 | c << 16 | (a / 2) << 8 | (a - c)
        } }
        return texels
    }()

    /// A 34×34 tile: a translucent interior, a 3-texel opaque border, a transparent ring, cut corners.
    private let tile: [UInt32] = {
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 1..<33 { for x in 1..<33 where min(x, 33 - x) + min(y, 33 - y) > 5 {
            texels[y * 34 + x] = x < 4 || y < 4 || x > 29 || y > 29 ? 0xFFFF_FFFF : 0xB020_4060
        } }
        return texels
    }()

    /// A 34×34 tile with rounded corners (radius 6) and a 2-texel border: its interior is a cross
    /// of two flat rectangles.
    private let rounded: [UInt32] = {
        func inside(_ x: Double, _ y: Double, inset: Double) -> Bool {
            let r = 6 - inset, lo = 1 + inset, hi = 33 - inset
            let cx = min(max(x, lo + r), hi - r), cy = min(max(y, lo + r), hi - r)
            return x >= lo && x < hi && y >= lo && y < hi && (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
        }
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 0..<34 { for x in 0..<34 where inside(Double(x) + 0.5, Double(y) + 0.5, inset: 0) {
            texels[y * 34 + x] = inside(Double(x) + 0.5, Double(y) + 0.5, inset: 2) ? 0xA0_30_50_70 : 0xFFFF_FFFF
        } }
        return texels
    }()

    private let placements: [(angle: Double, scale: Double, alpha: UInt32)] = [(0.3, 1.0, 255), (-1.1, 1.7, 200), (2.5, 0.6, 90), (0, 1.3, 128)]

    /// Destination → texture: about (40, 40) on screen to the texture's center.
    private func inverse(angle: Double, scale: Double) -> [Double] {
        let (c, s) = (cos(angle) / scale, sin(angle) / scale)
        return [c, -s, s, c, 17 - c * 40 - s * 40, 17 + s * 40 - c * 40]
    }

    private func ours(_ texels: [UInt32], flat: Bool, _ inverse: [Double], _ alpha: UInt32) -> [UInt32] {
        var target = [UInt32](repeating: 0xFF40_6080, count: 80 * 80)
        texels.withUnsafeBufferPointer { src in
            var texture = lamina_texture()
            texture.texels = src.baseAddress
            (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
            if flat { lamina_texture_find_flat_rect(&texture) }
            target.withUnsafeMutableBufferPointer { dst in
                lamina_affine_bilinear_over(dst.baseAddress, 80, 0, 0, 80, 80, &texture, inverse, alpha)
            }
        }
        return target
    }

    private func pixman(_ texels: [UInt32], _ inverse: [Double], _ alpha: UInt32) -> [UInt32] {
        var target = [UInt32](repeating: 0xFF40_6080, count: 80 * 80), texels = texels
        target.withUnsafeMutableBufferPointer { dst in
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
        return target
    }

    /// The largest channel difference between two images, and how many pixels of `a` were painted.
    private func compare(_ a: [UInt32], _ b: [UInt32]) -> (worst: Int, painted: Int) {
        var worst = 0, painted = 0
        for i in 0..<a.count {
            if a[i] != 0xFF40_6080 { painted += 1 }
            for k in stride(from: 0, to: 24, by: 8) {
                worst = max(worst, abs(Int((a[i] >> k) & 0xFF) - Int((b[i] >> k) & 0xFF)))
            }
        }
        return (worst, painted)
    }

    func testAffineBilinearOverMatchesPixman() {
        for texels in [varied, tile] {
            for p in placements {
                let m = inverse(angle: p.angle, scale: p.scale)
                let (worst, painted) = compare(ours(texels, flat: true, m, p.alpha), pixman(texels, m, p.alpha))
                XCTAssertGreaterThan(painted, 300, "the texture landed (angle \(p.angle))")
                XCTAssertLessThanOrEqual(worst, 3, "angle \(p.angle), scale \(p.scale), alpha \(p.alpha)")
            }
        }
    }

    /// The color multiply (a replicator instance's, a particle's): a uniform tint is the plain
    /// fade exactly, and a colored one multiplies each channel of each sample, flat interiors too.
    func testTintedOverMultipliesEachChannel() {
        func run(_ texels: [UInt32], _ m: [Double], flat: Bool, under: UInt32, _ body: (UnsafeMutablePointer<UInt32>, UnsafePointer<lamina_texture>) -> Void) -> [UInt32] {
            var target = [UInt32](repeating: under, count: 80 * 80)
            texels.withUnsafeBufferPointer { src in
                var texture = lamina_texture()
                texture.texels = src.baseAddress
                (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
                if flat { lamina_texture_find_flat_rect(&texture) }
                target.withUnsafeMutableBufferPointer { dst in body(dst.baseAddress!, &texture) }
            }
            return target
        }
        for texels in [varied, tile] {
            for p in placements {
                let m = inverse(angle: p.angle, scale: p.scale)
                let faded = run(texels, m, flat: true, under: 0xFF40_6080) { lamina_affine_bilinear_over($0, 80, 0, 0, 80, 80, $1, m, p.alpha) }
                let tinted = run(texels, m, flat: true, under: 0xFF40_6080) {
                    lamina_affine_bilinear_tinted_over($0, 80, 0, 0, 80, 80, $1, m, p.alpha * 0x0101_0101)
                }
                XCTAssertEqual(faded, tinted, "a uniform tint is the fade")
            }
        }
        // Placed on whole texels over transparent black, the result is each texel times the tint.
        let tint: UInt32 = 0xC0_80_40_20
        let shift = [1.0, 0, 0, 1, -20, -20]
        for flat in [false, true] {
            let out = run(tile, shift, flat: flat, under: 0) { lamina_affine_bilinear_tinted_over($0, 80, 0, 0, 80, 80, $1, shift, tint) }
            var checked = 0
            for y in 21..<53 { for x in 21..<53 {
                let texel = tile[(y - 20) * 34 + (x - 20)]
                for k in stride(from: 0, to: 32, by: 8) {
                    let expected = Int((texel >> k) & 0xFF) * Int((tint >> k) & 0xFF) / 255
                    XCTAssertLessThanOrEqual(abs(Int((out[y * 80 + x] >> k) & 0xFF) - expected), 1, "texel \(x),\(y) flat \(flat)")
                }
                checked += 1
            } }
            XCTAssertEqual(checked, 32 * 32)
        }
    }

    /// The flat rectangles found in a 34×34 texture (its texel pointer cleared: only the rectangles are read).
    private func flatRects(of texels: [UInt32]) -> lamina_texture {
        var texture = lamina_texture()
        texels.withUnsafeBufferPointer { src in
            texture.texels = src.baseAddress
            (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
            lamina_texture_find_flat_rect(&texture)
        }
        texture.texels = nil
        return texture
    }

    func testFlatInteriorFillsWhatSamplingWouldDraw() {
        let texture = flatRects(of: rounded)
        XCTAssertLessThan(texture.flat2_x0, texture.flat2_x1, "the rounded tile's interior is a cross")
        for (texels, p) in [tile, rounded].flatMap({ t in placements.map { (t, $0) } }) {
            let m = inverse(angle: p.angle, scale: p.scale)
            let filled = ours(texels, flat: true, m, p.alpha), sampled = ours(texels, flat: false, m, p.alpha)
            let (worst, painted) = compare(filled, sampled)
            XCTAssertGreaterThan(painted, 300)
            // After the fill the walk restarts from exact positions, so its 16.16 steps drift a hair less.
            XCTAssertLessThanOrEqual(worst, 2, "angle \(p.angle), scale \(p.scale), alpha \(p.alpha)")
            XCTAssertLessThan(zip(filled, sampled).filter { $0 != $1 }.count, painted / 50)
        }
    }

    func testFlatRectIsTheInteriorAndHoldsOnlyItsColor() {
        var texture = flatRects(of: tile)
        XCTAssertEqual(texture.flat_color, 0xB020_4060)
        XCTAssertEqual([texture.flat_x0, texture.flat_y0, texture.flat_x1, texture.flat_y1], [4, 4, 30, 30])
        XCTAssertGreaterThanOrEqual(texture.flat2_x0, texture.flat2_x1, "a square interior needs no second rectangle")
        // Varied texels have no flat rectangle worth having.
        texture = flatRects(of: varied)
        XCTAssertGreaterThanOrEqual(texture.flat_x0, texture.flat_x1)
    }

    func testSolidOverBlendsEveryPixelOfTheRun() {
        // Runs of every length up to two vector widths, over varied pixels: each pixel is
        // color + under × (255 − alpha) / 255, rounded, per channel.
        let color: UInt32 = 0x8040_2010
        for count in 0...19 {
            let under = (0..<24).map { UInt32($0 * 0x0B0A_0907 | 0xFF00_0000) }
            var run = under
            run.withUnsafeMutableBufferPointer { lamina_solid_over($0.baseAddress! + 2, Int32(count), color) }
            for i in 0..<24 {
                var expected = under[i]
                if i >= 2 && i < 2 + count {
                    expected = 0
                    for k in stride(from: 0, to: 32, by: 8) {
                        let d = (under[i] >> k) & 0xFF, s = (color >> k) & 0xFF
                        expected |= (s + (d * 127 + 127) / 255) << k
                    }
                }
                XCTAssertEqual(run[i], expected, "pixel \(i) of a run of \(count)")
            }
        }
    }
}
