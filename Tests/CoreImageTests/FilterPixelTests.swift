import XCTest
import CoreImage

/// Filter outputs against hand-computed values of their formulas.
final class FilterPixelTests: XCTestCase {
    /// An image of the given unpremultiplied 8-bit colors (r, g, b, a) in one row.
    private func row(_ colors: [(Int, Int, Int, Int)]) -> CIImage {
        let pixels = colors.map { c -> UInt32 in
            let a = Double(c.3) / 255
            func p(_ v: Int) -> UInt32 { UInt32((Double(v) * a).rounded()) }
            return UInt32(c.3) << 24 | p(c.0) << 16 | p(c.1) << 8 | p(c.2)
        }
        return CIImage(raster: PixelImage(width: colors.count, height: 1, pixels: pixels),
                       extent: CGRect(x: 0, y: 0, width: colors.count, height: 1))
    }

    /// Unpremultiplied (r, g, b, a) in 0…255 of a pixel.
    private func color(_ p: UInt32) -> [Double] {
        let a = Double(p >> 24)
        guard a > 0 else { return [0, 0, 0, 0] }
        return [Double((p >> 16) & 0xFF) * 255 / a, Double((p >> 8) & 0xFF) * 255 / a, Double(p & 0xFF) * 255 / a, a]
    }

    private func assertColor(_ p: UInt32, _ expected: [Double], accuracy: Double = 1.01, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        let c = color(p)
        for i in 0..<4 { XCTAssertEqual(c[i], expected[i], accuracy: accuracy, "\(message) channel \(i): \(c) vs \(expected)", file: file, line: line) }
    }

    func testColorInvert() {
        let out = row([(200, 100, 50, 255), (0, 255, 10, 255)]).applyingFilter("CIColorInvert").raster
        assertColor(out.pixels[0], [55, 155, 205, 255])
        assertColor(out.pixels[1], [255, 0, 245, 255])
    }

    func testColorMatrixSwapsAndBiases() {
        let out = row([(200, 100, 50, 255)]).applyingFilter("CIColorMatrix", parameters: [
            "inputRVector": CIVector(x: 0, y: 1, z: 0, w: 0), "inputGVector": CIVector(x: 1, y: 0, z: 0, w: 0),
            "inputBiasVector": CIVector(x: 0, y: 0, z: 0.2, w: 0),
        ]).raster
        assertColor(out.pixels[0], [100, 200, 50 + 51, 255])
    }

    func testSepiaOfKnownColors() {
        let (r, g, b) = (100.0, 150.0, 200.0)
        let expected = [min(0.393 * r + 0.769 * g + 0.189 * b, 255), min(0.349 * r + 0.686 * g + 0.168 * b, 255),
                        0.272 * r + 0.534 * g + 0.131 * b, 255]
        let out = row([(100, 150, 200, 255)]).applyingFilter("CISepiaTone").raster
        assertColor(out.pixels[0], expected)
        // Half intensity: halfway between the color and its sepia.
        let half = row([(100, 150, 200, 255)]).applyingFilter("CISepiaTone", parameters: [kCIInputIntensityKey: 0.5]).raster
        assertColor(half.pixels[0], [(r + expected[0]) / 2, (g + expected[1]) / 2, (b + expected[2]) / 2, 255])
    }

