import XCTest
@testable import QuartzCore
import LaminaTesting

/// Leaf layers drawn again on whole pixels come from kept images: the same picture (but for
/// rounding), and never another layer's.
final class DrawingCacheTests: XCTestCase {
    func tile(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        layer.cornerRadius = 7
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.8)
        return layer
    }

    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 120)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        root.addSublayer(tile(CGRect(x: 10, y: 10, width: 50, height: 40), CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)))
        let faded = tile(CGRect(x: 40, y: 30, width: 60, height: 50), CGColor(red: 0.2, green: 0.7, blue: 0.4, alpha: 0.7))
        faded.opacity = 0.5
        root.addSublayer(faded)
        let turned = tile(CGRect(x: 110, y: 20, width: 40, height: 40), CGColor(red: 0.3, green: 0.4, blue: 0.9, alpha: 1))
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        root.addSublayer(turned)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 120, y: 70, width: 70, height: 40)
        gradient.colors = [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.cornerRadius = 9
        root.addSublayer(gradient)
        return root
    }

    func testAFrameFromKeptDrawingsLooksLikeOneDrawnLayerByLayer() throws {
        let root = scene()
        let renderer = CARenderer(size: root.bounds.size)
        renderer.layer = root
        let hits = renderer.renderContext.drawings.hits
        let drawn = try XCTUnwrap(renderer.makeImage(atTime: 0))
        _ = renderer.makeImage(atTime: 0)                          // seen twice: kept
        let kept = try XCTUnwrap(renderer.makeImage(atTime: 0))
        XCTAssertGreaterThanOrEqual(renderer.renderContext.drawings.hits - hits, 3, "the whole-pixel leaves come from kept drawings")
        let (differing, worst, _) = SnapshotComparison.difference(kept, drawn, channelTolerance: 1)
        XCTAssertEqual(differing, 0, "worst \(worst)")
    }

    func testLayersOfOneLookKeepTheirOwnMasks() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let plain = tile(CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let masked = tile(CGRect(x: 50, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let mask = CALayer()
        mask.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        // The masked one second: its sighting is the one that keeps the look's drawing.
        root.addSublayer(plain)
        root.addSublayer(masked)
        let renderer = CARenderer(size: root.bounds.size)
        renderer.layer = root
        for _ in 0..<3 {
            let image = try XCTUnwrap(renderer.makeImage(atTime: 0))
            let pixels = SnapshotComparison.rgba(image)
            func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels[(y * image.width + x) * 4 + 3] }
            XCTAssertEqual(alpha(5, 20), 255, "the plain layer is whole")
            XCTAssertEqual(alpha(55, 20), 0, "the masked one only inside its mask")
            XCTAssertEqual(alpha(70, 20), 255)
        }
    }
}
