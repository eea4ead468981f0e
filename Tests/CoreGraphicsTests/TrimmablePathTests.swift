import XCTest
@testable import CoreGraphics

/// `TrimmablePath`: a path measured once, cut by length as `CGPath.copy(trimmingFrom:to:)`
/// cuts it, and asked where its parts reach (what a shape layer's partial redraw needs).
final class TrimmablePathTests: XCTestCase {
    let ring = CGPath(ellipseIn: CGRect(x: 10, y: 10, width: 80, height: 80), transform: nil)

    func testCutsAsThePathDoes() {
        let trimmable = TrimmablePath(ring)
        for (s, e) in [(0.0, 0.3), (0.1, 0.6), (0.45, 0.55), (0.7, 1.0), (0.0, 1.0), (0.5, 0.5), (0.6, 0.2)] as [(CGFloat, CGFloat)] {
            XCTAssertEqual(trimmable.copy(trimmingFrom: s, to: e), ring.copy(trimmingFrom: s, to: e), "\(s)…\(e)")
        }
        XCTAssertEqual(trimmable.length, 80 * .pi, accuracy: 0.5)
        // The box of a part is the box of its cut.
        for (s, e) in [(0.0, 0.3), (0.1, 0.6), (0.45, 0.55), (0.7, 1.0)] as [(CGFloat, CGFloat)] {
            XCTAssertEqual(trimmable.box(from: s, to: e), ring.copy(trimmingFrom: s, to: e).boundingBox, "\(s)…\(e)")
        }
        XCTAssertTrue(trimmable.box(from: 0.5, to: 0.5).isNull)
    }

    func testOneSubpathOrSeveral() {
        XCTAssertTrue(TrimmablePath(ring).hasOneSubpath)
        let open = CGMutablePath()
        open.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2, clockwise: false)
        XCTAssertTrue(TrimmablePath(open).hasOneSubpath)
        let two = CGMutablePath()
        two.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        two.addRect(CGRect(x: 20, y: 0, width: 10, height: 10))
        XCTAssertFalse(TrimmablePath(two).hasOneSubpath)
    }

    /// The ring starts at (90, 50) and runs through (50, 90): its first quarter comes near a
    /// box at its start and not one on the far side; a reach carries it that much farther.
    func testWhereAPartComesNear() {
        let trimmable = TrimmablePath(ring)
        let atStart = CGRect(x: 86, y: 46, width: 8, height: 8), farSide = CGRect(x: 6, y: 46, width: 8, height: 8)
        XCTAssertTrue(trimmable.comesNear(atStart, from: 0, to: 0.25, reach: 0))
        XCTAssertFalse(trimmable.comesNear(farSide, from: 0, to: 0.25, reach: 2))
        XCTAssertTrue(trimmable.comesNear(farSide, from: 0.4, to: 0.6, reach: 0))
        // The ring's bottom, 0.2…0.3 of its length (y from 50 + 40 sin 72° ≈ 88.0 to 90), is
        // 4 points below a box whose bottom is at y = 84.
        let above = CGRect(x: 40, y: 76, width: 20, height: 8)
        XCTAssertFalse(trimmable.comesNear(above, from: 0.2, to: 0.3, reach: 3.5))
        XCTAssertTrue(trimmable.comesNear(above, from: 0.2, to: 0.3, reach: 4.5))
        XCTAssertFalse(trimmable.comesNear(atStart, from: 0.3, to: 0.3, reach: 50), "an empty part reaches nothing")
    }
}
