import XCTest
@testable import QuartzCore

/// Each kind's part of the extent (`LayerNode.extent` joins them) and its route: a shape's
/// stroke, a replicator's copies, a filter's reach, an emitter's and a transform layer's
/// placing rather than measuring when first placed.
final class KindNodeTests: XCTestCase {
    func testAShapeReachesPastItsBoundsByHalfItsStroke() {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 90, y: 10))
        shape.path = path
        shape.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 40
        let snapshot = LayerSnapshot(shape)
        // The path's box grown all round by half the width (a straight line has no miter) and a
        // pixel for antialiasing: 21 points.
        XCTAssertEqual(snapshot.content?.overflow, CGRect(x: -11, y: -11, width: 122, height: 42))
        XCTAssertEqual(LayerNode.extent(of: snapshot), CGRect(x: -11, y: -11, width: 122, height: 42))
        shape.masksToBounds = true
        XCTAssertEqual(LayerNode.extent(of: LayerSnapshot(shape)), shape.bounds)
    }

    func testAReplicatorCoversEveryCopy() {
        let replicator = CAReplicatorLayer()
        replicator.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        replicator.instanceCount = 3
        replicator.instanceTransform = CATransform3DMakeTranslation(30, 0, 0)
        let copy = CALayer()
        copy.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        copy.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        replicator.addSublayer(copy)
        let snapshot = LayerSnapshot(replicator)
        // Copies at x 0, 30 and 60: the last ends at 80, inside the bounds.
        XCTAssertEqual(LayerNode.extent(of: snapshot), CGRect(x: 0, y: 0, width: 100, height: 100))
        replicator.instanceCount = 6                       // the last copy at x 150
        XCTAssertEqual(LayerNode.extent(of: LayerSnapshot(replicator)), CGRect(x: 0, y: 0, width: 170, height: 100))
        var budget = 64
        XCTAssertNil(LayerNode.cheapExtent(of: LayerSnapshot(replicator), budget: &budget), "copies are placed, not measured")
        replicator.instanceCount = -1
        XCTAssertEqual(LayerSnapshot(replicator).replicator?.drawnCount, 0)
    }

    func testAFilterSpreadsTheExtentByItsReachAndIsDrawn() throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        blur.setValue(4, forKey: kCIInputRadiusKey)
        layer.filters = [blur]
        let snapshot = LayerSnapshot(layer)
        let reach = FilteredLayer.reach(of: snapshot)
        XCTAssertGreaterThan(reach, 0)
        XCTAssertEqual(LayerNode.extent(of: snapshot), layer.bounds.insetBy(dx: -reach, dy: -reach))
        XCTAssertEqual(FilteredLayer.drawnReason(of: snapshot), .filters)
        layer.filters = []
        XCTAssertNil(FilteredLayer.drawnReason(of: LayerSnapshot(layer)))
    }

    func testEmittersAndTransformLayersArePlacedNotMeasuredWhenFirstPlaced() {
        let emitter = CAEmitterLayer()
        emitter.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let transform = CATransformLayer()
        transform.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        for layer in [emitter, transform] as [CALayer] {
            var budget = 64
            XCTAssertNil(LayerNode.cheapExtent(of: LayerSnapshot(layer), budget: &budget), "\(type(of: layer))")
        }
        emitter.masksToBounds = true
        var budget = 64
        XCTAssertEqual(LayerNode.cheapExtent(of: LayerSnapshot(emitter), budget: &budget), emitter.bounds, "clipped, its particles stay in the bounds")
    }
}
