import XCTest
@testable import QuartzCore
import LaminaTesting

/// Core Image filters on layers: the properties, key paths and animations, and the pixels in
/// both renderers (the compositor against `render(in:)`).
final class LayerFilterTests: CompositingTestCase {
    // MARK: The properties

    func testPropertiesStoreWhatTheyAreGiven() throws {
        let layer = CALayer()
        XCTAssertNil(layer.filters)
        XCTAssertNil(layer.backgroundFilters)
        XCTAssertNil(layer.compositingFilter)
        let blur = try XCTUnwrap(CIFilter(name: "CIGaussianBlur"))
        blur.name = "blur"
        layer.filters = [blur, "colorInvert"]
        layer.compositingFilter = "multiplyBlendMode"
        XCTAssertTrue(layer.filters?.first as? CIFilter === blur)
        XCTAssertEqual(layer.filters?.last as? String, "colorInvert")
        XCTAssertEqual(layer.compositingFilter as? String, "multiplyBlendMode")
        XCTAssertEqual(layer.value(forKey: "compositingFilter") as? String, "multiplyBlendMode")
        // Key paths reach the filter by name.
        XCTAssertEqual((layer.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue, 10)
        layer.setValue(4, forKeyPath: "filters.blur.inputRadius")
        XCTAssertEqual((layer.value(forKeyPath: "filters.blur.inputRadius") as? NSNumber)?.doubleValue, 4)
        XCTAssertEqual((blur.value(forKey: kCIInputRadiusKey) as? NSNumber)?.doubleValue, 10, "the filter object is copied, not changed")
        let snapshot = LayerSnapshot(layer)
        XCTAssertEqual(snapshot.filters.map(\.kind), ["CIGaussianBlur", "CIColorInvert"])
        XCTAssertEqual(snapshot.filters.first?.values[kCIInputRadiusKey], .number(4))
        XCTAssertEqual(snapshot.compositingFilter?.kind, "CIMultiplyBlendMode")
        // Copies (init(layer:)) carry them.
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.compositingFilter as? String, "multiplyBlendMode")
        XCTAssertEqual(copy.filters?.count, 2)
    }

    func testAnUnknownFilterIsReportedOnceAndDrawsNothingDifferent() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let before = render(root)
        let messages = CGDiagnostics.collecting {
            root.filters = ["noSuchFilter", 42]
            root.filters = ["noSuchFilter", 42]                  // the same again: no new message
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        XCTAssertTrue(messages[0].hasPrefix("CALayer.filters: no Core Image filter 'noSuchFilter'"), messages[0])
        XCTAssertEqual(pixel(render(root), 20, 20), pixel(before, 20, 20))
    }

    private func render(_ layer: CALayer, size: Int = 40) -> CGImage {
        let ctx = CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.translateBy(x: 0, y: CGFloat(size))
        ctx.scaleBy(x: 1, y: -1)
        layer.render(in: ctx)
        return ctx.makeImage()!
    }

    // MARK: Pixels

