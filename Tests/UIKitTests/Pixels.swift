import UIKit

/// The straight RGBA bytes of the pixel at column `x`, row `y` (row 0 at the top) of `image`.
func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                            bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                            bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    let p = context.data!.assumingMemoryBound(to: UInt8.self) + (y * image.width + x) * 4
    return [Int(p[0]), Int(p[1]), Int(p[2]), Int(p[3])]
}

/// Whether two pixels differ by at most `tolerance` in each channel.
func close(_ a: [Int], _ b: [Int], tolerance: Int = 3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// The frame of `layer`'s tree at media time `t` (now by default), on white, at scale 1.
func frame(of layer: CALayer, at t: CFTimeInterval? = nil) -> CGImage? {
    let renderer = CARenderer(size: layer.bounds.size)
    renderer.backgroundColor = CGColor(gray: 1, alpha: 1)
    renderer.layer = layer
    return t.map { renderer.makeImage(atTime: $0) } ?? renderer.makeImage()
}
