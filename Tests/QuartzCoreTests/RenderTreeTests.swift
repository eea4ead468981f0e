import XCTest
@testable import QuartzCore
import LaminaTesting

/// The retained render tree: subtrees that need an offscreen pass become groups (no whole-frame
/// fallback), nested still subtrees are reused, contents that overflow their bounds are
/// composited, rectangular clips clip items, and what items cannot show is reported per layer.
final class RenderTreeTests: CompositingTestCase {
    private func content(_ frame: CGRect) -> CALayer {
        let layer = tile(frame, CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1))
        layer.addSublayer(tile(CGRect(x: -10, y: 12, width: 40, height: 30), CGColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1)))
        layer.addSublayer(tile(CGRect(x: 30, y: -8, width: 40, height: 30), CGColor(red: 0.2, green: 0.8, blue: 0.3, alpha: 1)))
        return layer
    }

    private func checkComposited(_ layer: CALayer, _ what: String, fallbacks: Int = 0,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let compositor = Compositor(), ctx = target()
        let rects = try XCTUnwrap(composited(layer, with: compositor, into: ctx), what, file: file, line: line)
        if let dir = ProcessInfo.processInfo.environment["LAMINA_DUMP"] {
            let name = what.replacingOccurrences(of: " ", with: "-")
            SnapshotComparison.write(ctx.makeImage()!, to: URL(fileURLWithPath: "\(dir)/\(name)-composited.png"))
            SnapshotComparison.write(rendered(layer), to: URL(fileURLWithPath: "\(dir)/\(name)-rendered.png"))
        }
        XCTAssertFalse(rects.isEmpty, what, file: file, line: line)
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(layer)), size.width * size.height / 200,
                          what, file: file, line: line)
        XCTAssertEqual(compositor.lastFallbacks.count, fallbacks, "\(what): \(compositor.lastFallbacks)", file: file, line: line)
        // A second frame of the same tree changes nothing.
        XCTAssertEqual(composited(layer, with: compositor, into: ctx), [], what, file: file, line: line)
    }

    func testSubtreesThatNeedAnOffscreenPassAreComposited() throws {
        let cases: [(String, (CALayer) -> Void)] = [
            ("a mask", { l in
                let mask = CALayer()
                mask.frame = CGRect(x: 8, y: 4, width: 40, height: 30)
                mask.cornerRadius = 12
                mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                l.mask = mask
            }),
            ("a gradient mask", { l in
                let mask = CAGradientLayer()
                mask.frame = l.bounds
                mask.colors = [CGColor(gray: 0, alpha: 0), CGColor(gray: 0, alpha: 1)]
                mask.startPoint = CGPoint(x: 0, y: 0.5)
                mask.endPoint = CGPoint(x: 1, y: 0.5)
                l.mask = mask
            }),
            ("a rounded clip", { l in l.masksToBounds = true; l.cornerRadius = 14 }),
            ("a turned clip", { l in l.masksToBounds = true; l.cornerRadius = 0; l.transform = CATransform3DMakeRotation(0.3, 0, 0, 1) }),
            ("group opacity", { l in l.opacity = 0.5 }),
            ("group opacity with a shadow", { l in l.opacity = 0.6; l.shadowOpacity = 0.5; l.shadowPath = CGPath(rect: l.bounds, transform: nil) }),
            ("perspective", { l in
                var t = CATransform3DIdentity
                t.m34 = -1 / 300
                l.transform = CATransform3DRotate(t, 0.5, 0, 1, 0)
            }),
            ("rasterized", { l in l.shouldRasterize = true }),
            // The drawn texture holds the shadow: no second one from the subtree-shadow item.
            ("rasterized with a shadow", { l in l.shouldRasterize = true; l.shadowOpacity = 1; l.shadowRadius = 2 }),
            ("the shadow of a subtree", { l in l.shadowOpacity = 0.6; l.backgroundColor = CGColor(gray: 0.5, alpha: 0.5) }),
            ("the shadow of a faded drawing", { l in
                l.sublayers = nil; l.shadowOpacity = 0.6; l.shadowRadius = 5; l.opacity = 0.7
            }),
        ]
        for (what, change) in cases {
            let layer = scene()
            let subject = content(CGRect(x: 60, y: 50, width: 70, height: 60))
            change(subject)
            layer.addSublayer(subject)
            try checkComposited(layer, what)
        }
    }

    func testWhatItemsCannotShowIsDrawnForThatSubtreeAloneAndReported() throws {
        for (what, change) in [("a masked subtree's shadow of unknown shape", { (l: CALayer) in
                                    l.shadowOpacity = 0.6; l.backgroundColor = CGColor(gray: 0.5, alpha: 0.5)
                                    let mask = CALayer()
                                    mask.frame = l.bounds.insetBy(dx: 5, dy: 5)
                                    mask.backgroundColor = CGColor(gray: 0, alpha: 1)
                                    l.mask = mask
                                }),
                               ("a faded border over a background", { l in l.opacity = 0.6; l.allowsGroupOpacity = false })] {
            let layer = scene()
            let subject = content(CGRect(x: 60, y: 50, width: 70, height: 60))
            subject.name = "subject"
            change(subject)
            layer.addSublayer(subject)
            try checkComposited(layer, what, fallbacks: 1)
            let compositor = Compositor()
            _ = composited(layer, with: compositor, into: target())
            XCTAssertTrue(compositor.lastFallbacks[0].contains("'subject'"), compositor.lastFallbacks[0])
        }
    }

    /// Leaf layers under perspective are items placed through their homography (the projective
    /// kernel), not drawn by the renderer: the same picture, and kept textures from frame to frame.
    func testLeavesUnderPerspectiveAreProjectedItems() throws {
        let layer = scene()
        let stage = CALayer()
        stage.frame = CGRect(x: 20, y: 20, width: 200, height: 120)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 250
        stage.sublayerTransform = perspective
        for (i, angle) in [0.6, -0.9, 1.2].enumerated() {
            let card = tile(CGRect(x: 10 + i * 65, y: 25, width: 55, height: 70), CGColor(red: 0.3 * CGFloat(i), green: 0.5, blue: 0.8, alpha: 1))
            card.transform = CATransform3DMakeRotation(angle, 0, 1, 0)
            stage.addSublayer(card)
        }
        layer.addSublayer(stage)
        try checkComposited(layer, "cards under perspective")
        let compositor = Compositor()
        _ = composited(layer, with: compositor, into: target())
        let cards = try XCTUnwrap(compositor.lastRoot?.children.last?.children)
        XCTAssertEqual(cards.count, 3)
        for card in cards {
            XCTAssertNil(card.group, "not drawn by the renderer")
            XCTAssertEqual(card.below.count, 1)
            XCTAssertNotEqual(card.below.first?.perspective, SIMD3(0, 0, 1))
        }
    }

    /// A 40×40 layer with 80×80 contents centered draws its overflow in windows too.
    func testContentsOverflowingTheBoundsAreComposited() throws {
        let image = try XCTUnwrap({ () -> CGImage? in
            let ctx = CGContext(data: nil, width: 80, height: 80, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
            ctx?.setFillColor(CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 1))
            ctx?.fill(CGRect(x: 0, y: 0, width: 80, height: 80))
            return ctx?.makeImage()
        }())
        let layer = scene()
        let overflowing = CALayer()
        overflowing.frame = CGRect(x: 100, y: 60, width: 40, height: 40)
        overflowing.contents = image
        overflowing.contentsGravity = .center
        layer.addSublayer(overflowing)
        try checkComposited(layer, "overflowing contents")
        let ctx = target()
        _ = composited(layer, with: Compositor(), into: ctx)
        let pixels = SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))
        let outside = (65 * size.width + 85) * 4            // 15 points left of the bounds, inside the contents
        XCTAssertEqual(Array(pixels[outside..<outside + 3]), [0, 153, 51])
    }

    /// One layer moving over still ones inside a container: only the mover is placed again, and
    /// every frame equals a fresh compositor's.
    func testNestedStillSubtreesAreReused() throws {
        let root = scene()
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let inner = CALayer()
        inner.frame = container.bounds
        for i in 0..<40 {
            inner.addSublayer(tile(CGRect(x: (i % 10) * 24, y: (i / 10) * 24 + 50, width: 20, height: 20),
                                   CGColor(red: CGFloat(i) / 40, green: 0.4, blue: 0.6, alpha: 1)))
        }
        container.addSublayer(inner)
        let mover = tile(CGRect(x: 20, y: 10, width: 24, height: 24), CGColor(red: 1, green: 0, blue: 1, alpha: 1))
        mover.add(slide(from: 30, to: 200), forKey: "slide")
        container.addSublayer(mover)
        root.addSublayer(container)
        let tree = try XCTUnwrap(RenderTree(root))
        let compositor = Compositor(), ctx = target()
        let start = CACurrentMediaTime()
        // The still container's node itself (the last frame's tree is emptied where it was
        // placed again: `PlacedNode.retire`).
        var stillNode: PlacedNode?
        for step in 0..<4 {
            let t = start + Double(step) * 0.2
            let rects = try XCTUnwrap(compositor.composite(tree, atMediaTime: t, scale: 1, into: ctx))
            if step > 0 {
                let area = rects.reduce(0) { $0 + Int($1.width) * Int($1.height) }
                XCTAssertLessThan(area, 60 * 30, "frame \(step) damages only around the mover")
            }
            XCTAssertEqual(try differenceFromWholeFrame(ctx, tree, at: t).differing, 0, "frame \(step)")
            let node = try XCTUnwrap(compositor.lastRoot?.children.last?.children.first)
            if let stillNode {
                XCTAssertTrue(stillNode === node, "the still container of tiles is the last frame's node")
            }
            stillNode = node
        }
    }

    /// A clipped list scrolled by changing `bounds.origin` (one commit per step): only the clip's
    /// inside changes, and what scrolls out of the clip is not shown.
    func testAClippedSublayerScrolledByTheBoundsOrigin() throws {
        let root = scene()
        let list = CALayer()
        list.frame = CGRect(x: 40, y: 30, width: 120, height: 100)
        list.masksToBounds = true
        list.backgroundColor = CGColor(gray: 1, alpha: 1)
        for i in 0..<12 {
            list.addSublayer(tile(CGRect(x: 10, y: i * 30 + 5, width: 100, height: 24),
                                  CGColor(red: 0.2, green: CGFloat(i) / 12, blue: 0.7, alpha: 1)))
        }
        root.addSublayer(list)
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        for step in 1...5 {
            list.bounds.origin.y = CGFloat(step * 17)
            let rects = try XCTUnwrap(composited(root, with: compositor, into: ctx))
            for r in rects { XCTAssertTrue(CGRect(x: 40, y: 30, width: 120, height: 100).contains(r.cgRect), "step \(step) puts \(r)") }
            XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200, "step \(step)")
            let fresh = target()
            _ = composited(root, with: Compositor(), into: fresh)
            XCTAssertEqual(SnapshotComparison.difference(try XCTUnwrap(ctx.makeImage()), try XCTUnwrap(fresh.makeImage()),
                                                         channelTolerance: 0).differing, 0, "step \(step) left stale pixels")
            XCTAssertEqual(compositor.lastFallbacks, [])
        }
        // The same with rounded corners: an offscreen group.
        list.cornerRadius = 16
        for step in 6...8 {
            list.bounds.origin.y = CGFloat(step * 17)
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200, "step \(step)")
        }
    }

    /// A gradient whose `type` alone changes is drawn again.
    func testAGradientTypeChangeRedraws() throws {
        let root = scene()
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 60, y: 40, width: 100, height: 80)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        root.addSublayer(gradient)
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        gradient.type = .radial
        let rects = try XCTUnwrap(composited(root, with: compositor, into: ctx))
        XCTAssertFalse(rects.isEmpty, "a new type redraws")
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200)
    }

    func testDebugSwitchesAreParsed() {
        XCTAssertEqual(RenderDebug(parsing: "damage, Fallback,unknown"), [.damage, .fallback])
        XCTAssertEqual(RenderDebug(parsing: "offscreen,misaligned,blended"), [.offscreen, .misaligned, .blended])
        XCTAssertEqual(RenderDebug(parsing: nil), [])
    }

    /// The overlays tint what they name and nothing else: a masked layer (offscreen), a turned
    /// one (misaligned); the same frame without switches is untinted.
    func testOverlaysTintWhatTheyName() throws {
        let layer = scene()
        let masked = content(CGRect(x: 150, y: 90, width: 70, height: 60))
        let mask = CALayer()
        mask.frame = masked.bounds
        mask.backgroundColor = CGColor(gray: 0, alpha: 1)
        masked.mask = mask
        layer.addSublayer(masked)
        func pixel(_ options: RenderDebug, _ x: Int, _ y: Int) throws -> [UInt8] {
            let ctx = target()
            XCTAssertNotNil(Compositor(debug: options).composite(RenderTree(layer)!, atMediaTime: CACurrentMediaTime(), scale: 1, into: ctx))
            let i = (y * size.width + x) * 4
            return Array(SnapshotComparison.rgba(try XCTUnwrap(ctx.makeImage()))[i..<i + 3])
        }
        let inGroup = (185, 120), turned = (110, 40), plain = (35, 30)     // the masked layer, the turned tile, the first tile
        let offscreen = try pixel(.offscreen, inGroup.0, inGroup.1), clean = try pixel([], inGroup.0, inGroup.1)
        XCTAssertGreaterThan(Int(offscreen[0]) + Int(offscreen[1]), Int(clean[0]) + Int(clean[1]) + 40, "yellow over the group")
        XCTAssertEqual(try pixel(.offscreen, plain.0, plain.1), try pixel([], plain.0, plain.1), "a plain tile is not offscreen")
        let misaligned = try pixel(.misaligned, turned.0, turned.1), straight = try pixel([], turned.0, turned.1)
        XCTAssertGreaterThan(Int(misaligned[0]) + Int(misaligned[2]), Int(straight[0]) + Int(straight[2]) + 40, "magenta over the turned tile")
        XCTAssertEqual(try pixel(.misaligned, plain.0, plain.1), try pixel([], plain.0, plain.1), "a tile on whole pixels is not")
    }
}
