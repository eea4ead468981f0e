import XCTest
@testable import QuartzCore

/// A tiled layer that records every tile it is asked to draw, and paints each one a solid
/// color by its column and row (red when column + row is even, blue otherwise).
final class RecordingTiledLayer: CATiledLayer, @unchecked Sendable {
    struct Call: Hashable {
        let clip: CGRect
        let ctm: CGAffineTransform
        let onMainThread: Bool
        func hash(into h: inout Hasher) { h.combine(clip.minX); h.combine(clip.minY); h.combine(clip.width); h.combine(clip.height) }
    }

    private let lock = NSLock()
    private var recorded: [Call] = []
    /// Paint every tile this color instead (nil: the checkerboard).
    var solid: CGColor?

    var calls: [Call] {
        lock.lock(); defer { lock.unlock() }
        return recorded
    }

    func forget() {
        lock.lock(); recorded = []; lock.unlock()
    }

    override func draw(in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        lock.lock()
        recorded.append(Call(clip: clip, ctm: ctx.ctm, onMainThread: Thread.isMainThread))
        lock.unlock()
        let side = tileSize.width / ctx.ctm.a
        let column = Int((clip.minX / side).rounded(.down)), row = Int((clip.minY / side).rounded(.down))
        ctx.setFillColor(solid ?? ((column + row) % 2 == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                                                              : CGColor(red: 0, green: 0, blue: 1, alpha: 1)))
        ctx.fill(clip)
    }
}

/// A tiled layer whose first drawing waits for the test (red), later ones do not (green).
final class GatedTiledLayer: CATiledLayer, @unchecked Sendable {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var count = 0
    var draws: Int { lock.lock(); defer { lock.unlock() }; return count }

    override func draw(in ctx: CGContext) {
        lock.lock(); count += 1; let n = count; lock.unlock()
        if n == 1 { started.signal(); proceed.wait() }
        ctx.setFillColor(n == 1 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(ctx.boundingBoxOfClipPath)
    }
}

/// A tiled layer whose tiles appear at once.
final class UnfadedTiledLayer: CATiledLayer {
    override class func fadeDuration() -> CFTimeInterval { 0 }
}

final class CATiledLayerTests: XCTestCase {
    override func setUp() { MediaClock.setVirtualTime(1000) }
    override func tearDown() { MediaClock.useSystemTime() }

    func tiled(_ size: CGSize) -> RecordingTiledLayer {
        let layer = RecordingTiledLayer()
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = CGPoint(x: size.width / 2, y: size.height / 2)
        return layer
    }

