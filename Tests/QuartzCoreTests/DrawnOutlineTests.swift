import XCTest
@testable import QuartzCore
import CLaminaKernels
import LaminaTesting

/// A background and border drawn from their outline (`DrawnOutline`, `lamina_rounded_rect_over`)
/// where the compositor would resample a texture of them: the kernel's coverage, its cut sides,
/// its corners and colors, and the compositor's choice of it.
final class DrawnOutlineTests: CompositingTestCase {
    /// An 80×80 transparent target with `shape` drawn into it turned by `angle` and scaled by
    /// `scale` about its middle (the shape's center at (40, 40)).
    private func drawn(_ shape: lamina_rounded_rect, angle: Double, scale: Double = 1, tint: UInt32 = .max) -> [UInt32] {
        var target = [UInt32](repeating: 0, count: 80 * 80)
        var shape = shape
        let m = inverse(angle: angle, scale: scale, center: ((shape.x0 + shape.x1) / 2, (shape.y0 + shape.y1) / 2))
        target.withUnsafeMutableBufferPointer { lamina_rounded_rect_over($0.baseAddress, 80, 0, 0, 80, 80, &shape, m, tint) }
        return target
    }

    /// Device → texels: the pixel (40, 40) to `center`, turned by `angle`, `scale` device pixels a texel.
    private func inverse(angle: Double, scale: Double, center: (Double, Double)) -> [Double] {
        let (c, s) = (cos(angle) / scale, sin(angle) / scale)
        return [c, -s, s, c, center.0 - c * 40 - s * 40, center.1 + s * 40 - c * 40]
    }

    private func shape(_ width: Double, _ height: Double, radius: Double = 0, border: Double = 0, fill: UInt32 = 0xFFFF_FFFF,
                       borderColor: UInt32 = 0, rounded: UInt32 = 15, aliased: UInt32 = 0) -> lamina_rounded_rect {
        lamina_rounded_rect(x0: 1, y0: 1, x1: 1 + width, y1: 1 + height, radius: radius, border: border, rounded: rounded,
                            aliased: aliased, fill: fill, border_color: borderColor)
    }

    private func alphaSum(_ pixels: [UInt32]) -> Double { pixels.reduce(0) { $0 + Double($1 >> 24) } / 255 }

    /// `shape` turned by `angle` and scaled by `scale` about its middle, tinted by `tint`, drawn
    /// within `clip` over `background` (80×80) by each of the paths `features` names.
    private func pictures(_ shape: lamina_rounded_rect, angle: Double, scale: Double, tint: UInt32, clip: (Int32, Int32, Int32, Int32),
                          over background: [UInt32], by features: [UInt32]) -> [[UInt32]] {
        let m = inverse(angle: angle, scale: scale, center: ((shape.x0 + shape.x1) / 2, (shape.y0 + shape.y1) / 2))
        return features.map { features in
            var target = background, shape = shape
            target.withUnsafeMutableBufferPointer {
                lamina_rounded_rect_over_with($0.baseAddress, 80, clip.0, clip.1, clip.2, clip.3, &shape, m, tint, features)
            }
            return target
        }
    }

    /// `pictures` by the SSE2 path and by the AVX2 path.
    private func bothPaths(_ shape: lamina_rounded_rect, angle: Double, scale: Double, tint: UInt32,
                           clip: (Int32, Int32, Int32, Int32) = (0, 0, 80, 80), over background: [UInt32]) -> (sse2: [UInt32], avx2: [UInt32]) {
        let drawn = pictures(shape, angle: angle, scale: scale, tint: tint, clip: clip, over: background, by: [0, UInt32(LAMINA_KERNEL_AVX2)])
        return (drawn[0], drawn[1])
    }

    func testCoverageAddsUpToTheOutlinesArea() {
        // A 48×40 rectangle with corners of radius 8: 1920 − (4 − π)·64 texels.
        let area = 48.0 * 40 - (4 - Double.pi) * 64
        for angle in [0.0, 0.3, 1.1, 2.5] {
            for scale in [1.0, 1.4] {
                let covered = alphaSum(drawn(shape(48, 40, radius: 8), angle: angle, scale: scale))
                XCTAssertEqual(covered, area * scale * scale, accuracy: area * scale * scale * 0.005, "angle \(angle), scale \(scale)")
            }
        }
        // A border's ring of a transparent fill: its area, 2 texels wide inside the outline.
        let ring = 48.0 * 40 - (4 - Double.pi) * 64 - (44.0 * 36 - (4 - Double.pi) * 36)
        let drawnRing = alphaSum(drawn(shape(48, 40, radius: 8, border: 2, fill: 0, borderColor: 0xFFFF_FFFF), angle: 0.7))
        XCTAssertEqual(drawnRing, ring, accuracy: ring * 0.01)
    }

