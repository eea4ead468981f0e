import XCTest
import QuartzCore

// Subclasses written the ways Apple code writes them; that this file compiles is half the test.

/// Apple's pattern: `override init()`, `override init(layer:)` (not `required`), `init?(coder:)`.
private final class RingLayer: CALayer {
    var ringColor = CGColor(gray: 0, alpha: 1)
    var setUpCount = 0

    override init() {
        super.init()
        setUpCount += 1
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? RingLayer { ringColor = other.ringColor }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// No initializers at all: every one is inherited.
private final class PlainLayer: CALayer {
    var tint = 0
}

/// Lamina's earlier recipe, with `required` beside `override` (compiles both here and on Apple).
private class OldRecipeLayer: CALayer {
    var weight = 1

    override init() { super.init() }

    required override init(layer: Any) {
        super.init(layer: layer)
        weight = (layer as? OldRecipeLayer)?.weight ?? 1
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }
}

/// A subclass of a subclass.
private final class HeavyLayer: OldRecipeLayer {}

/// Only `init()` and `init?(coder:)` (Apple crashes when it needs a copy of such a layer): it
/// writes the one-line initializer that metatypes use, and Lamina copies its properties.
private final class SetupOnlyLayer: CALayer {
    override init() {
        super.init()
        backgroundColor = CGColor(gray: 0.5, alpha: 1)
    }

    required convenience init(newFrom model: CALayer?) { self.init() }

    required init?(coder: NSCoder) { super.init(coder: coder) }
}

final class LayerSubclassingTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func testPresentationCopiesRunTheSubclassesInitLayer() throws {
        let ring = RingLayer()
        ring.ringColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        ring.position = CGPoint(x: 5, y: 6)
        let copy = try XCTUnwrap(ring.presentation())
        XCTAssertTrue(type(of: copy) == RingLayer.self)
        XCTAssertEqual(copy.ringColor, ring.ringColor, "copied by the override of init(layer:)")
        XCTAssertEqual(copy.position, CGPoint(x: 5, y: 6))
        XCTAssertEqual(copy.setUpCount, 0, "a copy is made by init(layer:), not init()")
        XCTAssertTrue(copy.model() === ring)

        let heavy = HeavyLayer()
        heavy.weight = 9
        XCTAssertEqual(heavy.presentation()?.weight, 9)
        let plain = PlainLayer()
        plain.tint = 3
        XCTAssertEqual(plain.presentation().map { type(of: $0) == PlainLayer.self }, true)
    }

    func testALayerWithoutInitLayerStillGetsACopyOfItsProperties() throws {
        let layer = SetupOnlyLayer()
        layer.opacity = 0.25
        let copy = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(type(of: copy) == SetupOnlyLayer.self)
        XCTAssertEqual(copy.opacity, 0.25)
        XCTAssertEqual(copy.backgroundColor, CGColor(gray: 0.5, alpha: 1))
    }

    /// Hosts that hold only a class (`layerClass`) make layers through it; the subclass's
    /// `init()` runs.
    func testLayersMadeThroughAMetatype() {
        let layerClass: CALayer.Type = RingLayer.self
        let made = layerClass.init(newFrom: nil)
        XCTAssertTrue(made is RingLayer)
        XCTAssertEqual((made as? RingLayer)?.setUpCount, 1)
        let gradientClass: CALayer.Type = CAGradientLayer.self
        XCTAssertTrue(gradientClass.init(newFrom: nil) is CAGradientLayer)
    }
}
