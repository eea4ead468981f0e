import XCTest
import CoreGraphics

/// Each mode is checked against its formula on one pixel inside the drawn shape and one outside.
final class CGBlendModeTests: XCTestCase {
    typealias Px = (r: Double, g: Double, b: Double, a: Double)   // premultiplied, 0…1

    /// Destination: translucent blue-green; source: translucent orange.
    let d: Px = (0.1 * 0.8, 0.5 * 0.8, 0.7 * 0.8, 0.8)
    let s: Px = (0.9 * 0.6, 0.4 * 0.6, 0.1 * 0.6, 0.6)

    func render(_ mode: CGBlendMode) -> (inside: RGBA, outside: RGBA) {
        let c = TestBitmap.rgba(4, 2)
        c.setFillColor(red: 0.1, green: 0.5, blue: 0.7, alpha: 0.8)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 2))
        c.setBlendMode(mode)
        c.setFillColor(red: 0.9, green: 0.4, blue: 0.1, alpha: 0.6)
        c.fillEllipse(in: CGRect(x: -10, y: -10, width: 12, height: 22))   // covers x < 2 fully at the pixels read
        return (c.pixel(0, 0), c.pixel(3, 0))
    }

    func expect(_ mode: CGBlendMode, _ formula: (Px, Px) -> Px, tolerance: Int = 2, file: StaticString = #filePath, line: UInt = #line) {
        let (inside, outside) = render(mode)
        let r = formula(s, d)
        let expected = RGBA(UInt8((r.r * 255).rounded()), UInt8((r.g * 255).rounded()), UInt8((r.b * 255).rounded()), UInt8((r.a * 255).rounded()))
        XCTAssertTrue(inside.isClose(to: expected, tolerance: tolerance), "\(mode): \(inside) ≠ \(expected)", file: file, line: line)
        let untouched = RGBA(UInt8((d.r * 255).rounded()), UInt8((d.g * 255).rounded()), UInt8((d.b * 255).rounded()), 204)
        XCTAssertTrue(outside.isClose(to: untouched, tolerance: 1), "\(mode) reached outside its shape: \(outside)", file: file, line: line)
    }

    func each(_ s: Px, _ d: Px, _ f: (Double, Double) -> Double, alpha: Double) -> Px {
        (f(s.r, d.r), f(s.g, d.g), f(s.b, d.b), alpha)
    }

    func testPorterDuffModes() {
        expect(.normal) { s, d in self.each(s, d, { $0 + $1 * (1 - s.a) }, alpha: s.a + d.a * (1 - s.a)) }
        expect(.clear) { _, _ in (0, 0, 0, 0) }
        expect(.copy) { s, _ in s }
        expect(.sourceIn) { s, d in self.each(s, d, { a, _ in a * d.a }, alpha: s.a * d.a) }
        expect(.sourceOut) { s, d in self.each(s, d, { a, _ in a * (1 - d.a) }, alpha: s.a * (1 - d.a)) }
        expect(.sourceAtop) { s, d in self.each(s, d, { $0 * d.a + $1 * (1 - s.a) }, alpha: d.a) }
        expect(.destinationOver) { s, d in self.each(s, d, { $0 * (1 - d.a) + $1 }, alpha: s.a * (1 - d.a) + d.a) }
        expect(.destinationIn) { s, d in self.each(s, d, { _, b in b * s.a }, alpha: d.a * s.a) }
        expect(.destinationOut) { s, d in self.each(s, d, { _, b in b * (1 - s.a) }, alpha: d.a * (1 - s.a)) }
        expect(.destinationAtop) { s, d in self.each(s, d, { $0 * (1 - d.a) + $1 * s.a }, alpha: s.a) }
        expect(.xor) { s, d in self.each(s, d, { $0 * (1 - d.a) + $1 * (1 - s.a) }, alpha: s.a + d.a - 2 * s.a * d.a) }
        expect(.plusLighter) { s, d in self.each(s, d, { min(1, $0 + $1) }, alpha: min(1, s.a + d.a)) }
    }

    func testSeparableModes() {
        // Premultiplied form of a separable blend B: S·(1−Da) + D·(1−Sa) + Sa·Da·B(s, d).
        func separable(_ blend: @escaping (Double, Double) -> Double) -> (Px, Px) -> Px {
            { s, d in
                let a = s.a + d.a - s.a * d.a
                func f(_ sc: Double, _ dc: Double) -> Double { sc * (1 - d.a) + dc * (1 - s.a) + s.a * d.a * blend(sc / s.a, dc / d.a) }
                return (f(s.r, d.r), f(s.g, d.g), f(s.b, d.b), a)
            }
        }
        expect(.multiply, separable { $0 * $1 })
        expect(.screen, separable { $0 + $1 - $0 * $1 })
        expect(.darken, separable { min($0, $1) })
        expect(.lighten, separable { max($0, $1) })
        expect(.difference, separable { abs($0 - $1) })
        expect(.exclusion, separable { $0 + $1 - 2 * $0 * $1 })
        expect(.overlay, separable { s, d in d <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d) })
        expect(.hardLight, separable { s, d in s <= 0.5 ? 2 * s * d : 1 - 2 * (1 - s) * (1 - d) })
    }

    func testPlusDarkerFollowsAppleFormula() {
        expect(.plusDarker) { s, d in
            let a = s.a + d.a - s.a * d.a
            func f(_ sc: Double, _ dc: Double) -> Double { max(0, a - (d.a - dc) - (s.a - sc)) }
            return (f(s.r, d.r), f(s.g, d.g), f(s.b, d.b), a)
        }
        // Opaque colors follow R = max(0, 1 − ((1 − D) + (1 − S))) exactly.
        let c = TestBitmap.rgba(1, 1)
        c.setFillColor(red: 0.8, green: 0.6, blue: 0.3, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setBlendMode(.plusDarker)
        c.setFillColor(red: 0.5, green: 0.5, blue: 0.9, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(c.pixel(0, 0).isClose(to: RGBA(77, 26, 51, 255)), "\(c.pixel(0, 0))")
    }

    func testNonSeparableModesKeepTheirDefiningProperty() {
        // Luminosity takes the source's luminosity: a white source over opaque color gives white.
        let c = TestBitmap.rgba(1, 1)
        c.setFillColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setBlendMode(.luminosity)
        c.setFillColor(gray: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(255, 255, 255, 255))
        // Saturation with a gray source removes all color.
        c.setFillColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
        c.setBlendMode(.normal)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        c.setBlendMode(.saturation)
        c.setFillColor(gray: 0.5, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let p = c.pixel(0, 0)
        XCTAssertTrue(p.r == p.g && p.g == p.b, "\(p)")
        for mode in [CGBlendMode.hue, .color, .colorDodge, .colorBurn, .softLight] {
            let (inside, outside) = render(mode)
            XCTAssertNotEqual(inside, outside, "\(mode) changed nothing")
        }
    }

    func testBlendModeAppliesToStrokesOnlyInsideTheStroke() {
        let c = TestBitmap.rgba(20, 20)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.setBlendMode(.sourceIn)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(4)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 10), CGPoint(x: 20, y: 10)])
        XCTAssertEqual(c.pixel(atUser: 10, 10), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(atUser: 10, 2), RGBA(0, 0, 255, 255))
    }
}
