import XCTest
import CoreGraphics

/// `CGContext.path` gives back the subpaths it was given: cairo's own move after a close is
/// dropped, a move that starts the next subpath is kept (glyph outlines with counters need it).
final class CGContextPathQueryTests: XCTestCase {
    func testSubpathsAfterACloseKeepTheirStart() throws {
        let context = TestBitmap.rgba(40, 40)
        let outer = CGMutablePath()
        outer.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 0), CGPoint(x: 30, y: 30)])
        outer.closeSubpath()
        outer.move(to: CGPoint(x: 10, y: 5))
        outer.addLines(between: [CGPoint(x: 10, y: 5), CGPoint(x: 20, y: 5), CGPoint(x: 20, y: 15)])
        outer.closeSubpath()
        context.addPath(outer)
        let copy = try XCTUnwrap(context.path)
        var moves: [CGPoint] = []
        copy.applyWithBlock { element in
            if element.pointee.type == .moveToPoint { moves.append(element.pointee.points[0]) }
        }
        XCTAssertEqual(moves, [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 5)])
        // Filled with the even-odd rule, the inner triangle is a hole.
        context.beginPath()
        context.addPath(copy)
        XCTAssertFalse(context.pathContains(CGPoint(x: 18, y: 7), mode: .eoFill))
        XCTAssertTrue(context.pathContains(CGPoint(x: 25, y: 10), mode: .eoFill))
    }
}
