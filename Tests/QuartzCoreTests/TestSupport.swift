import XCTest
import QuartzCore

extension XCTestCase {
    /// The premultiplied RGBA bytes of `image` at column `x` of row `y` (row 0 at the top).
    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let c = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: image.width * 4,
                          space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        c.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        let p = c.data!.assumingMemoryBound(to: UInt8.self) + (y * image.width + x) * 4
        return [p[0], p[1], p[2], p[3]]
    }
}