    /// A BGRA context of `size` whose user space is y-down layer coordinates, scaled by `scale`.
    func context(_ width: Int, _ height: Int, scale: CGFloat = 1) -> CGContext {
        let ctx = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: height))
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: scale, y: -scale)
        return ctx
    }

    /// Renders the layer twice: the first asks for its tiles, which are then drained.
    func renderFinished(_ layer: CATiledLayer, width: Int, height: Int, scale: CGFloat = 1) -> CGImage {
        layer.render(in: context(width, height, scale: scale))
        layer.drainTiles()
        let ctx = context(width, height, scale: scale)
        layer.render(in: ctx)
        return ctx.makeImage()!
    }

    // MARK: Apple's declarations and defaults

    func testDefaults() {
        let layer = CATiledLayer()
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(CATiledLayer.fadeDuration(), 0.25)
        XCTAssertEqual(UnfadedTiledLayer.fadeDuration(), 0)
        XCTAssertEqual(CATiledLayer.defaultValue(forKey: "tileSize") as? CGSize, CGSize(width: 256, height: 256), "boxed as value(forKey:) boxes it")
        XCTAssertEqual((CATiledLayer.defaultValue(forKey: "levelsOfDetail") as? NSNumber)?.intValue, 1)
        XCTAssertEqual((CATiledLayer.defaultValue(forKey: "levelsOfDetailBias") as? NSNumber)?.intValue, 0)
    }

    func testKeyValueCodingAndCopies() {
        let layer = CATiledLayer()
        layer.setValue(NSValue(size: CGSize(width: 128, height: 64)), forKey: "tileSize")
        layer.setValue(3, forKey: "levelsOfDetail")
        layer.setValue(2, forKey: "levelsOfDetailBias")
        XCTAssertEqual(layer.tileSize, CGSize(width: 128, height: 64))
        XCTAssertEqual((layer.value(forKey: "levelsOfDetail") as? NSNumber)?.intValue, 3)
        XCTAssertEqual((layer.value(forKey: "levelsOfDetailBias") as? NSNumber)?.intValue, 2)
        let copy = CATiledLayer(layer: layer)
        XCTAssertEqual(copy.tileSize, CGSize(width: 128, height: 64))
        XCTAssertEqual(copy.levelsOfDetail, 3)
        XCTAssertEqual(copy.levelsOfDetailBias, 2)
    }

    func testBadInputKeepsTheOldValueWithAMessage() {
        let layer = tiled(CGSize(width: 300, height: 200))
        let messages = CGDiagnostics.collecting {
            layer.tileSize = .zero
            layer.tileSize = CGSize(width: CGFloat.nan, height: 10)
            layer.tileSize = CGSize(width: 100_000, height: 100_000)
            layer.levelsOfDetail = 0
            layer.levelsOfDetail = -5
            layer.levelsOfDetailBias = -1
            layer.setValue(Double.nan, forKey: "levelsOfDetail")
            layer.setNeedsDisplay(CGRect(x: CGFloat.infinity, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(layer.tileSize, CGSize(width: 256, height: 256))
        XCTAssertEqual(layer.levelsOfDetail, 1)
        XCTAssertEqual(layer.levelsOfDetailBias, 0)
        XCTAssertEqual(messages.filter { $0.contains("CATiledLayer.tileSize") }.count, 3, "\(messages)")
        XCTAssertEqual(messages.filter { $0.hasPrefix("CATiledLayer.levelsOfDetail:") }.count, 2,
                       "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("CATiledLayer.levelsOfDetailBias") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("CATiledLayer.setNeedsDisplay") }, "\(messages)")
    }

    func testHugeLevelCountsAreUsedOnlyAsFarAsTheyGo() {
        let layer = tiled(CGSize(width: 300, height: 200))
        let messages = CGDiagnostics.collecting {
            layer.levelsOfDetail = 1_000_000
            layer.levelsOfDetailBias = Int.max
        }
        XCTAssertEqual(messages.count, 2, "\(messages)")
        // 200 points halve 7 times before a side is under one pixel; 30 magnified levels at most.
        XCTAssertEqual(layer.tileGrid.coarsest, -7)
        XCTAssertEqual(layer.tileGrid.sharpest, 30)
        let image = renderFinished(layer, width: 30, height: 20, scale: 0.1)
        XCTAssertEqual(Set(layer.calls.map(\.ctm.a)), [0.125])
        XCTAssertEqual(pixel(image, 5, 5), [255, 0, 0, 255])
    }

    func testAHugeLayerInTinyTilesAsksForABoundedNumber() {
        let layer = tiled(CGSize(width: 1e12, height: 1e12))
        layer.tileSize = CGSize(width: 1, height: 1)
        layer.levelsOfDetail = 64
        _ = renderFinished(layer, width: 64, height: 64)
        // 64×64 one-pixel tiles are in view; a request is capped at the 32×32 around the middle.
        XCTAssertEqual(layer.calls.count, TileGrid.maxTilesPerRequest)
        XCTAssertTrue(layer.calls.allSatisfy { $0.clip.minX >= 16 && $0.clip.maxX <= 48 })
    }

    // MARK: Tiles: clip, CTM, threads

    func testDrawInIsCalledPerTileWithTheTilesClipAndCTMOnBackgroundThreads() {
        let layer = tiled(CGSize(width: 512, height: 300))
        _ = renderFinished(layer, width: 512, height: 300)
        let calls = layer.calls
        XCTAssertEqual(Set(calls.map(\.clip)), [CGRect(x: 0, y: 0, width: 256, height: 256), CGRect(x: 256, y: 0, width: 256, height: 256),
                                               CGRect(x: 0, y: 256, width: 256, height: 44), CGRect(x: 256, y: 256, width: 256, height: 44)])
        XCTAssertEqual(calls.count, 4, "each tile once")
        XCTAssertFalse(calls.contains { $0.onMainThread })
        for call in calls {
            // Layer coordinates (y down) to the tile's pixels: one pixel per point, flipped,
            // the tile's origin one pixel in from the bitmap's corner (the texture's ring).
            XCTAssertEqual(call.ctm.a, 1); XCTAssertEqual(call.ctm.d, -1)
            XCTAssertEqual(call.ctm.b, 0); XCTAssertEqual(call.ctm.c, 0)
            let origin = CGPoint(x: call.clip.minX, y: call.clip.minY).applying(call.ctm)
            XCTAssertEqual(origin.x, 1, accuracy: 1e-9)
            XCTAssertEqual(origin.y, (call.clip.height + 1).rounded(.up), accuracy: 1e-9)
        }
    }

    func testContentsScaleAndTileSizeSetTheTilesPixels() {
        let layer = tiled(CGSize(width: 200, height: 100))
        layer.contentsScale = 2
        layer.tileSize = CGSize(width: 100, height: 100)
        _ = renderFinished(layer, width: 400, height: 200, scale: 2)
        XCTAssertEqual(Set(layer.calls.map(\.clip)).count, 8)
        XCTAssertTrue(layer.calls.allSatisfy { $0.ctm.a == 2 && $0.clip.width == 50 && $0.clip.height == 50 })
    }

    // MARK: Levels of detail

    func testLevelForAZoom() {
        let grid = TileGrid(bounds: CGRect(x: 0, y: 0, width: 4096, height: 4096), tileSize: CGSize(width: 256, height: 256),
                            contentsScale: 1, levelsOfDetail: 3, levelsOfDetailBias: 1)
        XCTAssertEqual(grid.coarsest, -2)
        XCTAssertEqual(grid.sharpest, 1)
        XCTAssertEqual(grid.level(forDeviceScale: 1), 0)
        XCTAssertEqual(grid.level(forDeviceScale: 0.5), -1)
        XCTAssertEqual(grid.level(forDeviceScale: 0.3), -1, "the coarsest level at least as sharp as the screen")
        XCTAssertEqual(grid.level(forDeviceScale: 0.25), -2)
        XCTAssertEqual(grid.level(forDeviceScale: 0.01), -2, "no coarser level than there is")
        XCTAssertEqual(grid.level(forDeviceScale: 1.5), 1, "levelsOfDetailBias adds a sharper level")
        XCTAssertEqual(grid.level(forDeviceScale: 8), 1)
        // Each level is half the resolution of the one before: its tiles span twice the points.
        XCTAssertEqual(grid.tileSide(atLevel: -1), CGSize(width: 512, height: 512))
        XCTAssertEqual(grid.tileSide(atLevel: 1), CGSize(width: 128, height: 128))
    }

    func testAZoomedOutViewDrawsTheCoarserLevel() {
        let layer = tiled(CGSize(width: 1024, height: 1024))
        layer.levelsOfDetail = 3
        _ = renderFinished(layer, width: 256, height: 256, scale: 0.25)
        XCTAssertEqual(Set(layer.calls.map(\.clip)), [CGRect(x: 0, y: 0, width: 1024, height: 1024)])
        XCTAssertEqual(layer.calls.first?.ctm.a, 0.25)

        layer.forget()
        _ = renderFinished(layer, width: 512, height: 512, scale: 0.5)
        XCTAssertEqual(Set(layer.calls.map(\.clip)), [CGRect(x: 0, y: 0, width: 512, height: 512), CGRect(x: 512, y: 0, width: 512, height: 512),
                                                      CGRect(x: 0, y: 512, width: 512, height: 512), CGRect(x: 512, y: 512, width: 512, height: 512)])
        XCTAssertEqual(layer.calls.first?.ctm.a, 0.5)
    }

    func testBiasDrawsSharperTilesWhenZoomedIn() {
        let layer = tiled(CGSize(width: 256, height: 256))
        layer.levelsOfDetailBias = 2
        _ = renderFinished(layer, width: 1024, height: 1024, scale: 4)
        XCTAssertEqual(layer.calls.count, 16)
        XCTAssertTrue(layer.calls.allSatisfy { $0.ctm.a == 4 && $0.clip.width == 64 })
    }

    // MARK: Invalidation

    func testSetNeedsDisplayInRectRedrawsOnlyTheTilesItTouches() {
        let layer = tiled(CGSize(width: 512, height: 512))
        _ = renderFinished(layer, width: 512, height: 512)
        XCTAssertEqual(layer.calls.count, 4)
        layer.forget()
        layer.setNeedsDisplay(CGRect(x: 300, y: 10, width: 10, height: 10))
        XCTAssertTrue(layer.needsDisplay())
        layer.displayIfNeeded()
        layer.drainTiles()
        XCTAssertEqual(layer.calls.map(\.clip), [CGRect(x: 256, y: 0, width: 256, height: 256)])

        layer.forget()
        layer.setNeedsDisplay(CGRect(x: 250, y: 250, width: 10, height: 10))
        layer.displayIfNeeded()
        layer.drainTiles()
        XCTAssertEqual(layer.calls.count, 4, "a rectangle over the corner touches all four")

        layer.forget()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        layer.drainTiles()
        XCTAssertEqual(layer.calls.count, 4)
    }

    func testAStaleTileStaysShownUntilItsNewDrawingLands() {
        let layer = tiled(CGSize(width: 256, height: 256))
        var image = renderFinished(layer, width: 256, height: 256)
        XCTAssertEqual(pixel(image, 100, 100), [255, 0, 0, 255])
        layer.solid = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        layer.displayIfNeeded()
        layer.drainTiles()
        MediaClock.setVirtualTime(1010)
        image = { let ctx = context(256, 256); layer.render(in: ctx); return ctx.makeImage()! }()
        XCTAssertEqual(pixel(image, 100, 100), [0, 255, 0, 255])
    }

    func testATileInvalidatedWhileItIsDrawnIsDrawnAgain() {
        let layer = GatedTiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.render(in: context(64, 64))
        XCTAssertEqual(layer.started.wait(timeout: .now() + 30), .success, "the tile's drawing never started")
        layer.setNeedsDisplay()
        layer.displayIfNeeded()                              // while the first drawing is under way
        layer.proceed.signal()
        layer.drainTiles()
        XCTAssertEqual(layer.draws, 2)
        MediaClock.setVirtualTime(1001)
        let ctx = context(64, 64)
        layer.render(in: ctx)
        XCTAssertEqual(pixel(ctx.makeImage()!, 30, 30), [0, 255, 0, 255])
    }

    // MARK: Fade-in

    func testTilesFadeInOverFadeDuration() throws {
        let layer = tiled(CGSize(width: 100, height: 100))
        layer.render(in: context(100, 100))
        layer.drainTiles()                                   // landed at media time 1000
        let tree = try XCTUnwrap(RenderTree(layer))
        func drawn(at t: CFTimeInterval) -> [UInt8] {
            let ctx = context(100, 100)
            tree.draw(atMediaTime: t, in: ctx, context: RenderContext())
            return pixel(ctx.makeImage()!, 50, 50)
        }
        XCTAssertEqual(drawn(at: 1000), [255, 255, 255, 255])
        let half = drawn(at: 1000.125)
        XCTAssertEqual(half[0], 255)
        XCTAssertEqual(Int(half[1]), 128, accuracy: 1)
        XCTAssertEqual(drawn(at: 1000.25), [255, 0, 0, 255])
        XCTAssertTrue(tree.animationSchedule(atMediaTime: 1000.1).isAnimating)
        XCTAssertEqual(tree.animationSchedule(atMediaTime: 1000.1).nextEvent ?? 0, 1000.25, accuracy: 1e-9)
        XCTAssertFalse(tree.animationSchedule(atMediaTime: 1000.3).isAnimating)
    }

    func testASubclassWithoutFadeShowsTilesAtOnce() throws {
        let layer = UnfadedTiledLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.backgroundColor = nil
        final class Painter: NSObject, CALayerDelegate, @unchecked Sendable {
            func draw(_ layer: CALayer, in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                ctx.fill(ctx.boundingBoxOfClipPath)
            }
        }
        let painter = Painter()
        layer.delegate = painter
        layer.render(in: context(64, 64))
        layer.drainTiles()
        let tree = try XCTUnwrap(RenderTree(layer))
        XCTAssertFalse(tree.isAnimating)
        let ctx = context(64, 64)
        tree.draw(atMediaTime: 1000, in: ctx, context: RenderContext())
        XCTAssertEqual(pixel(ctx.makeImage()!, 10, 10), [0, 0, 255, 255], "the delegate's draw(_:in:) drew the tile")
    }

    // MARK: Pixels

    func testRenderInShowsTheFinishedTiles() {
        let layer = tiled(CGSize(width: 512, height: 300))
        MediaClock.setVirtualTime(1000)
        _ = { layer.render(in: context(512, 300)); layer.drainTiles() }()
        MediaClock.setVirtualTime(1001)                      // every fade has ended
        let ctx = context(512, 300)
        layer.render(in: ctx)
        let image = ctx.makeImage()!
        XCTAssertEqual(pixel(image, 10, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 300, 10), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 10, 290), [0, 0, 255, 255])
        XCTAssertEqual(pixel(image, 511, 299), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 255, 10), [255, 0, 0, 255])
        XCTAssertEqual(pixel(image, 256, 10), [0, 0, 255, 255])
    }

    func testSettingContentsMakesItAPlainLayer() {
        let layer = tiled(CGSize(width: 64, height: 64))
        let c = CGContext(data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                          bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        layer.contents = c.makeImage()
        let image = renderFinished(layer, width: 64, height: 64)
        XCTAssertEqual(layer.calls.count, 0, "no tiles drawn")
        XCTAssertEqual(pixel(image, 30, 30), [0, 255, 0, 255])
        XCTAssertNil(LayerSnapshot(layer).tiles)
    }
}

/// The tiled layer in the compositor (a window's path).
final class CATiledLayerCompositorTests: CompositingTestCase {
    func testTheCompositorPlacesFinishedTilesAndTheirPixelsMatchTheRenderer() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let layer = RecordingTiledLayer()
        layer.tileSize = CGSize(width: 64, height: 64)
        layer.frame = CGRect(x: 10, y: 20, width: 200, height: 120)
        root.addSublayer(layer)
        let compositor = Compositor()
        let ctx = target()
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
        XCTAssertEqual(layer.tileStore.wantedTiles.count, 4 * 2, "200×120 points in 64-pixel tiles")
        layer.drainTiles()
        let tree = try XCTUnwrap(RenderTree(root))
        XCTAssertTrue(tree.isAnimating, "fading in")
        _ = compositor.composite(tree, atMediaTime: 1001, scale: 1, into: ctx)
        let composited = ctx.makeImage()!
        XCTAssertEqual(pixel(composited, 12, 22), [255, 0, 0, 255])
        XCTAssertEqual(pixel(composited, 10 + 70, 22), [0, 0, 255, 255])
        XCTAssertEqual(pixel(composited, 209, 139), [255, 0, 0, 255])
        XCTAssertEqual(pixel(composited, 5, 5), [255, 255, 255, 255])
        MediaClock.setVirtualTime(1001)
        let expected = rendered(root)
        for (x, y) in [(12, 22), (73, 83), (74, 84), (150, 100), (209, 139), (210, 140)] {
            XCTAssertEqual(pixel(composited, x, y), pixel(expected, x, y), "(\(x), \(y))")
        }
    }

    func testFadeInThroughTheCompositor() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let layer = RecordingTiledLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.addSublayer(layer)
        let compositor = Compositor()
        let ctx = target()
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
        layer.drainTiles()
        let tree = try XCTUnwrap(RenderTree(root))
        _ = compositor.composite(tree, atMediaTime: 1000.125, scale: 1, into: ctx)
        let half = pixel(ctx.makeImage()!, 50, 50)
        XCTAssertEqual(half[0], 255)
        XCTAssertEqual(Int(half[1]), 128, accuracy: 2)
        _ = compositor.composite(tree, atMediaTime: 1000.3, scale: 1, into: ctx)
        XCTAssertEqual(pixel(ctx.makeImage()!, 50, 50), [255, 0, 0, 255])
    }

    func testNoSeamsBetweenTilesWhenZoomedBetweenLevels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let layer = RecordingTiledLayer()
        layer.solid = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        layer.tileSize = CGSize(width: 32, height: 32)
        layer.levelsOfDetail = 2
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: 300, height: 200)
        layer.position = CGPoint(x: 3.3, y: 2.6)
        layer.transform = CATransform3DMakeScale(0.7, 0.7, 1)
        root.addSublayer(layer)
        let compositor = Compositor()
        let ctx = target()
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
        layer.drainTiles()
        XCTAssertTrue(layer.calls.allSatisfy { $0.ctm.a == 1 }, "0.7 needs full resolution")
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1001, scale: 1, into: ctx)
        let image = ctx.makeImage()!
        // Inside the layer (3.3…213.3 × 2.6…142.6 on screen), every pixel is the one color.
        let c = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let bytes = c.data!.assumingMemoryBound(to: UInt8.self)
        func at(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[(y * image.width + x) * 4 + $0] } }
        var off: [String] = []
        for y in 4..<142 { for x in 5..<212 where at(x, y) != [0, 255, 0, 255] { off.append("(\(x),\(y)) \(at(x, y))") } }
        XCTAssertTrue(off.isEmpty, "\(off.count) pixels off, e.g. \(off.prefix(5))")
    }

    func testATiledLayerUnderPerspectiveShowsItsTiles() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        root.sublayerTransform = perspective
        let layer = RecordingTiledLayer()
        layer.solid = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.frame = CGRect(x: 60, y: 30, width: 120, height: 100)
        layer.transform = CATransform3DMakeRotation(0.5, 0, 1, 0)
        root.addSublayer(layer)
        let compositor = Compositor()
        let ctx = target()
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
        layer.drainTiles()
        XCTAssertFalse(layer.calls.isEmpty, "the layer renderer asked for tiles")
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1001, scale: 1, into: ctx)
        XCTAssertEqual(pixel(ctx.makeImage()!, 120, 80), [0, 0, 255, 255], "the middle of the turned layer")
        XCTAssertEqual(pixel(ctx.makeImage()!, 5, 5), [255, 255, 255, 255])
    }

    func testTilesOutOfViewAreDropped() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        let layer = RecordingTiledLayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: 16384, height: 16384)
        root.addSublayer(layer)
        let compositor = Compositor()
        let ctx = target()
        var most = 0
        for step in 0..<12 {
            // Panned far across the map: a new part of it in view each time.
            layer.position = CGPoint(x: -CGFloat(step) * 700, y: -CGFloat(step) * 450)
            _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
            layer.drainTiles()
            most = max(most, layer.tileCounts.kept)
        }
        XCTAssertLessThanOrEqual(most, 12, "what is in view (2×2 tiles) and a tile around it")
        XCTAssertGreaterThan(layer.calls.count, 30)
        let shown = try XCTUnwrap(LayerSnapshot(layer).tiles)
        XCTAssertTrue(shown.tiles.allSatisfy { $0.tile.rect.minX >= 11 * 700 - 256 }, "only the last view's tiles")
        // Moved out of the window altogether: every tile is let go.
        layer.position = CGPoint(x: 1000, y: 0)
        _ = compositor.composite(try XCTUnwrap(RenderTree(root)), atMediaTime: 1000, scale: 1, into: ctx)
        layer.drainTiles()
        XCTAssertEqual(layer.tileCounts.kept, 0)
        XCTAssertEqual(LayerSnapshot(layer).tiles?.tiles.count, 0)
    }
}
