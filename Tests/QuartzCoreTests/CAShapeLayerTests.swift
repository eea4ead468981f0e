import XCTest
@testable import QuartzCore
import LaminaTesting

/// CAShapeLayer: Apple's declarations and defaults, the pixel counts measured on Apple's
/// `render(in:)`, animations on the render thread, and windows (the compositor) drawing what
/// the renderer draws.
final class CAShapeLayerTests: CompositingTestCase {
    // MARK: Properties

    func testDefaultsKeyValueCodingAndCopies() throws {
        let layer = CAShapeLayer()
        XCTAssertNil(layer.path)
        XCTAssertEqual(layer.fillColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertEqual(layer.lineCap, .butt)
        XCTAssertEqual(layer.lineJoin, .miter)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertNil(layer.lineDashPattern)
        XCTAssertEqual([CAShapeLayerFillRule.nonZero, .evenOdd].map(\.rawValue), ["non-zero", "even-odd"])
        XCTAssertEqual([CAShapeLayerLineCap.butt, .round, .square].map(\.rawValue), ["butt", "round", "square"])
        XCTAssertEqual([CAShapeLayerLineJoin.miter, .round, .bevel].map(\.rawValue), ["miter", "round", "bevel"])

        XCTAssertEqual((CAShapeLayer.defaultValue(forKey: "strokeEnd") as? NSNumber)?.doubleValue, 1)
        XCTAssertEqual((CAShapeLayer.defaultValue(forKey: "miterLimit") as? NSNumber)?.doubleValue, 10)
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "lineCap") as? String, "butt")
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "fillRule") as? String, "non-zero")
        XCTAssertEqual(CAShapeLayer.defaultValue(forKey: "fillColor") as! CGColor, CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual((CAShapeLayer.defaultValue(forKey: "opacity") as? NSNumber)?.doubleValue, 1, "CALayer's defaults still answer")

        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        layer.setValue(path, forKey: "path")
        layer.setValue(0.25, forKey: "strokeStart")
        layer.setValue("round", forKey: "lineCap")
        layer.setValue("even-odd", forKey: "fillRule")
        layer.setValue([4, 2], forKey: "lineDashPattern")
        layer.setValue(CGColor(red: 1, green: 0, blue: 0, alpha: 1), forKey: "strokeColor")
        XCTAssertEqual(layer.path, path)
        XCTAssertEqual(layer.strokeStart, 0.25)
        XCTAssertEqual(layer.lineCap, .round)
        XCTAssertEqual(layer.fillRule, .evenOdd)
        XCTAssertEqual(layer.lineDashPattern, [4, 2])
        XCTAssertEqual((layer.value(forKey: "strokeStart") as? NSNumber)?.doubleValue, 0.25)
        XCTAssertEqual(layer.value(forKey: "lineJoin") as? String, "miter")
        XCTAssertNotNil(layer.value(forKey: "strokeColor") as! CGColor?)

        // A presentation copy (init(layer:)) carries every shape property.
        layer.lineWidth = 3
        layer.lineDashPhase = 2
        let copy = CAShapeLayer(layer: layer)
        XCTAssertEqual(copy.path, path)
        XCTAssertEqual(copy.strokeStart, 0.25)
        XCTAssertEqual(copy.lineWidth, 3)
        XCTAssertEqual(copy.lineCap, .round)
        XCTAssertEqual(copy.fillRule, .evenOdd)
        XCTAssertEqual(copy.lineDashPattern, [4, 2])
        XCTAssertEqual(copy.lineDashPhase, 2)
        XCTAssertEqual(copy.strokeColor, layer.strokeColor)
    }

    func testImplicitAnimationsOfAnimatablePropertiesButNotThePath() {
        MediaClock.setVirtualTime(1000)
        let layer = CAShapeLayer()
        CATransaction.flush()
        layer.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        layer.strokeEnd = 0.5
        layer.lineWidth = 4
        layer.fillColor = nil
        layer.strokeColor = CGColor(gray: 1, alpha: 1)
        layer.miterLimit = 4
        layer.lineDashPhase = 3
        layer.strokeStart = 0.1
        layer.lineCap = .round
        layer.fillRule = .evenOdd
        XCTAssertNil(layer.animation(forKey: "path"), "a new path does not animate implicitly")
        XCTAssertNil(layer.animation(forKey: "lineCap"))
        XCTAssertNil(layer.animation(forKey: "fillRule"))
        for key in ["strokeEnd", "strokeStart", "lineWidth", "fillColor", "strokeColor", "miterLimit", "lineDashPhase"] {
            XCTAssertNotNil(layer.animation(forKey: key), key)
        }
        // From the value before.
        let animation = layer.animation(forKey: "strokeEnd") as! CABasicAnimation
        XCTAssertEqual((animation.fromValue as? NSNumber)?.doubleValue, 1)
    }

    func testExplicitAnimationsArePresentedAndPathsMorphPointByPoint() throws {
        MediaClock.setVirtualTime(1000)
        let layer = CAShapeLayer()
        let ring = CABasicAnimation(keyPath: "strokeEnd")
        ring.fromValue = 0
        ring.toValue = 1
        ring.duration = 1
        layer.add(ring, forKey: "ring")
        let morph = CABasicAnimation(keyPath: "path")
        morph.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        morph.toValue = CGPath(rect: CGRect(x: 10, y: 0, width: 30, height: 20), transform: nil)
        morph.duration = 1
        layer.add(morph, forKey: "morph")
        MediaClock.setVirtualTime(1000.25)
        let presented = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presented.strokeEnd, 0.25, accuracy: 1e-9)
        XCTAssertEqual(presented.path?.boundingBox, CGRect(x: 2.5, y: 0, width: 15, height: 12.5))
        // The render thread's snapshot evaluates the same values.
        let snapshot = LayerSnapshot(layer).presented(atParentTime: 1000.25)
        guard case .shape(let shape)? = snapshot.content else { return XCTFail("no shape content") }
        XCTAssertEqual(shape.strokeEnd, 0.25, accuracy: 1e-9)
        XCTAssertEqual(shape.path?.boundingBox, CGRect(x: 2.5, y: 0, width: 15, height: 12.5))
        // Paths whose elements differ switch halfway (the documented rule).
        let other = CABasicAnimation(keyPath: "path")
        other.fromValue = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        other.toValue = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        other.duration = 1
        MediaClock.setVirtualTime(1000)
        layer.add(other, forKey: "morph")
        MediaClock.setVirtualTime(1000.4)
        XCTAssertEqual(layer.presentation()?.path?.boundingBox.width, 10)
        MediaClock.setVirtualTime(1000.6)
        XCTAssertEqual(layer.presentation()?.path?.boundingBox.width ?? 0, 40, accuracy: 1e-6)
    }

    func testBadInputKeepsTheOldValueWithOneMessage() {
        let layer = CAShapeLayer()
        let messages = CGDiagnostics.collecting {
            layer.lineWidth = .nan
            layer.strokeEnd = .infinity
            layer.miterLimit = -.infinity
            layer.strokeStart = .nan
            layer.lineDashPhase = .nan
        }
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.strokeEnd, 1)
        XCTAssertEqual(layer.miterLimit, 10)
        XCTAssertEqual(layer.strokeStart, 0)
        XCTAssertEqual(layer.lineDashPhase, 0)
        XCTAssertEqual(messages.count, 5, "\(messages)")
        XCTAssertTrue(messages.allSatisfy { $0.contains("CAShapeLayer.") && $0.contains("not finite") }, "\(messages)")
        // A bad dash pattern strokes solid, with a message; a huge path or width draws without trapping.
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
        layer.path = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30), transform: nil)
        layer.fillColor = nil
        layer.strokeColor = CGColor(gray: 0, alpha: 1)
        layer.lineWidth = 4
        var painted = 0
        let dashMessages = CGDiagnostics.collecting {
            layer.lineDashPattern = [-1, NSNumber(value: Double.nan)]
            painted = Self.paintedPixels(layer)
            painted = Self.paintedPixels(layer)
        }
        XCTAssertEqual(painted, 560, "stroked solid")
        XCTAssertEqual(dashMessages.count, 1, "once, when set: \(dashMessages)")
        layer.lineDashPattern = nil
        layer.path = CGPath(rect: CGRect(x: -1e300, y: 0, width: 1e300, height: 1e300), transform: nil)
        layer.lineWidth = 1e300
        _ = CGDiagnostics.collecting { _ = Self.paintedPixels(layer) }
        layer.strokeStart = 0.8
        layer.strokeEnd = 0.2
        layer.path = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 30), transform: nil)
        layer.lineWidth = 4
        XCTAssertEqual(Self.paintedPixels(layer), 0, "strokeStart past strokeEnd strokes nothing")
    }

    /// Every numeric shape property fed NaN, ±∞, ±1e300, a negative number and zero, then drawn
    /// by the renderer and the compositor at a few times of a strokeEnd animation: no crash, one
    /// message for a value that is not a number, none while rendering.
    func testBadInputTable() {
        let setters: [(String, (CAShapeLayer, CGFloat) -> Void)] = [
            ("lineWidth", { $0.lineWidth = $1 }), ("strokeStart", { $0.strokeStart = $1 }), ("strokeEnd", { $0.strokeEnd = $1 }),
            ("miterLimit", { $0.miterLimit = $1 }), ("lineDashPhase", { $0.lineDashPhase = $1 }),
            ("lineDashPattern", { $0.lineDashPattern = [3, NSNumber(value: Double($1))] }),
            ("path", { $0.path = CGPath(rect: CGRect(x: 0, y: 0, width: $1, height: 10), transform: nil) }),
        ]
        for (name, set) in setters {
            for value in [CGFloat.nan, .infinity, -.infinity, 1e300, -1e300, -5, 0] {
                let root = CALayer()
                root.frame = CGRect(x: 0, y: 0, width: 64, height: 48)
                let layer = CAShapeLayer()
                layer.frame = CGRect(x: 8, y: 8, width: 30, height: 20)
                layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
                layer.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                layer.lineWidth = 3
                root.addSublayer(layer)
                let grow = CABasicAnimation(keyPath: "strokeEnd")
                grow.fromValue = 0
                grow.toValue = 1
                grow.duration = 1
                let setMessages = CGDiagnostics.collecting {
                    set(layer, value)
                    layer.add(grow, forKey: "grow")
                }
                let label = "\(name) = \(value)"
                if !value.isFinite {
                    XCTAssertEqual(setMessages.count, 1, "\(label): \(setMessages)")
                } else if name != "lineDashPattern" || value > 0 {
                    XCTAssertEqual(setMessages, [], label)
                }
                let frameMessages = CGDiagnostics.collecting {
                    let compositor = Compositor()
                    for t in [0.0, 0.5, 2.0] {
                        let ctx = CGContext(data: nil, width: 64, height: 48, bitsPerComponent: 8, bytesPerRow: 0,
                                            space: CGColorSpaceCreateDeviceRGB(),
                                            bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                        guard let tree = RenderTree(root) else { continue }
                        tree.draw(atMediaTime: 1000 + t, in: ctx, context: compositor.context)
                        _ = compositor.composite(tree, atMediaTime: 1000 + t, scale: 2, into: ctx)
                    }
                }
                XCTAssertEqual(frameMessages, [], "\(label): rendering logged")
            }
        }
    }

    // MARK: Pixels (Apple's measured counts, render(in:) into a 100×100 RGBA context)

    static func paintedPixels(_ layer: CALayer) -> Int {
        let ctx = CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 400,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        layer.render(in: ctx)
        let bytes = ctx.data!.assumingMemoryBound(to: UInt8.self)
        return (0..<10_000).reduce(0) { $0 + (bytes[$1 * 4 + 3] > 0 ? 1 : 0) }
    }

    func testPaintedPixelCountsMatchApple() {
        func shape(_ path: CGRect?) -> CAShapeLayer {
            let layer = CAShapeLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 60)
            layer.position = CGPoint(x: 40, y: 30)
            layer.path = path.map { CGPath(rect: $0, transform: nil) }
            return layer
        }
        let rect = CGRect(x: 10, y: 10, width: 40, height: 30)
        XCTAssertEqual(Self.paintedPixels(shape(rect)), 1200, "the default fill")
        let unfilled = shape(rect)
        unfilled.fillColor = nil
        XCTAssertEqual(Self.paintedPixels(unfilled), 0, "no fill color")
        XCTAssertEqual(Self.paintedPixels(shape(nil)), 0, "no path")
        let past = shape(CGRect(x: 60, y: 40, width: 30, height: 30))
        XCTAssertEqual(Self.paintedPixels(past), 900, "not clipped to the bounds")
        past.masksToBounds = true
        XCTAssertEqual(Self.paintedPixels(past), 400, "clipped by masksToBounds")
        let stroked = shape(rect)
        stroked.fillColor = nil
        stroked.strokeColor = CGColor(gray: 0, alpha: 1)
        stroked.lineWidth = 4
        XCTAssertEqual(Self.paintedPixels(stroked), 560, "stroke only")
        let both = shape(rect)
        both.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        both.lineWidth = 4
        XCTAssertEqual(Self.paintedPixels(both), 1496, "fill and stroke")
        stroked.strokeEnd = 0.5
        XCTAssertEqual(Self.paintedPixels(stroked), 280, "half the stroke")
    }

    func testTrimmingByLength() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertTrue(square.copy(trimmingFrom: 0, to: 1) === square)
        XCTAssertTrue(square.copy(trimmingFrom: 0.6, to: 0.6).isEmpty)
        // 40 long: 0.125…0.625 runs from (5, 0) along two sides to (10, 15 − 10) = (10, 10) then 5 along the third.
        XCTAssertEqual(square.copy(trimmingFrom: 0.125, to: 0.625).boundingBox, CGRect(x: 5, y: 0, width: 5, height: 10))
        // A circle's half is a half circle (curves stay curves).
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        let half = circle.copy(trimmingFrom: 0, to: 0.5).boundingBoxOfPath
        XCTAssertEqual(half.width, 20, accuracy: 0.05)         // from (20, 10) round by (10, 20) to (0, 10)
        XCTAssertEqual(half.height, 10, accuracy: 0.05)
    }

    // MARK: Windows draw what the renderer draws

    func shapeScene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 20, y: 20, width: 60, height: 60)
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 60), transform: nil)   // the stroke reaches past the bounds
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)
        ring.lineWidth = 8
        ring.lineCap = .round
        ring.strokeStart = 0.1
        ring.strokeEnd = 0.7
        root.addSublayer(ring)
        let star = CAShapeLayer()
        star.frame = CGRect(x: 100, y: 20, width: 60, height: 60)
        let points = (0..<10).map { i -> CGPoint in
            let r: CGFloat = i % 2 == 0 ? 34 : 14, a = CGFloat(i) * .pi / 5 - .pi / 2
            return CGPoint(x: 30 + r * cos(a), y: 30 + r * sin(a))
        }
        let starPath = CGMutablePath()
        starPath.addLines(between: points)
        starPath.closeSubpath()
        star.path = starPath
        star.fillColor = CGColor(red: 0.95, green: 0.7, blue: 0.1, alpha: 1)
        star.strokeColor = CGColor(red: 0.5, green: 0.2, blue: 0, alpha: 1)
        star.lineWidth = 3
        star.backgroundColor = CGColor(red: 0.2, green: 0.8, blue: 0.4, alpha: 0.3)
        star.addSublayer(tile(CGRect(x: 40, y: 40, width: 20, height: 20), CGColor(red: 0.8, green: 0.1, blue: 0.3, alpha: 1)))
        root.addSublayer(star)
        let dashed = CAShapeLayer()
        dashed.frame = CGRect(x: 180, y: 30, width: 40, height: 100)
        dashed.bounds.origin = CGPoint(x: 10, y: 10)            // the path is in the layer's coordinates
        dashed.path = CGPath(roundedRect: CGRect(x: 10, y: 10, width: 40, height: 100), cornerWidth: 8, cornerHeight: 8, transform: nil)
        dashed.fillColor = nil
        dashed.strokeColor = CGColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 1)
        dashed.lineWidth = 2
        dashed.lineDashPattern = [6, 3]
        root.addSublayer(dashed)
        let clipped = CAShapeLayer()
        clipped.frame = CGRect(x: 20, y: 100, width: 60, height: 40)
        clipped.path = CGPath(ellipseIn: CGRect(x: -20, y: -10, width: 100, height: 60), transform: nil)
        clipped.fillColor = CGColor(red: 0.6, green: 0.2, blue: 0.8, alpha: 1)
        clipped.masksToBounds = true
        root.addSublayer(clipped)
        let turned = CAShapeLayer()
        turned.frame = CGRect(x: 100, y: 100, width: 50, height: 40)
        turned.path = CGPath(rect: CGRect(x: 0, y: 0, width: 50, height: 40), transform: nil)
        turned.fillColor = CGColor(red: 0.1, green: 0.6, blue: 0.6, alpha: 1)
        turned.strokeColor = CGColor(gray: 0.1, alpha: 1)
        turned.lineWidth = 6
        turned.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        root.addSublayer(turned)
        return root
    }

    func testWindowsDrawShapesAsTheRendererDoes() throws {
        let layer = shapeScene()
        let ctx = target()
        _ = try XCTUnwrap(composited(layer, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        let reference = rendered(layer)
        XCTAssertLessThan(differing(image, reference), size.width * size.height / 400, "more than 0.25% of pixels differ")
        XCTAssertEqual(SnapshotComparison.difference(image, reference, channelTolerance: 40).differing,
                       differing(image, reference))
        // The ring's stroke outside its bounds (4 points left of it at its middle row) shows in both.
        let outside = pixel(image, 17, 50), drawn = pixel(reference, 17, 50)
        XCTAssertLessThan(Int(outside[0]), 100, "the compositor drew the stroke past the bounds: \(outside)")
        XCTAssertLessThan(Int(drawn[0]), 100, "the renderer drew the stroke past the bounds: \(drawn)")
        // The scrolled layer's dashes follow its bounds' origin: its top edge is at y = 30 in the window.
        XCTAssertLessThan(Int(pixel(image, 200, 30)[0]), 200)
        XCTAssertLessThan(Int(pixel(reference, 200, 30)[0]), 200)
    }

    /// When a stroke animation goes (removed, as a finished one is at its end), the next frame
    /// shows the model's stroke: the texture last drawn over for the animation is not kept.
    func testTheModelShowsAgainWhenAStrokeAnimationGoes() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let spinner = CAShapeLayer()
        spinner.frame = CGRect(x: 40, y: 40, width: 50, height: 50)
        spinner.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
        spinner.fillColor = nil
        spinner.strokeColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
        spinner.lineWidth = 5
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 0.5
        grow.duration = 1
        spinner.add(grow, forKey: "grow")
        root.addSublayer(spinner)
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        let animated = try XCTUnwrap(RenderTree(root))
        for frame in 0..<6 {
            XCTAssertNotNil(compositor.composite(animated, atMediaTime: start + Double(frame) / 60, scale: 1, into: ctx))
        }
        spinner.removeAnimation(forKey: "grow")
        let still = try XCTUnwrap(RenderTree(root))
        let t = start + 0.2
        XCTAssertNotNil(compositor.composite(still, atMediaTime: t, scale: 1, into: ctx))
        let fresh = target()
        XCTAssertNotNil(Compositor().composite(still, atMediaTime: t, scale: 1, into: fresh))
        XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(fresh.makeImage()),
                                                     channelTolerance: 0).differing, 0, "the animation's last stroke stayed")
    }

    /// 64 frames of strokeEnd animations: every frame is a fresh compositor's (within a few
    /// levels along the edges: each look is drawn over the last where it changed,
    /// `testARunningStrokeIsDrawnOverTheLastTextureWhereItChanged`) and the renderer's, and the
    /// textures stay a handful, drawn over in place (not one minted per frame).
    func testAStrokeAnimationRedrawsInPlace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        var spinners: [CAShapeLayer] = []
        for i in 0..<3 {
            let spinner = CAShapeLayer()
            spinner.frame = CGRect(x: 20 + CGFloat(i) * 70, y: 40, width: 50, height: 50)
            spinner.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 50, height: 50), transform: nil)
            spinner.fillColor = nil
            spinner.strokeColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1)
            spinner.lineWidth = 5
            let grow = CABasicAnimation(keyPath: "strokeEnd")
            grow.fromValue = 0
            grow.toValue = 1
            grow.duration = 1 + Double(i) * 0.3
            grow.repeatCount = .infinity
            spinner.add(grow, forKey: "grow")
            root.addSublayer(spinner)
            spinners.append(spinner)
        }
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        for frame in 0..<64 {
            let t = start + Double(frame) / 60
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            if frame % 40 == 17 {  // frames 17 and 57
                XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t, tolerance: 16).differing, 0, "frame \(frame)")
                let reference = target()
                reference.setFillColor(gray: 1, alpha: 1)
                reference.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
                reference.translateBy(x: 0, y: CGFloat(size.height))
                reference.scaleBy(x: 1, y: -1)
                tree.draw(atMediaTime: t, in: reference, context: RenderContext())
                XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(reference.makeImage())), 40, "frame \(frame)")
            }
        }
        XCTAssertGreaterThanOrEqual(compositor.texturesDrawn, 60 * 3, "each spinner's look is drawn every frame")
        // Per spinner: this frame's look, the last frame's and a spare or two to draw over.
        XCTAssertLessThanOrEqual(compositor.texturesHeld, 4 * 3, "textures are drawn over, not made, frame after frame")
        _ = spinners
    }

    /// A running stroke animation draws each frame's look over the layer's last texture, in
    /// place, rasterizing only around the ends that moved (a growing ring's new arc), for
    /// every kind of end: round and butt caps, a strokeStart chasing the strokeEnd, a stroke
    /// shrinking back, the wrap of a repeating animation (the end jumps back: the ring clears),
    /// a fill under the stroke. Every frame is a fresh compositor's (each look drawn whole)
    /// within a few levels along the edges, where the pieces are flattened from other cuts: a
    /// stroke left where it went, or a seam or cap drawn inside the ring, would differ by far
    /// more (a 4-wide stroke is 255 levels). Dashes run from the stroke's start, so a dashed
    /// ring is drawn whole, and exactly.
    func testARunningStrokeIsDrawnOverTheLastTextureWhereItChanged() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.09, green: 0.1, blue: 0.13, alpha: 1)
        let round = spinner(at: CGPoint(x: 10, y: 10), size: 40, duration: 0.8)
        let butt = spinner(at: CGPoint(x: 60.5, y: 10), size: 40, duration: 0.7)
        butt.lineCap = .butt
        let chase = spinner(at: CGPoint(x: 110, y: 10.5), size: 46, duration: 1.1)
        let start = CABasicAnimation(keyPath: "strokeStart")
        (start.fromValue, start.toValue, start.duration, start.repeatCount) = (0, 0.7, 0.9, .infinity)
        chase.add(start, forKey: "start")
        let back = spinner(at: CGPoint(x: 170, y: 10), size: 40, duration: 0.6)
        let shrink = CABasicAnimation(keyPath: "strokeEnd")
        (shrink.fromValue, shrink.toValue, shrink.duration, shrink.autoreverses, shrink.repeatCount) = (0.2, 0.95, 0.6, true, .infinity)
        back.add(shrink, forKey: "grow")
        let filled = spinner(at: CGPoint(x: 10, y: 80), size: 50, duration: 0.9)
        filled.fillColor = CGColor(red: 0.9, green: 0.8, blue: 0.2, alpha: 0.6)
        filled.lineWidth = 7
        let arc = spinner(at: CGPoint(x: 80, y: 80), size: 50, duration: 0.75)
        let open = CGMutablePath()
        open.addArc(center: CGPoint(x: 25, y: 25), radius: 18, startAngle: 0.3, endAngle: 5.5, clockwise: false)
        arc.path = open
        arc.lineCap = .square
        let dashed = spinner(at: CGPoint(x: 150, y: 80), size: 50, duration: 0.85)
        dashed.lineDashPattern = [6, 3]
        for layer in [round, butt, chase, back, filled, arc, dashed] { root.addSublayer(layer) }
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(), ctx = target()
        let t0 = CACurrentMediaTime()
        var worst = 0
        for frame in 0..<100 {
            let t = t0 + Double(frame) / 60
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            guard frame % 9 == 4 else { continue }
            let difference = try differenceFromWholeFrame(ctx, tree, at: t, tolerance: 16)
            XCTAssertEqual(difference.differing, 0, "frame \(frame): worst \(difference.worst)")
            worst = max(worst, difference.worst)
        }
        // Six of the seven rings are drawn over their last texture nearly every frame (not while
        // the pool grows, the first frames); the dashed one never.
        XCTAssertGreaterThanOrEqual(compositor.shapesDrawnOver, 6 * 85)
        XCTAssertLessThanOrEqual(compositor.shapesDrawnOver, 6 * 99)
        // A ring drawn over in place keeps its texture (a spare or so from the first frames
        // besides); the dashed one's looks rotate through the pool (about four).
        XCTAssertLessThanOrEqual(compositor.texturesHeld, 2 * 6 + 4, "textures are drawn over, not made, frame after frame")
        XCTAssertGreaterThan(worst, 0, "the pieces are stroked from other cuts than whole redraws")
    }

    /// A ring as the spinner demos make it, at `origin`, animating `strokeEnd` over `duration`.
    private func spinner(at origin: CGPoint, size: CGFloat, duration: Double) -> CAShapeLayer {
        let ring = CAShapeLayer()
        ring.frame = CGRect(origin: origin, size: CGSize(width: size, height: size))
        ring.path = CGPath(ellipseIn: CGRect(x: 2, y: 2, width: size - 4, height: size - 4), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = CGColor(red: 0.35, green: 0.55, blue: 1, alpha: 1)
        ring.lineWidth = 4
        ring.lineCap = .round
        let grow = CABasicAnimation(keyPath: "strokeEnd")
        grow.fromValue = 0
        grow.toValue = 1
        grow.duration = duration
        grow.repeatCount = .infinity
        ring.add(grow, forKey: "grow")
        return ring
    }

    /// Thirty rings at thirty phases, ten of them inside a masked container (an offscreen group):
    /// their shapes are rasterized after planning, on two threads, over recycled textures, and
    /// the frames equal a fresh compositor's (every texture new, drawn at once; within a few
    /// levels along the edges, each look being drawn over the last where it changed) and the
    /// renderer's within bilinear sampling. The group composites its rings after they are drawn.
    func testAnimatedShapesRasterizedOnTwoThreadsDrawWhatAFreshCompositorDraws() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.09, green: 0.1, blue: 0.13, alpha: 1)
        for i in 0..<20 {
            root.addSublayer(spinner(at: CGPoint(x: 4 + CGFloat(i % 10) * 23.5, y: 4 + CGFloat(i / 10) * 25), size: 22,
                                     duration: 0.5 + Double(i) * 0.037))
        }
        let masked = CALayer()
        masked.frame = CGRect(x: 0, y: 60, width: 240, height: 60)
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        for i in 0..<10 {
            masked.addSublayer(spinner(at: CGPoint(x: 6 + CGFloat(i) * 23, y: 10), size: 22, duration: 0.7 + Double(i) * 0.051))
        }
        root.addSublayer(masked)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(threads: 2), ctx = target()
        let start = CACurrentMediaTime()
        for frame in 0..<30 {
            let t = start + Double(frame) / 60
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            guard frame == 11 || frame == 29 else { continue }
            let fresh = target()
            XCTAssertNotNil(Compositor(threads: 1).composite(tree, atMediaTime: t, scale: 1, into: fresh))
            XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(fresh.makeImage()),
                                                         channelTolerance: 16).differing, 0, "frame \(frame)")
            let reference = target()
            reference.setFillColor(gray: 1, alpha: 1)
            reference.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
            reference.translateBy(x: 0, y: CGFloat(size.height))
            reference.scaleBy(x: 1, y: -1)
            tree.draw(atMediaTime: t, in: reference, context: RenderContext())
            // The rings at half-pixel places are sampled bilinearly: a few edge pixels apiece.
            XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(reference.makeImage())), 30 * 10, "frame \(frame)")
        }
        XCTAssertGreaterThanOrEqual(compositor.texturesDrawn, 29 * 30, "each ring's look is drawn every frame")
        XCTAssertLessThanOrEqual(compositor.texturesHeld, 4 * 30 + 8, "textures are drawn over, not made, frame after frame")
    }

    /// A path animation moves the shape's box, so a texture is drawn over for looks at other
    /// places of the same pixel size, again and again: each redraw lands where its look is
    /// (a second redraw once moved by the first one's offset).
    func testARecycledTextureRedrawnForAMovingPathDrawsItInPlace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let shape = CAShapeLayer()
        // The path's box covers the small bounds all along: the texture is the box, a point
        // wider at some places, at a new origin nearly every frame.
        shape.frame = CGRect(x: 100, y: 60, width: 4, height: 4)
        shape.path = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 30, height: 30), transform: nil)
        shape.fillColor = CGColor(red: 0.9, green: 0.3, blue: 0.2, alpha: 1)
        shape.strokeColor = CGColor(red: 0.1, green: 0.1, blue: 0.5, alpha: 1)
        shape.lineWidth = 3
        let move = CABasicAnimation(keyPath: "path")
        move.fromValue = shape.path
        move.toValue = CGPath(ellipseIn: CGRect(x: -5, y: -7, width: 30, height: 30), transform: nil)
        move.duration = 0.5
        move.autoreverses = true
        move.repeatCount = .infinity
        shape.add(move, forKey: "move")
        root.addSublayer(shape)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        for frame in 0..<90 {
            let t = start + Double(frame) / 60
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            guard frame % 20 == 13 else { continue }
            XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(frame)")
        }
        XCTAssertLessThanOrEqual(compositor.texturesHeld, 8, "the moving shape's textures are drawn over")
    }

    /// An animated ring placed at half a pixel is drawn at that half pixel into its texture,
    /// which is then placed on whole pixels (a blit, no resampling): the window's pixels are the
    /// renderer's, where sampling a texture drawn on the layer's own grid blurred its edges.
    func testAnAnimatedShapeOffThePixelGridIsDrawnAtItsPhaseAndBlitted() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let ring = spinner(at: CGPoint(x: 40.5, y: 30.5), size: 60, duration: 1)
        root.addSublayer(ring)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(), ctx = target()
        let t = CACurrentMediaTime() + 0.4
        XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
        let item = try XCTUnwrap(compositor.lastRoot?.children.first?.below.first)
        XCTAssertNotNil(item.integerOffset, "placed by whole pixels: \(item.toDevice)")
        let reference = target()
        reference.setFillColor(gray: 1, alpha: 1)
        reference.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
        reference.translateBy(x: 0, y: CGFloat(size.height))
        reference.scaleBy(x: 1, y: -1)
        tree.draw(atMediaTime: t, in: reference, context: RenderContext())
        let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(reference.makeImage()),
                                                       channelTolerance: 2)
        XCTAssertEqual(difference.differing, 0, "the ring as the renderer rasterizes it")
    }
}
