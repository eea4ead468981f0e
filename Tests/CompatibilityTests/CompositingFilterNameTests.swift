import XCTest
import QuartzCore

/// `compositingFilter` given as a name, the way animation players map After Effects blend modes
/// ("multiplyBlendMode"): measured against iOS's own renders, the separable blend modes blend,
/// and "luminosityBlendMode" draws the layer normally. Fails on what Lamina did before (it
/// blended by luminosity).
final class CompositingFilterNameTests: XCTestCase {
    /// A yellow square named `filter` over an orange one, rendered offscreen.
    private func yellowOverOrange(_ filter: String) throws -> [Int] {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.position = CGPoint(x: 10, y: 10)
        let below = CALayer()
        below.frame = root.bounds
        below.backgroundColor = CGColor(red: 1, green: 0.25, blue: 0, alpha: 1)
        root.addSublayer(below)
        let above = CALayer()
        above.frame = root.bounds
        above.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        above.compositingFilter = filter
        root.addSublayer(above)
        let image = try XCTUnwrap(RenderProbe.image(of: root, size: root.bounds.size))
        return RenderProbe.rgba(image, 10, 10)
    }

    func testALuminosityBlendModeLayerIsDrawnNormally() throws {
        XCTAssertEqual(try yellowOverOrange("luminosityBlendMode"), [255, 255, 0, 255], "yellow, as iOS draws it")
    }

    func testSeparableBlendModesNamedSoBlend() throws {
        let multiplied = try yellowOverOrange("multiplyBlendMode")
        XCTAssertEqual(multiplied[0], 255)
        XCTAssertEqual(Double(multiplied[1]), 0.25 * 255, accuracy: 2, "yellow × orange")
        XCTAssertEqual(try yellowOverOrange("darkenBlendMode")[1], multiplied[1], "the darker green")
    }
}