    func testHueAdjustExposureAndControls() {
        // A hue turn of 2π is none; π/2 per SVG's matrix.
        let source = row([(200, 60, 30, 255)])
        assertColor(source.applyingFilter("CIHueAdjust", parameters: [kCIInputAngleKey: 2 * Double.pi]).raster.pixels[0], [200, 60, 30, 255])
        let c = 0.0, s = 1.0
        let m = [[0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
                 [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
                 [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072]]
        let rgb = [200.0, 60, 30]
        let turned = m.map { row in min(max(zip(row, rgb).map(*).reduce(0, +), 0), 255) }
        assertColor(source.applyingFilter("CIHueAdjust", parameters: [kCIInputAngleKey: Double.pi / 2]).raster.pixels[0], turned + [255])
        assertColor(row([(60, 30, 100, 255)]).applyingFilter("CIExposureAdjust", parameters: [kCIInputEVKey: 1]).raster.pixels[0],
                    [120, 60, 200, 255])
        // Saturation 0 is gray by Rec. 709 luma; contrast 2 doubles the distance from 0.5.
        let gray = 0.2125 * 200 + 0.7154 * 60 + 0.0721 * 30
        assertColor(source.applyingFilter("CIColorControls", parameters: [kCIInputSaturationKey: 0]).raster.pixels[0],
                    [gray, gray, gray, 255])
        assertColor(row([(160, 100, 128, 255)]).applyingFilter("CIColorControls", parameters: [kCIInputContrastKey: 2]).raster.pixels[0],
                    [192.5, 72.5, 128.5, 255], accuracy: 1.6)
    }

    func testColorFiltersKeepAlpha() {
        let out = row([(200, 100, 50, 128)]).applyingFilter("CIColorInvert").raster
        assertColor(out.pixels[0], [55, 155, 205, 128], accuracy: 2.1)
        XCTAssertEqual(row([(0, 0, 0, 0)]).applyingFilter("CISepiaTone").raster.pixels[0], 0, "transparent stays transparent")
    }

    func testPixellateTakesEachCellsCenter() {
        let colors = (0..<16).map { (($0 * 16), 0, 0, 255) }
        let out = row(colors).applyingFilter("CIPixellate", parameters: [kCIInputCenterKey: CIVector(x: 4, y: 0.5),
                                                                         kCIInputScaleKey: 4]).raster
        // Cells [2, 6), [6, 10), …, centered on x = 4, 8, 12: each is the pixel whose center is nearest past the middle.
        XCTAssertEqual(Set(out.pixels[2..<6]).count, 1)
        XCTAssertEqual(out.pixels[2], row(colors).raster.pixels[4])
        XCTAssertEqual(out.pixels[6], row(colors).raster.pixels[8])
    }

    // MARK: Blurs

    func testGaussianBlurOfAStepEdgeIsTheGaussiansIntegral() {
        // σ 3 blurs at full size; 8 and 24 on copies reduced by 2 and 8.
        for sigma in [3.0, 8.0, 24.0] {
            let reach = Int((3 * sigma).rounded(.up))
            let width = 400, height = 2 * reach + 20
            var raster = PixelImage(width: width, height: height)
            for y in 0..<height { for x in width / 2..<width { raster[x, y] = 0xFFFF_FFFF } }
            let image = CIImage(raster: raster, extent: CGRect(x: 0, y: 0, width: width, height: height))
            let out = image.applyingFilter("CIGaussianBlur", parameters: [kCIInputRadiusKey: sigma])
            XCTAssertEqual(out.extent, image.extent.insetBy(dx: CGFloat(-reach), dy: CGFloat(-reach)))
            let y = reach + height / 2
            var worst = 0.0
            for x in (width / 2 - 2 * reach)..<(width / 2 + 2 * reach) {
                let p = out.raster[x + reach, y]
                // Pixel x's center is at x + 0.5; the edge at width / 2.
                let t = (Double(x) + 0.5 - Double(width / 2)) / sigma
                let expected = 255 * 0.5 * (1 + erf(t / 2.squareRoot()))
                worst = max(worst, abs(Double(p >> 24) - expected))
            }
            XCTAssertLessThan(worst, 0.02 * 255, "σ \(sigma): within 2% of the gaussian")
        }
    }

    func testBoxBlurSpreadsAPointEvenly() {
        var raster = PixelImage(width: 1, height: 1)
        raster[0, 0] = 0xFFFF_FFFF
        let out = CIImage(raster: raster, extent: CGRect(x: 0, y: 0, width: 1, height: 1))
            .applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: 2]).raster
        XCTAssertEqual(out.width, 3, "radius 2: a box 3 pixels wide")
        // 255 / 9 = 28.3 per pixel, premultiplied white.
        for p in out.pixels { XCTAssertEqual(Double(p >> 24), 255.0 / 9, accuracy: 1) }
        let identity = CIImage(raster: raster, extent: CGRect(x: 0, y: 0, width: 1, height: 1))
            .applyingFilter("CIBoxBlur", parameters: [kCIInputRadiusKey: 1])
        XCTAssertEqual(identity.raster, raster, "radius 1 is the identity Apple gives")
    }

    func testDiscAndMotionBlurConserveAFlatColor() {
        var raster = PixelImage(width: 60, height: 60)
        for i in raster.pixels.indices { raster.pixels[i] = 0xFF40_8020 }
        let image = CIImage(raster: raster, extent: CGRect(x: 0, y: 0, width: 60, height: 60))
        let disc = image.applyingFilter("CIDiscBlur", parameters: [kCIInputRadiusKey: 5]).raster
        XCTAssertEqual(disc[30, 30], 0xFF40_8020, "the middle of a flat area stays")
        XCTAssertEqual(disc.width, 70)
        let motion = image.applyingFilter("CIMotionBlur", parameters: [kCIInputRadiusKey: 5]).raster
        XCTAssertEqual(motion[35, 35], 0xFF40_8020)
        // Horizontal motion smears x only: a pixel above the image stays clear.
        XCTAssertEqual(motion[35, 2], 0)
        XCTAssertNotEqual(motion[2, 35], 0)
    }

    // MARK: Blend modes (W3C Compositing and Blending, on known pixel pairs)

    private typealias Blend = (Double, Double) -> Double

