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

/// Impossible bitmap layouts give nil and one message; the arithmetic that checks them never
/// overflows (before, `width: Int.max`, `bytesPerRow: Int.max` and `height: 1 << 62` trapped).
final class ImpossibleLayoutTests: XCTestCase {
    func testContextsWithAbsurdSizesAreRefused() {
        let rgb = CGColorSpaceCreateDeviceRGB(), info = CGImageAlphaInfo.premultipliedLast.rawValue
        let cases: [(width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int)] = [
            (.max, 1, 8, 0), (1, .max, 8, 0), (1 << 62, 1 << 62, 8, 0), (10, 10, 8, .max), (10, 10, 8, Int(Int32.max) + 1),
            (10, 1 << 62, 8, 64), (.min, 10, 8, 0), (10, 10, .max, 0), (10, 10, 8, -40), (0, 0, 8, 0),
        ]
        for c in cases {
            let messages = diagnostics {
                XCTAssertNil(CGContext(data: nil, width: c.width, height: c.height, bitsPerComponent: c.bitsPerComponent,
                                       bytesPerRow: c.bytesPerRow, space: rgb, bitmapInfo: info), "\(c)")
            }
            XCTAssertEqual(messages.count, 1, "\(c): \(messages)")
        }
        // Gray with no alpha multiplies the depth by the components: Int.max bits must not trap.
        let gray = diagnostics {
            XCTAssertNil(CGContext(data: nil, width: 10, height: 10, bitsPerComponent: .max, bytesPerRow: 0,
                                   space: rgb, bitmapInfo: CGImageAlphaInfo.none.rawValue))
        }
        XCTAssertEqual(gray.count, 1, "\(gray)")
    }

    func testImagesWithAbsurdLayoutsAreRefused() {
        let provider = CGDataProvider(data: Data(count: 64) as CFData)!
        let cases: [(width: Int, height: Int, bitsPerPixel: Int, bytesPerRow: Int)] = [
            (.max, 1, 32, 0), (1, 1 << 62, 32, 4), (2, 2, 32, .max), (4, 4, .max, 16), (1 << 62, 4, 32, 16), (2, 2, 32, -8),
        ]
        for c in cases {
            let messages = diagnostics {
                XCTAssertNil(CGImage(width: c.width, height: c.height, bitsPerComponent: 8, bitsPerPixel: c.bitsPerPixel,
                                     bytesPerRow: c.bytesPerRow, space: CGColorSpaceCreateDeviceRGB(),
                                     bitmapInfo: CGBitmapInfo(alpha: .last), provider: provider, decode: nil,
                                     shouldInterpolate: true, intent: .defaultIntent), "\(c)")
                guard c.bitsPerPixel == 32 else { return }   // a mask's depth is its own
                XCTAssertNil(CGImage(maskWidth: c.width, height: c.height, bitsPerComponent: 8, bitsPerPixel: 8,
                                     bytesPerRow: c.bytesPerRow, provider: provider, decode: nil, shouldInterpolate: true), "\(c)")
            }
            XCTAssertEqual(messages.count, c.bitsPerPixel == 32 ? 2 : 1, "\(c): \(messages)")
        }
    }
}

/// Finite but absurd geometry never reaches an unchecked `Int(…)`, and a huge blur is clamped
/// to what can show (before: 1e300 traps in `PixelRect` and the shadow code; a blur of 1e4 on a
/// 50 × 50 rect took 21 s and 1.8 GB).
final class AbsurdGeometryTests: XCTestCase {
    func testAbsurdRectsShadowsAndTransformsDrawWithoutTrapping() {
        let c = TestBitmap.rgba(32, 32)
        let messages = diagnostics {
            c.fill(CGRect(x: 0, y: 0, width: 1e300, height: 1e300))
            c.draw(Fixtures.quadrants, in: CGRect(x: -1e300, y: -1e300, width: 1e300, height: 1e300))
            c.saveGState()
            c.setShadow(offset: CGSize(width: 1e300, height: -1e300), blur: 1e300)
            c.fill(CGRect(x: 4, y: 4, width: 8, height: 8))
            c.setShadow(offset: .zero, blur: 1e9)
            c.fill(CGRect(x: 4, y: 4, width: 8, height: 8))
            c.restoreGState()
            c.saveGState()
            c.scaleBy(x: 1e300, y: 1e300)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            c.restoreGState()
        }
        XCTAssertEqual(messages, [])
        // cairo draws nothing for coordinates past its fixed-point range (Quartz would fill the
        // whole context); the context keeps working.
        c.fill(CGRect(x: 0, y: 0, width: 32, height: 32))
        XCTAssertEqual(c.pixel(16, 16), RGBA(0, 0, 0, 255))
    }

