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
        let (hitsBefore, missesBefore) = (ShadowCache.shared.hits, ShadowCache.shared.misses)
        let cached = try XCTUnwrap(renderSnapshot(of: root))
        XCTAssertEqual(ShadowCache.shared.misses - missesBefore, 1)
        XCTAssertEqual(ShadowCache.shared.hits - hitsBefore, 2)
        // The same shadows drawn the slow way (a nearly opaque background defeats the cache).
        for layer in root.sublayers! { layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.9999) }
        let drawn = try XCTUnwrap(renderSnapshot(of: root))
        XCTAssertEqual(ShadowCache.shared.misses - missesBefore, 1)
        let (differing, worst, _) = SnapshotComparison.difference(cached, drawn, channelTolerance: 3)
        XCTAssertLessThan(Double(differing) / Double(300 * 120), 0.01, "worst \(worst)")
    }
}