    func testOpacityAndTintScaleEveryPixel() {
        let whole = drawn(shape(30, 30, radius: 6, border: 2, fill: 0xFF20_4080, borderColor: 0xFFFF_FFFF), angle: 0.4)
        let faded = drawn(shape(30, 30, radius: 6, border: 2, fill: 0xFF20_4080, borderColor: 0xFFFF_FFFF), angle: 0.4,
                          tint: 0x8080_8080)
        XCTAssertGreaterThan(alphaSum(whole), 800)
        XCTAssertEqual(alphaSum(faded), alphaSum(whole) * 128 / 255, accuracy: alphaSum(whole) * 0.01)
        for (w, f) in zip(whole, faded) where w != 0 {
            XCTAssertEqual(Double(f >> 24), Double(w >> 24) * 128 / 255, accuracy: 1)
        }
    }

    func testTheWidePathDrawsWhatTheSSE2PathDraws() {
        // AVX2 (eight pixels a step, fused multiply-adds) against SSE2 (four): the same shape
        // up to a level of rounding, whatever the corners, sides, border and tint.
        let shapes = [shape(48, 40, radius: 8, border: 2, fill: 0xFF20_4080, borderColor: 0xFFFF_FFFF),
                      shape(30, 44, radius: 12, border: 3, fill: 0x8010_2030, borderColor: 0xC0C0_0000, rounded: 9, aliased: 5),
                      shape(20, 20, radius: 4, border: 14, fill: 0xFF00_FF00, borderColor: 0x8080_8080),
                      shape(50, 10, fill: 0xFFFF_0000, aliased: 15)]
        for (i, shape) in shapes.enumerated() {
            for (angle, scale, tint) in [(0.3, 1.0, UInt32.max), (2.2, 1.3, 0xA0A0_A0A0), (0, 0.8, 0xFF80_FF40)] {
                let pictures = bothPaths(shape, angle: angle, scale: scale, tint: tint, clip: (3, 2, 77, 79),
                                         over: [UInt32](repeating: 0xFF10_1010, count: 80 * 80))
                XCTAssertLessThanOrEqual(largestChannelDifference(pictures.sse2, pictures.avx2), 2, "shape \(i), angle \(angle)")
                XCTAssertGreaterThan(pictures.avx2.filter { $0 != 0xFF10_1010 }.count, 100, "shape \(i) is drawn")
            }
        }
    }

