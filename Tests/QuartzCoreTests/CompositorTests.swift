import XCTest
@testable import QuartzCore
import LaminaTesting

/// The compositor (cached textures placed by pixman, damage only) against the renderer (every
/// layer drawn by Core Graphics): the same pictures, within the tolerance of bilinear sampling.
final class CompositorTests: CompositingTestCase {
    func testPlacesLayersAsTheRendererDrawsThem() throws {
        let layer = scene()
        let ctx = target()
        let rects = try XCTUnwrap(composited(layer, with: Compositor(), into: ctx))
        XCTAssertEqual(rects, [DeviceRect(x: 0, y: 0, width: 240, height: 160)], "a first frame is whole")
        let image = try XCTUnwrap(ctx.makeImage())
        let reference = rendered(layer)
        XCTAssertLessThan(differing(image, reference), size.width * size.height / 200, "more than 0.5% of pixels differ")
        // Inside shapes (away from edges) the two agree closely.
        let a = SnapshotComparison.rgba(image), b = SnapshotComparison.rgba(reference)
        for (x, y) in [(30, 30), (75, 55), (185, 95), (60, 125), (100, 40)] {
            let i = (y * size.width + x) * 4
            for k in 0..<3 { XCTAssertLessThanOrEqual(abs(Int(a[i + k]) - Int(b[i + k])), 3, "pixel \(x),\(y)") }
        }
        // The shadow under the shadowed tile darkens the backdrop in both.
        let below = (51 * size.width + 180) * 4, backdrop = (150 * size.width + 230) * 4
        XCTAssertLessThan(Int(a[below]) + 5, Int(a[backdrop]), "the compositor drew the shadow")
        XCTAssertLessThanOrEqual(abs(Int(a[below]) - Int(b[below])), 3, "the shadows agree")
    }

