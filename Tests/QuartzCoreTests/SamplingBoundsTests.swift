import XCTest
import Glibc
import CLaminaKernels

/// The sampling kernels' AVX2 paths read whole steps of texels (eight consecutive words, 64-bit
/// gathers): none may read past the texture's last texel or before its first. The texture sits
/// between two inaccessible pages, so a stray read crashes the test.
final class SamplingBoundsTests: XCTestCase {
    /// `width`×`height` texels (transparent ring, varied inside) ending exactly where a guard
    /// page begins, with a guard page before them too; `body` gets the texture.
    private func withGuardedTexture(width: Int, height: Int, _ body: (inout lamina_texture) -> Void) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let bytes = width * height * 4
        let span = (bytes + page - 1) / page * page
        guard let base = mmap(nil, span + 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
            throw XCTSkip("no memory for the guarded texture")
        }
        defer { munmap(base, span + 2 * page) }
        XCTAssertEqual(mprotect(base, page, PROT_NONE), 0)
        XCTAssertEqual(mprotect(base + page + span, page, PROT_NONE), 0)
        let texels = (base + page + span - bytes).bindMemory(to: UInt32.self, capacity: width * height)
        for y in 0..<height { for x in 0..<width {
            let inside = x > 0 && y > 0 && x < width - 1 && y < height - 1
            texels[y * width + x] = inside ? 0xC000_0000 | UInt32(x * 3 % 192) << 16 | UInt32(y * 5 % 192) : 0
        } }
        var texture = lamina_texture()
        texture.texels = UnsafePointer(texels)
        (texture.stride_pixels, texture.width, texture.height) = (Int32(width), Int32(width), Int32(height))
        body(&texture)
    }

    func testTheEightPixelPathsReadOnlyTheTexture() throws {
        try XCTSkipIf(lamina_affine_features() & UInt32(LAMINA_KERNEL_AVX2) == 0, "this CPU has no AVX2")
        var target = [UInt32](repeating: 0xFF20_2020, count: 200 * 200)
        var drawn = 0
        for (width, height) in [(2, 2), (9, 3), (64, 64), (130, 17), (3, 90)] {
            try withGuardedTexture(width: width, height: height) { texture in
                for flat in [false, true] {
                    if flat { lamina_texture_find_flat_rect(&texture) }
                    // Moved by fractions (the translated path) and by whole pixels, turned and
                    // scaled (gathers), under perspective; all around the target's middle and
                    // reaching past every side of the texture.
                    var maps: [[Double]] = []
                    for (dx, dy) in [(0.37, 0.61), (0.0, 0.5), (0.5, 0.0), (0.0, 0.0), (-3.9, -2.2)] {
                        maps.append([1, 0, 0, 1, -(100 - Double(width) / 2 + dx), -(100 - Double(height) / 2 + dy)])
                    }
                    for angle in [0.3, 1.2, 2.9, -0.7] {
                        for scale in [0.4, 1.0, 2.3] {
                            let (c, s) = (cos(angle) / scale, sin(angle) / scale)
                            maps.append([c, -s, s, c, Double(width) / 2 - c * 100 - s * 100, Double(height) / 2 + s * 100 - c * 100])
                        }
                    }
                    target.withUnsafeMutableBufferPointer { dst in
                        for m in maps {
                            var edges = lamina_edges(x0: 1, y0: 1, x1: Double(width - 1), y1: Double(height - 1), aliased: 15)
                            lamina_affine_bilinear_edged_over_with(dst.baseAddress, 200, 0, 0, 200, 200, &texture, m, 0xC0C0_C0C0, nil,
                                                                   UInt32(LAMINA_KERNEL_AVX2))
                            lamina_affine_bilinear_edged_over_with(dst.baseAddress, 200, 0, 0, 200, 200, &texture, m, .max, &edges,
                                                                   UInt32(LAMINA_KERNEL_AVX2))
                            let h = [m[0], m[1], 0.0007, m[2], m[3], -0.0004, m[4], m[5], 1 - 0.0007 * 100 + 0.0004 * 100]
                            lamina_projective_bilinear_edged_over_with(dst.baseAddress, 200, 0, 0, 200, 200, &texture, h, .max, nil,
                                                                       UInt32(LAMINA_KERNEL_AVX2))
                            lamina_projective_bilinear_edged_over_with(dst.baseAddress, 200, 0, 0, 200, 200, &texture, h, 0x8080_8080, &edges,
                                                                       UInt32(LAMINA_KERNEL_AVX2))
                        }
                    }
                    drawn += target.filter { $0 != 0xFF20_2020 }.count
                }
            }
        }
        XCTAssertGreaterThan(drawn, 10_000, "the textures were drawn")
    }
}
