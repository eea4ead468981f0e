import XCTest
import CLaminaKernels

/// The affine kernel's AVX2 paths, eight pixels a step, against its two-at-a-time path: a
/// translated span (a map that only moves by fractions of a pixel, as a scrolled list's rows are
/// placed) from two texel rows with one set of weights, any other span by gathers. Both must
/// come out exactly as the two-at-a-time path draws them.
final class AffineSamplingPathsTests: XCTestCase {
    /// Draws `texels` (`width`×`height`, transparent ring) moved by (`dx`, `dy`) over a 160×160
    /// target within `clip`, with the instruction sets `features` names.
    private func draw(_ texels: [UInt32], width: Int, height: Int, findFlat: Bool, dx: Double, dy: Double, tint: UInt32,
                      edges: lamina_edges?, clip: (Int32, Int32, Int32, Int32), features: UInt32) -> [UInt32] {
        draw(texels, width: width, height: height, findFlat: findFlat, inverse: [1, 0, 0, 1, -dx, -dy], tint: tint, edges: edges,
             clip: clip, features: features)
    }

    /// Draws `texels` through `inverse` (target pixels to texels) over a 160×160 target.
    private func draw(_ texels: [UInt32], width: Int, height: Int, findFlat: Bool, inverse: [Double], tint: UInt32,
                      edges: lamina_edges?, clip: (Int32, Int32, Int32, Int32), features: UInt32) -> [UInt32] {
        var target = variedOpaqueTarget(count: 160 * 160)
        withKernelTexture(texels, width: width, height: height, findFlat: findFlat, edges: edges) { texture, cut in
            target.withUnsafeMutableBufferPointer { dst in
                lamina_affine_bilinear_edged_over_with(dst.baseAddress, 160, clip.0, clip.1, clip.2, clip.3, texture, inverse, tint, cut, features)
            }
        }
        return target
    }

    func testTranslatedSpansMatchTheTwoPixelPath() throws {
        try XCTSkipIf(lamina_affine_features() & UInt32(LAMINA_KERNEL_AVX2) == 0, "this CPU has no AVX2")
        var random = FixedRandomSequence(state: 20)
        var compared = 0
        for trial in 0..<100 {
            let width = Int.random(in: 3...130, using: &random), height = Int.random(in: 3...60, using: &random)
            let kind = trial % 3
            var texels = [UInt32](repeating: 0, count: width * height)
            for y in 1..<max(height - 1, 1) { for x in 1..<max(width - 1, 1) {
                switch kind {
                case 0: texels[y * width + x] = premultipliedTexel(UInt32.random(in: 0...255, using: &random), UInt32.random(in: 0...0xFF_FFFF, using: &random))
                case 1: texels[y * width + x] = premultipliedTexel(255, UInt32.random(in: 0...0xFF_FFFF, using: &random))
                default:   // text on the left, transparent to the right: a label with a flat part
                    texels[y * width + x] = x < width / 3 ? premultipliedTexel(UInt32((x * 7 + y * 13) % 256), 0x20_2020) : 0
                }
            } }
            // Fractions in both directions, in one, none; some placements reach off the target.
            var dx = Double(Int.random(in: -40...120, using: &random)) + Double(Int.random(in: 0...127, using: &random)) / 128
            var dy = Double(Int.random(in: -20...120, using: &random)) + Double(Int.random(in: 0...127, using: &random)) / 128
            if trial % 5 == 1 { dx.round(.down) }
            if trial % 5 == 2 { dy.round(.down) }
            let tints: [UInt32] = [.max, 0x8080_8080, 0xC0_80_40_20, 0x0101_0101 * UInt32.random(in: 1...254, using: &random)]
            let tint = tints[trial % tints.count]
            let edges = trial % 4 == 3 ? randomCut(width: width, height: height, left: 0.3, right: 0.4, using: &random) : nil
            let clip = randomClip(start: 0...40, span: 1...150, size: 160, using: &random)
            let findFlat = trial % 2 == 0
            let two = draw(texels, width: width, height: height, findFlat: findFlat, dx: dx, dy: dy, tint: tint, edges: edges, clip: clip, features: 0)
            let eight = draw(texels, width: width, height: height, findFlat: findFlat, dx: dx, dy: dy, tint: tint, edges: edges, clip: clip,
                             features: UInt32(LAMINA_KERNEL_AVX2))
            if let i = (0..<two.count).first(where: { two[$0] != eight[$0] }) {
                return XCTFail("trial \(trial): pixel \(i % 160),\(i / 160) is \(String(eight[i], radix: 16)), the two-pixel path drew \(String(two[i], radix: 16)) (texture \(width)×\(height), moved \(dx), \(dy), tint \(String(tint, radix: 16)))")
            }
            compared += two.count
        }
        XCTAssertEqual(compared, 100 * 160 * 160)
    }

