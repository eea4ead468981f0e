import XCTest
@testable import CoreGraphics

/// `drawCut(byPixelCentersTo:_:)`: a drawing cut to a rectangle by pixel centers, as
/// `clipByPixelCenters(to:)` cuts it, but drawn aside and composited in one aliased fill.
final class CGContextPixelCenterCutTests: XCTestCase {
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    let cut = CGRect(x: 25, y: 25, width: 50, height: 50)

    /// A 100×100 context turned by `angle` about its middle.
    func turned(_ angle: CGFloat = 0.4) -> CGContext {
        let ctx = TestBitmap.rgba(100, 100)
        ctx.translateBy(x: 50.3, y: 50.2)
        ctx.rotate(by: angle)
        ctx.translateBy(x: -50, y: -50)
        return ctx
    }

    func pixels(_ ctx: CGContext) -> [RGBA] {
        (0..<100).flatMap { y in (0..<100).map { ctx.pixel($0, y) } }
    }

    /// A turned square's sides are cut by pixel centers: every pixel is the drawing or empty,
    /// the same pixels the clip gives (but for a corner pixel).
    func testATurnedCutMatchesTheClipWithNoPartialPixels() {
        let reaching = cut.insetBy(dx: -2, dy: -2)
        let drawn = turned()
        drawn.drawCut(byPixelCentersTo: cut) { c in
            c.setFillColor(blue)
            c.fill(reaching)
        }
        let clipped = turned()
        clipped.saveGState()
        clipped.clipByPixelCenters(to: cut)
        clipped.setFillColor(blue)
        clipped.fill(reaching)
        clipped.restoreGState()
        let cutPixels = pixels(drawn)
        XCTAssertEqual(cutPixels.filter { $0 != RGBA(0, 0, 0, 0) && $0 != RGBA(0, 0, 255, 255) }.count, 0)
        // About the square's area (2500 pixels) is drawn.
        XCTAssertEqual(Double(cutPixels.filter { $0 == RGBA(0, 0, 255, 255) }.count), 2500, accuracy: 60)
        let differing = zip(cutPixels, pixels(clipped)).enumerated().filter { $0.element.0 != $0.element.1 }
        // cairo's clip and its aliased fill may settle a pixel at a corner differently (a center
        // on the vertex's fixed-point rounding); along the sides they agree.
        XCTAssertLessThanOrEqual(differing.count, 4, "\(differing.prefix(5).map { ($0.offset % 100, $0.offset / 100, $0.element) })")
    }

    /// Inside the cut the drawing keeps its antialiasing (a disc's rim), within 1 of the clip's.
    func testTheDrawingInsideKeepsItsAntialiasing() {
        let disc = CGRect(x: 30, y: 30, width: 40, height: 40)
        let drawn = turned()
        drawn.drawCut(byPixelCentersTo: cut) { c in
            c.setFillColor(blue)
            c.fillEllipse(in: disc)
        }
        let plain = turned()
        plain.setFillColor(blue)
        plain.fillEllipse(in: disc)
        let (a, b) = (pixels(drawn), pixels(plain))
        XCTAssertGreaterThan(a.filter { $0.a > 0 && $0.a < 255 }.count, 60, "the rim is antialiased")
        XCTAssertTrue(zip(a, b).allSatisfy { $0.isClose(to: $1) })
    }

    /// The alpha applies to the drawing as one picture: overlapping fills inside do not darken.
    func testTheDrawingFadesAsOnePicture() {
        let ctx = TestBitmap.rgba(100, 100)
        ctx.setAlpha(0.5)
        ctx.drawCut(byPixelCentersTo: CGRect(x: 10, y: 10, width: 80, height: 80)) { c in
            c.setFillColor(blue)
            c.fill(CGRect(x: 20, y: 20, width: 40, height: 60))
            c.fill(CGRect(x: 40, y: 20, width: 40, height: 60))
        }
        let both = ctx.pixel(atUser: 50, 50), firstOnly = ctx.pixel(atUser: 30, 50)
        XCTAssertTrue(firstOnly.isClose(to: RGBA(0, 0, 128, 128)), "\(firstOnly)")
        XCTAssertTrue(both.isClose(to: firstOnly), "\(both)")
    }

    /// The context's clip and mask clip still limit what the cut draws.
    func testTheClipAndTheMaskClipStillApply() {
        let ctx = TestBitmap.rgba(100, 100)
        ctx.clip(to: CGRect(x: 0, y: 0, width: 50, height: 100))
        // A mask that lets paint through only in its lower half (user y < 50).
        let mask = TestBitmap.rgba(100, 100)
        mask.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        mask.fill(CGRect(x: 0, y: 0, width: 100, height: 50))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 100, height: 100), mask: mask.makeImage()!)
        ctx.translateBy(x: 50.4, y: 50.3)
        ctx.rotate(by: 0.2)
        ctx.translateBy(x: -50, y: -50)
        ctx.drawCut(byPixelCentersTo: CGRect(x: 10, y: 10, width: 80, height: 80)) { c in
            c.setFillColor(blue)
            c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        }
        XCTAssertEqual(ctx.pixel(atUser: 30, 30), RGBA(0, 0, 255, 255), "inside the clip and the mask")
        XCTAssertEqual(ctx.pixel(atUser: 70, 30).a, 0, "outside the clip")
        XCTAssertEqual(ctx.pixel(atUser: 30, 70).a, 0, "outside the mask")
    }

    /// A rectangle far larger than any surface is drawn over the clip only; a non-finite one
    /// draws nothing.
    func testAbsurdRectanglesDrawWithinTheClipOrNothing() {
        let ctx = turned()
        var drew = false
        ctx.drawCut(byPixelCentersTo: CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)) { c in
            drew = true
            c.setFillColor(blue)
            c.fill(CGRect(x: -100, y: -100, width: 300, height: 300))
        }
        XCTAssertTrue(drew)
        XCTAssertEqual(ctx.pixel(0, 0), RGBA(0, 0, 255, 255))
        let other = turned()
        other.drawCut(byPixelCentersTo: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10)) { _ in XCTFail("not drawn") }
        XCTAssertEqual(pixels(other).filter { $0.a > 0 }.count, 0)
    }
}
