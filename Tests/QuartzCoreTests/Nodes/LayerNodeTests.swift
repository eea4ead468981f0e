import XCTest
@testable import QuartzCore

/// The rules every node follows (`LayerNode`, `ShadowNode`): one extent, one shadow spread, one
/// corner-radius clamp, one visibility rule.
final class LayerNodeTests: XCTestCase {
    private func layer(_ frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        return layer
    }

    func testExtentIsTheBoundsJoinedWithSublayersUnlessClipped() {
        let parent = layer(CGRect(x: 0, y: 0, width: 100, height: 50))
        parent.addSublayer(layer(CGRect(x: 80, y: 40, width: 40, height: 30)))
        XCTAssertEqual(LayerNode.extent(of: LayerSnapshot(parent)), CGRect(x: 0, y: 0, width: 120, height: 70))
        parent.masksToBounds = true
        XCTAssertEqual(LayerNode.extent(of: LayerSnapshot(parent)), CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    func testAShadowSpreadsThreeSigmasFromWhereItIsMoved() {
        let shadowed = layer(CGRect(x: 0, y: 0, width: 100, height: 50))
        shadowed.shadowOpacity = 1
        shadowed.shadowRadius = 4
        shadowed.shadowOffset = CGSize(width: 0, height: 3)
        XCTAssertEqual(ShadowNode.spread(radius: 4), 12)
        XCTAssertEqual(ShadowNode.spread(radius: -1), 0)
        // The bounds joined with the shadow: (0, 3) moved, 12 points all round.
        XCTAssertEqual(LayerNode.extent(of: LayerSnapshot(shadowed)), CGRect(x: -12, y: -9, width: 124, height: 74))
        var budget = 64
        XCTAssertEqual(LayerNode.cheapExtent(of: LayerSnapshot(shadowed), budget: &budget), LayerNode.extent(of: LayerSnapshot(shadowed)))
    }

    func testCornerRadiusIsClampedToHalfTheShorterSide() {
        let rect = CGRect(x: 0, y: 0, width: 40, height: 10)
        XCTAssertEqual(LayerNode.cornerRadius(3, in: rect), 3)
        XCTAssertEqual(LayerNode.cornerRadius(30, in: rect), 5)
        XCTAssertEqual(LayerNode.cornerRadius(-2, in: rect), 0)
    }

    func testAHiddenOrTransparentLayerIsNotVisible() {
        let shown = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(LayerSnapshot(shown).isVisible)
        shown.opacity = 0
        XCTAssertFalse(LayerSnapshot(shown).isVisible)
        shown.opacity = 1
        shown.isHidden = true
        XCTAssertFalse(LayerSnapshot(shown).isVisible)
        var budget = 64
        XCTAssertEqual(LayerNode.cheapExtent(of: LayerSnapshot(shown), budget: &budget), .null, "a hidden layer draws nothing")
    }
}
