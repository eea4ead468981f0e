import XCTest
@testable import QuartzCore

/// `init(layer:)` and key-value coding read each class's property table, which the built-in
/// subclasses merge once, and learn a copy's managed properties from its source. These tests hold
/// what those shortcuts must keep: a subclass of a built-in subclass that adds rows, or managed
/// properties, still has them read, written, copied and animated.
final class PresentationCopyTableTests: XCTestCase {
    /// A shape layer with a row of its own, the older recipe (`keyValueProperties` over super's).
    final class BadgeShapeLayer: CAShapeLayer {
        var badge: CGFloat = 0
        override class var keyValueProperties: [String: LayerProperty] {
            super.keyValueProperties.merging(["badge": .keyPath(\BadgeShapeLayer.badge, animatable: true)]) { $1 }
        }
    }

    /// A shape layer with a managed property, under a class that has none.
    final class ManagedShapeLayer: CAShapeLayer {
        @Managed var level: CGFloat = 0
    }

    func testASubclassRowOfAShapeLayerIsReadWrittenAndCopied() throws {
        let layer = BadgeShapeLayer()
        layer.setValue(3.0, forKey: "badge")
        layer.setValue(0.25, forKeyPath: "strokeEnd")
        XCTAssertEqual(layer.badge, 3)
        XCTAssertEqual((layer.value(forKeyPath: "badge") as? NSNumber)?.doubleValue, 3)
        let copy = BadgeShapeLayer(layer: layer)
        XCTAssertEqual(copy.badge, 3, "init(layer:) copies the subclass's row")
        XCTAssertEqual(copy.strokeEnd, 0.25, "and the shape layer's")
        XCTAssertNotNil(CAShapeLayer.keyValueProperties["strokeEnd"])
        XCTAssertNil(CAShapeLayer.keyValueProperties["badge"], "a subclass's row stays out of its superclass's table")
    }

    func testAnAnimationOfASubclassRowReachesThePresentationCopy() throws {
        let layer = BadgeShapeLayer()
        let animation = CABasicAnimation(keyPath: "badge")
        animation.fromValue = 10.0
        animation.toValue = 10.0
        animation.duration = 1000
        layer.add(animation, forKey: nil)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).badge, 10)
    }

    func testManagedPropertiesOfASubclassOfAShapeLayerAreCopied() throws {
        let layer = ManagedShapeLayer()
        layer.level = 0.7
        let copy = ManagedShapeLayer(layer: layer)
        XCTAssertEqual(copy.level, 0.7)
        XCTAssertEqual((copy.value(forKey: "level") as? NSNumber)?.doubleValue, 0.7)
        // A copy of a class without managed properties still stores unknown keys as custom values.
        let plain = CAShapeLayer(layer: CAShapeLayer())
        plain.setValue(4, forKey: "level")
        XCTAssertEqual(plain.value(forKey: "level") as? Int, 4)
    }

    func testAKeyPathWithoutADotIsOneKey() {
        let layer = CAShapeLayer()
        layer.setValue(CGPoint(x: 3, y: 4), forKeyPath: "position")
        XCTAssertEqual(layer.position, CGPoint(x: 3, y: 4))
        XCTAssertEqual(layer.value(forKeyPath: "position") as? CGPoint, CGPoint(x: 3, y: 4))
        layer.setValue(2.0, forKeyPath: "position.x")
        XCTAssertEqual(layer.position, CGPoint(x: 2, y: 4))
        XCTAssertNil(layer.value(forKeyPath: ""))
    }
}
