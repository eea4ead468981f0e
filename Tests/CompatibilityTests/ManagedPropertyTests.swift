import XCTest
import QuartzCore

/// Custom layer properties written as iOS code writes `@NSManaged` ones (here `@Managed`, and
/// `@WeakManaged` for weak references): no initial value, and references to other layers.
final class ManagedPropertyTests: XCTestCase {
    final class GaugeLayer: CALayer {
        @Managed var level: CGFloat
        @Managed var origin: CGPoint
        @Managed var turn: CATransform3D
        @Managed var isOn: Bool
        @Managed var tint: CGColor?
        @WeakManaged var partner: CALayer?
    }

    func testPropertiesWithoutAnInitialValueStartAtZeroOrNil() {
        let gauge = GaugeLayer()
        XCTAssertEqual(gauge.level, 0)
        XCTAssertEqual(gauge.origin, .zero)
        XCTAssertTrue(CATransform3DIsIdentity(gauge.turn))
        XCTAssertFalse(gauge.isOn)
        XCTAssertNil(gauge.tint)
        XCTAssertEqual((gauge.value(forKey: "level") as? NSNumber)?.doubleValue, 0)
        gauge.setValue(0.5, forKey: "level")
        XCTAssertEqual(gauge.level, 0.5)
    }

    func testAWeakReferenceIsReachedByNameAndCopiedAndLetGo() throws {
        let gauge = GaugeLayer()
        var partner: CALayer? = CALayer()
        gauge.partner = partner
        XCTAssertTrue(gauge.value(forKey: "partner") as AnyObject? === partner)
        XCTAssertTrue(try XCTUnwrap(gauge.presentation()).partner === partner, "presentation copies carry it")
        CATransaction.flush()                 // the transaction that made the partner lets it go
        partner = nil
        XCTAssertNil(gauge.partner, "held weakly")
        let other = CALayer()
        gauge.setValue(other, forKey: "partner")
        XCTAssertTrue(gauge.partner === other)
    }
}
