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

/// Initializers of its own, as Apple's compiler accepts them: no `init()`, and the
/// `init(layer:)` Core Animation copies it with.
private final class TaggedLayer: CAShapeLayer {
    let tag: Int
    var extra = "initial"

    init(tag: Int) {
        self.tag = tag
        super.init()
    }

    override init(layer: Any) {
        tag = (layer as? TaggedLayer)?.tag ?? -1
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
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

    func testALayerWithItsOwnInitializersIsCopiedByItsInitLayer() throws {
        let layer = TaggedLayer(tag: 7)
        layer.opacity = 0.25
        layer.extra = "changed"
        let copy = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(type(of: copy) == TaggedLayer.self)
        XCTAssertEqual(copy.tag, 7, "copied by its init(layer:)")
        XCTAssertEqual(copy.extra, "initial", "its stored properties' initial values ran; init(layer:) did not copy this one")
        XCTAssertEqual(copy.opacity, 0.25)
    }

    /// Hosts that hold only a class (`layerClass`) make layers through it; the subclass's
    /// `init()` runs.
    func testLayersMadeThroughAMetatype() {
        let layerClass: CALayer.Type = RingLayer.self
        let made = CALayer.makeLayer(ofClass: layerClass)
        XCTAssertTrue(made is RingLayer)
        XCTAssertEqual((made as? RingLayer)?.setUpCount, 1)
        let gradientClass: CALayer.Type = CAGradientLayer.self
        XCTAssertTrue(CALayer.makeLayer(ofClass: gradientClass) is CAGradientLayer)
        // A class's defaults come from the nearest built-in class: a subclass may lack `init()`.
        XCTAssertEqual(TaggedLayer.defaultValue(forKey: "lineWidth") as? NSNumber, 1)
    }
}
