import XCTest
import CoreGraphics

/// A readable form of a path's elements, from `applyWithBlock`.
func elements(of path: CGPath) -> [String] {
    var out: [String] = []
    path.applyWithBlock { element in
        let e = element.pointee
        func p(_ i: Int) -> String { "\(Int(e.points[i].x.rounded())),\(Int(e.points[i].y.rounded()))" }
        switch e.type {
        case .moveToPoint: out.append("M\(p(0))")
        case .addLineToPoint: out.append("L\(p(0))")
        case .addQuadCurveToPoint: out.append("Q\(p(1))")
        case .addCurveToPoint: out.append("C\(p(2))")
        case .closeSubpath: out.append("Z")
        }
    }
    return out
}

final class CGPathTests: XCTestCase {
    func testRectEllipseAndRoundedRectElements() {
        XCTAssertEqual(elements(of: CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)),
                       ["M0,0", "L10,0", "L10,20", "L0,20", "Z"])
        XCTAssertEqual(elements(of: CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 20), transform: nil)),
                       ["M10,10", "C5,20", "C0,10", "C5,0", "C10,10", "Z"])
        let rounded = elements(of: CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerWidth: 5, cornerHeight: 5, transform: nil))
        XCTAssertEqual(rounded.filter { $0.hasPrefix("C") }.count, 4)
        XCTAssertEqual(rounded.last, "Z")
    }

    func testTransformParameterAppliesToAddedPoints() {
        var t = CGAffineTransform(translationX: 100, y: 0)
        XCTAssertEqual(elements(of: CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &t)).first, "M100,0")
        let path = CGMutablePath()
        path.move(to: .zero, transform: CGAffineTransform(scaleX: 2, y: 2))
        path.addLine(to: CGPoint(x: 3, y: 4), transform: CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(elements(of: path), ["M0,0", "L6,8"])
    }

    func testCurrentPointAndEmptiness() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 5, y: 6))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 5, y: 6))
        path.closeSubpath()
        XCTAssertEqual(path.currentPoint, CGPoint(x: 1, y: 2))
        XCTAssertFalse(path.isEmpty)
    }

    func testLineWithoutCurrentPointIsRefusedWithAMessage() {
        let path = CGMutablePath()
        let messages = diagnostics { path.addLine(to: CGPoint(x: 1, y: 1)) }
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(messages, ["CGPathAddLineToPoint: no current point."])
    }

    func testNonFiniteInputLeavesThePathUnchanged() {
        let path = CGMutablePath()
        path.move(to: .zero)
        let messages = diagnostics {
            path.addLine(to: CGPoint(x: CGFloat.nan, y: 0))
            path.addRect(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
            path.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        }
        XCTAssertEqual(elements(of: path), ["M0,0"])
        XCTAssertEqual(messages.count, 3)
    }

    func testArcsFollowCoreGraphicsDirections() {
        let ccw = CGMutablePath()
        ccw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(elements(of: ccw), ["M10,0", "C0,10"])
        XCTAssertEqual(ccw.boundingBoxOfPath.maxY, 10, accuracy: 1e-9)
        // Clockwise (in a y-up space) from 0 to π/2 goes the long way round: three quarters.
        let cw = CGMutablePath()
        cw.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(elements(of: cw), ["M10,0", "C0,-10", "C-10,0", "C0,10"])
        // A full turn is a circle; a line joins an existing current point to the arc.
        let full = CGMutablePath()
        full.move(to: CGPoint(x: -50, y: 0))
        full.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        XCTAssertEqual(elements(of: full), ["M-50,0", "L10,0", "C0,10", "C-10,0", "C0,-10", "C10,0"])
        let relative = CGMutablePath()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: .pi, delta: -.pi / 2)
        XCTAssertEqual(elements(of: relative), ["M-10,0", "C0,10"])
    }

    /// Core Graphics draws (0, 2π) as a whole circle in both directions (UIKit inverts
    /// `clockwise` before handing arcs over, and iOS circles never vanish); closer angles go from
    /// start to end the asked way round.
    func testWholeTurnsAreCirclesBothWaysAndTheRuleBetween() {
        let twoPi = 2 * CGFloat.pi
        for clockwise in [false, true] {
            let path = CGMutablePath()
            path.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: twoPi, clockwise: clockwise)
            XCTAssertEqual(elements(of: path).count, 5, "clockwise \(clockwise): a move and four quarters")
            XCTAssertEqual(path.boundingBoxOfPath.width, 20, accuracy: 1e-9)
            // The common spinner spelling, from the top round to the top again.
            let spinner = CGMutablePath()
            spinner.addArc(center: .zero, radius: 10, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: clockwise)
            XCTAssertEqual(spinner.boundingBoxOfPath.width, 20, accuracy: 1e-9, "clockwise \(clockwise)")
        }
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: twoPi, clockwise: true), -twoPi)
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: twoPi, clockwise: false), twoPi)
        XCTAssertEqual(CGMutablePath.sweep(from: twoPi, to: 0, clockwise: false), twoPi)
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: -3 * .pi, clockwise: true), -twoPi, "more than a turn the asked way: one turn")
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: 4 * .pi, clockwise: true), -twoPi, "whole turns the other way: one turn")
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: 3 * .pi, clockwise: true), -.pi, accuracy: 1e-12,
                       "more than a turn the other way: the remainder, taken the asked way")
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: 1.5 * .pi, clockwise: true), -0.5 * .pi, accuracy: 1e-12)
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: -1.5 * .pi, clockwise: false), 0.5 * .pi, accuracy: 1e-12)
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: -0.5 * .pi, clockwise: true), -0.5 * .pi)
        XCTAssertEqual(CGMutablePath.sweep(from: 1, to: 1, clockwise: true), 0, "equal angles: nothing")
        XCTAssertEqual(CGMutablePath.sweep(from: 0, to: twoPi - 0.01, clockwise: true), -0.01, accuracy: 1e-12,
                       "just short of a turn the other way: a sliver")
        XCTAssertEqual(CGMutablePath.sweep(from: -.pi / 2, to: 3 * .pi / 2 - 1e-14, clockwise: true), -twoPi,
                       "a turn short by rounding is still a turn")
    }

    func testFullCirclesDrawInBothDirections() {
        for clockwise in [false, true] {
            let context = TestBitmap.rgba(40, 40)
            context.setStrokeColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.setLineWidth(4)
            context.addArc(center: CGPoint(x: 20, y: 20), radius: 14, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            context.strokePath()
            for (x, y) in [(34, 20), (6, 20), (20, 34), (20, 6)] {
                XCTAssertEqual(context.pixel(atUser: x, y).r, 255, "clockwise \(clockwise), ring at (\(x), \(y))")
            }
            XCTAssertEqual(context.pixel(atUser: 20, 20).a, 0, "the middle stays clear")
        }
    }

    /// The forms Apple's C functions import as, beside the Swift methods, give the same paths.
    func testRefinedForSwiftInitializers() throws {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        var shift = CGAffineTransform(translationX: 5, y: 5)
        let stroked = try XCTUnwrap(CGPath(__byStroking: line, transform: &shift, lineWidth: 2, lineCap: .round,
                                           lineJoin: .miter, miterLimit: 10))
        XCTAssertEqual(stroked, line.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .miter, miterLimit: 10, transform: shift))
        XCTAssertEqual(stroked.boundingBoxOfPath.minX, 4, accuracy: 1e-9)
        let refused = diagnostics {
            XCTAssertNil(CGPath(__byStroking: line, transform: nil, lineWidth: 0, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        }
        XCTAssertEqual(refused.count, 1)
        let lengths: [CGFloat] = [2, 3]
        let dashed = try XCTUnwrap(CGPath(__byDashing: line, transform: nil, phase: 1, lengths: lengths, count: 2))
        XCTAssertEqual(dashed, line.copy(dashingWithPhase: 1, lengths: lengths))
        _ = diagnostics { XCTAssertNil(CGPath(__byDashing: line, transform: nil, phase: 0, lengths: nil, count: 0)) }
    }

    func testFlattened() {
        let circle = CGPath(ellipseIn: CGRect(x: -10, y: -10, width: 20, height: 20), transform: nil)
        let flat = circle.flattened(threshold: 0.1)
        var kinds = Set<Int32>(), points: [CGPoint] = []
        flat.applyWithBlock { e in
            kinds.insert(e.pointee.type.rawValue)
            if e.pointee.type != .closeSubpath { points.append(e.pointee.points[0]) }
        }
        XCTAssertEqual(kinds, [CGPathElementType.moveToPoint.rawValue, CGPathElementType.addLineToPoint.rawValue,
                               CGPathElementType.closeSubpath.rawValue])
        XCTAssertGreaterThan(points.count, 16)
        for p in points { XCTAssertEqual(hypot(p.x, p.y), 10, accuracy: 0.02) }
        // Each chord's middle stays within the threshold of the circle.
        for (a, b) in zip(points, points.dropFirst()) {
            XCTAssertGreaterThan(hypot((a.x + b.x) / 2, (a.y + b.y) / 2), 10 - 0.15)
        }
    }

    func testTangentArc() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 100, y: 0), tangent2End: CGPoint(x: 100, y: 100), radius: 20)
        // Line to the first tangent point (80, 0), then a quarter arc to (100, 20).
        XCTAssertEqual(elements(of: path), ["M0,0", "L80,0", "C100,20"])
        let box = path.boundingBoxOfPath
        XCTAssertEqual(box.maxX, 100, accuracy: 1e-6)
        XCTAssertEqual(box.maxY, 20, accuracy: 1e-6)
    }

    func testBoundingBoxesIncludeOrExcludeControlPoints() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(path.boundingBoxOfPath.height, 75, accuracy: 1e-9)
        XCTAssertTrue(CGMutablePath().boundingBox.isNull)
        let quad = CGMutablePath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        XCTAssertEqual(quad.boundingBoxOfPath.height, 5, accuracy: 1e-9)
    }

    func testContainsWithBothFillRules() {
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        path.addRect(CGRect(x: 25, y: 25, width: 50, height: 50))
        XCTAssertTrue(path.contains(CGPoint(x: 50, y: 50), using: .winding))
        XCTAssertFalse(path.contains(CGPoint(x: 50, y: 50), using: .evenOdd))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 10), using: .evenOdd))
        XCTAssertFalse(path.contains(CGPoint(x: 150, y: 50)))
        XCTAssertTrue(path.contains(CGPoint(x: 150, y: 50), transform: CGAffineTransform(translationX: 100, y: 0)))
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        XCTAssertTrue(circle.contains(CGPoint(x: 50, y: 99)))
        XCTAssertFalse(circle.contains(CGPoint(x: 3, y: 3)))
        XCTAssertFalse(circle.contains(CGPoint(x: CGFloat.nan, y: 0)))
    }

    func testCopiesAndEquality() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertEqual(rect, CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
        XCTAssertNotEqual(rect, CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 11), transform: nil))
        var move = CGAffineTransform(translationX: 5, y: 5)
        XCTAssertEqual(rect.copy(using: &move)?.boundingBox, CGRect(x: 5, y: 5, width: 10, height: 10))
        let mutable = rect.mutableCopy()!
        mutable.addLine(to: CGPoint(x: 1, y: 1))
        XCTAssertEqual(elements(of: rect).count, 5)
        XCTAssertEqual(elements(of: mutable).count, 6)
        let combined = CGMutablePath()
        combined.addPath(rect, transform: CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(combined.boundingBox, CGRect(x: 0, y: 0, width: 20, height: 20))
    }

    func testIsRect() {
        var found = CGRect.zero
        XCTAssertTrue(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&found))
        XCTAssertEqual(found, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertFalse(CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 3, height: 4), transform: nil).isRect(nil))
    }

    func testApplyWithCFunction() {
        var count = 0
        CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil).apply(info: &count) { info, _ in
            info!.assumingMemoryBound(to: Int.self).pointee += 1
        }
        XCTAssertEqual(count, 5)
    }
}

