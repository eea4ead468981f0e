import XCTest
@testable import QuartzCore

/// What a frame puts: the changed rectangles, or their bounding box when there are many.
final class DamageTests: XCTestCase {
    func testFewRectanglesArePutApart() {
        let damage = Damage(limit: 4)
        damage.add(DeviceRect(x: 0, y: 0, width: 10, height: 10))
        damage.add(DeviceRect(x: 100, y: 50, width: 5, height: 5))
        damage.add(DeviceRect(x: 2, y: 2, width: 4, height: 4))          // inside the first
        XCTAssertEqual(damage.rectangles, [DeviceRect(x: 0, y: 0, width: 10, height: 10),
                                           DeviceRect(x: 100, y: 50, width: 5, height: 5)])
    }

    func testManyRectanglesArePutAsTheirBoundingBox() {
        let damage = Damage(limit: 4)
        for i in 0..<6 { damage.add(DeviceRect(x: Int32(i * 20), y: Int32(i * 7), width: 10, height: 3)) }
        XCTAssertEqual(damage.rectangles, [DeviceRect(x: 0, y: 0, width: 110, height: 38)])
    }

    func testAThousandMovingLayersKeepTheRegionSmall() {
        // Each union costs as many steps as the region has rectangles: two thousand scattered
        // extents must not grow it past a few times the limit.
        let damage = Damage(limit: 16)
        var most = 0, right: Int32 = 0, bottom: Int32 = 0
        for i in 0..<2000 {
            let r = DeviceRect(x: Int32((i * 97) % 1216), y: Int32((i * 53) % 656), width: 64, height: 64)
            damage.add(r)
            most = max(most, damage.rectangleCount)
            (right, bottom) = (max(right, r.x + r.width), max(bottom, r.y + r.height))
        }
        XCTAssertLessThanOrEqual(most, 4 * 16 + 1)
        XCTAssertEqual(damage.rectangles, [DeviceRect(x: 0, y: 0, width: right, height: bottom)])
    }

    /// A frame's damage keeps a hundred scattered labels apart (`lamina-bench labels`: 100 of
    /// 1000 labels on a 1280×720 screen get new text): their bounding box would be most of the
    /// screen, ten times the pixels to composite and put.
    func testAHundredScatteredLabelsArePutApart() {
        let damage = Damage(limit: Damage.frameLimit)
        var area = 0
        for k in 0..<100 {
            let index = (300 + k * 7) % 1000
            let x = 4 + Double(index % 25) * 51, y = 4 + Double(index / 25) * 17.9
            // A label's item: its 48×16 frame, a pixel of padding around, off the pixel grid.
            let r = DeviceRect(x: Int32((x - 1).rounded(.down)), y: Int32((y - 1).rounded(.down)), width: 51, height: 19)
            damage.add(r)
            area += Int(r.width) * Int(r.height)
        }
        let rects = damage.rectangles
        XCTAssertGreaterThan(rects.count, 1)
        XCTAssertLessThanOrEqual(rects.reduce(0) { $0 + Int($1.width) * Int($1.height) }, area)
    }

    func testNothingAddedIsNothingToPut() {
        XCTAssertEqual(Damage(limit: 16).rectangles, [])
    }

    func testBandsShareTheDamagedAreaNotTheRows() {
        let screen = DeviceRect(x: 0, y: 0, width: 1280, height: 720)
        XCTAssertEqual(Compositor.bandEdges(splitting: [screen], into: 2, height: 720), [0, 360, 720])
        // Damage in the top 200 rows only: both bands share those rows.
        let top = DeviceRect(x: 100, y: 0, width: 400, height: 200)
        XCTAssertEqual(Compositor.bandEdges(splitting: [top], into: 2, height: 720), [0, 100, 720])
        // A wide rectangle and a narrow tall one: the split falls where half the pixels are above.
        let wide = DeviceRect(x: 0, y: 0, width: 1000, height: 100), tall = DeviceRect(x: 0, y: 100, width: 100, height: 600)
        let edges = Compositor.bandEdges(splitting: [wide, tall], into: 2, height: 720)
        XCTAssertEqual(edges, [0, 80, 720], "80 000 of the 160 000 damaged pixels lie above row 80")
        XCTAssertEqual(Compositor.bandEdges(splitting: [screen], into: 4, height: 720), [0, 180, 360, 540, 720])
        XCTAssertEqual(Compositor.bandEdges(splitting: [], into: 2, height: 720).last, 720, "no damage: bands still cover the screen")
    }

