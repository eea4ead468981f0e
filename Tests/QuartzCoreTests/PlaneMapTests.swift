import XCTest
@testable import QuartzCore

/// A layer's map into its parent's plane written out for flat layers (`CompositePlan.planeAffine`)
/// gives exactly what the 4×4 products give, and leaves anything 3D to them.
final class PlaneMapTests: XCTestCase {
    func testFlatLayersMapExactlyAsTheMatrixProductsDo() throws {
        var random = SystemRandomNumberGenerator()
        func value(_ range: ClosedRange<CGFloat>) -> CGFloat { CGFloat.random(in: range, using: &random) }
        let parent = CALayer()
        parent.bounds = CGRect(x: 7, y: -3, width: 300, height: 200)
        let spaces: [LayerGeometry.SublayerSpace?] = [nil, LayerSnapshot(parent).sublayerSpace]
        for k in 0..<2000 {
            let layer = CALayer()
            layer.bounds = CGRect(x: value(-50...50), y: value(-50...50), width: value(0...400), height: value(0...400))
            layer.position = CGPoint(x: value(-1000...1000), y: value(-1000...1000))
            layer.anchorPoint = k % 3 == 0 ? CGPoint(x: 0.5, y: 0.5) : CGPoint(x: value(-1...2), y: value(-1...2))
            var affine = CGAffineTransform(rotationAngle: value(-7...7)).scaledBy(x: value(-3...3), y: value(-3...3))
            if k % 4 == 0 { affine = affine.concatenating(CGAffineTransform(a: 1, b: value(-1...1), c: value(-1...1), d: 1, tx: 0, ty: 0)) }
            affine = affine.translatedBy(x: value(-100...100), y: value(-100...100))
            layer.transform = k % 5 == 0 ? CATransform3DIdentity : CATransform3DMakeAffineTransform(affine)
            let snapshot = LayerSnapshot(layer)
            for space in spaces {
                let placement = Placement(space: space, toDevice: .identity, opacity: 1, clip: DeviceRect(x: 0, y: 0, width: 10, height: 10))
                let fast = try XCTUnwrap(CompositePlan.planeAffine(of: snapshot, in: placement), "case \(k)")
                let full = try XCTUnwrap(snapshot.transformToParent(in: space).planeAffine)
                XCTAssertEqual(fast, full, "case \(k)")
            }
        }
    }

    func testAnythingThreeDimensionalTakesTheMatrixProducts() {
        let flat = CALayer()
        flat.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        let plain = Placement(space: nil, toDevice: .identity, opacity: 1, clip: DeviceRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertNotNil(CompositePlan.planeAffine(of: LayerSnapshot(flat), in: plain))
        let turned = CATransform3DMakeRotation(0.3, 1, 0, 0)
        let cases: [(String, (CALayer) -> Void)] = [
            ("turned about x", { $0.transform = turned }),
            ("perspective", { var t = CATransform3DIdentity; t.m34 = -1 / 500; $0.transform = t }),
            ("scaled in z", { $0.transform = CATransform3DMakeScale(1, 1, 2) }),
            ("moved in z", { $0.transform = CATransform3DMakeTranslation(0, 0, 5) }),
            ("zPosition", { $0.zPosition = 3 }),
            ("anchorPointZ", { $0.anchorPointZ = 2 }),
        ]
        for (name, change) in cases {
            let layer = CALayer()
            layer.bounds = flat.bounds
            change(layer)
            XCTAssertNil(CompositePlan.planeAffine(of: LayerSnapshot(layer), in: plain), name)
        }
        // A sublayer space that flips or transforms.
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        parent.isGeometryFlipped = true
        let flipped = Placement(space: LayerSnapshot(parent).sublayerSpace, toDevice: .identity, opacity: 1, clip: plain.clip)
        XCTAssertNil(CompositePlan.planeAffine(of: LayerSnapshot(flat), in: flipped))
        parent.isGeometryFlipped = false
        parent.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let transformed = Placement(space: LayerSnapshot(parent).sublayerSpace, toDevice: .identity, opacity: 1, clip: plain.clip)
        XCTAssertNil(CompositePlan.planeAffine(of: LayerSnapshot(flat), in: transformed))
    }
}