    private func expected(_ s: [Double], over b: [Double], _ f: Blend) -> [Double] {
        let sa = s[3] / 255, ba = b[3] / 255
        var out = [Double]()
        for i in 0..<3 {
            let cs = s[i] / 255, cb = b[i] / 255
            let co = cs * sa * (1 - ba) + cb * ba * (1 - sa) + sa * ba * f(cb, cs)
            out.append(co)
        }
        let ao = sa + ba * (1 - sa)
        return out.map { $0 / ao * 255 } + [ao * 255]
    }

    func testSeparableBlendModesFollowTheW3CFormulas() throws {
        let modes: [(String, Blend)] = [
            ("CIMultiplyBlendMode", { b, s in b * s }),
            ("CIScreenBlendMode", { b, s in b + s - b * s }),
            ("CIOverlayBlendMode", { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
            ("CIDarkenBlendMode", { b, s in min(b, s) }),
            ("CILightenBlendMode", { b, s in max(b, s) }),
            ("CIColorDodgeBlendMode", { b, s in b == 0 ? 0 : s == 1 ? 1 : min(1, b / (1 - s)) }),
            ("CIColorBurnBlendMode", { b, s in b == 1 ? 1 : s == 0 ? 0 : 1 - min(1, (1 - b) / s) }),
            ("CIHardLightBlendMode", { b, s in s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
            ("CISoftLightBlendMode", { b, s in
                if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
                let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
                return b + (2 * s - 1) * (d - b)
            }),
            ("CIDifferenceBlendMode", { b, s in abs(b - s) }),
            ("CIExclusionBlendMode", { b, s in b + s - 2 * b * s }),
        ]
        let sources: [(Int, Int, Int, Int)] = [(200, 40, 120, 255), (30, 220, 90, 180), (255, 128, 0, 102)]
        let backdrops: [(Int, Int, Int, Int)] = [(60, 180, 240, 255), (250, 20, 128, 200), (128, 128, 128, 255)]
        for (name, f) in modes {
            for (s, b) in zip(sources, backdrops) {
                let out = row([s]).applyingFilter(name, parameters: [kCIInputBackgroundImageKey: row([b])]).raster
                let sv = [Double(s.0), Double(s.1), Double(s.2), Double(s.3)], bv = [Double(b.0), Double(b.1), Double(b.2), Double(b.3)]
                // 8-bit premultiplied inputs: a couple of levels of rounding.
                assertColor(out.pixels[0], expected(sv, over: bv, f), accuracy: 2.6, "\(name) \(s) over \(b)")
            }
        }
    }

    func testNonSeparableBlendModesKeepLuminosityOrHue() {
        func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
        let s = row([(220, 40, 40, 255)]), b = row([(40, 90, 200, 255)])
        let color = color(s.applyingFilter("CIColorBlendMode", parameters: [kCIInputBackgroundImageKey: b]).raster.pixels[0])
        XCTAssertEqual(lum(color), lum([40, 90, 200]), accuracy: 1.5, "color keeps the backdrop's luminosity")
        XCTAssertGreaterThan(color[0], color[2], "and takes the source's hue")
        let luminosity = self.color(s.applyingFilter("CILuminosityBlendMode", parameters: [kCIInputBackgroundImageKey: b]).raster.pixels[0])
        XCTAssertEqual(lum(luminosity), lum([220, 40, 40]), accuracy: 1.5, "luminosity takes the source's")
        let gray = self.color(row([(128, 128, 128, 255)]).applyingFilter("CISaturationBlendMode",
                                                                          parameters: [kCIInputBackgroundImageKey: b]).raster.pixels[0])
        XCTAssertEqual(gray[0], gray[2], accuracy: 1, "a gray source leaves no saturation")
    }

    func testCompositingOperatorsOnPremultipliedPixels() {
        let s = row([(255, 0, 0, 128)]), b = row([(0, 0, 255, 255)])
        func out(_ name: String) -> UInt32 { s.applyingFilter(name, parameters: [kCIInputBackgroundImageKey: b]).raster.pixels[0] }
        // s = (128, 0, 0, 128) premultiplied; b = (0, 0, 255, 255).
        XCTAssertEqual(out("CISourceOverCompositing"), 0xFF80_007F)
        XCTAssertEqual(out("CISourceInCompositing"), 0x8080_0000)
        XCTAssertEqual(out("CISourceOutCompositing"), 0)
        XCTAssertEqual(out("CIAdditionCompositing"), 0xFF80_00FF)
        XCTAssertEqual(out("CIMaximumCompositing"), 0xFF80_00FF)
        XCTAssertEqual(out("CIMinimumCompositing"), 0x8000_0000)
        // Extents unite: a background wider than the source keeps its own pixels.
        let wide = row([(0, 0, 255, 255), (0, 255, 0, 255)])
        let composed = s.applyingFilter("CISourceOverCompositing", parameters: [kCIInputBackgroundImageKey: wide])
        XCTAssertEqual(composed.extent.width, 2)
        XCTAssertEqual(composed.raster.pixels[1], 0xFF00_FF00)
    }
}
