import XCTest
import CoreImage

/// Rectangles a hostile caller may ask Core Image to render: nil with one message, or the
/// transparent pixels they cover, never a trap.
final class CIHostileRectTests: XCTestCase {
    let image = CIImage(raster: PixelImage(width: 4, height: 4, pixels: Array(repeating: 0xFF80_4020, count: 16)),
                        extent: CGRect(x: 0, y: 0, width: 4, height: 4))

    /// Before: a trap in `raster(covering:)` (`Int(r.minX - extent.minX)`).
    func testARectangleFarFromTheOriginIsRefusedWithOneMessage() {
        for rect in [CGRect(x: 1e19, y: 0, width: 10, height: 10), CGRect(x: 0, y: -1e19, width: 10, height: 10),
                     CGRect(x: -3e9, y: 0, width: 16, height: 16)] {
            var made: CGImage?
            let messages = CGDiagnostics.collecting { made = CIContext().createCGImage(image, from: rect) }
            XCTAssertNil(made)
            XCTAssertEqual(messages.count, 1, "\(rect): \(messages)")
        }
    }

    func testARectangleOutsideTheExtentWithinTheLimitIsTransparent() throws {
        let made = try XCTUnwrap(CIContext().createCGImage(image, from: CGRect(x: 1e9, y: -1e9, width: 3, height: 2)))
        XCTAssertEqual([made.width, made.height], [3, 2])
        XCTAssertEqual(image.raster(covering: CGRect(x: 1e9, y: 0, width: 3, height: 2)).pixels, [UInt32](repeating: 0, count: 6))
        XCTAssertEqual(CIImage(raster: image.raster, extent: CGRect(x: -.infinity, y: 0, width: 4, height: 4))
            .raster(covering: CGRect(x: 0, y: 0, width: 2, height: 2)).width, 2, "an extent at infinity cannot trap either")
    }

    /// Before: a trap converting the cell's position (`Int(e.maxY - 1e300)`).
    func testPixellateWithHugeParametersGivesAnImage() {
        for parameters in [[kCIInputScaleKey: 1e300], [kCIInputScaleKey: 1e9], [kCIInputCenterKey: CIVector(x: 1e300, y: -1e19)]] as [[String: Any]] {
            _ = CGDiagnostics.collecting {
                let out = image.applyingFilter("CIPixellate", parameters: parameters)
                XCTAssertEqual(out.raster.width, 4, "\(parameters)")
            }
        }
    }

    /// Found by the filters fuzz target: a NaN rectangle trapped in `cropped(to:)`. Cropping to
    /// NaN gives an empty image, to an infinite or 1e300-wide rectangle the part it covers.
    func testCroppingToAHostileRectangleGivesTheCoveredPartOrNothing() {
        XCTAssertEqual(image.cropped(to: CGRect(x: CGFloat.nan, y: 0, width: 2, height: 2)).extent, .zero)
        XCTAssertEqual(image.cropped(to: CGRect(x: 0, y: 0, width: 2, height: CGFloat.nan)).extent, .zero)
        XCTAssertEqual(image.cropped(to: .infinite).extent, image.extent)
        // Found next: an origin at −∞ with an infinite width trapped in Foundation's intersection.
        XCTAssertEqual(image.cropped(to: CGRect(x: -CGFloat.infinity, y: 0, width: .infinity, height: 2)).extent, .zero)
        XCTAssertEqual(image.cropped(to: CGRect(x: 0, y: CGFloat.infinity, width: 1, height: -.infinity)).extent, .zero)
        XCTAssertEqual(image.cropped(to: CGRect(x: 3, y: 1, width: -.infinity, height: 2)).extent, CGRect(x: 0, y: 1, width: 3, height: 2))
        XCTAssertEqual(image.cropped(to: CGRect(x: -1e300, y: 1, width: .infinity, height: 1e300)).extent,
                       CGRect(x: 0, y: 1, width: 4, height: 3))
        XCTAssertEqual(image.cropped(to: CGRect(x: 1.5, y: 0.25, width: 1, height: 1)).extent, CGRect(x: 1, y: 0, width: 2, height: 2))
    }
}
