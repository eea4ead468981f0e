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
                           provider: CGDataProvider(data: Data([255, 64]) as CFData)!, decode: nil,
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

    /// A mask whose edges are transparent, clipped to through a turned CTM, keeps its opaque
    /// middle (cairo 1.16 lost it to a DEST_IN under an off-grid clip), and two masks intersect.
    func testClipToMaskUnderRotationAndTwoMasks() {
        // 40×40 mask: transparent but for its middle 20×20.
        var alpha = [UInt8](repeating: 0, count: 40 * 40)
        for y in 10..<30 { for x in 10..<30 { alpha[y * 40 + x] = 255 } }
        let mask = CGImage(width: 40, height: 40, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 40,
                           space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                           provider: CGDataProvider(data: Data(alpha) as CFData)!, decode: nil,
                           shouldInterpolate: true, intent: .defaultIntent)!
        for angle in [0.0, 0.2, 0.8] {
            let c = TestBitmap.rgba(100, 100)
            c.translateBy(x: 50, y: 50)
            c.rotate(by: angle)
            let rect = CGRect(x: -20, y: -20, width: 40, height: 40)
            c.saveGState()
            c.clip(to: rect, mask: mask)
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.fill(rect)
            c.restoreGState()
            XCTAssertEqual(c.pixel(50, 50), RGBA(255, 0, 0, 255), "the middle, turned by \(angle)")
            let painted = (0..<100).flatMap { y in (0..<100).map { c.pixel($0, y).a } }.reduce(0) { $0 + Int($1) } / 255
            XCTAssertEqual(Double(painted), 400, accuracy: 12, "the 20×20 middle's area, turned by \(angle)")
        }
        // Two masks: only where both let paint through (the second shifted right by 10).
        let c = TestBitmap.rgba(100, 100)
        c.clip(to: CGRect(x: 30, y: 30, width: 40, height: 40), mask: mask)
        c.clip(to: CGRect(x: 40, y: 30, width: 40, height: 40), mask: mask)
        c.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        XCTAssertEqual(c.pixel(55, 50).a, 255, "inside both middles")
        XCTAssertEqual(c.pixel(45, 50).a, 0, "inside the first only")
        XCTAssertEqual(c.pixel(65, 50).a, 0, "inside the second only")
        XCTAssertEqual(c.pixel(10, 10).a, 0, "outside both rectangles")
    }

    /// A mask clip keeps only its rectangle's pixels: drawing that reads it pixel by pixel (plus
    /// darker) or through cairo (shadows) finds it where the rectangle is, nothing elsewhere.
    func testMaskClipsAwayFromTheOriginHoldForShadowsAndPlusDarker() {
        let opaque = CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 1,
                             space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                             provider: CGDataProvider(data: Data([255]) as CFData)!, decode: nil,
                             shouldInterpolate: false, intent: .defaultIntent)!
        let shadowed = TestBitmap.rgba(60, 60)
        shadowed.clip(to: CGRect(x: 30, y: 30, width: 20, height: 20), mask: opaque)
        shadowed.setShadow(offset: CGSize(width: 10, height: 10), blur: 0, color: CGColor(gray: 0, alpha: 1))
        shadowed.fill(CGRect(x: 25, y: 25, width: 10, height: 10))
        XCTAssertEqual(shadowed.pixel(atUser: 32, 32).a, 255, "the fill inside the mask")
        XCTAssertEqual(shadowed.pixel(atUser: 42, 42).a, 255, "its shadow inside the mask")
        XCTAssertEqual(shadowed.pixel(atUser: 27, 27).a, 0, "the fill outside the mask")
        let darker = TestBitmap.rgba(60, 60)
        darker.setFillColor(gray: 1, alpha: 1)
        darker.fill(CGRect(x: 0, y: 0, width: 60, height: 60))
        darker.clip(to: CGRect(x: 30, y: 30, width: 20, height: 20), mask: opaque)
        darker.setBlendMode(.plusDarker)
        darker.setFillColor(gray: 0.5, alpha: 1)
        darker.fill(CGRect(x: 20, y: 20, width: 40, height: 40))
        XCTAssertLessThan(darker.pixel(atUser: 40, 40).r, 200, "darkened inside the mask")
        XCTAssertEqual(darker.pixel(atUser: 25, 25).r, 255, "untouched outside it")
        XCTAssertEqual(darker.pixel(atUser: 55, 55).r, 255, "untouched outside it")
    }

    /// `fill(_:throughMask:)` paints the fill color where an image mask lets paint through,
    /// stretched over the rect, and nothing outside it.
    func testFillThroughAnImageMask() {
        // 4×4 samples: the middle 2×2 paint (0 means paint), the ring does not.
        let samples: [UInt8] = [255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 255, 255, 255]
        let mask = CGImage(maskWidth: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                           provider: CGDataProvider(data: Data(samples) as CFData)!, decode: nil, shouldInterpolate: true)!
        let c = TestBitmap.rgba(60, 60)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 40, height: 40), throughMask: mask)
        XCTAssertEqual(c.pixel(atUser: 30, 30), RGBA(255, 0, 0, 255), "the middle paints")
        XCTAssertEqual(c.pixel(atUser: 12, 12).a, 0, "the ring does not")
        XCTAssertEqual(c.pixel(atUser: 5, 30).a, 0, "nothing outside the rect")
        // Turned, the middle still paints and the corners of the turned rect stay clear.
        let turned = TestBitmap.rgba(60, 60)
        turned.translateBy(x: 30, y: 30)
        turned.rotate(by: 0.5)
        turned.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        turned.fill(CGRect(x: -20, y: -20, width: 40, height: 40), throughMask: mask)
        XCTAssertEqual(turned.pixel(30, 30), RGBA(0, 0, 255, 255))
        XCTAssertEqual(turned.pixel(2, 2).a, 0)
    }
}
