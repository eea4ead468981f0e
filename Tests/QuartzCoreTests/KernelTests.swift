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

    /// Additive placement (an emitter's `.additive` particles): each channel of the tinted sample
    /// added to what is there, saturating at 255, alpha too; odd-width spans (the single-pixel
    /// tail) alike.
    func testTintedAddAddsAndSaturates() {
        let texels = tile, tint: UInt32 = 0xFF_FF_FF_FF
        let shift = [1.0, 0, 0, 1, -20, -20]
        for under: UInt32 in [0, 0x8040_2010, 0xF0F0_F0F0] {
            var target = [UInt32](repeating: under, count: 80 * 80)
            texels.withUnsafeBufferPointer { src in
                var texture = lamina_texture()
                texture.texels = src.baseAddress
                (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
                lamina_texture_find_flat_rect(&texture)           // ignored by the additive path
                target.withUnsafeMutableBufferPointer { dst in
                    shift.withUnsafeBufferPointer { m in
                        lamina_affine_bilinear_tinted_add(dst.baseAddress, 80, 21, 21, 52, 52, &texture, m.baseAddress, tint)
                    }
                }
            }
            for y in 21..<52 { for x in 21..<52 {
                let texel = texels[(y - 20) * 34 + (x - 20)]
                for k in stride(from: 0, to: 32, by: 8) {
                    let expected = min(255, Int((texel >> k) & 0xFF) + Int((under >> k) & 0xFF))
                    XCTAssertEqual(Int((target[y * 80 + x] >> k) & 0xFF), expected, "\(x),\(y) over \(String(under, radix: 16))")
                }
            } }
            XCTAssertEqual(target[20 * 80 + 20], under, "outside the span: untouched")
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

/// `lamina_texture_find_flat_rect` finds the same rectangles as it did walking each column down
/// (this file's `reference`, the kernel as it was) now that it reads columns' runs a row at a
/// time: over textures of many sizes, strides and shapes (rounded tiles, crosses, stripes,
/// blobs, a texture flat to its edges, one whose center differs).
final class FlatRectTests: XCTestCase {
    private struct Found: Equatable {
        var rects: [Int32]
        var color: UInt32
    }

    private func found(_ texels: [UInt32], width: Int, height: Int, stride: Int) -> Found {
        var texture = lamina_texture()
        texels.withUnsafeBufferPointer { src in
            texture.texels = src.baseAddress
            (texture.stride_pixels, texture.width, texture.height) = (Int32(stride), Int32(width), Int32(height))
            lamina_texture_find_flat_rect(&texture)
        }
        return Found(rects: [texture.flat_x0, texture.flat_y0, texture.flat_x1, texture.flat_y1,
                             texture.flat2_x0, texture.flat2_y0, texture.flat2_x1, texture.flat2_y1], color: texture.flat_color)
    }

    /// The kernel as it was (flat_rect.c before its columns were read along rows), in Swift.
    private func reference(_ t: [UInt32], width w: Int, height h: Int, stride: Int) -> Found {
        guard w >= 4, h >= 4 else { return Found(rects: Array(repeating: 0, count: 8), color: 0) }
        let color = t[(h / 2) * stride + w / 2]
        func runs(columns: Bool) -> (from: [Int], to: [Int]) {
            let lines = columns ? w : h, length = columns ? h : w, center = length / 2
            var from = [Int](repeating: 0, count: lines), to = from
            for i in 0..<lines {
                func at(_ k: Int) -> UInt32 { columns ? t[k * stride + i] : t[i * stride + k] }
                var a = center, b = center
                if at(center) == color {
                    b = center + 1
                    while a > 0 && at(a - 1) == color { a -= 1 }
                    while b < length && at(b) == color { b += 1 }
                }
                from[i] = a; to[i] = b
            }
            return (from, to)
        }
        typealias Rect = (x0: Int, y0: Int, x1: Int, y1: Int)
        func area(_ r: Rect) -> Int { r.x1 > r.x0 && r.y1 > r.y0 ? (r.x1 - r.x0) * (r.y1 - r.y0) : 0 }
        func band(_ from: [Int], _ to: [Int], _ lines: Int, columns: Bool) -> Rect {
            let c = lines / 2, a = from[c], b = to[c]
            var first = c, last = c + 1
            if b <= a { return (0, 0, 0, 0) }
            while first > 0 && from[first - 1] <= a && to[first - 1] >= b { first -= 1 }
            while last < lines && from[last] <= a && to[last] >= b { last += 1 }
            return columns ? (first, a, last, b) : (a, first, b, last)
        }
        func largest(_ left: [Int], _ right: [Int]) -> Rect {
            var found: Rect = (0, 0, 0, 0), best = 0
            let cy = h / 2
            var topLeft = 0, topRight = w, top = cy
            while top >= 0 && right[top] > left[top] {
                topLeft = max(topLeft, left[top]); topRight = min(topRight, right[top])
                var l = topLeft, r = topRight, bottom = cy
                while bottom < h && r > l {
                    l = max(l, left[bottom]); r = min(r, right[bottom])
                    let a = (r - l) * (bottom + 1 - top)
                    if r > l && a > best { best = a; found = (l, top, r, bottom + 1) }
                    bottom += 1
                }
                top -= 1
            }
            return found
        }
        let (left, right) = runs(columns: false), (upper, lower) = runs(columns: true)
        let wide = band(left, right, h, columns: false), tall = band(upper, lower, w, columns: true)
        var first = wide, second = tall
        if area(wide) < 64 || area(tall) < 64 { first = largest(left, right); second = (0, 0, 0, 0) }
        guard area(first) >= 64 else { return Found(rects: Array(repeating: 0, count: 8), color: 0) }
        if second.x0 >= first.x0, second.y0 >= first.y0, second.x1 <= first.x1, second.y1 <= first.y1 { second = (0, 0, 0, 0) }
        return Found(rects: [first.x0, first.y0, first.x1, first.y1, second.x0, second.y0, second.x1, second.y1].map { Int32($0) },
                     color: color)
    }

    func testColumnsReadAlongRowsFindTheSameRectangles() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func random(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let flat: UInt32 = 0xFF20_4060
        var checked = 0, withRects = 0
        for case_ in 0..<400 {
            let width = 4 + random(90), height = 4 + random(90), stride = width + random(3) * 4
            var texels = [UInt32](repeating: 0x1122_3344, count: stride * height)
            let kind = case_ % 6
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) - Double(width) / 2, dy = Double(y) - Double(height) / 2
                    let rx = Double(width) / 2 - 2, ry = Double(height) / 2 - 2, corner = Double(min(width, height)) / 4
                    let inside: Bool
                    switch kind {
                    case 0:   // a rounded tile with a ring of other texels
                        let qx = max(abs(dx) - (rx - corner), 0), qy = max(abs(dy) - (ry - corner), 0)
                        inside = abs(dx) < rx && abs(dy) < ry && qx * qx + qy * qy < corner * corner
                    case 1:   // a cross
                        inside = abs(dx) < rx / 3 || abs(dy) < ry / 3
                    case 2:   // stripes of different lengths
                        inside = abs(dx) < rx * (0.5 + 0.5 * Double((y * 7) % 5) / 4)
                    case 3:   // a blob with holes
                        inside = dx * dx / max(rx * rx, 1) + dy * dy / max(ry * ry, 1) < 1 && random(40) != 0
                    case 4:   // flat to its edges
                        inside = true
                    default:  // specks everywhere, the center among them at times
                        inside = random(3) != 0
                    }
                    texels[y * stride + x] = inside ? flat : UInt32(0x4000_0000 | random(0xFFFF))
                }
            }
            let ours = found(texels, width: width, height: height, stride: stride)
            XCTAssertEqual(ours, reference(texels, width: width, height: height, stride: stride), "case \(case_): \(width)×\(height), kind \(kind)")
            checked += 1
            if ours.rects[2] > ours.rects[0] { withRects += 1 }
        }
        XCTAssertEqual(checked, 400)
        XCTAssertGreaterThan(withRects, 150, "most textures have a flat rectangle to find")
    }
}
