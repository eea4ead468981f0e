import XCTest
@testable import QuartzCore
import LaminaTesting

/// CAReplicatorLayer: Apple's declarations and defaults, key-value coding and animations, the
/// copies windows composite (colors, transform about the center, delays) and the copies Apple's
/// `render(in:)` draws (no colors, transform about the origin), and bad counts.
final class ReplicatorLayerTests: CompositingTestCase {
    private let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    // MARK: Properties

    func testDefaultsAreApples() throws {
        let r = CAReplicatorLayer()
        XCTAssertEqual(r.instanceCount, 1)
        XCTAssertEqual(r.instanceDelay, 0)
        XCTAssertTrue(CATransform3DIsIdentity(r.instanceTransform))
        XCTAssertEqual(r.instanceColor?.components, [1, 1, 1, 1], "opaque white, four components")
        XCTAssertEqual([r.instanceRedOffset, r.instanceGreenOffset, r.instanceBlueOffset, r.instanceAlphaOffset], [0, 0, 0, 0])
        XCTAssertFalse(r.preservesDepth)
        XCTAssertEqual((CAReplicatorLayer.defaultValue(forKey: "instanceCount") as? NSNumber)?.intValue, 1)
        XCTAssertEqual((CAReplicatorLayer.defaultValue(forKey: "instanceAlphaOffset") as? NSNumber)?.floatValue, 0)
        XCTAssertTrue(CATransform3DIsIdentity(try XCTUnwrap(CAReplicatorLayer.defaultValue(forKey: "instanceTransform") as? CATransform3D)))
        XCTAssertEqual((CAReplicatorLayer.defaultValue(forKey: "instanceColor") as! CGColor).components, [1, 1, 1, 1])
        XCTAssertEqual((CAReplicatorLayer.defaultValue(forKey: "opacity") as? NSNumber)?.floatValue, 1, "CALayer's defaults still answer")
    }

    func testKeyValueCodingAndWhatTheSettersKeep() throws {
        let r = CAReplicatorLayer()
        r.setValue(5, forKey: "instanceCount")
        r.setValue(0.5, forKey: "instanceDelay")
        r.setValue(-0.25, forKey: "instanceAlphaOffset")
        r.setValue(CATransform3DMakeTranslation(10, 20, 0), forKey: "instanceTransform")
        XCTAssertEqual(r.instanceCount, 5)
        XCTAssertEqual(r.instanceDelay, 0.5)
        XCTAssertEqual(r.instanceAlphaOffset, -0.25)
        XCTAssertEqual(r.instanceTransform.m41, 10)
        XCTAssertEqual(r.instanceTransform.m42, 20)
        XCTAssertEqual((r.value(forKey: "instanceCount") as? NSNumber)?.intValue, 5)
        XCTAssertEqual((r.value(forKey: "instanceAlphaOffset") as? NSNumber)?.floatValue, -0.25)
        r.instanceColor = red
        XCTAssertTrue(r.instanceColor === red, "the color it is given is the color it answers")
        // A presentation copy carries every instance property.
        r.instanceCount = 7
        let copy = try XCTUnwrap(r.presentation())
        XCTAssertEqual(copy.instanceCount, 7)
        XCTAssertEqual(copy.instanceDelay, 0.5)
        XCTAssertEqual(copy.instanceAlphaOffset, -0.25)
        XCTAssertEqual(copy.instanceTransform.m42, 20)
    }

    func testInstancePropertiesAnimateImplicitlyButPreservesDepthDoesNot() throws {
        let r = CAReplicatorLayer()
        CATransaction.flush()
        r.instanceAlphaOffset = -0.5
        r.instanceTransform = CATransform3DMakeTranslation(10, 0, 0)
        r.instanceColor = red
        r.instanceCount = 3
        r.preservesDepth = true
        XCTAssertEqual(Set(r.animationKeys() ?? []), ["instanceAlphaOffset", "instanceTransform", "instanceColor", "instanceCount"])
        let fade = try XCTUnwrap(r.animation(forKey: "instanceAlphaOffset") as? CABasicAnimation)
        XCTAssertEqual((fade.fromValue as? NSNumber)?.floatValue, 0)
        MediaClock.setVirtualTime(1000.125)
        XCTAssertEqual(try XCTUnwrap(r.presentation()).instanceAlphaOffset, -0.25, accuracy: 1e-4, "half way")
    }

