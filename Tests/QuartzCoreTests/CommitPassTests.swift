import XCTest
@testable import QuartzCore

/// A commit's layout and display passes pass over subtrees where nothing is marked
/// (`CALayer.layoutBelow`, `displayBelow`); every layer marked anywhere, however it came to
/// be marked, must still be laid out and displayed by the next commit.
final class CommitPassTests: XCTestCase {
    final class Counting: CALayer {
        var displays = 0, layouts = 0
        var onLayout: (() -> Void)?
        override func display() { displays += 1 }
        override func layoutSublayers() {
            layouts += 1
            onLayout?()
        }
    }

    /// A root over 20 containers of 20 counting leaves, committed once.
    private func tree() -> (root: CALayer, containers: [Counting], leaves: [[Counting]]) {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        var containers: [Counting] = [], leaves: [[Counting]] = []
        for _ in 0..<20 {
            let container = Counting()
            var row: [Counting] = []
            for _ in 0..<20 {
                let leaf = Counting()
                container.addSublayer(leaf)
                row.append(leaf)
            }
            root.addSublayer(container)
            containers.append(container)
            leaves.append(row)
        }
        commit(root)
        return (root, containers, leaves)
    }

    private func commit(_ root: CALayer) { XCTAssertNotNil(RenderTree(root)) }

    private func counts(_ leaves: [[Counting]]) -> (displays: Int, layouts: Int) {
        leaves.joined().reduce((0, 0)) { ($0.0 + $1.displays, $0.1 + $1.layouts) }
    }

    func testALayerMarkedDeepInsideIsDisplayedAndLaidOutAlone() {
        let (root, _, leaves) = tree()
        let before = counts(leaves)
        leaves[13][7].setNeedsDisplay()
        leaves[2][19].setNeedsLayout()
        commit(root)
        XCTAssertEqual(leaves[13][7].displays, 1)
        XCTAssertEqual(leaves[2][19].layouts, 1)
        XCTAssertEqual(counts(leaves).displays, before.displays + 1, "no other leaf displayed")
        XCTAssertEqual(counts(leaves).layouts, before.layouts + 1, "no other leaf laid out")
        commit(root)
        XCTAssertEqual(counts(leaves).displays, before.displays + 1, "nothing marked, nothing displayed")
    }

    func testASubtreeMarkedBeforeJoiningIsDisplayedAndLaidOut() {
        let (root, containers, _) = tree()
        let container = Counting(), leaf = Counting()
        container.addSublayer(leaf)
        leaf.setNeedsDisplay()
        leaf.setNeedsLayout()
        containers[5].addSublayer(container)
        commit(root)
        XCTAssertEqual(leaf.displays, 1)
        XCTAssertEqual(leaf.layouts, 1)
    }

    func testAMarkedMaskIsDisplayed() {
        let (root, containers, _) = tree()
        let mask = Counting()
        containers[3].mask = mask
        commit(root)
        let displayed = mask.displays
        mask.setNeedsDisplay()
        commit(root)
        XCTAssertEqual(mask.displays, displayed + 1)
    }

    /// Layout that marks layers for display (its own sublayers, and a layer of another subtree
    /// already passed over) within the same commit: the first are displayed by that commit,
    /// the other by the next at the latest.
    func testLayersMarkedDuringLayoutAreDisplayed() {
        let (root, containers, leaves) = tree()
        containers[9].onLayout = {
            for leaf in leaves[9] { leaf.setNeedsDisplay() }
            leaves[0][0].setNeedsDisplay()
        }
        containers[9].setNeedsLayout()
        commit(root)
        XCTAssertEqual(leaves[9].map(\.displays), Array(repeating: 1, count: 20))
        commit(root)
        XCTAssertEqual(leaves[0][0].displays, 1)
    }

    /// A pass run on a subtree alone (`layoutIfNeeded()` on an inner layer) leaves the marks
    /// above it sound: a layer marked afterwards is still reached from the root.
    func testAPassOnASubtreeKeepsTheMarksAbove() {
        let (root, containers, leaves) = tree()
        leaves[4][4].setNeedsLayout()
        containers[4].layoutIfNeeded()
        XCTAssertEqual(leaves[4][4].layouts, 1)
        leaves[4][5].setNeedsLayout()
        commit(root)
        XCTAssertEqual(leaves[4][5].layouts, 1)
    }
}
