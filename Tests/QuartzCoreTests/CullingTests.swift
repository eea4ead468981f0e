import XCTest
@testable import QuartzCore

/// Subtrees out of sight are passed over (`Culling.swift`): a first frame draws the textures of
/// what shows, not of a whole long list, and rows drawn later, as they come into view, look as
/// the renderer draws them.
final class CullingTests: CompositingTestCase {
    /// An image of its own per row (as a list's text labels are): 12×8 pixels in a color of the row's.
    private func rowImage(_ i: Int) -> CGImage {
        let ctx = CGContext(data: nil, width: 12, height: 8, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        ctx.setFillColor(red: CGFloat(i % 10) / 10, green: CGFloat(i / 10 % 10) / 10, blue: CGFloat(i / 100 % 10) / 10, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 12, height: 8))
        return ctx.makeImage()!
    }

    /// 1000 rows (a card with a label image each) in a container that clips, at `cornerRadius`
    /// (rounded: an offscreen group; square: a clip rectangle on items).
    private func list(cornerRadius: CGFloat) -> (root: CALayer, container: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        let container = CALayer()
        container.frame = CGRect(x: 20, y: 10, width: 200, height: 140)
        container.backgroundColor = CGColor(gray: 0.95, alpha: 1)
        container.cornerRadius = cornerRadius
        container.masksToBounds = true
        for i in 0..<1000 {
            let row = CALayer()
            row.frame = CGRect(x: 4, y: 4 + CGFloat(i) * 24, width: 192, height: 20)
            row.backgroundColor = CGColor(gray: 1, alpha: 1)
            row.cornerRadius = 4
            row.borderWidth = 1
            row.borderColor = CGColor(gray: 0.7, alpha: 1)
            let label = CALayer()
            label.frame = CGRect(x: 8, y: 6, width: 12, height: 8)
            label.contents = rowImage(i)
            row.addSublayer(label)
            container.addSublayer(row)
        }
        root.addSublayer(container)
        CATransaction.flush()
        return (root, container)
    }