    func testColorFiltersInRenderIn() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 200.0 / 255, green: 100.0 / 255, blue: 50.0 / 255, alpha: 1)
        child.filters = [CIFilter(name: "CIColorInvert")!]
        root.addSublayer(child)
        XCTAssertEqual(pixel(render(root), 20, 20), [55, 155, 205, 255])
        XCTAssertEqual(pixel(render(root), 5, 5), [0, 0, 0, 0], "nothing outside")
        child.filters = [CIFilter(name: "CIColorMatrix", parameters: ["inputRVector": CIVector(x: 0, y: 0, z: 1, w: 0)])!]
        XCTAssertEqual(pixel(render(root), 20, 20), [50, 100, 50, 255])
    }

    func testBlurSpreadsBeyondTheLayer() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        child.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 3])!]
        root.addSublayer(child)
        let image = render(root)
        XCTAssertEqual(Int(pixel(image, 20, 20)[3]), 255, "the middle stays")
        let edge = Int(pixel(image, 10, 20)[3]), outside = Int(pixel(image, 7, 20)[3])
        XCTAssertEqual(Double(edge), 255 * 0.5 * (1 + erf(0.5 / 3 / 2.squareRoot())), accuracy: 12, "half at the edge")
        XCTAssertGreaterThan(outside, 20, "spread outside the bounds")
        XCTAssertLessThan(outside, 128)
        // NaN or infinite radii draw unblurred, without a crash, with one message when set and
        // none when drawn (in either renderer, frame after frame).
        for bad in [Double.nan, .infinity] {
            let set = CGDiagnostics.collecting {
                child.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: bad])!]
                child.backgroundFilters = [CIFilter(name: "CIBoxBlur", parameters: [kCIInputRadiusKey: bad])!]
            }
            XCTAssertEqual(set.count, 2, "\(set)")
            let drawn = CGDiagnostics.collecting {
                XCTAssertEqual(Int(self.pixel(self.render(root), 7, 20)[3]), 0)
                let ctx = self.target()
                for _ in 0..<2 { XCTAssertNotNil(self.composited(root, with: Compositor(threads: 1), into: ctx)) }
            }
            XCTAssertEqual(drawn, [])
        }
    }

    /// A two-layer scene per blend mode: the top layer's color blended over the bottom's, by the
    /// W3C formula, in both renderers.
    func testEachBlendModeOnATwoLayerScene() throws {
        let bottom = (r: 0.2, g: 0.6, b: 0.9), top = (r: 0.9, g: 0.5, b: 0.1)
        let modes: [(String, (Double, Double) -> Double)] = [
            ("multiplyBlendMode", { b, s in b * s }), ("screenBlendMode", { b, s in b + s - b * s }),
            ("overlayBlendMode", { b, s in b <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
            ("darkenBlendMode", { b, s in min(b, s) }), ("lightenBlendMode", { b, s in max(b, s) }),
            ("differenceBlendMode", { b, s in abs(b - s) }), ("exclusionBlendMode", { b, s in b + s - 2 * b * s }),
            ("hardLightBlendMode", { b, s in s <= 0.5 ? 2 * s * b : 1 - 2 * (1 - s) * (1 - b) }),
            ("colorDodgeBlendMode", { b, s in min(1, b / (1 - s)) }), ("colorBurnBlendMode", { b, s in 1 - min(1, (1 - b) / s) }),
            ("subtractBlendMode", { b, s in max(b - s, 0) }), ("linearDodgeBlendMode", { b, s in min(b + s, 1) }),
        ]
        for (name, f) in modes {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
            root.backgroundColor = CGColor(red: bottom.r, green: bottom.g, blue: bottom.b, alpha: 1)
            let layer = CALayer()
            layer.frame = CGRect(x: 40, y: 40, width: 30, height: 20)
            layer.backgroundColor = CGColor(red: top.r, green: top.g, blue: top.b, alpha: 1)
            layer.compositingFilter = name
            root.addSublayer(layer)
            let expected = [f(bottom.r, top.r), f(bottom.g, top.g), f(bottom.b, top.b)].map { Int(($0 * 255).rounded()) }
            let reference = rendered(root)
            let ctx = target()
            XCTAssertNotNil(composited(root, with: Compositor(threads: 1), into: ctx))
            let image = ctx.makeImage()!
            for (which, picture) in [("render(in:)", reference), ("compositor", image)] {
                let pixels = Self.pixels(of: picture)
                let p = pixels(55, 50), outside = pixels(20, 20)
                for i in 0..<3 { XCTAssertEqual(p[i], expected[i], accuracy: 2, "\(name) in \(which): \(p) vs \(expected)") }
                XCTAssertEqual(outside, [51, 153, 230], "outside: the bottom alone")
            }
        }
    }

    /// Reads (r, g, b) of a BGRX or BGRA image's pixels (one conversion per image).
    private static func pixels(of image: CGImage) -> (Int, Int) -> [Int] {
        let bytes = image.dataProvider!.data! as Data
        let row = image.bytesPerRow
        return { x, y in [Int(bytes[y * row + x * 4 + 2]), Int(bytes[y * row + x * 4 + 1]), Int(bytes[y * row + x * 4])] }
    }

    // MARK: Both renderers alike

    private func frostedScene() -> (CALayer, CALayer) {
        let root = scene()
        let panel = CALayer()
        panel.frame = CGRect(x: 30, y: 20, width: 150, height: 100)
        panel.cornerRadius = 12
        panel.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.25)
        let frost = CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6])!
        frost.name = "frost"
        panel.backgroundFilters = [frost]
        root.addSublayer(panel)
        return (root, panel)
    }

    func testFrostedPanelMatchesTheRenderer() throws {
        let (root, _) = frostedScene()
        let reference = rendered(root)
        let ctx = target()
        let compositor = Compositor(threads: 2)
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        let image = ctx.makeImage()!
        XCTAssertLessThan(differing(image, reference), size.width * size.height / 200, "more than 0.5% of pixels differ")
        XCTAssertEqual(compositor.lastFallbacks, [])
        // Behind the panel the tiles are blurred: a tile's hard edge (x = 10 of the red tile at
        // y 10…50) becomes a ramp; outside the panel it stays hard.
        let plain = rendered(scene())
        XCTAssertNotEqual(pixel(reference, 45, 40), pixel(plain, 45, 40), "inside: filtered")
        XCTAssertEqual(pixel(reference, 20, 140), pixel(plain, 20, 140), "outside: as it was")
    }

    func testFrostedPanelFollowsWhatMovesBehindIt() throws {
        let (root, _) = frostedScene()
        let mover = tile(CGRect(x: 0, y: 60, width: 30, height: 30), CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1))
        root.insertSublayer(mover, at: 0)
        let ctx = target()
        let compositor = Compositor(threads: 2)
        _ = composited(root, with: compositor, into: ctx)
        // Move the tile under the panel; the next frame composites only the damage.
        mover.position = CGPoint(x: 70, y: 75)
        CATransaction.flush()
        let rects = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        XCTAssertFalse(rects.isEmpty)
        XCTAssertLessThan(differing(ctx.makeImage()!, rendered(root)), size.width * size.height / 200)
    }

    func testFiltersAndBlendsInAWindowMatchTheRenderer() throws {
        let root = scene()
        let blurred = tile(CGRect(x: 20, y: 60, width: 60, height: 40), CGColor(red: 0.9, green: 0.2, blue: 0.5, alpha: 1))
        blurred.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4])!, CIFilter(name: "CISepiaTone")!]
        blurred.addSublayer(tile(CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 0.1, green: 0.9, blue: 0.2, alpha: 1)))
        root.addSublayer(blurred)
        let screened = tile(CGRect(x: 120, y: 50, width: 80, height: 60), CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1))
        screened.compositingFilter = CIFilter(name: "CIScreenBlendMode")
        screened.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        root.addSublayer(screened)
        let reference = rendered(root)
        let ctx = target()
        let compositor = Compositor(threads: 2)
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertLessThan(differing(ctx.makeImage()!, reference), size.width * size.height / 200)
        XCTAssertEqual(compositor.lastFallbacks, [], "filters are drawn by design, not as fallbacks")
    }

    // MARK: Animation

    func testAnimatedRadiusAtFixedMediaTimes() throws {
        let (root, panel) = frostedScene()
        let animation = CABasicAnimation(keyPath: "backgroundFilters.frost.inputRadius")
        animation.fromValue = 0
        animation.toValue = 20
        animation.duration = 1
        animation.beginTime = 1000
        panel.add(animation, forKey: "frost")
        let tree = try XCTUnwrap(RenderTree(root))
        func radius(at t: CFTimeInterval) -> Double? {
            let presented = tree.snapshot.presented(atParentTime: t)
            let p = presented.sublayers[presented.sublayers.count - 1]
            guard case .number(let r)? = p.backgroundFilters.first?.values[kCIInputRadiusKey] else { return nil }
            return r
        }
        XCTAssertEqual(try XCTUnwrap(radius(at: 1000.25)), 5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(radius(at: 1000.5)), 10, accuracy: 1e-9)
        // The main thread's presentation reads the same value through the key path.
        MediaClock.setVirtualTime(1000.5)
        let shown = try XCTUnwrap(panel.presentation()?.value(forKeyPath: "backgroundFilters.frost.inputRadius") as? NSNumber)
        XCTAssertEqual(shown.doubleValue, 10, accuracy: 1e-9)
        XCTAssertEqual((panel.value(forKeyPath: "backgroundFilters.frost.inputRadius") as? NSNumber)?.doubleValue, 6, "the model keeps its own")
        // Frames at two times differ (the blur grows) and each matches the renderer at its time.
        let ctx = target()
        let compositor = Compositor(threads: 1)
        _ = compositor.composite(tree, atMediaTime: 1000.1, scale: 1, into: ctx)
        let early = ctx.makeImage()!
        _ = compositor.composite(tree, atMediaTime: 1000.9, scale: 1, into: ctx)
        let late = ctx.makeImage()!
        XCTAssertGreaterThan(SnapshotComparison.difference(early, late, channelTolerance: 8).differing, 100)
    }
}

