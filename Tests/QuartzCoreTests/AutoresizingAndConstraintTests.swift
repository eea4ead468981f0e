import XCTest
@testable import QuartzCore

/// Autoresizing masks and constraint layout, held to the values measured on Apple's layers.
final class AutoresizingAndConstraintTests: XCTestCase {
    /// A sublayer at (10, 20, 50, 40) of a 100×100 superlayer that then grows to 200×300.
    func resized(_ mask: CAAutoresizingMask, to size: CGSize = CGSize(width: 200, height: 300)) -> CGRect {
        let superlayer = CALayer(), sublayer = CALayer()
        superlayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        sublayer.frame = CGRect(x: 10, y: 20, width: 50, height: 40)
        sublayer.autoresizingMask = mask
        superlayer.addSublayer(sublayer)
        superlayer.bounds.size = size
        return sublayer.frame
    }

    func testAppleMeasurements() {
        XCTAssertEqual(resized([.layerMinXMargin, .layerWidthSizable]), CGRect(x: 76, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin]), CGRect(x: 43, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerMinYMargin, .layerHeightSizable]), CGRect(x: 10, y: 153, width: 50, height: 107))
    }

    func testTheRestOfTheRule() {
        XCTAssertEqual(kCALayerNotSizable, [])
        XCTAssertEqual(CALayer().autoresizingMask, kCALayerNotSizable, "the default")
        XCTAssertEqual(resized([]), CGRect(x: 10, y: 20, width: 50, height: 40), "not sizable: left alone")
        XCTAssertEqual(resized(.layerWidthSizable), CGRect(x: 10, y: 20, width: 150, height: 40), "a size alone takes it all")
        XCTAssertEqual(resized(.layerMinXMargin), CGRect(x: 110, y: 20, width: 50, height: 40), "pinned to the max edge")
        XCTAssertEqual(resized([.layerMinXMargin, .layerMaxXMargin]), CGRect(x: 60, y: 20, width: 50, height: 40), "margins share it")
        XCTAssertEqual(resized(.layerMaxXMargin), CGRect(x: 10, y: 20, width: 50, height: 40), "pinned to the min edge")
        // The mirror of the measured case: the size's third, the flexible margin the rest.
        XCTAssertEqual(resized([.layerWidthSizable, .layerMaxXMargin]), CGRect(x: 10, y: 20, width: 84, height: 40))
        XCTAssertEqual(resized([.layerWidthSizable, .layerHeightSizable]), CGRect(x: 10, y: 20, width: 150, height: 240))
        // Shrinking follows the same shares; sizes stop at zero.
        XCTAssertEqual(resized(.layerWidthSizable, to: CGSize(width: 40, height: 100)), CGRect(x: 10, y: 20, width: 0, height: 40))
        XCTAssertEqual(resized([.layerMinXMargin, .layerWidthSizable], to: CGSize(width: 70, height: 100)),
                       CGRect(x: -10, y: 20, width: 40, height: 40))
    }

    func testResizingCascadesAndCanBeOverridden() {
        final class Counting: CALayer {
            var oldSizes: [CGSize] = []
            override func resize(withOldSuperlayerSize size: CGSize) { oldSizes.append(size); super.resize(withOldSuperlayerSize: size) }
        }
        let root = CALayer(), middle = CALayer(), leaf = Counting()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        middle.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        middle.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        leaf.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        leaf.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        root.bounds.size = CGSize(width: 300, height: 200)
        XCTAssertEqual(middle.frame, CGRect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertEqual(leaf.frame, CGRect(x: 10, y: 10, width: 280, height: 180), "the middle layer's resize reached the leaf")
        XCTAssertEqual(leaf.oldSizes, [CGSize(width: 100, height: 100)])
        root.bounds.origin = CGPoint(x: 5, y: 5)
        XCTAssertEqual(leaf.oldSizes.count, 1, "only size changes resize")
    }

    // MARK: Constraints

    /// Sublayers of a 200×100 superlayer with a constraint layout manager, laid out.
    func layOut(_ layers: [CALayer]) -> CALayer {
        let superlayer = CALayer()
        superlayer.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        superlayer.layoutManager = CAConstraintLayoutManager()
        for layer in layers { superlayer.addSublayer(layer) }
        superlayer.layoutIfNeeded()
        return superlayer
    }

    func constrained(name: String? = nil, frame: CGRect = CGRect(x: 5, y: 5, width: 30, height: 30), _ constraints: [CAConstraint]) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        for constraint in constraints { layer.addConstraint(constraint) }
        return layer
    }

    func testAppleMeasuredConstraints() {
        let a = constrained([CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX),
                       CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0)])
        let b = constrained([CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX),
                       CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0)])
        let c = constrained([CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 20),
                       CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX)])
        let d = constrained([CAConstraint(attribute: .midX, relativeTo: "superlayer", attribute: .midX)])
        _ = layOut([a, b, c, d])
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 5, width: 100, height: 30))
        XCTAssertEqual(b.frame, CGRect(x: 50, y: 5, width: 100, height: 30))
        XCTAssertEqual(c.frame, CGRect(x: 20, y: 5, width: 160, height: 30))
        XCTAssertEqual(d.frame, CGRect(x: 85, y: 5, width: 30, height: 30), "one constraint on an axis keeps the size")
    }

    func testTheAPI() {
        let constraint = CAConstraint(attribute: .maxY, relativeTo: "title", attribute: .minY, scale: 2, offset: -4)
        XCTAssertEqual(constraint.attribute, .maxY)
        XCTAssertEqual(constraint.sourceName, "title")
        XCTAssertEqual(constraint.sourceAttribute, .minY)
        XCTAssertEqual(constraint.scale, 2)
        XCTAssertEqual(constraint.offset, -4)
        let short = CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .height)
        XCTAssertEqual(short.scale, 1)
        XCTAssertEqual(short.offset, 0)
        XCTAssertEqual((0...7).map { CAConstraintAttribute(rawValue: $0)! },
                       [.minX, .midX, .maxX, .width, .minY, .midY, .maxY, .height])
        let layer = CALayer()
        XCTAssertNil(layer.constraints)
        layer.addConstraint(constraint)
        layer.addConstraint(short)
        XCTAssertEqual(layer.constraints?.count, 2)
        XCTAssertTrue(layer.constraints?.last === short)
    }

    func testSiblingsAreLaidOutInDependencyOrder() {
        // "below" reads "title", which is laid out after it in the sublayer list.
        let below = constrained(name: "below", [CAConstraint(attribute: .minY, relativeTo: "title", attribute: .maxY, offset: 10),
                                    CAConstraint(attribute: .minX, relativeTo: "title", attribute: .minX)])
        let title = constrained(name: "title", [CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 8),
                                    CAConstraint(attribute: .height, relativeTo: "superlayer", attribute: .height, scale: 0.25, offset: 0),
                                    CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX, offset: -10)])
        _ = layOut([below, title])
        XCTAssertEqual(title.frame, CGRect(x: 160, y: 8, width: 30, height: 25))
        XCTAssertEqual(below.frame, CGRect(x: 160, y: 43, width: 30, height: 30))
        // Vertical constraints on a vertical axis; the y axis solves as the x axis does.
        let tall = constrained([CAConstraint(attribute: .minY, relativeTo: "superlayer", attribute: .minY, offset: 10),
                          CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY, offset: -10)])
        _ = layOut([tall])
        XCTAssertEqual(tall.frame, CGRect(x: 5, y: 10, width: 30, height: 80))
    }

    func testNonsenseLeavesFramesUnchanged() {
        let start = CGRect(x: 5, y: 5, width: 30, height: 30)
        let nowhere = constrained(name: "a", [CAConstraint(attribute: .minX, relativeTo: "nobody", attribute: .minX, offset: 50)])
        let selfish = constrained(name: "b", [CAConstraint(attribute: .minX, relativeTo: "b", attribute: .maxX)])
        let cycleA = constrained(name: "c", [CAConstraint(attribute: .minX, relativeTo: "d", attribute: .maxX)])
        let cycleB = constrained(name: "d", [CAConstraint(attribute: .minX, relativeTo: "c", attribute: .maxX)])
        let loop = constrained(name: "e", [CAConstraint(attribute: .width, relativeTo: "e", attribute: .width, scale: 2, offset: 0)])
        let notANumber = constrained(name: "f", [CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, scale: .nan, offset: 0)])
        _ = layOut([nowhere, selfish, cycleA, cycleB, loop, notANumber])
        for layer in [nowhere, selfish, cycleA, cycleB, loop, notANumber] {
            XCTAssertEqual(layer.frame, start, "\(layer.name!) moved")
        }
    }

    func testAnOverConstrainedAxisTakesTheLastConstraintsGiven() {
        // minX, width, then maxX: the last two (width, maxX) decide.
        let three = constrained([CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX),
                           CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0),
                           CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX)])
        // minX twice: the second value.
        let twice = constrained([CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 10),
                           CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX, offset: 40)])
        // A size alone leaves the axis as it was (measured on Apple's).
        let sized = constrained([CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.25, offset: 0)])
        // Positions crossing over give no negative size.
        let crossed = constrained([CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .midX),
                             CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .minX)])
        _ = layOut([three, twice, sized, crossed])
        XCTAssertEqual(three.frame, CGRect(x: 100, y: 5, width: 100, height: 30))
        XCTAssertEqual(twice.frame, CGRect(x: 40, y: 5, width: 30, height: 30))
        XCTAssertEqual(sized.frame, CGRect(x: 5, y: 5, width: 30, height: 30))
        XCTAssertEqual(crossed.frame.width, 0)
    }

    func testASuperlayerResizeLaysOutAgain() {
        let half = constrained([CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0),
                          CAConstraint(attribute: .maxX, relativeTo: "superlayer", attribute: .maxX)])
        let superlayer = layOut([half])
        XCTAssertEqual(half.frame.origin.x, 100)
        superlayer.bounds.size = CGSize(width: 400, height: 100)
        XCTAssertTrue(superlayer.needsLayout())
        superlayer.layoutIfNeeded()
        XCTAssertEqual(half.frame, CGRect(x: 200, y: 5, width: 200, height: 30))
    }
}
