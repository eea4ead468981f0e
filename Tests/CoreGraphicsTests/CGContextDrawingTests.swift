import XCTest
import CoreGraphics

final class CGContextDrawingTests: XCTestCase {
    func testAntialiasedEdgesHaveFractionalCoverage() {
        let c = TestBitmap.rgba(4, 1)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0.5, y: 0, width: 2, height: 1))
        XCTAssertEqual(Int(c.pixel(0, 0).a), 128, accuracy: 1)
        XCTAssertEqual(c.pixel(1, 0).a, 255)
        XCTAssertEqual(Int(c.pixel(2, 0).a), 128, accuracy: 1)
        XCTAssertEqual(c.pixel(3, 0).a, 0)
        let aliased = TestBitmap.rgba(4, 1)
        aliased.setShouldAntialias(false)
        aliased.fill(CGRect(x: 0.6, y: 0, width: 2, height: 1))
        XCTAssertTrue([0, 255].contains(aliased.pixel(0, 0).a))
        XCTAssertTrue([0, 255].contains(aliased.pixel(2, 0).a))
    }

    func testStrokeWidthCapsAndDashesInPixels() {
        let c = TestBitmap.rgba(20, 20)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(4)
        c.strokeLineSegments(between: [CGPoint(x: 5, y: 10), CGPoint(x: 15, y: 10)])
        XCTAssertEqual(c.pixel(atUser: 10, 8), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(atUser: 10, 11), RGBA(255, 0, 0, 255))
        XCTAssertEqual(c.pixel(atUser: 10, 12).a, 0)
        XCTAssertEqual(c.pixel(atUser: 3, 10).a, 0)                    // butt cap ends at x = 5
        c.setLineCap(.square)
        c.strokeLineSegments(between: [CGPoint(x: 5, y: 4), CGPoint(x: 15, y: 4)])
        XCTAssertEqual(c.pixel(atUser: 3, 4).a, 255)                    // square cap reaches x = 3
        let dashed = TestBitmap.rgba(20, 2)
        dashed.setLineWidth(2)
        dashed.setLineDash(phase: 0, lengths: [4, 4])
        dashed.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 20, y: 1)])
        XCTAssertEqual((0..<20).map { dashed.pixel($0, 0).a > 128 ? 1 : 0 },
                       [1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 1, 1, 1, 1])
    }

    /// A stroke covers every point within half its width of the path, however tightly the path
    /// curves: cairo left a hole of radius 39 in a circle of radius 10 stroked 100 wide.
    func testACurveStrokedWiderThanItIsRoundIsCoveredWhole() {
        let c = TestBitmap.rgba(200, 200)
        c.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.setLineWidth(100)
        c.addEllipse(in: CGRect(x: 90, y: 90, width: 20, height: 20))
        c.strokePath()
        var holes = 0, outside = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let d = hypot(Double(x) + 0.5 - 100, Double(y) + 0.5 - 100)
                // Where the outline's pieces meet, cairo's sampled coverage may read 254.
                if d < 59, c.pixel(x, y).a < 250 { holes += 1 }
                if d > 61, c.pixel(x, y).a != 0 { outside += 1 }
            }
        }
        XCTAssertEqual(holes, 0, "pixels inside the stroke left unpainted")
        XCTAssertEqual(outside, 0, "pixels past half the line width painted")
        // The same circle stroked narrower than its radius keeps its hole (cairo draws it).
        let ring = TestBitmap.rgba(200, 200)
        ring.setLineWidth(8)
        ring.addEllipse(in: CGRect(x: 80, y: 80, width: 40, height: 40))
        ring.strokePath()
        XCTAssertEqual(ring.pixel(100, 100).a, 0)
        XCTAssertEqual(ring.pixel(100, 81).a, 255)
        // Under a scaled context the outline is as fine as cairo's: no facets a pixel deep.
        let scaled = TestBitmap.rgba(200, 200)
        scaled.scaleBy(x: 10, y: 10)
        scaled.setLineWidth(10)
        scaled.addEllipse(in: CGRect(x: 9, y: 9, width: 2, height: 2))
        scaled.strokePath()
        for angle in stride(from: 0.0, to: 2 * .pi, by: 0.1) {
            // 59.5 pixels out: inside the 60-pixel stroke.
            let x = Int(100 + 59 * cos(angle)), y = Int(100 + 59 * sin(angle))
            XCTAssertGreaterThan(scaled.pixel(x, y).a, 200, "angle \(angle)")
        }
    }

    func testCTMOperations() {
        let c = TestBitmap.rgba(10, 10)
        c.translateBy(x: 5, y: 5)
        c.scaleBy(x: 2, y: 2)
        XCTAssertEqual(c.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: 5))
        XCTAssertEqual(c.convertToDeviceSpace(CGPoint(x: 1, y: 1)), CGPoint(x: 7, y: 7))
        XCTAssertEqual(c.convertToUserSpace(CGPoint(x: 7, y: 7)), CGPoint(x: 1, y: 1))
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))                // device (5…7, 5…7)
        XCTAssertEqual(c.pixel(atUser: 5, 5).a, 255)
        XCTAssertEqual(c.pixel(atUser: 6, 6).a, 255)
        XCTAssertEqual(c.pixel(atUser: 7, 7).a, 0)
        c.rotate(by: .pi / 2)
        let p = c.convertToDeviceSpace(CGPoint(x: 1, y: 0))
        XCTAssertEqual(p.x, 5, accuracy: 1e-9)
        XCTAssertEqual(p.y, 7, accuracy: 1e-9)
    }

    func testSaveAndRestoreGState() {
        let c = TestBitmap.rgba(4, 4)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.saveGState()
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.translateBy(x: 2, y: 0)
        c.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        c.restoreGState()
        XCTAssertEqual(c.ctm, .identity)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        XCTAssertEqual(c.pixel(3, 0), RGBA(255, 0, 0, 255))             // clip and color restored
        let messages = diagnostics { c.restoreGState() }
        XCTAssertEqual(messages.count, 1)
    }

    func testCurrentPathQueries() {
        let c = TestBitmap.rgba(10, 10)
        XCTAssertTrue(c.isPathEmpty)
        XCTAssertNil(c.path)
        c.move(to: CGPoint(x: 1, y: 2))
        c.addLine(to: CGPoint(x: 5, y: 6))
        XCTAssertFalse(c.isPathEmpty)
        XCTAssertEqual(c.currentPointOfPath, CGPoint(x: 5, y: 6))
        XCTAssertEqual(c.boundingBoxOfPath, CGRect(x: 1, y: 2, width: 4, height: 4))
        c.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        XCTAssertTrue(c.pathContains(CGPoint(x: 8, y: 8), mode: .fill))
        XCTAssertFalse(c.pathContains(CGPoint(x: 8, y: 8), mode: .stroke))
        // The path is kept in device space: it does not move when the CTM changes afterwards.
        c.translateBy(x: 1, y: 0)
        XCTAssertEqual(c.boundingBoxOfPath, CGRect(x: -1, y: 0, width: 10, height: 10))
        c.fillPath()
        XCTAssertTrue(c.isPathEmpty)
        c.beginPath()
        c.addArc(center: CGPoint(x: 5, y: 5), radius: 2, startAngle: 0, endAngle: .pi, clockwise: false)
        XCTAssertEqual(c.currentPointOfPath.x, 3, accuracy: 1e-9)
    }

    func testDrawPathModes() {
        let c = TestBitmap.rgba(20, 20)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(2)
        c.addRect(CGRect(x: 4, y: 4, width: 12, height: 12))
        c.drawPath(using: .fillStroke)
        XCTAssertEqual(c.pixel(atUser: 10, 10), RGBA(0, 0, 255, 255))
        XCTAssertEqual(c.pixel(atUser: 4, 10), RGBA(255, 0, 0, 255))
        XCTAssertTrue(c.isPathEmpty)
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.setFillColor(gray: 0, alpha: 1)
        c.drawPath(using: .eoFill)
        XCTAssertEqual(c.pixel(atUser: 10, 10), RGBA(0, 0, 255, 255))   // the hole
        XCTAssertEqual(c.pixel(atUser: 1, 1), RGBA(0, 0, 0, 255))
    }

    func testReplacePathWithStrokedPath() {
        let c = TestBitmap.rgba(20, 20)
        c.setLineWidth(6)
        c.move(to: CGPoint(x: 0, y: 10))
        c.addLine(to: CGPoint(x: 20, y: 10))
        c.replacePathWithStrokedPath()
        XCTAssertTrue(c.pathContains(CGPoint(x: 10, y: 12.5), mode: .fill))
        XCTAssertFalse(c.pathContains(CGPoint(x: 10, y: 13.5), mode: .fill))
    }

    func testClearMakesPixelsTransparentWhateverTheState() {
        let c = TestBitmap.rgba(4, 4)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.setAlpha(0.2)
        c.setBlendMode(.multiply)
        c.clear(CGRect(x: 0, y: 0, width: 2, height: 4))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 0, 0))
        XCTAssertEqual(c.pixel(3, 0), RGBA(0, 0, 0, 255))
    }
}

