import XCTest
import CLaminaKernels

/// The projective kernel (layers under perspective): its AVX2 path, eight pixels a step, draws
/// exactly what the plain path draws a pixel at a time; both put texels where the homography
/// says, and nothing where a pixel maps from behind the viewer.
final class ProjectiveKernelTests: XCTestCase {
    private static let size = 120

    /// `texels` (`width`×`height`) drawn through `inverse` over a 120×120 target of varied
    /// opaque pixels, within `clip`, with the instruction sets `features` names.
    private func draw(_ texels: [UInt32], width: Int, height: Int, findFlat: Bool, inverse: [Double], tint: UInt32,
                      edges: lamina_edges?, clip: (Int32, Int32, Int32, Int32), features: UInt32) -> [UInt32] {
        var target = variedOpaqueTarget(count: Self.size * Self.size)
        withKernelTexture(texels, width: width, height: height, findFlat: findFlat, edges: edges) { texture, cut in
            target.withUnsafeMutableBufferPointer { dst in
                lamina_projective_bilinear_edged_over_with(dst.baseAddress, Int32(Self.size), clip.0, clip.1, clip.2, clip.3,
                                                           texture, inverse, tint, cut, features)
            }
        }
        return target
    }

    /// A row-vector homography from target pixels to texels: the texture's center at (60, 60),
    /// turned by `angle`, scaled by 1 / `scale`, tilted by `tilt` (perspective terms).
    private func homography(width: Int, height: Int, angle: Double, scale: Double, tilt: (Double, Double)) -> [Double] {
        let (c, s) = (cos(angle) / scale, sin(angle) / scale)
        var h = [c, s, tilt.0, -s, c, tilt.1, 0, 0, 1]
        h[6] = Double(width) / 2 - (h[0] * 60 + h[3] * 60)
        h[7] = Double(height) / 2 - (h[1] * 60 + h[4] * 60)
        h[8] = 1 - (tilt.0 * 60 + tilt.1 * 60)
        return h
    }

    func testEightAtATimeMatchesOneAtATime() throws {
        try XCTSkipIf(!Self.hasAVX2, "this CPU has no AVX2")
        var random = FixedRandomSequence(state: 27)
        var drawn = 0
        for trial in 0..<60 {
            let width = Int.random(in: 2...90, using: &random), height = Int.random(in: 2...90, using: &random)
            var texels = [UInt32](repeating: 0, count: width * height)
            let flatInside = trial % 3 == 2
            for y in 1..<max(height - 1, 1) { for x in 1..<max(width - 1, 1) {
                let alpha = trial % 3 == 0 ? 255 : UInt32.random(in: 0...255, using: &random)
                let rgb = flatInside && x > 3 && y > 3 && x < width - 4 && y < height - 4 ? 0x30_70B0 : UInt32.random(in: 0...0xFF_FFFF, using: &random)
                texels[y * width + x] = premultipliedTexel(alpha, rgb)
            } }
            let tilt = trial % 7 == 0 ? (0.0, 0.0) : (Double.random(in: -0.008...0.008, using: &random), Double.random(in: -0.008...0.008, using: &random))
            let h = homography(width: width, height: height, angle: Double.random(in: -1.6...1.6, using: &random),
                               scale: Double.random(in: 0.5...2, using: &random), tilt: tilt)
            let tints: [UInt32] = [.max, 0xC8C8_C8C8, 0xFF_80_C0_40, 0x4040_4040]
            let edges = trial % 4 == 1 ? randomCut(width: width, height: height, left: 0.4, right: 0.3, using: &random) : nil
            let clip = randomClip(start: 0...50, span: 1...110, size: 120, using: &random)
            func run(_ features: UInt32) -> [UInt32] {
                draw(texels, width: width, height: height, findFlat: trial % 2 == 0, inverse: h, tint: tints[trial % tints.count],
                     edges: edges, clip: clip, features: features)
            }
            let one = run(0), eight = run(UInt32(LAMINA_KERNEL_AVX2))
            let untouched = draw([UInt32](repeating: 0, count: 4), width: 2, height: 2, findFlat: false, inverse: h, tint: .max,
                                 edges: nil, clip: (0, 0, 0, 0), features: 0)
            if let i = one.indices.first(where: { one[$0] != eight[$0] }) {
                return XCTFail("trial \(trial): pixel \(i % Self.size),\(i / Self.size) is \(String(eight[i], radix: 16)), one at a time drew \(String(one[i], radix: 16))")
            }
            drawn += one.indices.filter { one[$0] != untouched[$0] }.count
        }
        XCTAssertGreaterThan(drawn, 30_000, "the trials drew enough pixels to compare")
    }

    /// Without perspective terms and whole-texel offsets, each pixel is its texel; pixels that
    /// map from behind the viewer (w ≤ 0) keep what was there.
    func testTexelsLandWhereTheHomographySaysAndNothingBehindTheViewer() {
        let (width, height) = (20, 20)
        var texels = [UInt32](repeating: 0, count: width * height)
        for y in 1..<height - 1 { for x in 1..<width - 1 { texels[y * width + x] = 0xFF00_0000 | UInt32(x * 12) << 16 | UInt32(y * 12) } }
        for features in [UInt32(0), UInt32(LAMINA_KERNEL_AVX2)] {
            // Target (x, y) → texel (x − 40, y − 30): texel centers land on pixel centers.
            let shift = [1.0, 0, 0, 0, 1, 0, -40, -30, 1]
            let out = draw(texels, width: width, height: height, findFlat: false, inverse: shift, tint: .max, edges: nil,
                           clip: (0, 0, 120, 120), features: features)
            for y in 31..<49 { for x in 41..<59 {
                XCTAssertEqual(out[y * Self.size + x], texels[(y - 30) * width + x - 40], "pixel \(x),\(y), features \(features)")
            } }
            // w = 1 − x/50, u = 10 (1 − x/50) / w − ½ = 9.5, v = −2.1 / w − ½: from x = 55 on, pixels
            // map inside the texture, but from behind the viewer (w < 0).
            let behind = [-0.2, 0, -1.0 / 50, 0, 0, 0, 10, -2.1, 1]
            let before = draw(texels, width: width, height: height, findFlat: false, inverse: behind, tint: .max, edges: nil,
                              clip: (0, 0, 0, 0), features: features)
            let cut = draw(texels, width: width, height: height, findFlat: false, inverse: behind, tint: .max, edges: nil,
                           clip: (0, 0, 120, 120), features: features)
            for y in 0..<Self.size { for x in 55..<Self.size {
                XCTAssertEqual(cut[y * Self.size + x], before[y * Self.size + x], "pixel \(x),\(y) behind the viewer, features \(features)")
            } }
        }
    }

    private static var hasAVX2: Bool {
        lamina_affine_features() & UInt32(LAMINA_KERNEL_AVX2) != 0
    }
}