    /// Shadows cast by what a layer draws (a translucent background, a gradient) rather than a
    /// known shape: the renderer blurs the layer's drawing through a transparency layer, the
    /// compositor caches that shadow as a texture of its own. A turned layer's shadow of known
    /// shape agrees too (the renderer's mask clip once lost it under rotation).
    func testShadowsOfDrawingsMatchTheRenderer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        let translucent = tile(CGRect(x: 20, y: 20, width: 70, height: 50), CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.6))
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 130, y: 30, width: 80, height: 60)
        gradient.colors = [CGColor(red: 1, green: 0.4, blue: 0, alpha: 1), CGColor(red: 0.2, green: 0, blue: 0.8, alpha: 0.7)]
        gradient.cornerRadius = 10
        gradient.setAffineTransform(CGAffineTransform(rotationAngle: 0.2))
        let turned = tile(CGRect(x: 40, y: 95, width: 60, height: 40), CGColor(red: 0.9, green: 0.6, blue: 0.1, alpha: 1))
        turned.setAffineTransform(CGAffineTransform(rotationAngle: -0.3))      // a known shape, turned
        for layer in [translucent, gradient, turned] {
            layer.shadowOpacity = 0.7
            layer.shadowRadius = 5
            layer.shadowOffset = CGSize(width: 4, height: 6)
            XCTAssertEqual(LayerShadow.knownShape(of: LayerSnapshot(layer), paths: PathCache()) == nil, layer !== turned)
            root.addSublayer(layer)
        }
        let ctx = target()
        XCTAssertNotNil(composited(root, with: Compositor(), into: ctx), "placed, not left to the renderer")
        let image = try XCTUnwrap(ctx.makeImage()), reference = rendered(root)
        XCTAssertLessThan(differing(image, reference), size.width * size.height / 200)
        let a = SnapshotComparison.rgba(image), b = SnapshotComparison.rgba(reference)
        // In the shadows (below and right of each layer) and through the translucent one.
        for (x, y) in [(60, 74), (92, 50), (170, 100), (214, 70), (50, 40), (80, 143)] {
            let i = (y * size.width + x) * 4
            XCTAssertLessThan(Int(b[i]), 235, "the renderer darkened \(x),\(y)")
            for k in 0..<3 { XCTAssertLessThanOrEqual(abs(Int(a[i + k]) - Int(b[i + k])), 4, "pixel \(x),\(y)") }
        }
    }

    /// Core Animation draws a layer's border above its sublayers: the compositor places the
    /// border apart from the rest of the layer's drawing when sublayers lie between.
    func testBordersStayAboveSublayers() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let card = tile(CGRect(x: 20, y: 20, width: 120, height: 90), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        card.borderWidth = 8
        card.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        let inner = CALayer()
        inner.frame = CGRect(x: -10, y: 30, width: 60, height: 30)      // across the left border
        inner.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        card.addSublayer(inner)
        root.addSublayer(card)
        let ctx = target()
        XCTAssertNotNil(composited(root, with: Compositor(), into: ctx))
        let image = try XCTUnwrap(ctx.makeImage()), reference = rendered(root)
        let a = SnapshotComparison.rgba(image), b = SnapshotComparison.rgba(reference)
        for (x, y, expected) in [(24, 60, [0, 255, 0]), (15, 60, [255, 0, 0]), (50, 60, [255, 0, 0]), (100, 40, [0, 0, 255])] {
            let i = (y * size.width + x) * 4
            XCTAssertEqual(Array(b[i..<i + 3]).map(Int.init), expected, "the renderer at \(x),\(y)")
            XCTAssertEqual(Array(a[i..<i + 3]).map(Int.init), expected, "the compositor at \(x),\(y)")
        }
        XCTAssertLessThan(differing(image, reference), size.width * size.height / 200)
    }

    /// A rounded, bordered tile's interior is found as a cross of a wide and a tall flat
    /// rectangle, which together leave only the corners and the border to sample.
    func testRoundedTilesHaveACrossOfFlatTexels() throws {
        let layer = tile(CGRect(x: 0, y: 0, width: 64, height: 64), CGColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1))
        layer.cornerRadius = 8
        let texture = try XCTUnwrap(LayerTexture.own(LayerSnapshot(layer), scale: 1, context: RenderContext()))
        texture.ensureDrawn()           // drawn when an item samples it (a tile is drawn from its outline)
        let t = texture.texels
        let wide = (x0: Int(t.flat_x0), y0: Int(t.flat_y0), x1: Int(t.flat_x1), y1: Int(t.flat_y1))
        let tall = (x0: Int(t.flat2_x0), y0: Int(t.flat2_y0), x1: Int(t.flat2_x1), y1: Int(t.flat2_y1))
        // The interior starts inside the 2-point border, past the 1-texel padding ring.
        XCTAssertEqual([wide.x0, wide.x1], [3, 63], "the wide rectangle spans the interior's width")
        XCTAssertEqual([tall.y0, tall.y1], [3, 63], "the tall one spans its height")
        XCTAssertGreaterThan(wide.y1 - wide.y0, 40)
        XCTAssertGreaterThan(tall.x1 - tall.x0, 40)
        let bitmap = try XCTUnwrap(texture.bitmap)
        let pixels = try XCTUnwrap(bitmap.data).assumingMemoryBound(to: UInt32.self)
        let stride = bitmap.bytesPerRow / 4
        for r in [wide, tall] {
            for y in r.y0..<r.y1 { for x in r.x0..<r.x1 { XCTAssertEqual(pixels[y * stride + x], t.flat_color) } }
        }
    }

    /// A sublayer that only moves keeps its textures from frame to frame; one whose animation
    /// changes its look (a color) is drawn anew: each frame equals a fresh compositor's.
    func testMovingLayersKeepTheirTexturesAndRecoloredOnesDoNot() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let mover = tile(CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1))
        let move = slide(from: 40, to: 200)
        mover.add(move, forKey: "slide")
        let chameleon = tile(CGRect(x: 60, y: 90, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let recolor = CABasicAnimation(keyPath: "backgroundColor")
        recolor.fromValue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        recolor.toValue = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        recolor.duration = 1
        chameleon.add(recolor, forKey: "recolor")
        chameleon.add(move, forKey: "slide")
        root.addSublayer(mover)
        root.addSublayer(chameleon)
        let tree = try XCTUnwrap(RenderTree(root))
        XCTAssertFalse(tree.snapshot.sublayers[0].animatesLook)
        XCTAssertTrue(tree.snapshot.sublayers[1].animatesLook)
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        var drawn: [Int] = []
        for step in 0..<4 {
            let t = start + 0.1 + Double(step) * 0.25
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            drawn.append(compositor.texturesDrawn)
            XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(step)")
        }
        XCTAssertEqual(drawn, [2, 3, 4, 5], "only the recolored layer is drawn again, once per frame")
    }

    /// A root filling the screen with one opaque color is the backdrop the frame is painted with;
    /// a new color repaints the whole frame.
    func testAnOpaqueRootIsTheBackdrop() throws {
        let layer = scene()
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(layer, with: compositor, into: ctx))
        let plan = CompositePlan(screen: DeviceRect(x: 0, y: 0, width: 240, height: 160), cache: TextureCache(context: RenderContext()),
                                 groups: GroupCompositor(), damage: nil)
        _ = plan.placeRoot(RenderTree(layer)!.snapshot, scale: 1, previous: nil, previousBackdrop: 0)
        XCTAssertNotEqual(plan.backdrop, 0xFFFF_FFFF, "the root's color, not white")
        layer.backgroundColor = CGColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 1)
        XCTAssertEqual(composited(layer, with: compositor, into: ctx), [DeviceRect(x: 0, y: 0, width: 240, height: 160)])
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(layer)), size.width * size.height / 200)
        let corner = (155 * size.width + 5) * 4
        XCTAssertEqual(SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))[corner..<corner + 3],
                       SnapshotComparison.rgba(rendered(layer))[corner..<corner + 3], "the new backdrop")
        // A root that does not fill the screen leaves white around it.
        layer.frame = CGRect(x: 0, y: 0, width: 200, height: 160)
        XCTAssertNotNil(composited(layer, with: compositor, into: ctx))
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(layer)), size.width * size.height / 200)
    }

    /// An opaque root that is a background alone is the backdrop without its texture drawn: the
    /// color read from its outline is the one its drawn texels hold (channels that cairo rounds
    /// either way among them), at scale 1 and 2, and every pixel of the frame is that color;
    /// the cache holds no pixels for it. (It used to draw the root's window-sized texture to
    /// read it: 14 MB at 2560×1440.) A bordered root is still read from its drawn texels.
    func testAnOpaqueRootsBackdropIsReadFromItsOutlineAsItsTexelsHoldIt() throws {
        let colors: [(CGFloat, CGFloat, CGFloat)] = [(0.1, 0.2, 0.3), (1.0 / 3, 0.5, 0.7), (0x20 / 255.0, 0x20 / 255.0, 0x20 / 255.0),
                                                     (0.999, 0.001, 0.502), (0, 0, 0), (1, 1, 1)]
        for scale in [1, 2] as [CGFloat] {
            for (r, g, b) in colors {
                let layer = CALayer()
                layer.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
                layer.backgroundColor = CGColor(red: r, green: g, blue: b, alpha: 1)
                let tree = RenderTree(layer)!
                let drawn = try XCTUnwrap(LayerTexture.own(tree.snapshot, scale: scale, context: RenderContext()))
                XCTAssertNotNil(drawn.drawnOutline, "a background alone is drawn from its outline")
                drawn.ensureDrawn()
                let texel = try XCTUnwrap(drawn.texels.texels)[Int(drawn.texels.stride_pixels) * Int(drawn.height / 2) + Int(drawn.width / 2)]
                let (width, height) = (Int(240 * scale), Int(160 * scale))
                let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
                let compositor = Compositor(threads: 1)
                XCTAssertNotNil(compositor.composite(tree, atMediaTime: CACurrentMediaTime(), scale: scale, into: ctx))
                let label = "\((r, g, b)) at scale \(scale)"
                XCTAssertEqual(compositor.cacheUse.textureBytes, 0, "no pixels held for the backdrop: \(label)")
                let pixels = UnsafeBufferPointer(start: ctx.data!.assumingMemoryBound(to: UInt32.self), count: ctx.bytesPerRow / 4 * height)
                let rows = (0..<height).map { y in pixels[(y * ctx.bytesPerRow / 4)..<(y * ctx.bytesPerRow / 4 + width)] }
                XCTAssertTrue(rows.allSatisfy { $0.allSatisfy { $0 | 0xFF00_0000 == texel } }, "every pixel the drawn texel \(String(texel, radix: 16)): \(label)")
            }
        }
        // With a border the ring is another color: the drawn texels say (and the frame equals the renderer's).
        let bordered = CALayer()
        bordered.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        bordered.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        bordered.borderWidth = 3
        bordered.borderColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let ctx = target()
        XCTAssertNotNil(composited(bordered, with: Compositor(threads: 1), into: ctx))
        XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), rendered(bordered), channelTolerance: 1).differing, 0)
    }

    /// Frames of one tree place only its animated sublayers once their shape is known; when one
    /// of them places a different number of items (faded out, then back), the frame is planned
    /// in full. Every frame equals a fresh compositor's.
    func testFramesWhoseAnimatedSublayersMoveAndVanishMatchWholeFrames() throws {
        let layer = scene()
        let mover = tile(CGRect(x: 20, y: 110, width: 24, height: 24), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        mover.add(slide(from: 30, to: 200), forKey: "slide")
        let blinker = tile(CGRect(x: 200, y: 120, width: 30, height: 30), CGColor(red: 0, green: 0.8, blue: 0.8, alpha: 1))
        let blink = CAKeyframeAnimation(keyPath: "opacity")
        blink.values = [1, 1, 0, 0, 1]
        blink.keyTimes = [0, 0.3, 0.31, 0.6, 0.61]
        blink.duration = 1
        blinker.add(blink, forKey: "blink")
        layer.addSublayer(mover)
        layer.addSublayer(blinker)
        let tree = try XCTUnwrap(RenderTree(layer))
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        for step in 0..<10 {
            let t = start + Double(step) * 0.1
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(step)")
        }
    }

    func testAnUnchangedTreeDamagesNothingAndAMoverOnlyItsPath() throws {
        let layer = scene()
        let mover = tile(CGRect(x: 100, y: 100, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        layer.addSublayer(mover)
        let compositor = Compositor(threads: 2)
        let ctx = target()
        XCTAssertNotNil(composited(layer, with: compositor, into: ctx))
        XCTAssertEqual(composited(layer, with: compositor, into: ctx), [], "nothing changed, nothing to put")
        mover.position.x += 7
        let rects = try XCTUnwrap(composited(layer, with: compositor, into: ctx))
        let area = rects.reduce(0) { $0 + Int($1.width * $1.height) }
        XCTAssertGreaterThan(area, 0)
        XCTAssertLessThanOrEqual(area, 29 * 24, "damage is the mover's old and new extent")
        for r in rects { XCTAssertTrue(CGRect(x: 97, y: 97, width: 33, height: 26).contains(r.cgRect), "\(r)") }
        // What the partial frame left is what a whole frame draws.
        let whole = target()
        _ = composited(layer, with: Compositor(), into: whole)
        XCTAssertEqual(differing(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage())), 0)
    }

    /// A window draws into two buffers by turns: each gets the changes of its own frame and of the
    /// frame drawn into the other one, and nothing else is composited again.
    func testTwoTargetsByTurnsEachGetWhatTheyMissed() throws {
        let layer = scene()
        let mover = tile(CGRect(x: 100, y: 100, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        layer.addSublayer(mover)
        let compositor = Compositor(threads: 2)
        let buffers = [target(), target()]
        XCTAssertEqual(composited(layer, with: compositor, into: buffers[0])?.count, 1, "a first frame is whole")
        XCTAssertEqual(composited(layer, with: compositor, into: buffers[1]), [], "nothing changed, nothing to put")
        mover.position.x += 7
        XCTAssertNotNil(composited(layer, with: compositor, into: buffers[1]), "an unknown target is composited whole")
        // A mark far from the mover, in the buffer drawn next: compositing it whole would lose it.
        let mark = 5 * size.width + 230, marked: UInt32 = 0xFF00_FF00
        func pixels(_ ctx: CGContext) -> UnsafeMutablePointer<UInt32> { ctx.data!.assumingMemoryBound(to: UInt32.self) }
        for (frame, step) in [(2, 5), (3, 9), (4, 4), (5, 6)] as [(Int, CGFloat)] {
            mover.position.x += step
            let ctx = buffers[frame % 2]
            pixels(ctx)[mark] = marked
            let rects = try XCTUnwrap(composited(layer, with: compositor, into: ctx))
            for r in rects { XCTAssertTrue(CGRect(x: 97, y: 97, width: 60, height: 26).contains(r.cgRect), "frame \(frame) puts \(r)") }
            let whole = target()
            _ = composited(layer, with: Compositor(), into: whole)
            XCTAssertEqual(pixels(ctx)[mark], marked, "frame \(frame) composited more than the two frames' changes")
            pixels(ctx)[mark] = pixels(whole)[mark]
            XCTAssertEqual(differing(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(whole.makeImage())), 0,
                           "frame \(frame) left stale pixels")
        }
    }

    /// With the last target handed in (a window's other buffer), what the next target lacks is
    /// copied from it: each frame is the same as one composited whole, pixel for pixel, and the
    /// part it lacked comes from the last target (a mark put there shows up in it). A last target
    /// that is not the one drawn last is not copied from.
    func testATargetGetsWhatItLacksCopiedFromTheLastOne() throws {
        let (layer, tiles) = tileGrid(count: 40, columns: 10, origin: CGPoint(x: 6, y: 6), step: CGSize(width: 22, height: 36),
                                      size: CGSize(width: 30, height: 30))
        let compositor = Compositor(threads: 2)
        let buffers = [target(), target()]
        func pixels(_ ctx: CGContext) -> UnsafeMutablePointer<UInt32> { ctx.data!.assumingMemoryBound(to: UInt32.self) }
        func frame(into k: Int, copying: CGContext?) throws -> [DeviceRect] {
            try XCTUnwrap(compositor.composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: buffers[k],
                                               lastTarget: copying))
        }
        func wholeFrame() throws -> CGContext {
            let whole = target()
            XCTAssertNotNil(composited(layer, with: Compositor(), into: whole))
            return whole
        }
        XCTAssertEqual(try frame(into: 0, copying: buffers[1]).count, 1, "a first frame is whole: nothing to copy")
        XCTAssertEqual(compositor.framesCopiedBack, 0)
        tiles[12].position.x += 5
        // The second buffer is unknown: it lacks everything, copied from the first but for the change.
        var shown = try frame(into: 1, copying: buffers[0])
        XCTAssertEqual(compositor.framesCopiedBack, 1)
        XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(buffers[1].makeImage()), try XCTUnwrap(wholeFrame().makeImage()),
                                                     channelTolerance: 0).differing, 0, "a new buffer filled by the copy")
        for (step, moved) in [(2, 3), (3, 37), (4, 30), (5, 5)] {
            let k = step % 2, ctx = buffers[k], last = buffers[1 - k]
            tiles[moved].position.y += 4
            // A mark in the last target, where the last frame changed (so this target lacks it).
            let spot = try XCTUnwrap(shown.first), mark = Int(spot.y) * size.width + Int(spot.x)
            let kept = pixels(last)[mark]
            pixels(last)[mark] = 0xFF00_FF00
            shown = try frame(into: k, copying: last)
            XCTAssertFalse(shown.contains { $0.intersection(DeviceRect(x: spot.x, y: spot.y, width: 1, height: 1)) != nil },
                           "step \(step): the mark is outside this frame's change")
            XCTAssertEqual(pixels(ctx)[mark], 0xFF00_FF00, "step \(step): the lacking part copied from the last target")
            pixels(last)[mark] = kept
            pixels(ctx)[mark] = kept
            XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(wholeFrame().makeImage()),
                                                         channelTolerance: 0).differing, 0, "step \(step): not a whole frame's pixels")
        }
        XCTAssertEqual(compositor.framesCopiedBack, 5)
        // Handed the target it draws into, or the one it did not draw last: nothing copied, the
        // lacking part composited, the same picture.
        tiles[0].position.x += 3
        _ = try frame(into: 0, copying: buffers[0])
        tiles[0].position.x += 3
        _ = try frame(into: 1, copying: buffers[1])
        XCTAssertEqual(compositor.framesCopiedBack, 5)
        XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(buffers[1].makeImage()), try XCTUnwrap(wholeFrame().makeImage()),
                                                     channelTolerance: 0).differing, 0)
    }

    func testTheLackingPartIsWhatTheLastFramesChangedOutsideThisOnes() {
        let missed = [DeviceRect(x: 0, y: 0, width: 10, height: 10), DeviceRect(x: 20, y: 0, width: 5, height: 5)]
        let shown = [DeviceRect(x: 5, y: 0, width: 10, height: 10)]
        let lacking = CopyBack.rectangles(missed, outside: shown)
        // Disjoint rectangles covering exactly x 0..<5 over rows 0..<10, and x 20..<25 over rows 0..<5.
        XCTAssertEqual(lacking.reduce(0) { $0 + Int($1.width) * Int($1.height) }, 50 + 25)
        for y in 0..<12 {
            for x in 0..<30 {
                let inside = (x < 5 && y < 10) || (x >= 20 && x < 25 && y < 5)
                let covered = lacking.contains { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }
                XCTAssertEqual(covered, inside, "(\(x), \(y))")
            }
        }
        XCTAssertEqual(CopyBack.rectangles(missed, outside: [DeviceRect(x: 0, y: 0, width: 100, height: 100)]), [],
                       "a frame that changes everything copies nothing")
        XCTAssertEqual(CopyBack.rectangles([], outside: shown), [])
    }

    func testLooksAreDrawnOnceAndShared() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1),
                      CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        for i in 0..<300 {
            root.addSublayer(tile(CGRect(x: i % 200, y: i % 120, width: 32, height: 32), colors[i % 3]))
        }
        let compositor = Compositor()
        let ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.texturesDrawn, 3)
        for (i, sublayer) in root.sublayers!.enumerated() { sublayer.transform = CATransform3DMakeRotation(CGFloat(i) * 0.01, 0, 0, 1) }
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.texturesDrawn, 3, "turning a layer does not redraw it")
        root.sublayers![0].backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.texturesDrawn, 4, "a new look is drawn once")
    }

    /// Frames of one committed tree reuse what its still sublayers placed; what moves — an
    /// animated sublayer, or the root itself — is placed again. Each frame equals a whole one,
    /// whether its animations were evaluated early or when due.
    /// A damage frame places again only the sublayers whose boxes changed or that animate, found
    /// run by run (`SublayerBoxes`), at their places in the drawing order — also where a raised
    /// sublayer (`zPosition`) draws out of list order and where an animated one shares a run with
    /// still ones: each frame is the same as one composited whole.
    func testDamageFramesOverManyRunsMatchAWholeFrame() throws {
        for raised in [false, true] {
            let (root, tiles) = tileGrid(count: 100, columns: 20, origin: CGPoint(x: 4, y: 4), step: CGSize(width: 11, height: 30),
                                         size: CGSize(width: 14, height: 14))
            if raised { tiles[10].zPosition = 1 }
            tiles[70].add(slide(from: 30, to: 200), forKey: "slide")
            let compositor = Compositor(), ctx = target()
            let start = CACurrentMediaTime()
            for step in 0..<6 {
                // Moved by commits: one tile, then two in different runs, the raised one, one of the last run.
                switch step {
                case 1: tiles[40].position.y += 5
                case 2: tiles[3].position.x += 3; tiles[64].position.y -= 4
                case 3: tiles[10].position.y += 6
                case 4: tiles[99].position.x -= 5
                default: break
                }
                let tree = try XCTUnwrap(RenderTree(root)), t = start + Double(step) * 0.1
                XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
                XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(step), a raised sublayer: \(raised)")
            }
        }
    }

    func testFramesOfOneTreeReuseStillSublayersExactly() throws {
        for animateRoot in [false, true] {
            let layer = scene()
            let mover = tile(CGRect(x: 20, y: 110, width: 24, height: 24), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
            mover.add(slide(from: 30, to: 200), forKey: "slide")
            layer.addSublayer(mover)
            if animateRoot {
                let drift = CABasicAnimation(keyPath: "position.y")
                drift.fromValue = 80
                drift.toValue = 100
                drift.duration = 1
                layer.add(drift, forKey: "drift")
            }
            let tree = try XCTUnwrap(RenderTree(layer))
            let compositor = Compositor(), ctx = target()
            compositor.evaluationWorthSharing = 0                      // however quick the evaluation
            let start = CACurrentMediaTime()
            for step in 0..<4 {
                let t = start + Double(step) * 0.2
                // Every other frame foretells the next one's time right (its animations are then
                // evaluated early, on another core), the others wrongly (evaluated when due).
                let next = step % 2 == 0 ? t + 0.2 : t + 0.05
                XCTAssertNotNil(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx, nextFrameAt: next))
                XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(step), root animated: \(animateRoot)")
            }
        }
    }
    /// A frame drawn late, across an animation's end, while each next frame's animations are
    /// evaluated ahead (a window's late vblank wake-up): the next frame is left unpredicted when
    /// an animation starts or ends about then (`AnimationSchedule.evaluatedAhead`), so the frame
    /// after the end shows the end. Predicted anyway, that frame took the evaluation made for
    /// before the end: the animation not quite over, in what a window keeps showing (no frame is
    /// asked for after the last event).
    func testAFrameDrawnAcrossAnAnimationsEndShowsTheEnd() throws {
        let layer = scene()
        let mover = tile(CGRect(x: 20, y: 110, width: 24, height: 24), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        mover.add(slide(from: 30, to: 200), forKey: "slide")
        layer.addSublayer(mover)
        let tree = try XCTUnwrap(RenderTree(layer))
        let end = try XCTUnwrap(tree.animationSchedule(atMediaTime: CACurrentMediaTime()).nextEvent)
        // A frame a tick before the end, foreseeing the next one 4 ms before it; that one comes
        // a millisecond after the end.
        let before = end - 1.0 / 60, foreseen = end - 0.004, after = end + 0.001
        let schedule = tree.animationSchedule(atMediaTime: before)
        XCTAssertTrue(schedule.isAnimating)
        XCTAssertNil(schedule.evaluatedAhead(foreseen, slack: Compositor.evaluatedAheadSlack), "the end comes before the next frame")
        XCTAssertEqual(schedule.evaluatedAhead(before - 0.5, slack: Compositor.evaluatedAheadSlack), before - 0.5)
        XCTAssertEqual(AnimationSchedule(isAnimating: true).evaluatedAhead(foreseen, slack: 0.01), foreseen, "no end at all")
        for predicted in [false, true] {
            let compositor = Compositor(), ctx = target()
            compositor.evaluationWorthSharing = 0                      // however quick the evaluation
            let next = predicted ? foreseen : schedule.evaluatedAhead(foreseen, slack: Compositor.evaluatedAheadSlack)
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: before, scale: 1, into: ctx, nextFrameAt: next))
            XCTAssertNotNil(compositor.composite(tree, atMediaTime: after, scale: 1, into: ctx, nextFrameAt: nil))
            let differing = try differenceFromWholeFrame(ctx, tree, at: after).differing
            if predicted {
                XCTAssertGreaterThan(differing, 0, "predicted across the end: the frame shows the slide before its end")
            } else {
                XCTAssertEqual(differing, 0, "the frame after the end shows the end")
            }
        }
    }

    /// An evaluation is handed to another thread from the threshold on, and once handed over
    /// stays there until it takes less than half of it: one near the line is not evaluated on
    /// the compositing thread every other frame.
    func testEvaluationsNearTheThresholdStayHandedOver() {
        let worth = 0.000_3
        XCTAssertFalse(Compositor.handsOver(0.000_29, evaluatedAhead: false, worth: worth))
        XCTAssertTrue(Compositor.handsOver(0.000_3, evaluatedAhead: false, worth: worth))
        XCTAssertTrue(Compositor.handsOver(0.000_29, evaluatedAhead: true, worth: worth))
        XCTAssertTrue(Compositor.handsOver(0.000_15, evaluatedAhead: true, worth: worth))
        XCTAssertFalse(Compositor.handsOver(0.000_14, evaluatedAhead: true, worth: worth))
    }

    /// Layers given new contents every frame (labels given new strings) leave their last
    /// textures behind; once the old images are freed nothing can show those again, so the
    /// cache lets them go at the frame's end — rather than a second's worth at once, which
    /// stalled the frame it fell in — and draws new contents of the same size over their
    /// bitmaps. Contents alone at one pixel per pixel are copied into the texture (not when a
    /// rounded clip cuts them): every frame equals the renderer's picture exactly, whether its
    /// textures were new or drawn over.
    func testTexturesOfFreedContentsAreLetGoAtOnceAndTheirBitmapsDrawnOver() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let labels = (0..<6).map { i in
            let label = CALayer()
            label.frame = CGRect(x: 8 + CGFloat(i % 3) * 76, y: 12 + CGFloat(i / 3) * 70, width: 60, height: 24)
            root.addSublayer(label)
            return label
        }
        labels[4].cornerRadius = 8
        labels[4].masksToBounds = true
        /// A 60×24 image like a label's backing store: translucent and opaque pixels that differ with `seed`.
        func contents(_ seed: Int) -> CGImage {
            let ctx = CGContext(data: nil, width: 60, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
            ctx.setFillColor(red: CGFloat(seed % 5) / 4, green: 0.8, blue: CGFloat(seed % 3) / 2, alpha: 0.6)
            ctx.fill(CGRect(x: 0, y: 0, width: 60, height: 24))
            ctx.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
            ctx.fillEllipse(in: CGRect(x: CGFloat(seed % 40), y: 3, width: 18, height: 18))
            return ctx.makeImage()!
        }
        let compositor = Compositor(), ctx = target()
        var held: [Int] = []
        for frame in 0..<12 {
            for (i, label) in labels.enumerated() { label.contents = contents(frame * labels.count + i) }
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            compositor.releaseSpentFrame()          // as a window's render thread does once a frame is put
            held.append(compositor.texturesHeld)
            let difference = SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), rendered(root), channelTolerance: 0)
            XCTAssertEqual(difference.differing, 0, "frame \(frame)")
        }
        // The root's and this frame's six labels'; before, every frame's six stayed for 60
        // frames (73 held by the twelfth).
        XCTAssertEqual(held, [Int](repeating: 1 + labels.count, count: held.count), "textures held per frame")
        XCTAssertEqual(compositor.texturesDrawn, 1 + 12 * labels.count, "each new contents drawn once")
        // Bitmaps of let-go textures are drawn over once nothing holds them.
        XCTAssertGreaterThan(compositor.texturesRecycled, 0)
    }
}