    /// Bands share the estimated work, not the damaged area alone: an item's pixel costs
    /// `itemPixelWork` times a backdrop pixel, so rows crowded with items make short bands.
    func testBandsShareTheWorkOfTheItemsToo() throws {
        let screen = DeviceRect(x: 0, y: 0, width: 1280, height: 720)
        let texture = try XCTUnwrap(LayerTexture(covering: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1) { _ in })
        let items = (0..<10).map { i in
            CompositeItem(texture: texture, toDevice: .identity, alpha: 255,
                          extent: DeviceRect(x: Int32(i * 120), y: 0, width: 100, height: 100))
        }
        XCTAssertEqual(Compositor.itemPixelWork, 8)
        // 921 600 backdrop pixels and 100 000 item pixels at 8 each: half of the work (860 800)
        // lies above row 93, each of the first 100 rows holding 1280 + 8 × 1000 of it.
        XCTAssertEqual(Compositor.bandEdges(splitting: [screen], items: items, into: 2, height: 720), [0, 93, 720])
        // Items outside the damage add nothing.
        let bottom = DeviceRect(x: 0, y: 360, width: 1280, height: 360)
        XCTAssertEqual(Compositor.bandEdges(splitting: [bottom], items: items, into: 2, height: 720), [0, 540, 720])
        // Against two rectangles, an item counts only where it meets one of them.
        let left = DeviceRect(x: 0, y: 0, width: 50, height: 720), right = DeviceRect(x: 1230, y: 0, width: 50, height: 720)
        let edges = Compositor.bandEdges(splitting: [left, right], items: items, into: 2, height: 720)
        // 72 000 backdrop pixels; the first item meets the left strip over 50 × 100 pixels (the
        // last item ends at 1180), 40 000 of work: half of the 112 000, 56 000, lies above row
        // 160 (500 a row in the first 100 rows, 100 a row below).
        XCTAssertEqual(edges, [0, 160, 720])
    }

