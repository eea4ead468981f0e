import XCTest
@testable import QuartzCore

/// Commits snapshot only what changed: unchanged subtrees keep their snapshot (and version),
/// changed ones and their ancestors get new versions, and every kind of change is seen.
final class IncrementalSnapshotTests: XCTestCase {
    private func tree() -> (root: CALayer, container: CALayer, tiles: [CALayer]) {
        let root = CALayer(), container = CALayer()
        let tiles = (0..<5).map { i -> CALayer in
            let tile = CALayer()
            tile.frame = CGRect(x: i * 10, y: 0, width: 8, height: 8)
            container.addSublayer(tile)
            return tile
        }
        root.addSublayer(container)
        return (root, container, tiles)
    }

    func testUnchangedSubtreesKeepTheirSnapshotAndIDs() {
        let (root, container, tiles) = tree()
        let first = LayerSnapshot(root)
        tiles[2].position.x += 3
        let second = LayerSnapshot(root)
        XCTAssertEqual(first.id, second.id)
        XCTAssertNotEqual(first.version, second.version)
        XCTAssertNotEqual(first.sublayers[0].version, second.sublayers[0].version)
        XCTAssertEqual(first.sublayers[0].ownVersion, second.sublayers[0].ownVersion, "the container itself did not change")
        for i in [0, 1, 3, 4] {
            XCTAssertEqual(first.sublayers[0].sublayers[i].version, second.sublayers[0].sublayers[i].version)
        }
        XCTAssertNotEqual(first.sublayers[0].sublayers[2].version, second.sublayers[0].sublayers[2].version)
        XCTAssertEqual(second.sublayers[0].sublayers[2].position.x, tiles[2].position.x)
        XCTAssertEqual(container.renderID, second.sublayers[0].id)
        // Nothing changed: the very same versions.
        XCTAssertEqual(LayerSnapshot(root).version, second.version)
    }

    /// A parent's commit lists its unchanged sublayers' boxes from its last list (looking only
    /// at the stale ones): under any sequence of changes, its list is exactly its sublayers'
    /// current snapshots, in order, with their current values.
    func testAListMadeFromTheLastOneIsTheSublayersAsTheyAre() {
        let (root, container, tiles) = tree()
        var layers = tiles
        func check(_ step: String) {
            let snapshot = LayerSnapshot(root).sublayers[0]
            XCTAssertEqual(snapshot.sublayers.map(\.id), layers.map(\.renderID), step)
            XCTAssertEqual(snapshot.sublayers.map(\.position), layers.map(\.position), step)
            for (k, layer) in layers.enumerated() {
                XCTAssertTrue(snapshot.sublayers.boxes[k] === layer.committedSnapshot, "\(step): sublayer \(k)")
            }
        }
        check("first")
        tiles[1].position.x += 4; check("one moved")
        tiles[1].position.x += 4; tiles[3].position.y += 2; check("two moved, one again")
        let inner = CALayer()
        tiles[2].addSublayer(inner); check("a sublayer's sublayer added")
        inner.opacity = 0.5; check("a grandchild changed")
        container.insertSublayer(tiles[4], at: 0)
        layers = [tiles[4], tiles[0], tiles[1], tiles[2], tiles[3]]; check("reordered")
        tiles[0].position.x += 1; check("moved after the reorder")
        let mask = CALayer()
        tiles[3].mask = mask; check("a mask set")
        mask.bounds.size.width = 3; check("the mask changed")
        tiles[1].position.x += 1
        tiles[1].removeFromSuperlayer()
        layers.remove(at: 2); check("changed, then removed")
        for tile in layers { tile.position.y += 1 }
        check("every sublayer moved")
    }

