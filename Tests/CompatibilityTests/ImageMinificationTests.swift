import XCTest
import QuartzCore

/// Layer contents drawn much smaller than their pixels by `render(in:)`, as animation players
/// shrink their image assets: measured against iOS's own renders, the result is smooth (the
/// pixels averaged), where bilinear sampling picked some pixels and skipped the rest. Fails on
/// what Lamina did before.
final class ImageMinificationTests: XCTestCase {
    /// 100 × 100 pixels of upright stripes two pixels wide, white and black.
    private func stripes() throws -> CGImage {
        let context = try XCTUnwrap(CGContext(data: nil, width: 100, height: 100, bitsPerComponent: 8, bytesPerRow: 0,
                                              space: CGColorSpaceCreateDeviceRGB(),
                                              bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 0, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
        context.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        for x in stride(from: 0, to: 100, by: 4) { context.fill(CGRect(x: x, y: 0, width: 2, height: 100)) }
        return try XCTUnwrap(context.makeImage())
    }

    func testContentsShrunkToATenthAreAveraged() throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.position = CGPoint(x: 5, y: 5)
        layer.contents = try stripes()
        let image = try XCTUnwrap(RenderProbe.image(of: layer, size: layer.bounds.size))
        for x in 0..<10 {
            let gray = RenderProbe.rgba(image, x, 5)[0]
            // Each output pixel covers ten input columns, five of them white: half gray, give or
            // take what a filter's reach adds; sampling two columns gave 0 or 255.
            XCTAssertEqual(Double(gray), 127.5, accuracy: 40, "column \(x)")
        }
    }
}