    /// One round of bands when an edge would cut very many items (each cut one set up twice), two
    /// when it would cut many, three when it would cut a few: 1400 64-pixel tiles over 720 rows,
    /// about 122 a row, a thousand, about 88 a row, against ten, and a large item alone.
    func testManyItemsCutAtEachEdgeMakeFewerBands() throws {
        let screen = DeviceRect(x: 0, y: 0, width: 1280, height: 720)
        let texture = try XCTUnwrap(LayerTexture(covering: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1) { _ in })
        func tiles(_ count: Int) -> [CompositeItem] {
            (0..<count).map { i in
                CompositeItem(texture: texture, toDevice: .identity, alpha: 255,
                              extent: DeviceRect(x: Int32(i * 97 % 1216), y: Int32(i * 53 % 656), width: 64, height: 64))
            }
        }
        XCTAssertEqual(Compositor.cutItemsForTwoRounds, 64)
        XCTAssertEqual(Compositor.cutItemsForOneRound, 100)
        // 1000 tiles 64 rows high over 720 rows: 87.5 cut an edge; 1400 of them, 122.5.
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1000), splitting: [screen]), 2)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1400), splitting: [screen]), 1)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(10), splitting: [screen]), 3)
        let large = CompositeItem(texture: texture, toDevice: .identity, alpha: 255, extent: screen)
        XCTAssertEqual(Compositor.bandRounds(items: [large], splitting: [screen]), 3)
        // Only the rows inside the damage count: the same thousand tiles under a strip 10 rows high.
        let strip = DeviceRect(x: 0, y: 0, width: 1280, height: 10)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1000), splitting: [strip]), 3)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1000), splitting: []), 3)
        // Several rectangles count by their bounding box: two strips that make up the screen.
        let upper = DeviceRect(x: 0, y: 0, width: 1280, height: 360), lower = DeviceRect(x: 0, y: 360, width: 1280, height: 360)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1000), splitting: [upper, lower]), 2)
        XCTAssertEqual(Compositor.bandRounds(items: tiles(1000), splitting: [DeviceRect(x: 0, y: 0, width: 1280, height: 1)]), 3,
                       "a single row has no edge to cut")
        // The threshold itself, 64 a row over a band of 10 rows: 640. An item counts its rows
        // inside less one (an item of 11 rows counts 9 there, one of 9 rows 8).
        let band = DeviceRect(x: 0, y: 0, width: 1280, height: 10)
        func column(_ count: Int, height: Int32) -> [CompositeItem] {
            (0..<count).map { i in
                CompositeItem(texture: texture, toDevice: .identity, alpha: 255,
                              extent: DeviceRect(x: Int32(i * 16), y: 0, width: 16, height: height))
            }
        }
        XCTAssertEqual(Compositor.bandRounds(items: column(64, height: 11), splitting: [band]), 3, "576")
        XCTAssertEqual(Compositor.bandRounds(items: column(64, height: 11) + column(8, height: 9), splitting: [band]), 2,
                       "576 + 64 = 640: at the threshold")
        XCTAssertEqual(Compositor.bandRounds(items: column(64, height: 11) + column(7, height: 9) + column(1, height: 8),
                                             splitting: [band]), 3, "576 + 56 + 7 = 639")
        // And 100 a row: 1000 (a column of 80 items spans the band's 1280 pixels).
        XCTAssertEqual(Compositor.bandRounds(items: column(80, height: 11) + column(34, height: 11), splitting: [band]), 1,
                       "720 + 306 = 1026")
        XCTAssertEqual(Compositor.bandRounds(items: column(80, height: 11) + column(31, height: 11), splitting: [band]), 2,
                       "720 + 279 = 999")
        XCTAssertEqual(Compositor.bandRounds(items: column(80, height: 11) + column(31, height: 11) + column(1, height: 2),
                                             splitting: [band]), 1, "999 + 1 = 1000: at the threshold")
    }

    /// A frame's bands, taken in turn by whichever thread is free: a round per thread of a
    /// half, a third and a sixth of the work, so that threads end close together (or, in two
    /// rounds, two thirds and a third).
    func testBandSharesShrinkTowardsTheEnd() {
        XCTAssertEqual(Compositor.bandShares(threads: 1), [1])
        let shares = Compositor.bandShares(threads: 2)
        XCTAssertEqual(shares.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(shares.count, 6)
        XCTAssertEqual(shares.first!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(shares.last!, 1.0 / 12, accuracy: 1e-12)
        XCTAssertTrue(zip(shares, shares.dropFirst()).allSatisfy { $0 >= $1 - 1e-12 }, "\(shares)")
        XCTAssertEqual(Compositor.bandShares(threads: 4).reduce(0, +), 1, accuracy: 1e-9)
        let two = Compositor.bandShares(threads: 2, rounds: 2)
        XCTAssertEqual(two.count, 4)
        XCTAssertEqual(two.reduce(0, +), 1, accuracy: 1e-9)
        XCTAssertEqual(two[0], 1.0 / 3, accuracy: 1e-12)
        XCTAssertEqual(two[1], 1.0 / 3, accuracy: 1e-12)
        // The last round shrinks, so that the thread that comes to it last takes the smaller band.
        XCTAssertEqual(Compositor.lastRoundSlope, 0.08)
        XCTAssertEqual(two[2], 1.08 / 6, accuracy: 1e-12)
        XCTAssertEqual(two[3], 0.92 / 6, accuracy: 1e-12)
        // One round: a band per thread, even.
        XCTAssertEqual(Compositor.bandShares(threads: 2, rounds: 1), [0.5, 0.5])
        XCTAssertEqual(Compositor.bandShares(threads: 4, rounds: 1), [0.25, 0.25, 0.25, 0.25])
        XCTAssertEqual(Compositor.bandShares(threads: 1, rounds: 1), [1])
        for threads in [3, 4, 8] {
            let shares = Compositor.bandShares(threads: threads, rounds: 2)
            XCTAssertEqual(shares.count, 2 * threads)
            XCTAssertEqual(shares.reduce(0, +), 1, accuracy: 1e-9, "\(threads) threads")
            XCTAssertEqual(shares.suffix(threads).reduce(0, +), 1.0 / 3, accuracy: 1e-9)
            XCTAssertTrue(zip(shares, shares.dropFirst()).allSatisfy { $0 >= $1 - 1e-12 }, "\(shares)")
        }
        let screen = DeviceRect(x: 0, y: 0, width: 1280, height: 720)
        let edges = Compositor.bandEdges(splitting: [screen], items: [], atShares: shares, height: 720)
        XCTAssertEqual(edges.first, 0)
        XCTAssertEqual(edges.last, 720)
        XCTAssertEqual(edges[1], 180, "a quarter of a screen damaged evenly")
        XCTAssertEqual(edges.count, shares.count + 1)
    }
}
