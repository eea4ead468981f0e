import XCTest
import CoreGraphics

/// Bad input gives a no-op or nil with a message, never a crash, and never poisons the context.
final class BadInputTests: XCTestCase {
    func testNonFiniteGeometryIsIgnoredAndTheContextKeepsWorking() {
        let c = TestBitmap.rgba(4, 4)
        let messages = diagnostics {
            c.fill(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
            c.stroke(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
            c.move(to: CGPoint(x: CGFloat.nan, y: 1))
            c.translateBy(x: .infinity, y: 0)
            c.setLineWidth(.nan)
            c.setAlpha(.nan)
            c.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 1)
            c.setLineDash(phase: 0, lengths: [-1, 2])
            c.draw(Fixtures.quadrants, in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
            c.drawLinearGradient(CGGradient(colorsSpace: nil, colors: [CGColor.black] as CFArray, locations: nil)!,
                                 start: CGPoint(x: CGFloat.nan, y: 0), end: .zero, options: [])
            c.clear(CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        }
        XCTAssertEqual(messages.count, 11, "\(messages)")
        XCTAssertEqual(c.ctm, .identity)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(c.pixel(2, 2), RGBA(0, 0, 0, 255))
    }

    func testSingularCTMDrawsNothingAndRecovers() {
        let c = TestBitmap.rgba(4, 4)
        c.saveGState()
        c.scaleBy(x: 0, y: 0)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.addRect(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.strokePath()
        XCTAssertEqual(c.pixel(2, 2).a, 0)
        c.restoreGState()
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(c.pixel(2, 2).a, 255)
    }

    func testNegativeSizesAreStandardized() {
        let c = TestBitmap.rgba(4, 4)
        c.fill(CGRect(x: 4, y: 4, width: -2, height: -2))
        XCTAssertEqual(c.pixel(atUser: 3, 3).a, 255)
        XCTAssertEqual(c.pixel(atUser: 1, 1).a, 0)
    }

    func testHugeContextsAreRefused() {
        let messages = diagnostics {
            XCTAssertNil(CGContext(data: nil, width: 100_000, height: 10, bitsPerComponent: 8, bytesPerRow: 0,
                                   space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        }
        XCTAssertEqual(messages.count, 1)
    }
}