    private func checkFirstFrameDrawsOnlyWhatShows(cornerRadius: CGFloat) throws {
        let (root, container) = list(cornerRadius: cornerRadius)
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.lastFallbacks, [])
        // Six rows show (140 points of 24-point rows): their labels, the cards' bodies and
        // borders (two looks, shared), the root and the container.
        XCTAssertLessThanOrEqual(compositor.texturesDrawn, 16, "the first frame draws only what shows")
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200)
        // Rows coming into view are drawn then, as the renderer draws them.
        for step in 1...3 {
            let before = compositor.texturesDrawn
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            container.bounds.origin.y = CGFloat(step) * 24 * 50
            CATransaction.commit()
            XCTAssertNotNil(composited(root, with: compositor, into: ctx))
            XCTAssertGreaterThanOrEqual(compositor.texturesDrawn - before, 6, "step \(step): the labels now in view")
            XCTAssertLessThanOrEqual(compositor.texturesDrawn - before, 10, "step \(step): and only those")
            XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200, "step \(step)")
        }
    }

    func testAFirstFrameDrawsOnlyTheRowsARoundedClipShows() throws {
        try checkFirstFrameDrawsOnlyWhatShows(cornerRadius: 12)
    }

    func testAFirstFrameDrawsOnlyTheRowsARectangularClipShows() throws {
        try checkFirstFrameDrawsOnlyWhatShows(cornerRadius: 0)
    }

    /// Counts the reads of lazily provided row images (from any thread).
    final class Reads: @unchecked Sendable {
        private let lock = NSLock()
        private var rows: Set<Int> = []
        func read(_ row: Int) { lock.lock(); rows.insert(row); lock.unlock() }
        var read: Set<Int> { lock.lock(); defer { lock.unlock() }; return rows }
    }

    /// `rowImage(i)` over a direct-access provider that notes in `reads` when it is read.
    private func lazyRowImage(_ i: Int, reads: Reads) -> CGImage {
        final class Row { let index: Int, bytes: Data, reads: Reads; init(_ i: Int, _ b: Data, _ r: Reads) { (index, bytes, reads) = (i, b, r) } }
        let eager = rowImage(i)
        let row = Row(i, eager.dataProvider!.data! as Data, reads)
        var callbacks = CGDataProviderDirectCallbacks(
            version: 0, getBytePointer: nil, releaseBytePointer: nil,
            getBytesAtPosition: { info, buffer, position, count in
                let row = Unmanaged<Row>.fromOpaque(info!).takeUnretainedValue()
                row.reads.read(row.index)
                let n = min(count, row.bytes.count - Int(position))
                row.bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + Int(position), byteCount: n) }
                return n
            },
            releaseInfo: { Unmanaged<Row>.fromOpaque($0!).release() })
        let provider = CGDataProvider(directInfo: Unmanaged.passRetained(row).toOpaque(), size: off_t(row.bytes.count), callbacks: &callbacks)!
        return CGImage(width: eager.width, height: eager.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: eager.bytesPerRow,
                       space: eager.colorSpace!, bitmapInfo: eager.bitmapInfo, provider: provider, decode: nil, shouldInterpolate: true,
                       intent: .defaultIntent)!
    }

    /// Label images whose pixels are provided when first read (as the gallery's list draws its
    /// text): committing the list reads none, its first frame in a window those of the rows it
    /// shows, and a scroll those that come into view.
    func testLazilyProvidedRowImagesAreReadOnlyForRowsInView() throws {
        let (root, container) = list(cornerRadius: 12)
        let reads = Reads()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, row) in container.sublayers!.enumerated() { row.sublayers![0].contents = lazyRowImage(i, reads: reads) }
        CATransaction.commit()
        XCTAssertEqual(reads.read, [], "committed: nothing read")
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertTrue(reads.read.isSuperset(of: 0..<6), "the six rows in view: \(reads.read.sorted())")
        XCTAssertTrue(reads.read.isSubset(of: 0...6), "and at most the one at the edge: \(reads.read.sorted())")
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        container.bounds.origin.y = 24 * 500
        CATransaction.commit()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        let new = reads.read.subtracting(0...6)
        XCTAssertTrue(new.isSuperset(of: 500..<506), "the rows scrolled into view: \(new.sorted())")
        XCTAssertTrue(new.isSubset(of: 499...506), "and only those: \(new.sorted())")
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200)
    }

    /// A layer first placed off the window and then moved in: drawn when it shows.
    func testALayerAddedOutOfSightIsDrawnWhenItMovesIn() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 240, height: 160)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        let compositor = Compositor(), ctx = target()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        let away = CALayer()
        away.frame = CGRect(x: 400, y: 20, width: 60, height: 40)
        away.contents = rowImage(7)
        away.shadowOpacity = 1
        away.shadowOffset = CGSize(width: -200, height: 0)          // its shadow falls in the window
        away.shadowRadius = 0
        let hidden = CALayer()
        hidden.frame = CGRect(x: 20, y: 300, width: 60, height: 40)
        hidden.contents = rowImage(8)
        root.addSublayer(away)
        root.addSublayer(hidden)
        CATransaction.flush()
        let before = compositor.texturesDrawn
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertEqual(compositor.texturesDrawn - before, 2, "the layer whose shadow shows (its drawing and shadow), not the one below the window")
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), size.width * size.height / 200)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        hidden.position.y = 80
        CATransaction.commit()
        XCTAssertNotNil(composited(root, with: compositor, into: ctx))
        XCTAssertLessThan(differing(try XCTUnwrap(ctx.makeImage()), rendered(root)), 10, "the layer moved in shows")
    }

    func testAFirstPlacementMeasuresABoundedSubtree() {
        // A chain of layers, each inside the last: measured when short, given up on (placed, not
        // culled) past the bound, so that a deep tree's first frame is not measured once per level.
        func chain(_ count: Int) -> LayerSnapshot {
            let top = CALayer()
            top.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            var last = top
            for _ in 1..<count {
                let next = CALayer()
                next.frame = CGRect(x: 1, y: 1, width: 10, height: 10)
                next.backgroundColor = CGColor(gray: 0.5, alpha: 1)
                last.addSublayer(next)
                last = next
            }
            return LayerSnapshot(top)
        }
        let short = CompositePlan.firstPlacementExtent(of: chain(CompositePlan.measuredLayersAtMost))
        XCTAssertEqual(short?.maxX ?? 0, CGFloat(CompositePlan.measuredLayersAtMost - 1) + 10, accuracy: 1e-9,
                       "every layer of the chain counted")
        XCTAssertNil(CompositePlan.firstPlacementExtent(of: chain(CompositePlan.measuredLayersAtMost + 1)))
    }
}
