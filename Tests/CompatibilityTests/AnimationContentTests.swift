import XCTest
import QuartzCore

/// Core Animation used the way animation players that turn After Effects content into layers use
/// it (measured against iOS's own renders of such content): positions set and
/// animated through `transform.translation` points, motion paths closed after their last point
/// with one key time per point, key times past 0…1 and out of order, curved motion paths, masks
/// sized in `layoutSublayers` from their superlayer, text drawn through Core Text after
/// `contentsAreFlipped()`, and frames made by `presentation().render(in:)`. Each was measured on
/// iOS; each test fails on what Lamina did before.
final class AnimationContentTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    /// `layer` with `animation` added at media time 1000, read at `t` seconds into it.
    private func presented(_ key: String, of layer: CALayer, at t: CFTimeInterval) -> Any? {
        MediaClock.setVirtualTime(1000 + t)
        return layer.presentation()?.value(forKeyPath: key)
    }

    private func keyframes(_ keyPath: String, duration: CFTimeInterval = 1) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.duration = duration
        animation.beginTime = 1000
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        return animation
    }

    private func point(_ value: Any?, file: StaticString = #filePath, line: UInt = #line) throws -> CGPoint {
        try XCTUnwrap(value as? CGPoint, "\(String(describing: value)) is not a point", file: file, line: line)
    }

    private func assertPoint(_ value: Any?, _ expected: CGPoint, accuracy: CGFloat = 0.01, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let p = try point(value, file: file, line: line)
        XCTAssertEqual(p.x, expected.x, accuracy: accuracy, "x of \(p). \(message)", file: file, line: line)
        XCTAssertEqual(p.y, expected.y, accuracy: accuracy, "y of \(p). \(message)", file: file, line: line)
    }

    // MARK: transform.translation takes points

    func testTranslationSetWithAPointMovesTheLayer() {
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.setValue(CGPoint(x: 30, y: -12), forKeyPath: "transform.translation")
        CATransaction.commit()
        XCTAssertEqual(layer.transform.m41, 30)
        XCTAssertEqual(layer.transform.m42, -12)
        // Read back as the documented size.
        XCTAssertEqual(layer.value(forKeyPath: "transform.translation") as? CGSize, CGSize(width: 30, height: -12))
        XCTAssertEqual((layer.value(forKeyPath: "transform.translation.x") as? NSNumber)?.doubleValue, 30)
        // A size still works, and a point boxed as Objective-C code boxes it.
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform.m41, 5)
        layer.setValue(NSValue(point: CGPoint(x: 7, y: 8)), forKeyPath: "transform.translation")
        XCTAssertEqual(layer.transform.m42, 8)
    }

    func testTranslationKeyframesOfPointsMoveTheLayer() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        let animation = keyframes("transform.translation")
        animation.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 40)]
        layer.add(animation, forKey: "position")
        let half = try XCTUnwrap(presented("transform", of: layer, at: 0.5) as? CATransform3D)
        XCTAssertEqual(half.m41, 50, accuracy: 0.01)
        XCTAssertEqual(half.m42, 20, accuracy: 0.01)
    }

    func testTranslationPointsPlaceTheLayersPixels() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 40, height: 20)
        root.position = CGPoint(x: 20, y: 10)
        let square = CALayer()
        square.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        square.anchorPoint = .zero
        square.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(square)
        let animation = keyframes("transform.translation")
        animation.values = [CGPoint(x: 20, y: 5), CGPoint(x: 20, y: 5)]
        square.add(animation, forKey: "move")
        let image = try XCTUnwrap(RenderProbe.image(of: root.presentation()!, size: CGSize(width: 40, height: 20)))
        XCTAssertEqual(RenderProbe.rgba(image, 25, 10), [255, 0, 0, 255], "moved to (20, 5)")
        XCTAssertEqual(RenderProbe.rgba(image, 5, 5)[3], 0, "not at the origin")
    }

    // MARK: Key times

    /// A motion path closed after its last point, with one key time per point.
    func testAClosedMotionPathWithAKeyTimePerPointHonoursTheKeyTimes() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addLine(to: CGPoint(x: 110, y: 0))
        path.closeSubpath()
        let layer = CALayer()
        let animation = keyframes("position")
        animation.path = path
        animation.keyTimes = [0, 0.8, 1]
        layer.add(animation, forKey: "motion")
        // 10 points in the first 0.8 s, 100 in the last 0.2 s: not spaced evenly over four points.
        try assertPoint(presented("position", of: layer, at: 0.4), CGPoint(x: 5, y: 0))
        try assertPoint(presented("position", of: layer, at: 0.9), CGPoint(x: 60, y: 0))
        try assertPoint(presented("position", of: layer, at: 1), CGPoint(x: 110, y: 0), "ends at the last point, not back at the start")
    }

    func testAClosedPathWithoutKeyTimesStillGoesBackToItsStart() throws {
        let layer = CALayer()
        let animation = keyframes("position")
        animation.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        layer.add(animation, forKey: "around")
        // Five keyframes evenly spaced (the close is the fifth): at 0.875 halfway along the last side.
        try assertPoint(presented("position", of: layer, at: 0.875), CGPoint(x: 0, y: 20))
        try assertPoint(presented("position", of: layer, at: 1), CGPoint(x: 0, y: 0))
    }

    func testKeyTimesBeyondZeroAndOneAreTakenAsTheyAre() throws {
        let layer = CALayer()
        let animation = keyframes("opacity")
        animation.values = [0, 1, 0.5]
        // The first value is reached before the animation starts, the last after it ends.
        animation.keyTimes = [-0.5, 0.5, 1.5]
        layer.add(animation, forKey: "fade")
        XCTAssertEqual((presented("opacity", of: layer, at: 0) as? NSNumber)?.doubleValue ?? -1, 0.5, accuracy: 0.001)
        XCTAssertEqual((presented("opacity", of: layer, at: 0.5) as? NSNumber)?.doubleValue ?? -1, 1, accuracy: 0.001)
        XCTAssertEqual((presented("opacity", of: layer, at: 1) as? NSNumber)?.doubleValue ?? -1, 0.75, accuracy: 0.001)
    }

    /// A last key time above 1 followed by 1: the times are not in order.
    func testKeyTimesOutOfOrderUseTheFirstSegmentThatSpansTheMoment() throws {
        let layer = CALayer()
        let animation = keyframes("position.x")
        animation.values = [0, 100, 300, 300]
        animation.keyTimes = [0, 0.5, 1.5, 1]
        layer.add(animation, forKey: "x")
        XCTAssertEqual((presented("position.x", of: layer, at: 0.25) as? NSNumber)?.doubleValue ?? -1, 50, accuracy: 0.001)
        XCTAssertEqual((presented("position.x", of: layer, at: 1) as? NSNumber)?.doubleValue ?? -1, 200, accuracy: 0.001,
                       "halfway from 0.5 to 1.5")
    }

    // MARK: Curved motion paths

    func testACurvedMotionPathIsFollowedNotCutShort() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        let layer = CALayer()
        let animation = keyframes("position")
        animation.path = path
        layer.add(animation, forKey: "arc")
        // Halfway through a symmetric curve is its middle: (50, 75), not the chord's (50, 0).
        try assertPoint(presented("position", of: layer, at: 0.5), CGPoint(x: 50, y: 75), accuracy: 0.5)
        let early = try point(presented("position", of: layer, at: 0.1))
        XCTAssertGreaterThan(early.y, 10, "on the curve, which rises first")
    }

    /// A curve whose control points crowd its start: iOS moves along it by the curve's
    /// parameter (halfway in time is the curve at t = 0.5), not at an even speed; the paced
    /// mode alone evens the speed out.
    func testACurveIsFollowedByItsParameterUnlessPaced() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 90, y: 0), control2: CGPoint(x: 100, y: 0))
        let layer = CALayer()
        let animation = keyframes("position")
        animation.path = path
        layer.add(animation, forKey: "ease")
        // 3 · 0.25 · 0.5 · 90 + 3 · 0.5 · 0.25 · 100 + 0.125 · 100
        try assertPoint(presented("position", of: layer, at: 0.5), CGPoint(x: 83.75, y: 0), accuracy: 0.1)
        let paced = CALayer()
        let even = keyframes("position")
        even.path = path
        even.calculationMode = .paced
        paced.add(even, forKey: "even")
        try assertPoint(presented("position", of: paced, at: 0.5), CGPoint(x: 50, y: 0), accuracy: 0.5)
    }

    func testAQuadraticMotionPathWithRotateAutoTurnsTheLayerAlongIt() throws {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 100))
        let layer = CALayer()
        let animation = keyframes("position")
        animation.path = path
        animation.rotationMode = .rotateAuto
        layer.add(animation, forKey: "arc")
        MediaClock.setVirtualTime(1000.5)
        let shown = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(shown.position.x, 50, accuracy: 0.5)
        XCTAssertEqual(shown.position.y, 50, accuracy: 0.5)
        // At the top of the arc the direction is along x: no turn.
        XCTAssertEqual(atan2(shown.transform.m12, shown.transform.m11), 0, accuracy: 0.02)
        MediaClock.setVirtualTime(1000.05)
        let rising = try XCTUnwrap(layer.presentation())
        XCTAssertGreaterThan(atan2(rising.transform.m12, rising.transform.m11), 0.5, "turned down the rising arc (y down)")
    }

    // MARK: Masks

    /// A mask that sizes itself from its superlayer in `layoutSublayers`.
    final class FillingMask: CAShapeLayer {
        var layouts = 0
        override func layoutSublayers() {
            super.layoutSublayers()
            layouts += 1
            guard let superlayer else { return }
            frame = superlayer.bounds
            path = CGPath(rect: bounds, transform: nil)
        }
    }

    func testAMasksSuperlayerIsTheLayerItMasks() {
        let layer = CALayer()
        let mask = CALayer()
        layer.mask = mask
        XCTAssertTrue(mask.superlayer === layer)
        XCTAssertNil(layer.sublayers, "a mask is not a sublayer")
        layer.mask = nil
        XCTAssertNil(mask.superlayer)
    }

    func testMakingALayerOfATreeAMaskTakesItOutOfTheTree() {
        let tree = CALayer(), layer = CALayer(), mask = CALayer()
        tree.addSublayer(mask)
        layer.mask = mask
        XCTAssertTrue(layer.mask === mask)
        XCTAssertNil(tree.sublayers)
        XCTAssertTrue(mask.superlayer === layer)
    }

    func testMasksAreLaidOutWithTheirTree() {
        let root = CALayer()
        let masked = CALayer()
        root.addSublayer(masked)
        let mask = FillingMask()
        masked.mask = mask
        masked.frame = CGRect(x: 0, y: 0, width: 30, height: 20)
        mask.setNeedsLayout()
        root.layoutIfNeeded()
        XCTAssertEqual(mask.layouts, 1)
        XCTAssertEqual(mask.bounds.size, CGSize(width: 30, height: 20))
    }

    func testASublayersLayoutIfNeededLaysOutTheAncestorThatNeedsItFirst() {
        final class Recording: CALayer {
            var log: [String] = []
            weak var recorder: Recording?
            override func layoutSublayers() { (recorder ?? self).log.append(name ?? "?") }
        }
        let parent = Recording(), child = Recording()
        parent.name = "parent"; child.name = "child"; child.recorder = parent
        parent.addSublayer(child)
        parent.setNeedsLayout()
        child.setNeedsLayout()
        child.layoutIfNeeded()
        XCTAssertEqual(parent.log, ["parent", "child"])
    }

    func testAMaskedLayersDrawingBeyondItsBoundsShowsWhereTheMaskCovers() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        let masked = CALayer()
        masked.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(masked)
        // A sublayer far past the masked layer's bounds (content padded beyond its frame).
        let beyond = CALayer()
        beyond.frame = CGRect(x: 20, y: 0, width: 10, height: 10)
        beyond.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        masked.addSublayer(beyond)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        let image = try XCTUnwrap(RenderProbe.image(of: root, size: root.bounds.size))
        XCTAssertEqual(RenderProbe.rgba(image, 25, 5), [0, 0, 255, 255])
    }

    /// An inverted matte: an opaque layer with the matte `xor`-ed over it, as the mask.
    func testAnInvertedMatteShowsTheLayerOutsideTheMatte() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let disc = CALayer()
        disc.frame = root.bounds
        disc.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        root.addSublayer(disc)
        let base = CALayer()
        base.frame = CGRect(x: -1000, y: -1000, width: 2040, height: 2040)
        base.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        let matte = CAShapeLayer()
        matte.frame = CGRect(x: 1000, y: 1000, width: 40, height: 40)      // the disc's box, in the base
        matte.path = CGPath(rect: CGRect(x: 10, y: 10, width: 20, height: 20), transform: nil)
        matte.compositingFilter = "xor"
        base.addSublayer(matte)
        disc.mask = base
        let image = try XCTUnwrap(RenderProbe.image(of: root, size: root.bounds.size))
        XCTAssertEqual(RenderProbe.rgba(image, 20, 20)[3], 0, "the matte is cut out")
        XCTAssertEqual(RenderProbe.rgba(image, 5, 5)[3], 255, "the rest shows")
        XCTAssertEqual(RenderProbe.rgba(image, 35, 20)[3], 255)
    }

    // MARK: Drawing and rendering

    func testContentsAreFlippedAsOniOS() {
        // The context `draw(in:)` gets is y-down: Core Text code flips back when this says so.
        XCTAssertTrue(CALayer().contentsAreFlipped())
        XCTAssertTrue(CATextLayer().contentsAreFlipped())
    }

    func testRenderingAPresentationCopyRunsNoLayoutPass() throws {
        final class Resetting: CALayer {
            nonisolated(unsafe) static var layouts = 0
            override func layoutSublayers() {
                Self.layouts += 1
                anchorPoint = .zero
            }
        }
        let layer = Resetting()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.layoutIfNeeded()
        let animation = keyframes("anchorPoint")
        animation.values = [CGPoint(x: 0.5, y: 0.5), CGPoint(x: 0.5, y: 0.5)]
        layer.add(animation, forKey: "anchor")
        let copy = try XCTUnwrap(layer.presentation())
        copy.setNeedsLayout()
        let before = Resetting.layouts
        _ = RenderProbe.image(of: copy, size: CGSize(width: 10, height: 10))
        XCTAssertEqual(Resetting.layouts, before, "the copy is drawn as it is")
        XCTAssertEqual(copy.anchorPoint, CGPoint(x: 0.5, y: 0.5))
    }
}

/// Offscreen renders through `render(in:)` into a y-down context, as iOS snapshot tests make theirs.
enum RenderProbe {
    static func image(of layer: CALayer, size: CGSize) -> CGImage? {
        guard let context = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8,
                                      bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { return nil }
        // As UIGraphicsImageRenderer: y down.
        context.translateBy(x: 0, y: size.height)
        context.scaleBy(x: 1, y: -1)
        layer.render(in: context)
        return context.makeImage()
    }

    /// The premultiplied RGBA bytes at column `x`, row `y` (row 0 at the top).
    static func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
        let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let p = context.data!.assumingMemoryBound(to: UInt8.self) + (y * image.width + x) * 4
        return [Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])]
    }
}