    /// A parent of 100 sublayers keeps their boxes in runs of 32 (the last one of 4): a commit
    /// makes anew only the runs that hold a changed sublayer and shares the others with the last
    /// list; the list is still exactly the sublayers as they are, with the animated ones and the
    /// drawing order worked out across runs.
    func testOnlyTheRunsHoldingAChangedSublayerAreMadeAnew() {
        let root = CALayer()
        let tiles = (0..<100).map { i -> CALayer in
            let tile = CALayer()
            tile.frame = CGRect(x: i, y: 0, width: 4, height: 4)
            root.addSublayer(tile)
            return tile
        }
        func list() -> SublayerList { LayerSnapshot(root).sublayers }
        func check(_ snapshot: SublayerList, _ step: String) {
            XCTAssertEqual(snapshot.map(\.id), root.sublayers!.map(\.renderID), step)
            XCTAssertEqual(snapshot.map(\.position), root.sublayers!.map(\.position), step)
            for (k, layer) in root.sublayers!.enumerated() {
                XCTAssertTrue(snapshot.boxes[k] === layer.committedSnapshot, "\(step): sublayer \(k)")
            }
        }
        let first = list()
        XCTAssertEqual(first.boxes.runs.map(\.boxes.count), [32, 32, 32, 4])
        check(first, "first")
        tiles[40].position.y += 1
        tiles[99].position.y += 1
        let second = list()
        check(second, "two moved")
        XCTAssertEqual((0..<4).map { second.boxes.runs[$0] === first.boxes.runs[$0] }, [true, false, true, false],
                       "the runs of sublayers 40 and 99 anew, the others shared")
        XCTAssertTrue(second.boxes.runs[1].boxes[8] !== first.boxes.runs[1].boxes[8], "sublayer 40 is a new box")
        XCTAssertTrue(second.boxes.runs[1].boxes[9] === first.boxes.runs[1].boxes[9], "sublayer 41 is not")
        // Nothing changed: every run shared.
        let third = list()
        XCTAssertTrue(zip(third.boxes.runs, second.boxes.runs).allSatisfy { $0 === $1 })
        // Animated sublayers in two runs: their indices across runs, in order.
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 10
        tiles[70].add(fade, forKey: "fade")
        tiles[3].add(fade, forKey: "fade")
        let animated = list()
        XCTAssertEqual(animated.animatedIndices, [3, 70])
        check(animated, "animated")
        // One sublayer raised: the drawing order puts it last, the others in list order.
        tiles[10].zPosition = 1
        let raised = LayerSnapshot(root)
        XCTAssertEqual(raised.drawingOrder, Array(0..<10) + Array(11..<100) + [10])
        tiles[10].zPosition = 0
        XCTAssertEqual(LayerSnapshot(root).drawingOrder, Array(0..<100))
        // Many changed at once (past the record's eight), then one removed: every run anew.
        for k in stride(from: 0, to: 100, by: 7) { tiles[k].position.x += 1 }
        check(list(), "fifteen moved")
        tiles[50].removeFromSuperlayer()
        let removed = list()
        check(removed, "one removed")
        XCTAssertEqual(removed.boxes.runs.map(\.boxes.count), [32, 32, 32, 3])
    }

    /// A sublayer changed and snapshotted on its own again and again (as `render(in:)` of it
    /// does) while its parent is not committed: the parent's record of stale sublayers stays
    /// bounded, and its next list is still its sublayers as they are.
    func testASublayerSnapshottedAloneKeepsItsParentsRecordBounded() {
        let (root, container, tiles) = tree()
        _ = LayerSnapshot(root)
        for step in 0..<50 {
            tiles[2].position.x += 1
            XCTAssertEqual(LayerSnapshot(tiles[2]).position.x, tiles[2].position.x)
            XCTAssertLessThanOrEqual(container.staleSublayers.count, tiles.count, "step \(step)")
        }
        let listed = LayerSnapshot(root).sublayers[0].sublayers
        XCTAssertEqual(listed.map(\.position), tiles.map(\.position))
        for (k, tile) in tiles.enumerated() { XCTAssertTrue(listed.boxes[k] === tile.committedSnapshot) }
    }

    func testEveryKindOfChangeMakesANewSnapshot() {
        let (root, container, tiles) = tree()
        let gradient = CAGradientLayer()
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        gradient.endPoint = CGPoint(x: 1, y: 1)              // an ellipse, for the radial one
        container.addSublayer(gradient)
        var last = LayerSnapshot(root).version
        func changes(_ what: String, _ change: () -> Void) {
            change()
            let now = LayerSnapshot(root).version
            XCTAssertNotEqual(now, last, "\(what) made no new snapshot")
            last = now
        }
        changes("a property") { tiles[0].backgroundColor = CGColor(gray: 0, alpha: 1) }
        changes("a gradient's type alone") { gradient.type = .radial }
        changes("a sublayer added") { tiles[1].addSublayer(CALayer()) }
        changes("a sublayer removed") { tiles[1].sublayers?.first?.removeFromSuperlayer() }
        changes("a mask") { tiles[3].mask = CALayer() }
        changes("the mask's property") { tiles[3].mask?.opacity = 0.5 }
        changes("an animation") { tiles[4].add(CABasicAnimation(keyPath: "opacity"), forKey: "fade") }
        changes("its removal") { tiles[4].removeAllAnimations() }
        changes("timing") { container.speed = 2 }
        changes("a name") { tiles[0].name = "first" }
        XCTAssertEqual(LayerSnapshot(root).sublayers[0].sublayers[3].mask.first?.opacity, 0.5)
        guard case .gradient(let drawn)? = LayerSnapshot(root).sublayers[0].sublayers.last?.content else { return XCTFail("no gradient") }
        XCTAssertEqual(drawn.type, .radial)
    }

    func testARefusedValueKeepsTheSnapshotCorrect() {
        let (root, _, tiles) = tree()
        _ = LayerSnapshot(root)
        tiles[0].position = CGPoint(x: CGFloat.nan, y: 0)
        XCTAssertEqual(LayerSnapshot(root).sublayers[0].sublayers[0].position, tiles[0].position)
    }
}