    func testBadValuesAreRefusedWithOneMessage() throws {
        let r = CAReplicatorLayer()
        var messages = CGDiagnostics.collecting { r.instanceDelay = .nan }
        XCTAssertEqual(r.instanceDelay, 0, "NaN keeps the old delay")
        XCTAssertEqual(messages.count, 1)
        messages = CGDiagnostics.collecting { r.instanceRedOffset = .infinity }
        XCTAssertEqual(r.instanceRedOffset, 0)
        XCTAssertEqual(messages.count, 1)
        var bad = CATransform3DIdentity
        bad.m41 = .nan
        messages = CGDiagnostics.collecting { r.instanceTransform = bad }
        XCTAssertTrue(CATransform3DIsIdentity(r.instanceTransform))
        XCTAssertEqual(messages.count, 1)
        messages = CGDiagnostics.collecting { r.instanceCount = -3 }
        XCTAssertEqual(r.instanceCount, -3, "the count reads back as set")
        XCTAssertEqual(messages.count, 1)
        XCTAssertTrue(messages[0].contains("negative"), messages[0])
        messages = CGDiagnostics.collecting { r.instanceCount = 1_000_000_000 }
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(LayerSnapshot(r).replicator?.drawnCount, ReplicatorState.maximumInstances, "a huge count is capped")
    }

    // MARK: Apple's render(in:)