    func testTurnedAndScaledSpansMatchTheTwoPixelPath() throws {
        try XCTSkipIf(lamina_affine_features() & UInt32(LAMINA_KERNEL_AVX2) == 0, "this CPU has no AVX2")
        var random = FixedRandomSequence(state: 44)
        var drawn = 0
        for trial in 0..<80 {
            let width = Int.random(in: 2...100, using: &random), height = Int.random(in: 2...100, using: &random)
            var texels = [UInt32](repeating: 0, count: width * height)
            for y in 1..<max(height - 1, 1) { for x in 1..<max(width - 1, 1) {
                let alpha = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &random)
                texels[y * width + x] = premultipliedTexel(alpha, trial % 3 == 2 && x % 9 > 2 ? 0x30_70B0 : UInt32.random(in: 0...0xFF_FFFF, using: &random))
            } }
            // Turned, scaled (unevenly in a third of the trials, flipped in some), about (80, 80).
            let angle = Double.random(in: -3.2...3.2, using: &random), scale = Double.random(in: 0.3...2.5, using: &random)
            let sx = trial % 3 == 1 ? scale * Double.random(in: 0.5...1.5, using: &random) * (trial % 2 == 0 ? -1 : 1) : scale
            var m = [cos(angle) / sx, -sin(angle) / scale, sin(angle) / sx, cos(angle) / scale, 0, 0]
            m[4] = Double(width) / 2 - (m[0] * 80 + m[2] * 80)
            m[5] = Double(height) / 2 - (m[1] * 80 + m[3] * 80)
            let tints: [UInt32] = [.max, 0x8080_8080, 0xC0_80_40_20]
            let edges = trial % 4 == 3 ? randomCut(width: width, height: height, left: 0.2, right: 0.6, using: &random) : nil
            let clip = randomClip(start: 0...60, span: 1...110, size: 160, using: &random)
            func run(_ features: UInt32) -> [UInt32] {
                draw(texels, width: width, height: height, findFlat: trial % 2 == 0, inverse: m, tint: tints[trial % tints.count],
                     edges: edges, clip: clip, features: features)
            }
            let two = run(0), eight = run(UInt32(LAMINA_KERNEL_AVX2))
            let untouched = draw(texels, width: width, height: height, findFlat: false, inverse: m, tint: .max, edges: nil,
                                 clip: (0, 0, 0, 0), features: 0)
            if let i = two.indices.first(where: { two[$0] != eight[$0] }) {
                return XCTFail("trial \(trial): pixel \(i % 160),\(i / 160) is \(String(eight[i], radix: 16)), the two-pixel path drew \(String(two[i], radix: 16))")
            }
            drawn += two.indices.filter { two[$0] != untouched[$0] }.count
        }
        XCTAssertGreaterThan(drawn, 50_000, "the trials drew enough pixels to compare")
    }

    /// Columns (or rows) of two colors moved by half a pixel across them: every pixel inside is
    /// their average, and one moved by whole pixels is the texel itself, on both paths.
    func testHalfAPixelAveragesNeighbours() {
        let (width, height) = (40, 20)
        let even: UInt32 = 0xFF20_6080, odd: UInt32 = 0xFFA0_4000
        for across in [true, false] {
            var texels = [UInt32](repeating: 0, count: width * height)
            for y in 1..<height - 1 { for x in 1..<width - 1 { texels[y * width + x] = (across ? x : y) % 2 == 0 ? even : odd } }
            for features in [UInt32(0), UInt32(LAMINA_KERNEL_AVX2)] {
                let out = draw(texels, width: width, height: height, findFlat: false, dx: across ? 10.5 : 10, dy: across ? 10 : 10.5,
                               tint: .max, edges: nil, clip: (0, 0, 160, 160), features: features)
                for y in 13..<27 { for x in 13..<47 {
                    for k in stride(from: 0, to: 32, by: 8) {
                        let expected = (Int((even >> k) & 0xFF) + Int((odd >> k) & 0xFF)) / 2
                        XCTAssertLessThanOrEqual(abs(Int((out[y * 160 + x] >> k) & 0xFF) - expected), 1,
                                                 "pixel \(x),\(y), channel \(k / 8), across \(across), features \(features)")
                    }
                } }
                let whole = draw(texels, width: width, height: height, findFlat: false, dx: 10, dy: 10, tint: .max, edges: nil,
                                 clip: (0, 0, 160, 160), features: features)
                for y in 13..<27 { for x in 13..<47 { XCTAssertEqual(whole[y * 160 + x], texels[(y - 10) * width + x - 10]) } }
            }
        }
    }
}
