import XCTest
import CoreGraphics
import CoreGraphicsShowcase
import LaminaTesting

/// Golden images of the showcase scenes: every drawing feature at once, pixel for pixel.
/// Tolerance: at most 0.2 % of pixels may differ by more than 2 levels in a component.
final class ShowcaseSnapshotTests: XCTestCase {
    func testScenesMatchTheirGoldens() {
        for scene in Showcase.scenes {
            assertSnapshot(Showcase.render(scene), named: scene.name)
        }
    }

    func testTheShowcaseIsNotBlank() {
        for scene in Showcase.scenes {
            let pixels = Showcase.render(scene).rgbaPixels
            let distinct = Set(stride(from: 0, to: pixels.count, by: 4).map { pixels[$0] })
            XCTAssertGreaterThan(distinct.count, 8, "\(scene.name) looks blank")
        }
    }

    func testSnapshotComparisonCatchesAChange() throws {
        // Guards the comparison itself: the first scene moved by 3 pixels must not match.
        let scene = Showcase.scenes[0]
        let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        let golden = try XCTUnwrap(SnapshotComparison.read(snapshots.appendingPathComponent("\(scene.name).png")))
        let moved = Showcase.render(Showcase.Scene(name: scene.name) { c in
            c.translateBy(x: 3, y: 0)
            scene.draw(c)
        })
        let (differing, worst, _) = SnapshotComparison.difference(moved, golden, channelTolerance: 2)
        XCTAssertGreaterThan(Double(differing) / Double(golden.width * golden.height), 0.002)
        XCTAssertGreaterThan(worst, 100)
    }
}