    /// A 200×100 context, y up: whether each column has anything painted, and the count.
    private func renderedInContext(_ layer: CALayer) -> (painted: Int, minX: Int, maxX: Int, at: (Int, Int) -> Bool) {
        let w = 200, h = 100
        let ctx = CGContext(data: nil, width: w, height: h, bitsPerComponent: 8, bytesPerRow: w * 4,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        layer.render(in: ctx)
        // A copy of the pixels: `at` outlives the context (a pointer into its data read freed memory).
        let p = Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt8.self), count: w * h * 4))
        func at(_ x: Int, _ y: Int) -> Bool {   // y counts up from the bottom
            let i = ((h - 1 - y) * w + x) * 4
            return p[i] != 0 || p[i + 1] != 0 || p[i + 2] != 0 || p[i + 3] != 0
        }
        var count = 0, minX = w, maxX = -1
        for y in 0..<h { for x in 0..<w where at(x, y) { count += 1; minX = min(minX, x); maxX = max(maxX, x) } }
        return (count, minX, maxX, at)
    }

    private func replicator(count: Int, _ t: CATransform3D) -> CAReplicatorLayer {
        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        child.position = CGPoint(x: 10, y: 10)
        child.backgroundColor = red
        r.addSublayer(child)
        r.instanceCount = count
        r.instanceTransform = t
        return r
    }

    /// The measurements of Apple's `renderInContext:` (see the issue): copies of the sublayers
    /// only, past the bounds, the background once, nothing for no instances, colors ignored.
    func testRenderInContextRepeatsTheSublayersAsApplesDoes() throws {
        let one = renderedInContext(replicator(count: 1, CATransform3DIdentity))
        XCTAssertEqual(one.painted, 400, "one instance is just the 20×20 sublayer")
        let a = renderedInContext(replicator(count: 1, CATransform3DMakeTranslation(30, 0, 0)))
        let b = renderedInContext(replicator(count: 3, CATransform3DMakeTranslation(30, 0, 0)))
        XCTAssertEqual(b.painted, 1200, "three copies")
        XCTAssertEqual(b.maxX, a.maxX + 60, "the third is two offsets further across")
        XCTAssertEqual(b.minX, a.minX)
        XCTAssertEqual(renderedInContext(replicator(count: 0, CATransform3DIdentity)).painted, 0, "no instances draw nothing")

        let r = CAReplicatorLayer()
        r.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        r.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        r.addSublayer(replicator(count: 1, CATransform3DIdentity).sublayers![0])
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(60, 0, 0)
        let drawn = renderedInContext(r)
        XCTAssertTrue(drawn.at(30, 30), "its own background")
        XCTAssertTrue(drawn.at(130, 10), "copies past its bounds")
        XCTAssertFalse(drawn.at(90, 30), "the background once, not per instance")

        // Colors have no effect there; a scale applies about the origin.
        let tinted = replicator(count: 2, CATransform3DMakeScale(2, 2, 1))
        tinted.instanceColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        tinted.instanceRedOffset = -1
        let ctx = CGContext(data: nil, width: 200, height: 100, bitsPerComponent: 8, bytesPerRow: 800,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        tinted.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertEqual(pixel(image, 10, 89), [255, 0, 0, 255], "the first copy stays red")
        XCTAssertEqual(pixel(image, 30, 69), [255, 0, 0, 255], "the second, scaled about the origin to 40×40, is red too")
    }

    // MARK: Windows

    /// White 20×20 squares, three copies 40 apart, colored red, then orange, then yellow by the
    /// green offset: each copy is the same texture multiplied by its color.
    func testWindowsMultiplyEachCopyByItsColor() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 20, y: 20, width: 120, height: 40)
        let square = CALayer()
        square.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        square.backgroundColor = white
        r.addSublayer(square)
        r.instanceCount = 3
        r.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        r.instanceColor = red
        r.instanceGreenOffset = 0.5
        root.addSublayer(r)
        let ctx = target()
        let compositor = Compositor()
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        var image = try XCTUnwrap(ctx.makeImage())
        func near(_ p: [UInt8], _ q: [Int], _ what: String) {
            for k in 0..<3 { XCTAssertLessThanOrEqual(abs(Int(p[k]) - q[k]), 2, "\(what): \(p)") }
        }
        near(pixel(image, 30, 30), [255, 0, 0], "the first copy is multiplied by instanceColor")
        near(pixel(image, 70, 30), [255, 128, 0], "the second by red + one green offset")
        near(pixel(image, 110, 30), [255, 255, 0], "the third by two")
        near(pixel(image, 150, 30), [255, 255, 255], "nothing past the third")
        XCTAssertEqual(compositor.lastFallbacks, [], "composited as items")

        // An alpha offset fades later copies; fewer copies damage where the last one was.
        r.instanceAlphaOffset = -0.5
        r.instanceCount = 2
        r.removeAllAnimations()
        _ = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        image = try XCTUnwrap(ctx.makeImage())
        near(pixel(image, 30, 30), [255, 0, 0], "the first copy")
        near(pixel(image, 70, 30), [255, 191, 128], "(1, 0.5, 0, 0.5) over white")
        near(pixel(image, 110, 30), [255, 255, 255], "the third copy is gone")
    }

    /// The instance transform turns about the replicator's center in windows (a ring of dots)
    /// and about its origin in `render(in:)` (Apple's measured rule), where the turned copies fall
    /// outside.
    func testTheInstanceTransformTurnsAboutTheCenterInWindowsAndTheOriginInRenderInContext() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        let dot = CALayer()
        dot.frame = CGRect(x: 45, y: 0, width: 10, height: 10)
        dot.backgroundColor = red
        r.addSublayer(dot)
        r.instanceCount = 4
        r.instanceTransform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        root.addSublayer(r)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        for (x, y) in [(70, 25), (115, 70), (70, 115), (25, 70)] {
            XCTAssertEqual(Array(pixel(image, x, y)[0..<3]), [255, 0, 0], "a dot at \(x),\(y)")
        }
        XCTAssertEqual(Array(pixel(image, 70, 70)[0..<3]), [255, 255, 255], "none in the middle")
        XCTAssertLessThan(differing(image, rendered(root)), 20, "CARenderer's rules are the compositor's")
        let ctx2 = CGContext(data: nil, width: 240, height: 160, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        ctx2.translateBy(x: 0, y: 160)
        ctx2.scaleBy(x: 1, y: -1)
        root.render(in: ctx2)
        let drawn = try XCTUnwrap(ctx2.makeImage())
        XCTAssertEqual(pixel(drawn, 70, 25), [255, 0, 0, 255], "render(in:) draws the first copy")
        XCTAssertEqual(pixel(drawn, 115, 70), [0, 0, 0, 0], "and turns the others about the origin, out of sight")
    }

    /// `CARenderer` (the layer renderer with the compositor's rules) draws the copies as windows
    /// do: colors, offsets and the transform about the center, off whole pixels too.
    func testWindowsAndCARendererDrawTheSameCopies() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 10, y: 10, width: 200, height: 120)
        r.backgroundColor = CGColor(red: 0.9, green: 0.9, blue: 1, alpha: 1)
        let tile = self.tile(CGRect(x: 4, y: 4, width: 30, height: 30), CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
        r.addSublayer(tile)
        r.instanceCount = 5
        r.instanceTransform = CATransform3DRotate(CATransform3DMakeTranslation(38.5, 17.25, 0), 0.2, 0, 0, 1)
        r.instanceColor = CGColor(red: 1, green: 0.8, blue: 0.6, alpha: 1)
        r.instanceRedOffset = -0.2
        r.instanceAlphaOffset = -0.15
        root.addSublayer(r)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        XCTAssertLessThan(differing(image, rendered(root)), size.width * size.height / 200, "more than 0.5% of pixels differ")
        let drawn = rendered(root)
        // Inside the second to fifth copies, each faded more over the replicator's lavender.
        for (x, y) in [(75, 30), (123, 42), (167, 62), (204, 90)] {
            XCTAssertLessThan(Int(pixel(image, x, y)[0]), 200, "a copy at \(x),\(y)")
            for k in 0..<3 { XCTAssertLessThanOrEqual(abs(Int(pixel(image, x, y)[k]) - Int(pixel(drawn, x, y)[k])), 3, "\(x),\(y)") }
        }
    }

    /// Each copy's animations run `instanceDelay` later: copy k is where the first was k·delay ago.
    func testEachCopyRunsItsAnimationsInstanceDelayLater() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let r = CAReplicatorLayer()
        r.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let dot = CALayer()
        dot.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
        dot.backgroundColor = red
        let slide = self.slide(from: 10, to: 210)
        slide.beginTime = CACurrentMediaTime()
        slide.fillMode = .both
        dot.add(slide, forKey: "slide")
        r.addSublayer(dot)
        r.instanceCount = 3
        r.instanceDelay = 0.25
        r.instanceTransform = CATransform3DMakeTranslation(0, 30, 0)
        root.addSublayer(r)
        MediaClock.setVirtualTime(1000.5)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage())
        // At 0.5 s the first copy is half way (x = 110), the second a quarter (60), the third at its start (10).
        for (x, y) in [(110, 15), (60, 45), (10, 75)] {
            XCTAssertEqual(Array(pixel(image, x, y)[0..<3]), [255, 0, 0], "copy at \(x),\(y)")
        }
        XCTAssertEqual(Array(pixel(image, 110, 45)[0..<3]), [255, 255, 255], "the second copy lags")
        // The renderer's frame at the same time places the copies alike (translation: same rules).
        let drawn = rendered(root)
        for (x, y) in [(110, 15), (60, 45), (10, 75)] {
            XCTAssertEqual(Array(pixel(drawn, x, y)[0..<3]), [255, 0, 0], "drawn copy at \(x),\(y)")
        }
    }

    /// The render thread keeps drawing while the last copy's delayed animation runs.
    func testTheFrameClockWaitsForTheLastDelayedCopy() throws {
        let r = replicator(count: 3, CATransform3DMakeTranslation(30, 0, 0))
        r.instanceDelay = 0.5
        let slide = self.slide(from: 10, to: 50)
        slide.beginTime = CACurrentMediaTime()
        r.sublayers![0].add(slide, forKey: "slide")
        let tree = try XCTUnwrap(RenderTree(r))
        XCTAssertTrue(tree.animationSchedule(atMediaTime: 1001.5).isAnimating, "the third copy runs from 1 s to 2 s")
        XCTAssertFalse(tree.animationSchedule(atMediaTime: 1002.1).isAnimating, "all done")
    }

    func testHitTestsReachOnlyTheFirstCopy() throws {
        let r = replicator(count: 3, CATransform3DMakeTranslation(30, 0, 0))
        r.position = CGPoint(x: 50, y: 50)          // points in the superlayer are the replicator's
        let child = r.sublayers![0]
        XCTAssertTrue(r.hitTest(CGPoint(x: 10, y: 10)) === child)
        XCTAssertTrue(r.hitTest(CGPoint(x: 40, y: 10)) === r, "the second copy is not a layer: the replicator answers")
    }

    func testNoCopiesForNegativeCountsInWindowsToo() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let r = replicator(count: 1, CATransform3DIdentity)
        _ = CGDiagnostics.collecting { r.instanceCount = -2 }
        root.addSublayer(r)
        let ctx = target()
        _ = try XCTUnwrap(composited(root, with: Compositor(), into: ctx))
        XCTAssertEqual(Array(pixel(try XCTUnwrap(ctx.makeImage()), 10, 10)[0..<3]), [255, 255, 255])
    }
}
