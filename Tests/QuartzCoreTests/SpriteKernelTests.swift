import XCTest
import CLaminaKernels
import QuartzCore

/// The particle sprite kernel (`lamina_sprites_draw`) against the affine kernel's tinted paths,
/// which it must match bit for bit, whatever tiles a particle is cut into.
final class SpriteKernelTests: XCTestCase {
    /// A 34×34 sprite: a soft dot (alpha falling with the distance from the middle, transparent
    /// past radius 15) with a tinted ring of colors, inside the transparent ring.
    private let dot: [UInt32] = {
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 1..<33 { for x in 1..<33 {
            let d = ((Double(x) - 16.5) * (Double(x) - 16.5) + (Double(y) - 16.5) * (Double(y) - 16.5)).squareRoot()
            guard d < 15 else { continue }
            let a = UInt32(255 * (1 - d / 15)), c = a * UInt32((x * 7) % 16) / 16
            texels[y * 34 + x] = a << 24 | c << 16 | (a / 2) << 8 | (a - c)
        } }
        return texels
    }()

    private struct Placement { let angle: Double, scale: Double, x: Double, y: Double, tint: UInt32 }

    /// Turned, scaled (shrunk as particles are, and grown), overlapping, with colored and
    /// uniform tints, some running off the 96×80 canvas.
    private let placements: [Placement] = [
        Placement(angle: 0, scale: 1, x: 30, y: 30, tint: 0xFFFF_FFFF),
        Placement(angle: 0.7, scale: 0.375, x: 40, y: 36, tint: 0xE6_C0_80_40),
        Placement(angle: 2.1, scale: 1.6, x: 60, y: 40, tint: 0x80_80_80_80),
        Placement(angle: -1.3, scale: 0.8, x: 90, y: 70, tint: 0xB0_90_60_A0),
        Placement(angle: 3.0, scale: 0.5, x: 5, y: 78, tint: 0xFF_20_FF_40),
        Placement(angle: 0.25, scale: 2.3, x: 48, y: 12, tint: 0x60_50_40_30),
    ]

    /// The inverse map of a placement: texel space → centered, scaled, turned, moved; inverted.
    private func inverse(_ p: Placement) -> [Double] {
        let map = CGAffineTransform(translationX: -17, y: -17).concatenating(CGAffineTransform(scaleX: p.scale, y: p.scale))
            .concatenating(CGAffineTransform(rotationAngle: p.angle)).concatenating(CGAffineTransform(translationX: p.x, y: p.y))
        let i = map.inverted()
        return [i.a, i.b, i.c, i.d, i.tx, i.ty].map { Double($0) }
    }

    /// The pixels a placement may touch in the canvas (its box, clamped).
    private func box(_ p: Placement) -> (Int32, Int32, Int32, Int32) {
        let r = 17 * p.scale * 2.0.squareRoot() + 1
        func clamp(_ v: Double, _ limit: Int32) -> Int32 { Int32(min(max(v, 0), Double(limit))) }
        return (clamp((p.x - r).rounded(.down), 96), clamp((p.y - r).rounded(.down), 80),
                clamp((p.x + r).rounded(.up), 96), clamp((p.y + r).rounded(.up), 80))
    }

    private let under: UInt32 = 0x8020_4060