    func testTheWidePathAgreesOnRandomShapesAndClips() {
        // The AVX2 path works out a turned outline's row spans in double lanes and mixes edge
        // pixels in floats; the SSE2 path bounds rows one at a time in 16-bit arithmetic. Over
        // shapes, turns, scales, tints and clips drawn at random (a fixed seed), the two agree to
        // two levels on every pixel, so neither a row's span nor its flat part drifts.
        var seed: UInt64 = 0x5DEE_CE66
        func next(_ range: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(range))
        }
        for trial in 0..<60 {
            let width = Double(4 + next(60)), height = Double(4 + next(60))
            let fill: UInt32 = next(5) == 0 ? 0 : [0xFF20_4080, 0x8010_2030, 0xFFFF_FFFF][next(3)]
            let shape = shape(width, height, radius: Double(next(4) == 0 ? 0 : next(20)), border: Double(next(3) == 0 ? 0 : next(8)) * 0.75,
                              fill: fill, borderColor: next(2) == 0 ? 0xFFFF_FFFF : 0x8080_8080, rounded: UInt32(next(16)),
                              aliased: next(2) == 0 ? 0 : UInt32(next(16)))
            let angle = Double(next(1000)) / 1000 * 2 * .pi, scale = 0.5 + Double(next(100)) / 100
            let tint: UInt32 = [UInt32.max, 0xA0A0_A0A0, 0xFF80_FF40][next(3)]
            let (x0, y0) = (Int32(next(30)), Int32(next(30)))
            let (x1, y1) = (x0 + 20 + Int32(next(30)), y0 + 20 + Int32(next(30)))
            let pictures = bothPaths(shape, angle: angle, scale: scale, tint: tint, clip: (x0, y0, x1, y1),
                                     over: (0..<(80 * 80)).map { UInt32(0xFF10_1010) &+ UInt32($0 % 7) &* 0x0001_0203 })
            XCTAssertLessThanOrEqual(largestChannelDifference(pictures.sse2, pictures.avx2), 2, "trial \(trial): \(width)×\(height) turned \(angle), scale \(scale)")
        }
    }

    /// The AVX-512 path with the AVX2 path it stands in for (where the CPU has it).
    private static let avx512 = UInt32(LAMINA_KERNEL_AVX2 | LAMINA_KERNEL_AVX512)

    private func skipWithoutAVX512() throws {
        guard lamina_outline_features() & UInt32(LAMINA_KERNEL_AVX512) != 0 else { throw XCTSkip("this CPU has no AVX-512") }
    }

    func testTheAVX512PathDrawsTheAVX2PathsPixelsBitForBit() throws {
        // The AVX-512 path takes two rows' edge pixels a step (masked loads and stores at the
        // spans' ends); each lane's arithmetic is the AVX2 path's. Over random shapes (rings,
        // sides cut alike or not, some corners, no border, no fill), turns, scales, tints and
        // clips (the compositor's bands among them), over a varied background: the same pixels.
        try skipWithoutAVX512()
        var seed: UInt64 = 0x2F6B_1D37
        func next(_ range: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(range))
        }
        let background = (0..<(80 * 80)).map { UInt32(0xFF10_1010) &+ UInt32(($0 * 7) % 23) &* 0x0003_0502 }
        var differing = 0, drawnPixels = 0
        for trial in 0..<400 {
            let width = Double(2 + next(70)), height = Double(2 + next(70))
            let fill: UInt32 = next(6) == 0 ? 0 : [0xFF20_4080, 0x8010_2030, 0xFFFF_FFFF, 0xC060_4020][next(4)]
            let shape = shape(width, height, radius: Double(next(4) == 0 ? 0 : next(24)) * 0.75, border: Double(next(3) == 0 ? 0 : next(10)) * 0.5,
                              fill: fill, borderColor: [0xFFFF_FFFF, 0x8080_8080, 0][next(3)], rounded: next(3) == 0 ? UInt32(next(16)) : 15,
                              aliased: [0, 15, UInt32(next(16))][next(3)])
            let angle = Double(next(4000)) / 4000 * 2 * .pi, scale = 0.4 + Double(next(160)) / 100
            let tint: UInt32 = [UInt32.max, 0xA0A0_A0A0, 0x4D4D_4D4D, 0xFF80_FF40][next(4)]
            let (x0, y0) = (Int32(next(40)), Int32(next(40)))
            let clip = (x0, y0, min(80, x0 + 1 + Int32(next(80))), min(80, y0 + 1 + Int32(next(80))))
            let drawn = pictures(shape, angle: angle, scale: scale, tint: tint, clip: clip, over: background,
                                 by: [UInt32(LAMINA_KERNEL_AVX2), Self.avx512])
            let (avx2, wider) = (drawn[0], drawn[1])
            let off = zip(avx2, wider).filter { $0 != $1 }.count
            XCTAssertEqual(off, 0, "trial \(trial): \(width)×\(height) turned \(angle), scale \(scale), clip \(clip)")
            differing += off
            drawnPixels += zip(wider, background).filter { $0 != $1 }.count
        }
        XCTAssertEqual(differing, 0)
        XCTAssertGreaterThan(drawnPixels, 100_000, "the shapes are drawn")
    }

    func testTheAVX512PathDrawsStressTilesAsTheAVX2Path() throws {
        // The stress scene's tiles (64×64, radius 8, a 2-texel white border, cut aliased,
        // translucent), turned through a full circle in small steps and cut in bands of rows as
        // the compositor cuts them: the rows pair up in every way (both rows' edge pixels in one
        // step, a row alone, a band's odd last row).
        try skipWithoutAVX512()
        let tile = lamina_rounded_rect(x0: 0, y0: 0, x1: 64, y1: 64, radius: 8, border: 2, rounded: 15, aliased: 15,
                                       fill: 0xFF3F_99C2, border_color: 0xFFFF_FFFF)
        let background = (0..<(80 * 80)).map { UInt32(0xFF20_2020) &+ UInt32($0 % 11) &* 0x0001_0101 }
        for step in 0..<180 {
            let degrees = Double(step) * 2 + 0.37
            let m = inverse(angle: degrees * .pi / 180, scale: 1, center: (32.25, 31.8))
            for tint in [0xFFFF_FFFF, 0x5A5A_5A5A] as [UInt32] {
                func drawn(_ features: UInt32) -> [UInt32] {
                    var target = background, shape = tile
                    target.withUnsafeMutableBufferPointer { pixels in
                        for (top, bottom) in [(0, 13), (13, 14), (14, 47), (47, 80)] as [(Int32, Int32)] {
                            lamina_rounded_rect_over_with(pixels.baseAddress, 80, 0, top, 80, bottom, &shape, m, tint, features)
                        }
                    }
                    return target
                }
                let (avx2, wider) = (drawn(UInt32(LAMINA_KERNEL_AVX2)), drawn(Self.avx512))
                XCTAssertEqual(zip(avx2, wider).filter { $0 != $1 }.count, 0, "pixels differing, turned \(degrees)°, tint \(tint)")
                XCTAssertGreaterThan(zip(wider, background).filter { $0 != $1 }.count, 3000, "the tile is drawn, turned \(degrees)°")
            }
        }
    }

    func testTheAVX512PathDrawsWideRowsAsTheAVX2Path() throws {
        // Rows of hundreds of covered pixels (a ring with no fill magnified, a border wider than
        // half the shape, a shape with no flat part): their edge steps run sixteen pixels at a
        // time past 256 and 512 pixels, where a mask from the count's low byte alone would drop
        // pixels. 600×24 targets, the same pixels as the AVX2 path.
        try skipWithoutAVX512()
        let (width, height) = (600, 24)
        let background = (0..<(width * height)).map { UInt32(0xFF10_1010) &+ UInt32($0 % 13) &* 0x0001_0101 }
        let shapes = [lamina_rounded_rect(x0: 0, y0: 0, x1: 100, y1: 100, radius: 0, border: 60, rounded: 15, aliased: 15,
                                          fill: 0, border_color: 0xFFFF_FFFF),
                      lamina_rounded_rect(x0: 0, y0: 0, x1: 120, y1: 90, radius: 30, border: 50, rounded: 15, aliased: 0,
                                          fill: 0x8040_2010, border_color: 0xC0C0_C0C0),
                      lamina_rounded_rect(x0: 0, y0: 0, x1: 150, y1: 100, radius: 12, border: 0, rounded: 9, aliased: 15,
                                          fill: 0xFF30_60A0, border_color: 0)]
        var drawnPixels = 0
        for (i, tile) in shapes.enumerated() {
            for (angle, scale) in [(0.1, 4.0), (0.02, 5.5), (1.3, 4.5), (-0.7, 6.0)] {
                // Texel space at the target's middle row, the shape's middle at pixel 300.
                let (c, s) = (cos(angle) / scale, sin(angle) / scale)
                let (mx, my) = ((tile.x0 + tile.x1) / 2, (tile.y0 + tile.y1) / 2)
                let m = [c, -s, s, c, mx - c * 300 - s * 12, my + s * 300 - c * 12]
                func drawn(_ features: UInt32) -> [UInt32] {
                    var target = background, shape = tile
                    target.withUnsafeMutableBufferPointer {
                        lamina_rounded_rect_over_with($0.baseAddress, Int32(width), 0, 0, Int32(width), Int32(height), &shape, m, 0xFFFF_FFFF, features)
                    }
                    return target
                }
                let (avx2, wider) = (drawn(UInt32(LAMINA_KERNEL_AVX2)), drawn(Self.avx512))
                XCTAssertEqual(zip(avx2, wider).filter { $0 != $1 }.count, 0, "pixels differing, shape \(i) turned \(angle), scale \(scale)")
                drawnPixels += zip(wider, background).filter { $0 != $1 }.count
            }
        }
        XCTAssertGreaterThan(drawnPixels, 100_000, "the wide rows are drawn")
    }

    func testTheCornersDiagonalCutSkipsOnlyPixelsThatWouldNotShow() {
        // On turned outlines the AVX2 path leaves out the pixels past the lines at 45° that touch
        // the corners' circles (or pass square corners), half a pixel and a little beyond them:
        // nothing there is covered enough to show. Turned through a full circle, magnified and
        // shrunk, cut aliased or soft, with every corner rounded, some or none, it draws what the
        // SSE2 path (which cuts nothing) draws, to two levels on every pixel.
        let aliased = UInt32(LAMINA_ALIAS_X0 | LAMINA_ALIAS_X1 | LAMINA_ALIAS_Y0 | LAMINA_ALIAS_Y1)
        let shapes = [shape(40, 40, radius: 8, border: 2, fill: 0xFF30_70B0, borderColor: 0xFF00_0000, aliased: aliased),
                      shape(36, 28, radius: 14, border: 1.5, fill: 0xFF30_70B0, borderColor: 0xFFFF_FFFF),
                      shape(30, 34, radius: 5, fill: 0xFFFF_FFFF, rounded: 6),
                      shape(32, 32, fill: 0xFFFF_FFFF)]
        for (i, shape) in shapes.enumerated() {
            for degrees in stride(from: 1.0, to: 360, by: 13) {
                for scale in [0.6, 1.0, 1.7] {
                    let pictures = bothPaths(shape, angle: degrees * .pi / 180, scale: scale, tint: 0xC7C7_C7C7, over: [UInt32](repeating: 0, count: 80 * 80))
                    XCTAssertLessThanOrEqual(largestChannelDifference(pictures.sse2, pictures.avx2), 2, "shape \(i), turned \(degrees)°, scale \(scale)")
                }
            }
        }
    }

    func testTheFlatPartHoldsOnlyPixelsTheFillCoversWhole() {
        // A turned outline's flat part, filled without working out coverage, is a box half a
        // pixel inside the border's inner edge cut across its corners by chords of the inner
        // corners' circles: a white border around a black fill shows any pixel it takes that the
        // border reaches. Against the SSE2 path (the cross of a wide and a tall rectangle), two
        // levels at most, turned through a full circle at five scales.
        let shapes = [shape(30, 26, radius: 10, border: 2, fill: 0xFF00_0000, borderColor: 0xFFFF_FFFF,
                            aliased: UInt32(LAMINA_ALIAS_X0 | LAMINA_ALIAS_X1 | LAMINA_ALIAS_Y0 | LAMINA_ALIAS_Y1)),
                      shape(30, 26, radius: 6, border: 1, fill: 0xFF00_0000, borderColor: 0xFFFF_FFFF),
                      shape(30, 26, radius: 3, border: 3.5, fill: 0xFF00_0000, borderColor: 0xFFFF_FFFF)]
        for (i, shape) in shapes.enumerated() {
            for degrees in stride(from: 1.0, to: 360, by: 7) {
                for scale in [0.6, 1.0, 1.3, 1.7, 2.5] {
                    let pictures = bothPaths(shape, angle: degrees * .pi / 180, scale: scale, tint: .max, over: [UInt32](repeating: 0xFF80_8080, count: 80 * 80))
                    XCTAssertLessThanOrEqual(largestChannelDifference(pictures.sse2, pictures.avx2), 2, "shape \(i), turned \(degrees)°, scale \(scale)")
                }
            }
        }
    }

    func testExactDiagonalTurnsAndBandsDrawAsOneCall() {
        // The AVX2 path works out a turned outline's row bounds four at a time. At exactly 45°
        // (m[0] = ±m[1] to the last bit) the corners' diagonal cut and the octagon's sides are
        // constant along the rows: they cut nothing, and the flat part is the cross of a wide and
        // a tall rectangle. There it draws what the SSE2 path draws, to two levels. And a shape
        // drawn in bands of rows (the compositor's bands) puts down the same pixels, bit for
        // bit, as one call over all the rows, whatever the turn.
        let aliased = UInt32(LAMINA_ALIAS_X0 | LAMINA_ALIAS_X1 | LAMINA_ALIAS_Y0 | LAMINA_ALIAS_Y1)
        let shapes = [shape(40, 40, radius: 8, border: 2, fill: 0xFF30_70B0, borderColor: 0xFFFF_FFFF, aliased: aliased),
                      shape(36, 28, radius: 5, border: 3, fill: 0xC030_3030, borderColor: 0xFF00_0000, rounded: 6),
                      shape(30, 30, fill: 0xFFFF_FFFF)]
        let background = (0..<(80 * 80)).map { UInt32(0xFF10_1010) &+ UInt32($0 % 5) &* 0x0003_0201 }
        for (i, tile) in shapes.enumerated() {
            let (mx, my) = ((tile.x0 + tile.x1) / 2, (tile.y0 + tile.y1) / 2)
            for k in [0.7071, 0.5, 1.25] {
                for (c, s) in [(k, k), (k, -k), (-k, k)] {
                    let m = [c, -s, s, c, mx - c * 40 - s * 40, my + s * 40 - c * 40]
                    func drawn(_ features: UInt32) -> [UInt32] {
                        var target = background, shape = tile
                        target.withUnsafeMutableBufferPointer {
                            lamina_rounded_rect_over_with($0.baseAddress, 80, 2, 3, 78, 77, &shape, m, 0xE0E0_E0E0, features)
                        }
                        return target
                    }
                    let wide = drawn(UInt32(LAMINA_KERNEL_AVX2))
                    XCTAssertLessThanOrEqual(largestChannelDifference(drawn(0), wide), 2, "shape \(i), m \(m)")
                    XCTAssertGreaterThan(zip(wide, background).filter { $0 != $1 }.count, 300, "shape \(i) is drawn")
                }
            }
            for degrees in [45.0, 17, 100, 243] {
                let (c, s) = (cos(degrees * .pi / 180) / 1.2, sin(degrees * .pi / 180) / 1.2)
                let m = [c, -s, s, c, mx - c * 40 - s * 40, my + s * 40 - c * 40]
                var whole = background, banded = background, shape = tile
                whole.withUnsafeMutableBufferPointer {
                    lamina_rounded_rect_over_with($0.baseAddress, 80, 0, 0, 80, 80, &shape, m, 0xE0E0_E0E0, UInt32(LAMINA_KERNEL_AVX2))
                }
                banded.withUnsafeMutableBufferPointer { pixels in
                    for (top, bottom) in [(0, 23), (23, 40), (40, 41), (41, 80)] as [(Int32, Int32)] {
                        lamina_rounded_rect_over_with(pixels.baseAddress, 80, 0, top, 80, bottom, &shape, m, 0xE0E0_E0E0, UInt32(LAMINA_KERNEL_AVX2))
                    }
                }
                XCTAssertEqual(whole, banded, "shape \(i) turned \(degrees)°")
            }
        }
    }

    func testFlatSpansAreSolidOverBitForBit() {
        // The AVX2 path fills a row's flat span sixteen pixels a step, its last sixteen (or
        // eight) worked out from the pixels as they were and stored last, over pixels the steps
        // before may have stored: each must be put down once, as `lamina_solid_over` puts it.
        // Square rectangles cut aliased, unturned: every pixel inside the outermost ring is flat,
        // in spans of 1 to 43 pixels, over a varied background; and turned, the same spans
        // within two levels of the SSE2 path (which fills by `lamina_solid_over`).
        let background = (0..<(80 * 80)).map { UInt32(0xFF10_1010) &+ UInt32(($0 * 7) % 23) &* 0x0003_0502 }
        let fill: UInt32 = 0xC060_4020
        for width in 3...45 {
            var shape = shape(Double(width), 20, fill: fill, aliased: 15)
            // Texel (1, 1), the outline's corner, at pixel (10, 10).
            let m = [1.0, 0, 0, 1, -9, -9]
            var target = background
            target.withUnsafeMutableBufferPointer {
                lamina_rounded_rect_over_with($0.baseAddress, 80, 0, 0, 80, 80, &shape, m, .max, UInt32(LAMINA_KERNEL_AVX2))
            }
            for y in 11..<29 {
                var expected = Array(background[(y * 80 + 11)..<(y * 80 + 9 + width)])
                expected.withUnsafeMutableBufferPointer { lamina_solid_over($0.baseAddress, Int32($0.count), fill) }
                XCTAssertEqual(Array(target[(y * 80 + 11)..<(y * 80 + 9 + width)]), expected, "width \(width), row \(y)")
            }
            let turned = bothPaths(shape, angle: 0.3, scale: 1, tint: .max, over: background)
            XCTAssertLessThanOrEqual(largestChannelDifference(turned.sse2, turned.avx2), 2, "width \(width) turned")
        }
    }

    func testTouchesNothingOutsideItsClip() throws {
        // The AVX2 path, turned or not, reads and stores eight pixels at a time wherever the eight
        // are within the call's rectangle, putting back what it read outside a span (a masked store
        // costs a dozen plain ones), and masks only at the rectangle's sides. The target here fills
        // one memory page between two that may not be touched, so a read or store past the
        // rectangle on its first or last row would crash; the pixels outside a smaller rectangle
        // must keep their values.
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let width = 32, height = page / (4 * 32)
        guard let base = mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED else {
            throw XCTSkip("no memory map")
        }
        defer { munmap(base, 3 * page) }
        XCTAssertEqual(mprotect(base, page, PROT_NONE), 0)
        XCTAssertEqual(mprotect(base + 2 * page, page, PROT_NONE), 0)
        let target = (base + page).assumingMemoryBound(to: UInt32.self)
        let aliased = UInt32(LAMINA_ALIAS_X0 | LAMINA_ALIAS_X1 | LAMINA_ALIAS_Y0 | LAMINA_ALIAS_Y1)
        let tiles = [shape(24, 24, radius: 6, border: 2, fill: 0xFF30_70B0, borderColor: 0xFF00_0000, aliased: aliased),
                     shape(40, 12, radius: 3, border: 1, fill: 0xFFFF_FFFF, borderColor: 0xFF80_0000)]
        let h = Double(height)
        let clips: [(Int32, Int32, Int32, Int32)] = [(0, 0, Int32(width), Int32(height)), (3, 2, 29, Int32(height) - 5), (0, 1, 7, 9)]
        var drawnPixels = 0
        // The AVX-512 path's masked loads and stores address whole windows around a row's spans,
        // before and past the rectangle (and the page): only the lanes within it may be touched.
        let paths = [UInt32(LAMINA_KERNEL_AVX2)] + (lamina_outline_features() & UInt32(LAMINA_KERNEL_AVX512) != 0 ? [Self.avx512] : [])
        for features in paths {
            for (i, tile) in tiles.enumerated() {
                for (cx, cy) in [(0.0, 0.0), (32, 0), (0, h), (32, h), (16, h / 2), (30.5, 3.2), (1.7, h - 2.4)] {
                    for degrees in [0.0, 90, 180] + Array(stride(from: 5.0, to: 360, by: 25)) {
                        for clip in clips {
                            var shape = tile
                            let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
                            let (mx, my) = ((shape.x0 + shape.x1) / 2, (shape.y0 + shape.y1) / 2)
                            let m = [c, -s, s, c, mx - c * cx - s * cy, my + s * cx - c * cy]
                            for k in 0..<(width * height) { target[k] = 0xFF10_1010 &+ UInt32(k % 7) &* 0x0001_0203 }
                            var expected = (0..<(width * height)).map { 0xFF10_1010 &+ UInt32($0 % 7) &* 0x0001_0203 }
                            lamina_rounded_rect_over_with(target, Int32(width), clip.0, clip.1, clip.2, clip.3, &shape, m, 0xC7C7_C7C7, features)
                            expected.withUnsafeMutableBufferPointer {
                                lamina_rounded_rect_over_with($0.baseAddress, Int32(width), clip.0, clip.1, clip.2, clip.3, &shape, m, 0xC7C7_C7C7, 0)
                            }
                            var worst = 0
                            for y in 0..<height {
                                for x in 0..<width {
                                    let (a, b) = (target[y * width + x], expected[y * width + x])
                                    let inside = x >= clip.0 && x < clip.2 && y >= clip.1 && y < clip.3
                                    if !inside {
                                        XCTAssertEqual(a, 0xFF10_1010 &+ UInt32((y * width + x) % 7) &* 0x0001_0203, "tile \(i) outside its clip")
                                        continue
                                    }
                                    if a != 0xFF10_1010 &+ UInt32((y * width + x) % 7) &* 0x0001_0203 { drawnPixels += 1 }
                                    worst = max(worst, channelDifference(a, b))
                                }
                            }
                            XCTAssertLessThanOrEqual(worst, 2, "tile \(i) at (\(cx), \(cy)) turned \(degrees)°, clip \(clip), features \(features)")
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThan(drawnPixels, 20_000 * paths.count)
    }

    func testCutSidesDrawWhatTheSampledKernelDraws() {
        // A flat square texture and the same square as an outline, every side cut by pixel
        // centers: the same pixels, each wholly covered.
        var texels = [UInt32](repeating: 0, count: 34 * 34)
        for y in 1..<33 { for x in 1..<33 { texels[y * 34 + x] = 0xFF30_6090 } }
        let all = UInt32(LAMINA_ALIAS_X0 | LAMINA_ALIAS_X1 | LAMINA_ALIAS_Y0 | LAMINA_ALIAS_Y1)
        for angle in [0.3, 0.785, 2.0] {
            let m = inverse(angle: angle, scale: 1.5, center: (17, 17))
            var sampled = [UInt32](repeating: 0, count: 80 * 80)
            texels.withUnsafeBufferPointer { src in
                var texture = lamina_texture()
                texture.texels = src.baseAddress
                (texture.stride_pixels, texture.width, texture.height) = (34, 34, 34)
                lamina_texture_find_flat_rect(&texture)
                var edges = lamina_edges(x0: 1, y0: 1, x1: 33, y1: 33, aliased: all)
                sampled.withUnsafeMutableBufferPointer {
                    lamina_affine_bilinear_edged_over($0.baseAddress, 80, 0, 0, 80, 80, &texture, m, .max, &edges)
                }
            }
            let outlined = drawn(shape(32, 32, fill: 0xFF30_6090, aliased: all), angle: angle, scale: 1.5)
            XCTAssertEqual(outlined.filter { $0 != 0 && $0 != 0xFF30_6090 }.count, 0, "angle \(angle): partly covered pixels")
            let differing = zip(sampled, outlined).filter { $0 != $1 }.count
            XCTAssertLessThanOrEqual(differing, 2, "angle \(angle): pixels the two kernels draw differently")
            XCTAssertGreaterThan(outlined.filter { $0 != 0 }.count, 2000)
        }
    }

    func testOnlyTheNamedCornersAreRounded() {
        // Unturned, 2× scale: the top-left corner (x0, y0) rounded, the others square.
        let pixels = drawn(shape(30, 30, radius: 10, rounded: UInt32(LAMINA_CORNER_X0Y0)), angle: 0, scale: 2)
        // The shape spans device pixels 10..<70 in both directions.
        XCTAssertEqual(pixels[10 * 80 + 10] >> 24, 0, "the rounded corner's pixel")
        XCTAssertEqual(pixels[10 * 80 + 69] >> 24, 255, "a square corner's pixel")
        XCTAssertEqual(pixels[69 * 80 + 10] >> 24, 255)
        XCTAssertEqual(pixels[69 * 80 + 69] >> 24, 255)
        XCTAssertEqual(pixels[40 * 80 + 40], 0xFFFF_FFFF)
        XCTAssertEqual(pixels[9 * 80 + 40] >> 24, 0, "outside the top side")
    }

    func testColorsAreTheTexturesOwn() throws {
        let context = RenderContext()
        let colors = [CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1), CGColor(red: 0.7, green: 0.1, blue: 0.33, alpha: 0.5),
                      CGColor(gray: 0.5, alpha: 0.8)]
        for color in colors {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            layer.backgroundColor = color
            let texture = try XCTUnwrap(LayerTexture.own(LayerSnapshot(layer), scale: 1, context: context))
            let outline = try XCTUnwrap(texture.drawnOutline)
            texture.ensureDrawn()
            XCTAssertEqual(outline.fill, texture.texels.flat_color, "\(color)")
            XCTAssertEqual(outline.x1 - outline.x0, 40)
            XCTAssertEqual(outline.y1 - outline.y0, 30)
        }
    }

    func testPixelsWaitUntilAnItemReadsThem() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        let texture = try XCTUnwrap(LayerTexture.own(LayerSnapshot(layer), scale: 1, context: RenderContext()))
        let middle = { texture.texels.texels![Int(texture.texels.stride_pixels) * 15 + 20] }
        XCTAssertNil(texture.bitmap, "not even allocated yet")
        XCTAssertNil(texture.texels.texels)
        XCTAssertEqual(texture.texels.flat_x1 - texture.texels.flat_x0, 0)
        XCTAssertEqual([texture.width, texture.height], [42, 32], "its size known already: the bounds and the padding ring")
        texture.ensureDrawn()
        XCTAssertEqual(middle(), try XCTUnwrap(texture.drawnOutline).fill)
        XCTAssertGreaterThan(texture.texels.flat_x1 - texture.texels.flat_x0, 30, "its flat rectangle found once drawn")
    }

    func testOnlyBackgroundsAndBordersHaveOutlines() throws {
        let context = RenderContext()
        func outline(_ configure: (CALayer) -> Void) throws -> lamina_rounded_rect? {
            let layer = CALayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
            layer.backgroundColor = CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
            configure(layer)
            return try XCTUnwrap(LayerTexture.own(LayerSnapshot(layer), scale: 2, context: context)).drawnOutline
        }
        let tile = try XCTUnwrap(try outline { $0.cornerRadius = 30; $0.borderWidth = 3; $0.borderColor = CGColor(gray: 1, alpha: 1) })
        XCTAssertEqual(tile.radius, 30, "the radius is limited to half the shorter side, at 2 texels a point")
        XCTAssertEqual(tile.border, 6)
        XCTAssertEqual(tile.border_color, 0xFFFF_FFFF)
        XCTAssertNil(try outline { $0.contents = BadInputTableTests.image }, "contents")
        XCTAssertNil(try outline { $0.cornerRadius = 8; $0.cornerCurve = .continuous }, "continuous corners")
        XCTAssertNotNil(try outline { $0.cornerCurve = .continuous }, "no radius: no corner to draw")
        XCTAssertNil(try outline { $0.backgroundColor = nil }, "nothing drawn")
        let gradient = CAGradientLayer()
        gradient.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        XCTAssertNil(try XCTUnwrap(LayerTexture.own(LayerSnapshot(gradient), scale: 1, context: context)).drawnOutline)
    }

    func testABandDrawsEachOfItsItemsOnceInOrder() throws {
        // A band looks at its items three in turn (one's texture asked for, one's outline read,
        // one drawn): with one to five overlapping turned tiles, each a color of its own and the
        // later ones above, the compositor's frame is the layer renderer's.
        let colors = [CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1), CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1),
                      CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1), CGColor(red: 0.9, green: 0.9, blue: 0.2, alpha: 1),
                      CGColor(red: 0.8, green: 0.3, blue: 0.9, alpha: 1)]
        for count in 1...5 {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
            root.backgroundColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)
            for i in 0..<count {
                let t = tile(CGRect(x: 30 + 22 * i, y: 30 + 9 * i, width: 56, height: 48), colors[i])
                t.allowsEdgeAntialiasing = true
                t.transform = CATransform3DMakeRotation(0.3 + 0.4 * Double(i), 0, 0, 1)
                root.addSublayer(t)
            }
            let ctx = target()
            _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
            let compositor = SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))
            let renderer = SnapshotComparison.rgba(rendered(root))
            var far = 0
            for i in stride(from: 0, to: compositor.count, by: 4) where (0..<3).contains(where: {
                abs(Int(compositor[i + $0]) - Int(renderer[i + $0])) > 40
            }) { far += 1 }
            XCTAssertLessThan(far, 5, "\(count) tiles: pixels far from the renderer's")
        }
    }

    func testTurnedTilesLookAsTheRendererDrawsThem() throws {
        // The compositor draws these tiles from their outlines; the layer renderer fills their
        // paths with cairo. Antialiased sides, so that both soften the same edges.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 0.12, green: 0.12, blue: 0.14, alpha: 1)
        for (i, angle) in [0.3, 1.2, 2.2].enumerated() {
            let t = tile(CGRect(x: 20 + 70 * i, y: 40, width: 56, height: 48), CGColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1))
            t.allowsEdgeAntialiasing = true
            t.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            t.opacity = i == 2 ? 0.6 : 1
            root.addSublayer(t)
        }
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let compositor = SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))
        let renderer = SnapshotComparison.rgba(rendered(root))
        var far = 0, total = 0
        for i in stride(from: 0, to: compositor.count, by: 4) {
            let d = (0..<3).map { abs(Int(compositor[i + $0]) - Int(renderer[i + $0])) }.max()!
            total += d
            if d > 40 { far += 1 }
        }
        // Edges differ by how each measures coverage; nothing else does.
        XCTAssertLessThan(far, 5, "pixels far from the renderer's")
        XCTAssertLessThan(Double(total) / Double(size.width * size.height), 0.3, "mean difference per pixel (0.15 measured)")
    }
}
