import XCTest
import QuartzCore

/// CALayer as iOS code uses it, against what Apple's QuartzCore was measured to do: its open
/// members overridden, values it normalises, its defaults, display and layout bookkeeping,
/// copies, and the newer properties.
final class LayerFidelityTests: XCTestCase {
    // MARK: Apple's subclassing contract: these overrides compile only against open members

    final class TrackingLayer: CALayer {
        var calls: [String] = []
        override func addSublayer(_ layer: CALayer) { calls.append("addSublayer"); super.addSublayer(layer) }
        override func insertSublayer(_ layer: CALayer, at idx: UInt32) { calls.append("insertAt"); super.insertSublayer(layer, at: idx) }
        override func insertSublayer(_ layer: CALayer, below sibling: CALayer?) { calls.append("insertBelow"); super.insertSublayer(layer, below: sibling) }
        override func insertSublayer(_ layer: CALayer, above sibling: CALayer?) { calls.append("insertAbove"); super.insertSublayer(layer, above: sibling) }
        override func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) { calls.append("replace"); super.replaceSublayer(oldLayer, with: newLayer) }
        override func removeFromSuperlayer() { calls.append("remove"); super.removeFromSuperlayer() }
        override func add(_ anim: CAAnimation, forKey key: String?) { calls.append("add"); super.add(anim, forKey: key) }
        override func removeAnimation(forKey key: String) { calls.append("removeAnimation"); super.removeAnimation(forKey: key) }
        override func removeAllAnimations() { calls.append("removeAll"); super.removeAllAnimations() }
        override func animation(forKey key: String) -> CAAnimation? { calls.append("animation"); return super.animation(forKey: key) }
        override func animationKeys() -> [String]? { calls.append("keys"); return super.animationKeys() }
        override func setNeedsLayout() { calls.append("setNeedsLayout"); super.setNeedsLayout() }
        override func layoutIfNeeded() { calls.append("layoutIfNeeded"); super.layoutIfNeeded() }
        override func needsLayout() -> Bool { super.needsLayout() }
        override func displayIfNeeded() { calls.append("displayIfNeeded"); super.displayIfNeeded() }
        override func needsDisplay() -> Bool { super.needsDisplay() }
        override func contentsAreFlipped() -> Bool { super.contentsAreFlipped() }
        override func convert(_ point: CGPoint, to layer: CALayer?) -> CGPoint { super.convert(point, to: layer) }
        override func convert(_ point: CGPoint, from layer: CALayer?) -> CGPoint { super.convert(point, from: layer) }
        override func convert(_ rect: CGRect, to layer: CALayer?) -> CGRect { super.convert(rect, to: layer) }
        override func convert(_ rect: CGRect, from layer: CALayer?) -> CGRect { super.convert(rect, from: layer) }
        override func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval { super.convertTime(t, from: l) }
        override func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval { super.convertTime(t, to: l) }
        override func affineTransform() -> CGAffineTransform { super.affineTransform() }
        override func setAffineTransform(_ m: CGAffineTransform) { super.setAffineTransform(m) }
        override func presentation() -> Self? { super.presentation() }
        override func model() -> Self { super.model() }
        override func scroll(_ p: CGPoint) { super.scroll(p) }
        override func scrollRectToVisible(_ r: CGRect) { super.scrollRectToVisible(r) }
        override var visibleRect: CGRect { super.visibleRect }
        override var frame: CGRect { get { super.frame } set { calls.append("frame"); super.frame = newValue } }
        override var sublayers: [CALayer]? { get { super.sublayers } set { calls.append("sublayers"); super.sublayers = newValue } }
        override var superlayer: CALayer? { super.superlayer }
        override func value(forKeyPath keyPath: String) -> Any? { super.value(forKeyPath: keyPath) }
        override func setValue(_ value: Any?, forKeyPath keyPath: String) { calls.append("setValueForKeyPath"); super.setValue(value, forKeyPath: keyPath) }
        override class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat { super.cornerCurveExpansionFactor(curve) }
    }

    func testOverridesOfOpenMembersAreCalledThroughACALayerReference() {
        let tracked = TrackingLayer()
        let layer: CALayer = tracked
        let a = CALayer(), b = CALayer(), c = CALayer()
        layer.addSublayer(a)
        layer.insertSublayer(b, at: 0)
        layer.insertSublayer(c, below: a)
        layer.insertSublayer(CALayer(), above: a)
        layer.replaceSublayer(c, with: CALayer())
        layer.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
        _ = layer.animation(forKey: "fade")
        _ = layer.animationKeys()
        layer.removeAnimation(forKey: "fade")
        layer.removeAllAnimations()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setValue(2, forKeyPath: "transform.scale")
        layer.sublayers = nil
        let parent = CALayer()
        parent.addSublayer(layer)
        layer.removeFromSuperlayer()
        XCTAssertEqual(tracked.calls.filter { !["setNeedsLayout"].contains($0) },
                       ["addSublayer", "insertAt", "insertBelow", "insertAbove", "replace", "add", "animation", "keys",
                        "removeAnimation", "removeAll", "frame", "setValueForKeyPath", "sublayers", "remove"])
        // Moving a layer that is in a tree takes it out through its own removeFromSuperlayer().
        let moved = TrackingLayer()
        parent.addSublayer(moved)
        CALayer().addSublayer(moved)
        XCTAssertEqual(moved.calls, ["remove"])
    }

    /// A subclass with initializers of its own, as Apple's compiler accepts it.
    final class ShapeWithFrame: CAShapeLayer {
        init(frame: CGRect) {
            super.init()
            self.frame = frame
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override init(layer: Any) { super.init(layer: layer) }
    }

    func testASubclassWithItsOwnInitializersCompilesAndIsUsable() {
        let shape = ShapeWithFrame(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        shape.path = CGPath(rect: shape.bounds, transform: nil)
        XCTAssertEqual(shape.bounds.size, CGSize(width: 20, height: 10))
        XCTAssertNotNil(shape.presentation())
    }

    // MARK: Values Apple normalises

    func testUnknownNamesReadBackAsApplesDefaults() {
        let layer = CALayer()
        layer.contentsGravity = CALayerContentsGravity(rawValue: "sideways")
        XCTAssertEqual(layer.contentsGravity, .center)
        layer.setValue("nonsense", forKey: "contentsGravity")
        XCTAssertEqual(layer.contentsGravity, .center)
        layer.contentsGravity = .topLeft
        XCTAssertEqual(layer.contentsGravity, .topLeft)
        layer.cornerCurve = CALayerCornerCurve(rawValue: "squircle")
        XCTAssertEqual(layer.cornerCurve, .circular)
        layer.cornerCurve = .continuous
        XCTAssertEqual(layer.cornerCurve, .continuous)
        layer.maskedCorners = CACornerMask(rawValue: 0xFF)
        XCTAssertEqual(layer.maskedCorners.rawValue, 0xF)
    }

    func testANegativeBoundsSizeIsStandardized() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -10, height: 20)
        XCTAssertEqual(layer.bounds, CGRect(x: -10, y: 0, width: 10, height: 20))
    }

    func testTheAffinePartOfANonAffineTransformIsTheIdentity() {
        let layer = CALayer()
        var t = CATransform3DMakeScale(2, 3, 1)
        layer.transform = t
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(scaleX: 2, y: 3))
        t.m34 = -1 / 500
        layer.transform = t
        XCTAssertEqual(layer.affineTransform(), .identity)
    }

    func testLayersOfTwoTreesConvertAsIfTheirRootsSharedOneSpace() {
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: 10, y: 20, width: 50, height: 50)
        b.frame = CGRect(x: 100, y: 0, width: 50, height: 50)
        let p = a.convert(CGPoint(x: 5, y: 5), to: b)
        XCTAssertEqual(p, CGPoint(x: -85, y: 25))
        XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 1, height: 1), from: a), CGRect(x: -90, y: 20, width: 1, height: 1))
    }

    // MARK: Defaults

    func testDefaultColorsAreRGBWithFourComponents() {
        XCTAssertEqual(CAShapeLayer().fillColor?.numberOfComponents, 4)
        XCTAssertEqual(CAShapeLayer().fillColor?.components, [0, 0, 0, 1])
        XCTAssertEqual(CATextLayer().foregroundColor?.numberOfComponents, 4)
        XCTAssertEqual(CATextLayer().foregroundColor?.components, [1, 1, 1, 1])
        XCTAssertNotNil(CATextLayer().font, "Apple's text layer has a default font")
    }

    func testDefaultValuesOfTheTimingKeys() {
        XCTAssertEqual((CALayer.defaultValue(forKey: "speed") as? NSNumber)?.floatValue, 1)
        XCTAssertEqual((CALayer.defaultValue(forKey: "duration") as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((CALayer.defaultValue(forKey: "beginTime") as? NSNumber)?.doubleValue, 0)
        XCTAssertEqual((CALayer.defaultValue(forKey: "repeatCount") as? NSNumber)?.floatValue, 0)
        XCTAssertEqual((CALayer.defaultValue(forKey: "autoreverses") as? NSNumber)?.boolValue, false)
        XCTAssertEqual(CALayer.defaultValue(forKey: "fillMode") as? String, "removed")
        XCTAssertNil(CALayer.defaultValue(forKey: "noSuchKey"))
    }

    func testNewerPropertiesHaveApplesDefaults() {
        let layer = CALayer()
        XCTAssertEqual(layer.contentsFormat, .RGBA8Uint)
        XCTAssertFalse(layer.wantsExtendedDynamicRangeContent)
        XCTAssertEqual(layer.preferredDynamicRange, CALayer.DynamicRange.automatic)
        XCTAssertEqual(layer.toneMapMode, .automatic)
        XCTAssertEqual(layer.contentsHeadroom, 0)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.circular), 1)
        XCTAssertEqual(CALayer.cornerCurveExpansionFactor(.continuous), 1.528665, accuracy: 1e-6)
        layer.contentsFormat = .RGBA16Float
        layer.preferredDynamicRange = .high
        XCTAssertEqual(layer.contentsFormat, .RGBA16Float)
        XCTAssertEqual(layer.preferredDynamicRange, .high)
    }

    // MARK: Display and layout bookkeeping

    final class Gauge: CALayer {
        @Managed var level: CGFloat = 0
        override class func needsDisplay(forKey key: String) -> Bool { key == "level" || super.needsDisplay(forKey: key) }
        override func draw(in ctx: CGContext) {}
    }

    func testDisplayClearsTheMarkAndAnUnchangedValueDoesNotMarkAgain() {
        let gauge = Gauge()
        gauge.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        gauge.setNeedsDisplay()
        XCTAssertTrue(gauge.needsDisplay())
        gauge.display()
        XCTAssertFalse(gauge.needsDisplay(), "display() answers the mark")
        gauge.level = 0
        XCTAssertFalse(gauge.needsDisplay(), "the value it already had")
        gauge.level = 0.5
        XCTAssertTrue(gauge.needsDisplay())
    }

    final class CountingLayout: NSObject, CALayoutManager {
        var invalidations = 0
        func invalidateLayout(of layer: CALayer) { invalidations += 1 }
    }

    func testTheLayoutManagerHearsOfAnInvalidationOnce() {
        let layer = CALayer()
        let manager = CountingLayout()
        layer.layoutManager = manager
        layer.layoutIfNeeded()
        manager.invalidations = 0
        layer.setNeedsLayout()
        layer.setNeedsLayout()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(manager.invalidations, 1)
        layer.layoutIfNeeded()
        layer.setNeedsLayout()
        XCTAssertEqual(manager.invalidations, 2)
    }

    // MARK: Copies

    func testACopiedGroupHoldsTheSameAnimations() throws {
        let fade = CABasicAnimation(keyPath: "opacity")
        let group = CAAnimationGroup()
        group.animations = [fade]
        let copy = try XCTUnwrap(group.copy() as? CAAnimationGroup)
        XCTAssertTrue(copy.animations?.first === fade)
        // The layer's own copy is its own (Lamina's render thread reads it).
        let layer = CALayer()
        layer.add(group, forKey: "g")
        let added = try XCTUnwrap(layer.animation(forKey: "g") as? CAAnimationGroup)
        XCTAssertFalse(added.animations?.first === fade)
    }

    func testAnEmitterCellCopiesItsProperties() throws {
        let cell = CAEmitterCell()
        cell.birthRate = 12
        cell.velocity = 30
        cell.name = "spark"
        let child = CAEmitterCell()
        cell.emitterCells = [child]
        let copy = try XCTUnwrap(cell.copy() as? CAEmitterCell)
        XCTAssertFalse(copy === cell)
        XCTAssertEqual(copy.birthRate, 12)
        XCTAssertEqual(copy.velocity, 30)
        XCTAssertEqual(copy.name, "spark")
        XCTAssertTrue(copy.emitterCells?.first === child)
    }

    // MARK: Gradients Apple draws nothing for

    private func centerPixel(of gradient: CAGradientLayer) throws -> [Int] {
        gradient.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let image = try XCTUnwrap(RenderProbe.image(of: gradient, size: CGSize(width: 20, height: 20)))
        return RenderProbe.rgba(image, 10, 10)
    }

    private func redToBlue() -> CAGradientLayer {
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        return gradient
    }

    func testGradientsAppleDrawsNothingFor() throws {
        XCTAssertEqual(try centerPixel(of: redToBlue())[3], 255, "a plain two-color gradient draws")
        let single = CAGradientLayer()
        single.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1)]
        XCTAssertEqual(try centerPixel(of: single)[3], 0, "one color")
        let fewer = redToBlue()
        fewer.locations = []
        XCTAssertEqual(try centerPixel(of: fewer)[3], 0, "fewer locations than colors (0 for 2)")
        let flat = redToBlue()
        flat.type = .radial
        flat.startPoint = CGPoint(x: 0.5, y: 0.5)
        flat.endPoint = CGPoint(x: 1, y: 0.5)
        XCTAssertEqual(try centerPixel(of: flat)[3], 0, "a radial gradient with its points on one axis")
    }

    func testAGradientLayersContentsCoverTheGradient() throws {
        let green = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        green.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        green.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        let gradient = redToBlue()
        gradient.contents = green.makeImage()
        XCTAssertEqual(try centerPixel(of: gradient), [0, 255, 0, 255])
    }
}
