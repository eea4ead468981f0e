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

/// Images beyond cairo's 32767-pixel limit draw from a copy reduced to fit it (before, cairo's
/// error surface was force-unwrapped: a valid 40000 × 1 image aborted when drawn).
final class HugeImageTests: XCTestCase {
    /// `width` × `height` RGBA pixels: red in the first half (by columns, or rows when tall), blue after.
    func halves(width: Int, height: Int) -> CGImage {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            let second = width > height ? i % width >= width / 2 : i / width >= height / 2
            rgba[i * 4] = second ? 0 : 255
            rgba[i * 4 + 2] = second ? 255 : 0
            rgba[i * 4 + 1] = 0
        }
        return Fixtures.image(width: width, height: height, rgba: rgba)
    }

    func testA40000PixelWideImageDraws() {
        // 30000 wide fits cairo, but drawn 4 pixels wide it samples past cairo's 32767 extent:
        // it drew nothing before.
        for width in [30000, 40000] {
            let image = halves(width: width, height: 1)
            let c = TestBitmap.rgba(4, 1)
            let messages = diagnostics { c.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 1)) }
            XCTAssertEqual(messages, [])
            XCTAssertEqual(c.pixel(0, 0), RGBA(255, 0, 0, 255), "\(width)")
            XCTAssertEqual(c.pixel(3, 0), RGBA(0, 0, 255, 255), "\(width)")
        }
    }

    func testA40000PixelTallImageDrawsAsAClipMaskAndProjected() {
        let image = halves(width: 1, height: 40000)
        let c = TestBitmap.rgba(1, 4)
        c.draw(image, in: CGRect(x: 0, y: 0, width: 1, height: 4))
        XCTAssertEqual(c.pixel(0, 0), RGBA(255, 0, 0, 255))           // first row at the top
        XCTAssertEqual(c.pixel(0, 3), RGBA(0, 0, 255, 255))
        let masked = TestBitmap.rgba(1, 4)
        masked.clip(to: CGRect(x: 0, y: 0, width: 1, height: 4), mask: image)
        masked.fill(CGRect(x: 0, y: 0, width: 1, height: 4))
        XCTAssertEqual(masked.pixel(0, 0).a, 255)                      // opaque image: its alpha lets all through
        let projected = TestBitmap.rgba(1, 4)
        projected.drawImage(image, projectedBy: [1, 0, 0, 0, -1.0 / 10000, 0, 0, 4, 1])
        XCTAssertEqual(projected.pixel(0, 0), RGBA(255, 0, 0, 255))
        XCTAssertEqual(projected.pixel(0, 3), RGBA(0, 0, 255, 255))
    }
}