    func testAHugeBlurIsClampedToTheClip() {
        let c = TestBitmap.rgba(100, 100)
        c.setShadow(offset: .zero, blur: 1e4, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.fill(CGRect(x: 25, y: 25, width: 50, height: 50))
        XCTAssertEqual(c.pixel(50, 50), RGBA(255, 0, 0, 255))
        XCTAssertLessThan(c.pixel(2, 2).a, 40, "a blur that wide leaves a faint shadow")
    }
}

/// Slow paths are bounded: dashing a path with tiny lengths (which asked for 30 GB) returns it
/// undashed with a message; a curve 1e300 units across flattens (its segment count trapped).
final class BoundedPathTests: XCTestCase {
    func testTinyDashLengthsLeaveThePathUndashed() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 100, y: 0))
        var dashed: CGPath?
        let messages = diagnostics { dashed = line.copy(dashingWithPhase: 0, lengths: [1e-9, 1e-9]) }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertEqual(dashed?.boundingBoxOfPath, line.boundingBoxOfPath)
        // A fine but affordable pattern still dashes.
        let fine = line.copy(dashingWithPhase: 0, lengths: [0.5, 0.5])
        var moves = 0
        fine.applyWithBlock { if $0.pointee.type == .moveToPoint { moves += 1 } }
        XCTAssertEqual(moves, 100)
    }

    func testArcsWithHugeAnglesEnd() {
        // Found by the path fuzzer's corpus: 2π was subtracted from 1e300 until it was not positive.
        let path = CGMutablePath()
        path.addArc(center: .zero, radius: 5, startAngle: -1e300, endAngle: 1e300, clockwise: true)
        path.addArc(center: .zero, radius: 5, startAngle: 1e300, endAngle: -1e300, clockwise: false)
        path.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 1e17, clockwise: true)
        // Angles 1.8e308 apart differ by infinity, and a relative sweep of 1e300 counted its
        // quarter turns into an Int: both trapped (the path fuzzer again).
        path.addArc(center: .zero, radius: 5, startAngle: -.greatestFiniteMagnitude, endAngle: .greatestFiniteMagnitude, clockwise: true)
        path.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: 1e300)
        XCTAssertFalse(path.isEmpty)
        // Turns the other way than asked are taken off by remainder (see `CGMutablePath.sweep`):
        // 0 → π/2 − 4π counterclockwise is a quarter, ending at π/2.
        let quarter = CGMutablePath()
        quarter.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi / 2 - 4 * .pi, clockwise: false)
        XCTAssertEqual(quarter.currentPoint.x, 0, accuracy: 1e-9)
        XCTAssertEqual(quarter.currentPoint.y, 1, accuracy: 1e-9)
    }

    func testStrokesWithOverflowingDashesOrHugeWidthsEnd() {
        // Found by the path fuzzer: a dash of 1.8e308 under a scale of 126 hung cairo's dasher,
        // and cairo's round pen grows without bound with the line width.
        let c = TestBitmap.rgba(16, 16)
        c.scaleBy(x: 100, y: -126)
        let messages = diagnostics {
            c.setLineDash(phase: 0, lengths: [.greatestFiniteMagnitude])
            c.move(to: CGPoint(x: -1, y: -1)); c.addLine(to: CGPoint(x: 1e300, y: 1e300))
            c.strokePath()
        }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        c.setLineDash(phase: 0, lengths: [])
        c.setLineWidth(1e300)
        c.setLineJoin(.round); c.setLineCap(.round)
        c.move(to: .zero); c.addLine(to: CGPoint(x: 0.05, y: -0.05)); c.addLine(to: CGPoint(x: 0.1, y: 0))
        c.strokePath()
        XCTAssertEqual(c.pixel(8, 8).a, 255, "a line that wide covers the context")
    }

    func testHugeCurvesFlattenAndStroke() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 1e300, y: 0), control1: CGPoint(x: 0, y: 1e300), control2: CGPoint(x: 1e300, y: 1e300))
        let messages = diagnostics {
            _ = path.copy(dashingWithPhase: 0, lengths: [2, 2])
            _ = path.copy(strokingWithWidth: 1e300, lineCap: .round, lineJoin: .round, miterLimit: 10)
            let c = TestBitmap.rgba(8, 8)
            c.setLineDash(phase: 0, lengths: [1e-9, 1e-9])
            c.addPath(path)
            c.strokePath()
        }
        XCTAssertLessThanOrEqual(messages.count, 1, "\(messages)")
    }
}

final class DiagnosticsCollectionTests: XCTestCase {
    /// Collection is per thread (task-local): tests side by side see only their own messages.
    func testThreadsCollectOnlyTheirOwnMessages() {
        final class Counts: @unchecked Sendable {
            var values = [Int](repeating: -1, count: 4)
            let lock = NSLock()
        }
        let counts = Counts()
        DispatchQueue.concurrentPerform(iterations: 4) { i in
            let messages = CGDiagnostics.collecting {
                for _ in 0...i { TestBitmap.rgba(1, 1).setAlpha(.nan) }
            }
            counts.lock.lock(); counts.values[i] = messages.count; counts.lock.unlock()
        }
        XCTAssertEqual(counts.values, [1, 2, 3, 4])
    }
}