final class CGPathStrokingTests: XCTestCase {
    let line: CGPath = {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addLine(to: CGPoint(x: 100, y: 0))
        return p
    }()

    func testButtSquareAndRoundCaps() {
        let butt = line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertEqual(butt.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 100, height: 10))
        XCTAssertTrue(butt.contains(CGPoint(x: 50, y: 4.5)))
        XCTAssertFalse(butt.contains(CGPoint(x: 50, y: 5.5)))
        XCTAssertFalse(butt.contains(CGPoint(x: -1, y: 0)))
        let square = line.copy(strokingWithWidth: 10, lineCap: .square, lineJoin: .miter, miterLimit: 10)
        XCTAssertEqual(square.boundingBoxOfPath, CGRect(x: -5, y: -5, width: 110, height: 10))
        let round = line.copy(strokingWithWidth: 10, lineCap: .round, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(round.contains(CGPoint(x: -4, y: 0)))
        XCTAssertFalse(round.contains(CGPoint(x: -4, y: 4)))
    }

    func testJoins() {
        let corner = CGMutablePath()
        corner.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        let miter = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        XCTAssertTrue(miter.contains(CGPoint(x: 104.5, y: -4.5)))
        let bevel = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .bevel, miterLimit: 10)
        XCTAssertFalse(bevel.contains(CGPoint(x: 104.5, y: -4.5)))
        XCTAssertTrue(bevel.contains(CGPoint(x: 102, y: -2)))
        let round = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        XCTAssertTrue(round.contains(CGPoint(x: 103, y: -3)))
        XCTAssertFalse(round.contains(CGPoint(x: 104.5, y: -4.5)))
        // A right angle needs a miter limit of √2; below that, miters become bevels.
        let limited = corner.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 1.4)
        XCTAssertFalse(limited.contains(CGPoint(x: 104.5, y: -4.5)))
    }

    func testZeroLengthSubpathsDrawDotsWithRoundAndSquareCaps() {
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 10, y: 10))
        dot.addLine(to: CGPoint(x: 10, y: 10))
        XCTAssertTrue(dot.copy(strokingWithWidth: 4, lineCap: .round, lineJoin: .miter, miterLimit: 10).contains(CGPoint(x: 11, y: 11)))
        XCTAssertTrue(dot.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10).isEmpty)
    }

    func testDashing() {
        let dashed = line.copy(dashingWithPhase: 0, lengths: [10, 5])
        let moves = elements(of: dashed).filter { $0.hasPrefix("M") }
        XCTAssertEqual(moves, ["M0,0", "M15,0", "M30,0", "M45,0", "M60,0", "M75,0", "M90,0"])
        XCTAssertEqual(dashed.boundingBox.maxX, 100)
        let phased = line.copy(dashingWithPhase: 5, lengths: [10, 5])
        XCTAssertEqual(Array(elements(of: phased).prefix(4)), ["M0,0", "L5,0", "M10,0", "L20,0"])
        // An invalid pattern leaves the path as it was.
        XCTAssertEqual(line.copy(dashingWithPhase: 0, lengths: []), line)
        XCTAssertEqual(line.copy(dashingWithPhase: 0, lengths: [0, 0]), line)
    }
}