    /// Every placement drawn in order by the affine kernel, one call each.
    private func affine(additive: Bool) -> [UInt32] {
        var target = [UInt32](repeating: under, count: 96 * 80)
        dot.withUnsafeBufferPointer { src in
            var texture = lamina_texture()
            texture.texels = src.baseAddress
            (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
            target.withUnsafeMutableBufferPointer { dst in
                for p in placements {
                    let (x0, y0, x1, y1) = box(p)
                    inverse(p).withUnsafeBufferPointer { m in
                        if additive {
                            lamina_affine_bilinear_tinted_add(dst.baseAddress, 96, x0, y0, x1, y1, &texture, m.baseAddress, p.tint)
                        } else {
                            lamina_affine_bilinear_tinted_over(dst.baseAddress, 96, x0, y0, x1, y1, &texture, m.baseAddress, p.tint)
                        }
                    }
                }
            }
        }
        return target
    }

    /// Every placement drawn by the sprite kernel, tile by tile (each tile its particles in order).
    private func sprites(additive: Bool, tile: (width: Int32, height: Int32), texels: [UInt32]? = nil) -> [UInt32] {
        var target = [UInt32](repeating: under, count: 96 * 80)
        (texels ?? dot).withUnsafeBufferPointer { src in
            let sprite = UnsafeMutablePointer<lamina_sprite>.allocate(capacity: 1)
            defer { sprite.deallocate() }
            sprite.initialize(to: lamina_sprite())
            sprite.pointee.texture.texels = src.baseAddress
            (sprite.pointee.texture.stride_pixels, sprite.pointee.texture.width, sprite.pointee.texture.height) = (34, 34, 34)
            lamina_sprite_find_reach(sprite)
            let placed = placements.map { p -> lamina_sprite_placement in
                let m = inverse(p), (x0, y0, x1, y1) = box(p)
                return lamina_sprite_placement(sprite: UnsafePointer(sprite), inverse: (m[0], m[1], m[2], m[3], m[4], m[5]),
                                               x0: x0, y0: y0, x1: x1, y1: y1, tint: p.tint)
            }
            let order = (0..<Int32(placed.count)).map { $0 }
            target.withUnsafeMutableBufferPointer { dst in
                for top in stride(from: Int32(0), to: 80, by: Int(tile.height)) {
                    for left in stride(from: Int32(0), to: 96, by: Int(tile.width)) {
                        lamina_sprites_draw(dst.baseAddress, 96, left, top, min(left + tile.width, 96), min(top + tile.height, 80),
                                            placed, order, Int32(order.count), additive ? 1 : 0)
                    }
                }
            }
        }
        return target
    }

    func testSpritesMatchTheAffineKernelBitForBitInAnyTiles() {
        for additive in [false, true] {
            let expected = affine(additive: additive)
            XCTAssertGreaterThan(expected.filter { $0 != under }.count, 2000, "the particles landed")
            for tile: (width: Int32, height: Int32) in [(96, 80), (128, 32), (7, 5), (16, 3), (1, 80)] {
                let drawn = sprites(additive: additive, tile: tile)
                let differing = zip(drawn, expected).filter { $0 != $1 }.count
                XCTAssertEqual(differing, 0, "additive \(additive), tiles \(tile.width)×\(tile.height)")
            }
        }
    }

    /// The disc holds every texel that is not transparent, and no more than it must.
    func testReachIsTheDiscOfTheSpritesTexels() {
        dot.withUnsafeBufferPointer { src in
            var sprite = lamina_sprite()
            sprite.texture.texels = src.baseAddress
            (sprite.texture.stride_pixels, sprite.texture.width, sprite.texture.height) = (34, 34, 34)
            lamina_sprite_find_reach(&sprite)
            XCTAssertEqual(sprite.center_u, 16.5)
            XCTAssertEqual(sprite.center_v, 16.5)
            var farthest = 0.0
            for y in 0..<34 { for x in 0..<34 where dot[y * 34 + x] != 0 {
                farthest = max(farthest, ((Double(x) - 16.5) * (Double(x) - 16.5) + (Double(y) - 16.5) * (Double(y) - 16.5)).squareRoot())
            } }
            XCTAssertEqual(sprite.radius, farthest, accuracy: 1e-12)
            XCTAssertLessThan(sprite.radius, 15)
        }
        // A transparent sprite has no disc and draws nothing.
        let clear = [UInt32](repeating: 0, count: 34 * 34)
        XCTAssertEqual(sprites(additive: false, tile: (96, 80), texels: clear), [UInt32](repeating: under, count: 96 * 80))
    }
}