/// What Core Animation leaves out: the root's background filters, a mask's own filters.
final class LayerFilterExclusionTests: CompositingTestCase {
    func testTheRootIgnoresBackgroundFiltersAndAMaskItsFilters() throws {
        let root = scene()
        let plain = rendered(root)
        root.backgroundFilters = [CIFilter(name: "CIColorInvert")!]
        XCTAssertEqual(SnapshotComparison.difference(rendered(root), plain, channelTolerance: 0).differing, 0, "nothing is behind the root")
        let ctx = target()
        XCTAssertNotNil(composited(root, with: Compositor(threads: 1), into: ctx))
        XCTAssertLessThan(differing(ctx.makeImage()!, plain), size.width * size.height / 200)

        let masked = tile(CGRect(x: 20, y: 20, width: 100, height: 80), CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 1))
        let mask = CALayer()
        mask.frame = CGRect(x: 0, y: 0, width: 50, height: 80)
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        root.addSublayer(masked)
        let before = rendered(root)
        mask.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 8])!, CIFilter(name: "CIColorInvert")!]
        XCTAssertEqual(SnapshotComparison.difference(rendered(root), before, channelTolerance: 0).differing, 0, "a mask ignores its own filters")
    }
}

/// A filtered layer that only moves keeps its filtered texture from frame to frame.
final class FilteredTextureReuseTests: CompositingTestCase {
    func testAMovingFilteredLayerIsFilteredOnce() throws {
        let root = scene()
        let moving = tile(CGRect(x: 20, y: 60, width: 60, height: 40), CGColor(red: 0.9, green: 0.2, blue: 0.5, alpha: 1))
        moving.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 3])!]
        moving.compositingFilter = "multiplyBlendMode"
        moving.add(slide(from: 60, to: 160), forKey: "slide")
        root.addSublayer(moving)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(threads: 1)
        let ctx = target()
        var textures: [ObjectIdentifier] = []
        for t in [1000.1, 1000.3, 1000.5] {
            _ = compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx)
            let node = try XCTUnwrap(compositor.lastRoot?.children.last)
            textures.append(ObjectIdentifier(try XCTUnwrap(node.group?.texture)))
            // And each frame still matches the renderer at its time.
            let reference = target()
            reference.setFillColor(gray: 1, alpha: 1)
            reference.fill(CGRect(x: 0, y: 0, width: size.width, height: size.height))
            reference.translateBy(x: 0, y: CGFloat(size.height))
            reference.scaleBy(x: 1, y: -1)
            tree.draw(atMediaTime: t, in: reference, context: RenderContext())
            XCTAssertLessThan(differing(ctx.makeImage()!, reference.makeImage()!), size.width * size.height / 200, "at \(t)")
        }
        XCTAssertEqual(Set(textures).count, 1, "the moving layer's filtered texture was drawn again")
    }

    /// Items are plain data and retain neither their blend nor their background filter: the
    /// placed node that made them keeps both for as long as its items are shown.
    func testPlacedNodesKeepTheBlendsAndBackdropsOfTheirItems() throws {
        let root = scene()
        let panel = tile(CGRect(x: 30, y: 30, width: 80, height: 50), CGColor(red: 0.2, green: 0.6, blue: 0.4, alpha: 0.5))
        panel.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 4])!]
        let blended = tile(CGRect(x: 60, y: 40, width: 60, height: 40), CGColor(red: 0.9, green: 0.2, blue: 0.5, alpha: 1))
        blended.compositingFilter = "multiplyBlendMode"
        root.addSublayer(panel)
        root.addSublayer(blended)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(threads: 1)
        for t in [1000.0, 1000.5] {
            _ = compositor.composite(tree, atMediaTime: t, scale: 1, into: target())
            let nodes = try XCTUnwrap(compositor.lastRoot?.children)
            let panelNode = nodes[nodes.count - 2], blendedNode = nodes[nodes.count - 1]
            let backdrop = try XCTUnwrap(panelNode.below.first?.backdrop)
            XCTAssertTrue(panelNode.effects.contains { $0 === backdrop }, "the node keeps its item's background filter")
            let blend = try XCTUnwrap(blendedNode.below.last?.blend)
            XCTAssertTrue(blendedNode.effects.contains { $0 === blend }, "the node keeps its item's blend")
        }
    }
}
