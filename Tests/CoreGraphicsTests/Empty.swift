import XCTest
import CoreGraphics
import ImageIO
final class TimingProbe: XCTestCase {
    func testProbe() {
        let src = CGImageSourceCreateWithURL(URL(fileURLWithPath: "/tmp/showcase/shadows.png") as CFURL, nil)!
        let img = CGImageSourceCreateImageAtIndex(src, 0, nil)!.cropping(to: CGRect(x: 230, y: 200, width: 200, height: 140))!
        let c = CGContext(data: nil, width: 600, height: 420, bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.interpolationQuality = .none
        c.draw(img, in: CGRect(x: 0, y: 0, width: 600, height: 420))
        let d = CGImageDestinationCreateWithURL(URL(fileURLWithPath: "/tmp/zoom.png") as CFURL, "public.png" as CFString, 1, nil)!
        CGImageDestinationAddImage(d, c.makeImage()!, nil)
        XCTAssertTrue(CGImageDestinationFinalize(d))
    }
}
