import XCTest
import CoreGraphics

final class CGContextClippingTests: XCTestCase {
    func testClipToRectsAndPaths() {
        let c = TestBitmap.rgba(10, 10)
        c.clip(to: [CGRect(x: 0, y: 0, width: 2, height: 10), CGRect(x: 8, y: 0, width: 2, height: 10)])
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual(c.pixel(1, 5).a, 255)
        XCTAssertEqual(c.pixel(5, 5).a, 0)
        XCTAssertEqual(c.pixel(9, 5).a, 255)
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    func testClipIntersectsAndConsumesThePath() {
        let c = TestBitmap.rgba(10, 10)
        c.addRect(CGRect(x: 0, y: 0, width: 6, height: 10))
        c.clip()
        XCTAssertTrue(c.isPathEmpty)
        c.clip(to: CGRect(x: 4, y: 0, width: 6, height: 10))
        XCTAssertEqual(c.boundingBoxOfClipPath, CGRect(x: 4, y: 0, width: 2, height: 10))
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertEqual((0..<10).map { c.pixel($0, 5).a > 0 }, [false, false, false, false, true, true, false, false, false, false])
    }

    func testEvenOddClip() {
        let c = TestBitmap.rgba(20, 20)
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.clip(using: .evenOdd)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        XCTAssertEqual(c.pixel(10, 10).a, 0)
        XCTAssertEqual(c.pixel(2, 2).a, 255)
    }

    func testClipToGrayMask() {
        // A gray ramp masks by its gray level; the mask image's top row lands at the rect's top.
        let ramp = CGImage(width: 1, height: 2, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 1,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                           provider: CGDataProvider(data: Data([255, 64]) as CFData), decode: nil,
                           shouldInterpolate: false, intent: .defaultIntent)!
        let c = TestBitmap.rgba(4, 4)
        c.interpolationQuality = .none
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: ramp)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(c.pixel(1, 0), RGBA(255, 0, 0, 255))            // top half: white in the mask
        XCTAssertTrue(c.pixel(1, 3).isClose(to: RGBA(64, 0, 0, 64)), "\(c.pixel(1, 3))")
    }

    func testClipToImageWithAlphaAndSaveRestore() {
        let c = TestBitmap.rgba(2, 1)
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 0, width: 2, height: 1),
               mask: Fixtures.image(width: 2, height: 1, rgba: [0, 0, 0, 255, 0, 0, 0, 0]))
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))
        c.restoreGState()
        XCTAssertEqual(c.pixel(0, 0).a, 255)
        XCTAssertEqual(c.pixel(1, 0).a, 0)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 1))                // the mask is gone after restore
        XCTAssertEqual(c.pixel(1, 0).a, 255)
    }
}
