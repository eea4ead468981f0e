import XCTest
@testable import QuartzCore
import LaminaTesting

/// The property table is where a property's facts are written once; the rest of the code (the
/// snapshot, the texture key, the placement keys, presentation copies, defaults) still repeats
/// them by hand. These tests hold every row of every layer class against those places, so that
/// a property added to one and forgotten in another fails here, not in someone's window.
final class PropertyTableTests: CompositingTestCase {
    /// A value different from the default for each key, chosen so that the change shows in the
    /// test scene (`scene(for:)`).
    nonisolated(unsafe) static let samples: [String: Any] = [
        "bounds": CGRect(x: 0, y: 0, width: 70, height: 44), "position": CGPoint(x: 110, y: 70),
        "zPosition": 5.0, "anchorPoint": CGPoint(x: 0, y: 0), "anchorPointZ": 30.0,
        "transform": CATransform3DMakeRotation(0.4, 0, 0, 1), "sublayerTransform": CATransform3DMakeScale(1.4, 1.4, 1),
        "geometryFlipped": true, "masksToBounds": true, "contentsRect": CGRect(x: 0, y: 0, width: 0.5, height: 1),
        "contentsCenter": CGRect(x: 0.4, y: 0.4, width: 0.2, height: 0.2), "contentsGravity": "right",
        "contentsScale": 2.0, "minificationFilter": "nearest", "magnificationFilter": "nearest",
        "backgroundColor": CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1), "cornerRadius": 30.0,
        "maskedCorners": NSNumber(value: CACornerMask.layerMinXMinYCorner.rawValue), "cornerCurve": "continuous",
        "borderWidth": 6.0, "borderColor": CGColor(red: 0, green: 0.8, blue: 0.2, alpha: 1), "opacity": 0.4,
        "hidden": true, "doubleSided": false, "allowsGroupOpacity": false, "shouldRasterize": true,
        "allowsEdgeAntialiasing": true, "minificationFilterBias": 1.5,
        "edgeAntialiasingMask": NSNumber(value: CAEdgeAntialiasingMask.layerLeftEdge.rawValue),
        "rasterizationScale": 0.25, "shadowColor": CGColor(red: 0, green: 0, blue: 1, alpha: 1), "shadowOpacity": 0.2,
        "shadowOffset": CGSize(width: 9, height: 9), "shadowRadius": 9.0,
        "shadowPath": CGPath(rect: CGRect(x: -10, y: -10, width: 30, height: 30), transform: nil),
        "filters": [CIFilter(name: "CIColorInvert")!],
        "backgroundFilters": [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6])!],
        "compositingFilter": "differenceBlendMode",
        "contents": PropertyTableTests.image(20, 20, CGColor(red: 0.2, green: 0.9, blue: 0.9, alpha: 0.6)),
        // CAGradientLayer
        "colors": [CGColor(red: 0, green: 1, blue: 0, alpha: 1), CGColor(red: 1, green: 0, blue: 1, alpha: 1)],
        "locations": [NSNumber(value: 0.3), NSNumber(value: 0.6)], "startPoint": CGPoint(x: 0, y: 0),
        "endPoint": CGPoint(x: 0, y: 1), "type": "radial",
        // CAShapeLayer (over the stroked path of `classes`)
        "path": CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 60, height: 40), transform: nil),
        "fillColor": CGColor(red: 0, green: 0.7, blue: 0.7, alpha: 1), "fillRule": "even-odd",
        "strokeColor": CGColor(red: 0, green: 0, blue: 0, alpha: 1), "strokeStart": 0.3, "strokeEnd": 0.5,
        "lineWidth": 9.0, "miterLimit": 1.0, "lineCap": "round", "lineJoin": "bevel", "lineDashPhase": 4.0,
        "lineDashPattern": [NSNumber(value: 6), NSNumber(value: 3)],
        // CATextLayer
        "string": "Another string", "font": "Courier", "fontSize": 20.0,
        "foregroundColor": CGColor(red: 0.8, green: 0, blue: 0, alpha: 1), "wrapped": true,
        "truncationMode": "end", "alignmentMode": "right",
    ]

    /// Keys whose change the test scene cannot show, and why. Everything else a row says affects
    /// the screen must change a window's picture.
    static let unseen: [String: String] = [
        "frame": "bounds and position are its parts (each tested)",
        "anchorPointZ": "moves the layer along z: nothing shows without perspective",
        "mask": "a tree change, tested by the render-tree tests", "sublayers": "a tree change, tested by the render-tree tests",
        "lineDashPhase": "the dash pattern is nil here: a phase moves nothing",
        "allowsFontSubpixelQuantization": "no subpixel positioning to quantize",
    ]

    /// A translucent image with an opaque stripe, `width` × `height` pixels.
    static func image(_ width: Int, _ height: Int, _ color: CGColor) -> CGImage {
        let c = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.setFillColor(color)
        c.fill(CGRect(x: 0, y: 0, width: width, height: height))
        c.setFillColor(CGColor(red: 0.1, green: 0.1, blue: 0.6, alpha: 1))
        for x in stride(from: 0, to: width, by: 4) { c.fill(CGRect(x: x, y: 0, width: 1, height: height)) }
        c.fill(CGRect(x: 0, y: height * 2 / 3, width: width, height: height / 3))
        return c.makeImage()!
    }

    /// What a key's change needs in the scene to show, set before the first frame.
    nonisolated(unsafe) static let setups: [String: (CALayer) -> Void] = [
        "contentsCenter": { $0.contentsGravity = .resize },              // nine parts stretch only when resized
        // A radial gradient needs an ellipse: with the default points (on one vertical line)
        // Apple's draws nothing.
        "type": { ($0 as? CAGradientLayer)?.endPoint = CGPoint(x: 1, y: 1) },
        "contentsScale": { $0.contentsGravity = .center },
        "doubleSided": { $0.transform = CATransform3DMakeRotation(.pi * 0.9, 0, 1, 0) },   // seen from behind
        "minificationFilter": { layer in
            // Shown 2.9 times smaller (a whole ratio would sample texel centers: nearest and linear alike).
            layer.contents = image(290, 203, CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.7))
            layer.contentsGravity = .resize
        },
        "minificationFilterBias": { layer in
            // Trilinear minification 2.9 times smaller: the bias picks a blurrier level.
            layer.contents = image(290, 203, CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.7))
            layer.contentsGravity = .resize
            layer.minificationFilter = .trilinear
        },
        "magnificationFilter": { $0.contentsGravity = .resize },        // 20 pixels shown over 100 points
        "rasterizationScale": { $0.shouldRasterize = true },
        // Edges are cut or antialiased where a layer is turned, and not inside an opacity group.
        "allowsEdgeAntialiasing": { layer in
            layer.sublayers = nil
            layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        },
        "edgeAntialiasingMask": { layer in
            layer.sublayers = nil
            layer.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
            layer.allowsEdgeAntialiasing = true
        },
        "backgroundFilters": { layer in                                   // something behind it to blur
            let stripes = CALayer()
            stripes.frame = layer.frame.insetBy(dx: -10, dy: -10)
            stripes.contents = image(24, 24, CGColor(red: 1, green: 1, blue: 1, alpha: 1))
            layer.superlayer?.insertSublayer(stripes, below: layer)
        },
        "shouldRasterize": { $0.rasterizationScale = 0.5 },             // rasterized coarser than it is shown
        // With a border, the renderer fades background, border and sublayers as one picture anyway.
        "allowsGroupOpacity": { $0.borderWidth = 0 },
    ]

    /// A scene in which every property of `layer` shows: contents smaller than the bounds, a
    /// border, a shadow, two overlapping sublayers (one of them leaning back), and a translucent
    /// color, on a root with room around it.
    func scene(for layer: CALayer, shadow: Bool = true) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
        root.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.9, alpha: 1)
        layer.frame = CGRect(x: 60, y: 40, width: 100, height: 70)
        layer.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.8)
        if !(layer is CATextLayer) {                   // a text layer's contents are its text
            layer.contents = Self.image(20, 20, CGColor(red: 1, green: 0.8, blue: 0, alpha: 0.6))
        }
        layer.contentsGravity = .center
        layer.cornerRadius = 12
        layer.borderWidth = 2
        layer.borderColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        if shadow {                                  // the blur is most of the cost: only for the keys that need it
            layer.shadowOpacity = 0.8
            layer.shadowRadius = 3
        }
        layer.opacity = 0.7
        let a = CALayer(), b = CALayer()
        a.frame = CGRect(x: -15, y: 40, width: 45, height: 35)      // clear of the layer's center (contents)
        a.backgroundColor = CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        b.frame = CGRect(x: 15, y: 50, width: 45, height: 30)
        b.backgroundColor = CGColor(red: 0.3, green: 0.7, blue: 0.3, alpha: 1)
        b.transform = CATransform3DMakeRotation(.pi * 0.9, 0, 1, 0)      // seen from behind
        layer.addSublayer(a)
        layer.addSublayer(b)
        root.addSublayer(layer)
        let cover = CALayer()                                           // a sibling above it, overlapping
        cover.frame = CGRect(x: 140, y: 90, width: 60, height: 50)
        cover.backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
        root.addSublayer(cover)
        return root
    }

    /// The layer classes under test: each with how to make one and how to copy one (a metatype
    /// cannot: `init()` is not `required`, as on Apple's platforms).
    struct LayerClass {
        let type: CALayer.Type
        let make: () -> CALayer
        let copy: (CALayer) -> CALayer
    }

    nonisolated(unsafe) static let classes = [
        LayerClass(type: CALayer.self, make: { CALayer() }, copy: { CALayer(layer: $0) }),
        LayerClass(type: CAGradientLayer.self, make: { CAGradientLayer() }, copy: { CAGradientLayer(layer: $0) }),
        LayerClass(type: CAShapeLayer.self, make: {
            let shape = CAShapeLayer()                      // a path with a stroke, for the stroke's keys to show
            let path = CGMutablePath()                     // a pentagram: its middle is wound twice
            let points = (0..<5).map { k in
                let angle = -CGFloat.pi / 2 + CGFloat(k) * 4 * .pi / 5
                return CGPoint(x: 45 + 30 * cos(angle), y: 35 + 30 * sin(angle))
            }
            path.addLines(between: points)
            path.closeSubpath()
            shape.path = path
            shape.strokeColor = CGColor(red: 0.6, green: 0, blue: 0.4, alpha: 1)
            shape.lineWidth = 5
            shape.strokeEnd = 0.9
            return shape
        }, copy: { CAShapeLayer(layer: $0) }),
        LayerClass(type: CATextLayer.self, make: {
            let text = CATextLayer()
            text.string = "Lamina draws text for layers"
            text.fontSize = 14
            text.foregroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
            return text
        }, copy: { CATextLayer(layer: $0) }),
    ]

    /// Every layer class, for the facts that need no picture (copies, defaults, versions).
    nonisolated(unsafe) static let allClasses = classes + [
        LayerClass(type: CAScrollLayer.self, make: { CAScrollLayer() }, copy: { CAScrollLayer(layer: $0) }),
        LayerClass(type: CAReplicatorLayer.self, make: { CAReplicatorLayer() }, copy: { CAReplicatorLayer(layer: $0) }),
        LayerClass(type: CAEmitterLayer.self, make: { CAEmitterLayer() }, copy: { CAEmitterLayer(layer: $0) }),
        LayerClass(type: CATransformLayer.self, make: { CATransformLayer() }, copy: { CATransformLayer(layer: $0) }),
        LayerClass(type: CATiledLayer.self, make: { CATiledLayer() }, copy: { CATiledLayer(layer: $0) }),
    ]

    /// Every row that says it affects the screen changes a window's next frame, composited
    /// incrementally, to what the renderer draws afresh: a row whose value the snapshot, the
    /// texture key or the placement keys forgot shows the old picture.
    func testEveryPropertyThatAffectsTheScreenRedrawsAWindowAsTheRendererDrawsIt() throws {
        for entry in Self.classes {
            let layerClass = entry.type
            // A subclass shares CALayer's rows and the code behind them: its own rows are what to test.
            let keys = layerClass == CALayer.self ? layerClass.keyValueProperties
                : layerClass.keyValueProperties.filter { LayerProperty.builtIn[$0.key] == nil }
            for (key, row) in keys.sorted(by: { $0.key < $1.key }) where row.effect != .none {
                if Self.unseen[key] != nil { continue }
                let sample = try XCTUnwrap(Self.samples[key], "\(layerClass).\(key): add a sample value (or say why it cannot show)")
                let layer = entry.make()
                if let gradient = layer as? CAGradientLayer {      // translucent: what is below shows too
                    gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)]
                }
                let root = scene(for: layer, shadow: key.hasPrefix("shadow"))
                Self.setups[key]?(layer)
                CATransaction.flush()
                root.prepareForRendering()                          // a window's commit: layout and display passes
                let compositor = Compositor(), ctx = target()
                XCTAssertNotNil(composited(root, with: compositor, into: ctx))
                let before = pixels(of: ctx)
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.setValue(sample, forKey: key)
                // Redrawn contents would cross-fade in (contents animate implicitly), and the
                // test's clock stands still: no actions for the display pass either.
                root.prepareForRendering()
                CATransaction.commit()
                XCTAssertNotNil(composited(root, with: compositor, into: ctx))
                let changed = zip(before, pixels(of: ctx)).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
                XCTAssertGreaterThan(changed, 20, "\(layerClass).\(key): the window did not redraw")
                XCTAssertLessThan(differing(ctx.makeImage()!, rendered(root)), size.width * size.height / 200,
                                  "\(layerClass).\(key): the incremental frame differs from the renderer's")
            }
        }
    }

    /// The table's other facts against the code that repeats them: a copy (`init(layer:)`) takes
    /// every copied row's value, `defaultValue(forKey:)` is a new layer's value, and a change of
    /// a row that affects the screen makes a new snapshot version, one that only places the
    /// layer (`.placement`) keeping its look version.
    func testCopiesDefaultsAndVersionsFollowTheTable() throws {
        for entry in Self.allClasses {
            let layerClass = entry.type
            for (key, row) in layerClass.keyValueProperties.sorted(by: { $0.key < $1.key })
            where !LayerProperty.notCopied.contains(key) && key != "style" {
                let fresh = CALayer.makeLayer(ofClass: layerClass)         // a new layer, as declared
                XCTAssertTrue(same(layerClass.defaultValue(forKey: key), fresh.value(forKey: key)),
                              "\(layerClass).\(key): defaultValue(forKey:) is not a new layer's value")
                guard let sample = Self.samples[key] ?? Self.otherSamples[key] else { continue }
                let layer = entry.make()
                let root = scene(for: layer, shadow: false)
                CATransaction.flush()
                _ = RenderTree(root)
                let version = LayerSnapshot(layer).ownVersion
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.setValue(sample, forKey: key)
                CATransaction.commit()
                XCTAssertTrue(same(layer.value(forKey: key), row.get(layer)), "\(layerClass).\(key): KVC and the row disagree")
                let copy = entry.copy(layer)
                XCTAssertTrue(same(copy.value(forKey: key), layer.value(forKey: key)), "\(layerClass).\(key): init(layer:) did not copy it")
                let snapshot = LayerSnapshot(layer)
                if row.effect == .none {
                    continue
                }
                XCTAssertNotEqual(snapshot.ownVersion, version, "\(layerClass).\(key): the snapshot did not notice")
                XCTAssertEqual(LayerProperty.placementKeys.contains(key) || layerClass.keyValueProperties[key]?.effect == .placement,
                               row.effect == .placement, "\(layerClass).\(key): placement keys and the row disagree")
            }
        }
    }

    /// The render node carries every animatable row and every row with a node field: a
    /// commit's snapshot holds the layer's value (read back through the same key as the render
    /// thread's animations read it), and a value an animation writes into the node reads back as
    /// written. A row the node forgot would animate in `presentation()` and stand still in a
    /// window; a field the commit forgot would show the default.
    func testTheRenderNodeCarriesEveryAnimatableRow() throws {
        for entry in Self.allClasses {
            let layerClass = entry.type
            // A row whose change redraws the layer (`needsDisplay(forKey:)`: a text layer's font
            // size) animates through the main thread's presentation and a new display instead.
            for (key, row) in layerClass.keyValueProperties.sorted(by: { $0.key < $1.key })
            where (row.isAnimatable || row.node != nil) && !layerClass.needsDisplay(forKey: key) {
                if LayerProperty.builtIn[key] != nil && row.isAnimatable {
                    XCTAssertNotNil(row.node, "\(key): animatable, but the render node has no field for it")
                }
                guard let sample = Self.samples[key] ?? Self.nodeSamples[key] ?? Self.otherSamples[key] else {
                    XCTFail("\(layerClass).\(key): add a sample value"); continue
                }
                let layer = entry.make()
                if let gradient = layer as? CAGradientLayer, key != "colors" {     // without colors it draws nothing
                    gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
                }
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.setValue(sample, forKey: key)
                CATransaction.commit()
                let node = SnapshotTarget(LayerSnapshot(layer))
                // Filters are carried as recipes, plain values of the layer's filters.
                let expected: Any? = switch key {
                case "filters", "backgroundFilters": LayerFilters.recipes(layer.value(forKey: key) as? [Any])
                case "compositingFilter": LayerFilters.recipes([layer.value(forKey: key) as Any]).first
                default: layer.value(forKey: key)
                }
                XCTAssertTrue(same(node.value(forKey: key), expected),
                              "\(layerClass).\(key): the node holds \(String(describing: node.value(forKey: key))), the layer \(String(describing: expected))")
                guard let other = layerClass.defaultValue(forKey: key) else { continue }   // nil: nothing to draw
                node.setValue(other, forKey: key)
                let written: Any? = key.hasSuffix("ilters") || key == "compositingFilter" ? node.value(forKey: key) : other
                XCTAssertTrue(same(node.value(forKey: key), written), "\(layerClass).\(key): an animated value did not reach the node")
            }
        }
    }

    /// Samples for animatable rows the screen tests take no sample of.
    nonisolated(unsafe) static let nodeSamples: [String: Any] = [
        "instanceCount": 3, "instanceDelay": 0.25, "instanceTransform": CATransform3DMakeTranslation(10, 0, 0),
        "instanceColor": CGColor(red: 1, green: 0, blue: 0, alpha: 1), "instanceRedOffset": -0.25,
        "instanceGreenOffset": -0.5, "instanceBlueOffset": 0.25, "instanceAlphaOffset": -0.1,
        "birthRate": 2.0, "lifetime": 3.0, "velocity": 4.0, "scale": 2.0, "spin": 0.5,
        "emitterPosition": CGPoint(x: 5, y: 6), "emitterZPosition": 2.0, "emitterSize": CGSize(width: 7, height: 8),
        "emitterDepth": 3.0,
    ]

    /// Values for the rows that draw nothing (names, hints), to check that they are copied.
    nonisolated(unsafe) static let otherSamples: [String: Any] = [
        "name": "named", "opaque": true, "needsDisplayOnBoundsChange": true, "drawsAsynchronously": true,
        "minificationFilterBias": 0.5, "allowsEdgeAntialiasing": true,
        "edgeAntialiasingMask": NSNumber(value: CAEdgeAntialiasingMask.layerLeftEdge.rawValue),
    ]

    /// The target's pixels as words (a plain comparison: image comparisons are slow in debug builds).
    private func pixels(of ctx: CGContext) -> [UInt32] {
        let words = ctx.bytesPerRow / 4 * ctx.height
        return Array(UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt32.self), count: words))
    }

    private func same(_ a: Any?, _ b: Any?) -> Bool {
        // A structure may come boxed in an NSValue on one side (as Apple boxes defaults).
        func structure<T: Equatable>(_ type: T.Type) -> Bool? {
            guard a is T || b is T, let x: T = Boxing.unbox(a), let y: T = Boxing.unbox(b) else { return nil }
            return x == y
        }
        if let equal = structure(CGSize.self) ?? structure(CGPoint.self) ?? structure(CGRect.self) { return equal }
        switch (a, b) {
        case (nil, nil): return true
        case let (a as NSNumber, b as NSNumber): return a == b
        case let (a as CGColor, b as CGColor):     // components kept as Float somewhere on the way
            guard let x = a.components, let y = b.components, x.count == y.count else { return a == b }
            return zip(x, y).allSatisfy { abs($0 - $1) < 1e-6 }
        case let (a as CGPath, b as CGPath): return a == b
        case let (a as CGImage, b as CGImage): return a === b
        case let (a as [FilterRecipe], b as [FilterRecipe]): return a == b
        case let (a as FilterRecipe, b as FilterRecipe): return a == b
        case let (a as AnyHashable, b as AnyHashable): return a == b
        case let (a as [Any], b as [Any]): return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        case let (a as CATransform3D, b as CATransform3D): return CATransform3DEqualToTransform(a, b)
        default: return String(describing: a) == String(describing: b)
        }
    }
}
