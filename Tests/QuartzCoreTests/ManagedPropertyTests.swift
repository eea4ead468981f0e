import XCTest
import QuartzCore

/// A progress ring whose `progress` is declared in one line, as `@NSManaged` is on Apple.
private final class RingLayer: CALayer {
    @Managed var progress: CGFloat = 0
    @Managed var tint: CGColor? = nil
    @Managed var laps = 0
    var draws = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = 1
        return animation                                          // from the value on screen
    }

    override func draw(in ctx: CGContext) {                       // a bar as wide as the progress
        draws += 1
        ctx.setFillColor(tint ?? CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }
}

final class ManagedPropertyTests: XCTestCase {
    override func setUp() {
        CATransaction.flush()
        MediaClock.setVirtualTime(1000)
    }

    override func tearDown() {
        CATransaction.flush()
        MediaClock.useSystemTime()
    }

    /// A ring a committed transaction has shown.
    private func shownRing() -> RingLayer {
        let ring = RingLayer()
        ring.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        ring.position = CGPoint(x: 50, y: 5)
        CATransaction.flush()
        return ring
    }

    /// Red coverage of row 5 of the layer's image: how many columns are drawn.
    private func drawnWidth(_ image: CGImage?) -> Int {
        guard let image else { return -1 }
        return (0..<image.width).filter { pixel(image, $0, 5)[3] > 127 }.count
    }

    func testKeyValueCodingFindsItByName() {
        let ring = RingLayer()
        XCTAssertEqual(ring.laps, 0)
        XCTAssertNil(ring.tint)
        ring.setValue(0.75, forKey: "progress")
        XCTAssertEqual(ring.progress, 0.75)
        XCTAssertEqual((ring.value(forKey: "progress") as? NSNumber)?.doubleValue, 0.75)
        ring.setValue(3, forKey: "laps")
        XCTAssertEqual(ring.laps, 3)
        ring.setValue(CGColor(gray: 0.5, alpha: 1), forKey: "tint")
        XCTAssertEqual(ring.tint, CGColor(gray: 0.5, alpha: 1))
        ring.setValue(nil, forKey: "tint")
        XCTAssertNil(ring.tint)
        let messages = CGDiagnostics.collecting { ring.setValue("full", forKey: "progress") }
        XCTAssertEqual(ring.progress, 0.75)
        XCTAssertEqual(messages, ["CALayer.setValue(_:forKey:): String does not fit 'progress'; unchanged."])
    }

    func testSettingItRedrawsTheLayer() throws {
        let ring = shownRing()
        XCTAssertEqual(drawnWidth(ring.contents as! CGImage?), -1, "nothing drawn yet")
        CATransaction.setDisableActions(true)
        ring.progress = 0.5
        XCTAssertTrue(ring.needsDisplay(), "needsDisplay(forKey:) marks the layer")
        CATransaction.flush()
        XCTAssertEqual(drawnWidth(ring.contents as! CGImage?), 50)
        CATransaction.setDisableActions(true)
        ring.setValue(0.25, forKey: "progress")                    // the same through key-value coding
        CATransaction.flush()
        XCTAssertEqual(drawnWidth(ring.contents as! CGImage?), 25)
    }

    func testSettingItRunsTheActionAnImplicitAnimation() throws {
        let ring = shownRing()
        ring.progress = 0.8
        let implicit = try XCTUnwrap(ring.animation(forKey: "progress") as? CABasicAnimation)
        XCTAssertEqual((implicit.fromValue as? NSNumber)?.doubleValue, 0, "from the value before")
        CATransaction.flush()
        MediaClock.setVirtualTime(1000.5)
        let presented = try XCTUnwrap(ring.presentation())
        XCTAssertEqual(presented.progress, 0.4, accuracy: 1e-9)
        XCTAssertEqual(drawnWidth(presented.contents as! CGImage?), 40, "the presentation copy redraws at its progress")
        // Rendered frames at fixed media times follow the animation.
        let renderer = CARenderer(size: CGSize(width: 100, height: 10))
        renderer.layer = ring
        XCTAssertEqual(drawnWidth(renderer.makeImage(atTime: 1000.25)), 20)
        XCTAssertEqual(drawnWidth(renderer.makeImage(atTime: 1001.5)), 80)
    }

    func testCopiesCarryIt() throws {
        let ring = RingLayer()
        ring.progress = 0.3
        ring.tint = CGColor(gray: 1, alpha: 1)
        let copy = try XCTUnwrap(ring.presentation())
        XCTAssertEqual(copy.progress, 0.3)
        XCTAssertEqual(copy.tint, CGColor(gray: 1, alpha: 1))
        copy.progress = 0.9
        XCTAssertEqual(ring.progress, 0.3, "each layer has its own value")
    }

    /// The older recipe (a plain property listed in `keyValueProperties`) now reports changes
    /// made through key-value coding.
    func testTheKeyValuePropertiesRecipeReportsKeyValueChanges() {
        final class Dial: CALayer {
            var level: CGFloat = 0
            override class var keyValueProperties: [String: LayerProperty] {
                super.keyValueProperties.merging(["level": .keyPath(\Dial.level)]) { $1 }
            }
            override class func needsDisplay(forKey key: String) -> Bool {
                key == "level" || super.needsDisplay(forKey: key)
            }
        }
        let dial = Dial()
        CATransaction.flush()
        dial.setValue(0.5, forKey: "level")
        XCTAssertEqual(dial.level, 0.5)
        XCTAssertTrue(dial.needsDisplay())
        // A gradient's own properties report once, by themselves.
        let gradient = CAGradientLayer()
        CATransaction.flush()
        gradient.setValue(CGPoint(x: 1, y: 1), forKey: "endPoint")
        XCTAssertEqual(gradient.animationKeys(), ["endPoint"], "one implicit animation, not two")
    }
}