final class CGContextColorStateTests: XCTestCase {
    func testFillColorSpaceAndComponents() {
        let c = TestBitmap.rgba(1, 1)
        c.setFillColorSpace(CGColorSpaceCreateDeviceRGB())
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 0, 0, 255))               // black in the new space
        c.setFillColor([0, 1, 0, 1])
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(c.pixel(0, 0), RGBA(0, 255, 0, 255))
        c.setStrokeColorSpace(CGColorSpaceCreateDeviceGray())
        c.setStrokeColor([1, 1])
        c.setLineWidth(4)
        c.strokeLineSegments(between: [CGPoint(x: -1, y: 0.5), CGPoint(x: 2, y: 0.5)])
        XCTAssertEqual(c.pixel(0, 0), RGBA(255, 255, 255, 255))
    }

    func testDefaultsMatchApple() {
        // Line width 1, black fill and stroke: a 1-unit stroke on a pixel boundary covers two
        // half pixels.
        let c = TestBitmap.rgba(4, 1)
        c.strokeLineSegments(between: [CGPoint(x: 2, y: -1), CGPoint(x: 2, y: 2)])
        XCTAssertEqual(Int(c.pixel(1, 0).a), 128, accuracy: 1)
        XCTAssertEqual(Int(c.pixel(2, 0).a), 128, accuracy: 1)
        XCTAssertEqual(c.pixel(1, 0).r, 0)
        XCTAssertEqual(c.interpolationQuality, .default)
    }

    func testResetClip() {
        let c = TestBitmap.rgba(4, 1)
        c.clip(to: CGRect(x: 0, y: 0, width: 1, height: 1))
        c.resetClip()
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        XCTAssertEqual(c.pixel(3, 0).a, 255)
    }

    func testReleaseCallbackHandsTheMemoryBack() {
        final class Flag: @unchecked Sendable { var released: UnsafeMutableRawPointer? }
        let flag = Flag()
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)
        defer { memory.deallocate() }
        do {
            let c = CGContext(data: memory, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 8,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue,
                              releaseCallback: { info, data in
                                  Unmanaged<Flag>.fromOpaque(info!).takeUnretainedValue().released = data
                              }, releaseInfo: Unmanaged.passUnretained(flag).toOpaque())
            XCTAssertNotNil(c)
        }
        XCTAssertEqual(flag.released, memory)
    }
}
