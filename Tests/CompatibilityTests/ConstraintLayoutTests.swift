import XCTest
import QuartzCore

/// CAConstraintLayoutManager as macOS code uses it, against what Apple's QuartzCore does:
/// "a minimum of two relationships must be specified per axis", and an axis given less keeps
/// what it had, except that a position alone moves the layer at its size.
final class ConstraintLayoutTests: XCTestCase {
    private func laidOut(_ constraints: [CAConstraint]) -> CALayer {
        let container = CALayer()
        container.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        container.layoutManager = CAConstraintLayoutManager()
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        for constraint in constraints { layer.addConstraint(constraint) }
        container.addSublayer(layer)
        container.layoutIfNeeded()
        return layer
    }

    func testAWidthAloneLeavesTheLayerAsItWas() {
        let layer = laidOut([CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0)])
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 30, height: 40))
        let tall = laidOut([CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height)])
        XCTAssertEqual(tall.frame, CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    func testAWidthWithAPositionSizesAndPlaces() {
        // The guide's pattern: centred in the superlayer, half its width.
        let layer = laidOut([CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0),
                             CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
                             CAConstraint(attribute: .midY, relativeTo: "superlayer", attribute: .midY)])
        XCTAssertEqual(layer.frame, CGRect(x: 50, y: 30, width: 100, height: 40))
    }
}
