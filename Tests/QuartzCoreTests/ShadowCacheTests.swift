import XCTest
@testable import QuartzCore
import LaminaTesting

final class ShadowCacheTests: XCTestCase {
    func shadowed(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
        layer.cornerRadius = 9
        layer.shadowOpacity = 0.5
        layer.shadowRadius = 7
        return layer
    }

    func testShadowsOfKnownShapesAreBlurredOnceAndMatchTheDrawnOnes() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 120)
        // Three layers of one shape share a blur; a translucent one is blurred from its drawing.
        for x in [20, 120, 220] as [CGFloat] { root.addSublayer(shadowed(CGRect(x: x, y: 20, width: 61, height: 53))) }
        let renderer = CARenderer(size: root.bounds.size)
        renderer.layer = root
        let shadows = renderer.renderContext.shadows
        let (hitsBefore, missesBefore) = (shadows.hits, shadows.misses)
        let cached = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(shadows.misses - missesBefore, 1)
        XCTAssertEqual(shadows.hits - hitsBefore, 2)
        // The same shadows drawn the slow way: a sublayer joins the shadow, so the layer is drawn
        // through a transparency layer with a shadow.
        for layer in root.sublayers! { layer.addSublayer(CALayer()) }
        let drawn = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(shadows.misses - missesBefore, 1)
        let (differing, worst, _) = SnapshotComparison.difference(cached, drawn, channelTolerance: 3)
        XCTAssertLessThan(Double(differing) / Double(300 * 120), 0.01, "worst \(worst)")
    }

    /// A layer without sublayers casts the shadow of its drawing (here a translucent background
    /// under a border) from the cache as well, blurred once per look, turned or not.
    func testShadowsOfDrawingsAreBlurredOnceAndMatchTheDrawnOnes() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 120)
        for (i, x) in ([20, 120, 220] as [CGFloat]).enumerated() {
            let layer = shadowed(CGRect(x: x, y: 20, width: 61, height: 53))
            layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.5)
            layer.borderWidth = 3
            layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            if i == 2 { layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.4)) }
            root.addSublayer(layer)
        }
        XCTAssertNil(LayerShadow.knownShape(of: LayerSnapshot(root.sublayers![0]), paths: PathCache()))
        let renderer = CARenderer(size: root.bounds.size)
        renderer.layer = root
        let shadows = renderer.renderContext.shadows
        let (hitsBefore, missesBefore) = (shadows.hits, shadows.misses)
        let cached = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(shadows.misses - missesBefore, 1, "one look, one blur")
        XCTAssertEqual(shadows.hits - hitsBefore, 2)
        for layer in root.sublayers! { layer.addSublayer(CALayer()) }           // the slow way
        let drawn = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertEqual(shadows.misses - missesBefore, 1)
        let (differing, worst, _) = SnapshotComparison.difference(cached, drawn, channelTolerance: 3)
        XCTAssertLessThan(Double(differing) / Double(300 * 120), 0.01, "worst \(worst)")
    }
}
