import CoreGraphics

/// A generated image drawn scaled (nearest and bilinear), tiled, cropped, and an image mask.
enum ImagesScene {
    /// A 4×4 RGBA image with straight alpha: a color in each corner and a translucent middle.
    static let sample: CGImage = {
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for y in 0..<4 {
            for x in 0..<4 {
                let i = (y * 4 + x) * 4
                pixels[i] = UInt8(x * 85); pixels[i + 1] = UInt8(y * 85); pixels[i + 2] = UInt8(255 - x * 60)
                pixels[i + 3] = (1...2).contains(x) && (1...2).contains(y) ? 128 : 255
            }
        }
        return CGImage(width: 4, height: 4, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 16,
                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                       provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil,
                       shouldInterpolate: true, intent: .defaultIntent)!
    }()

    /// An 8×8 one-bit image mask: a checkerboard of 2×2 cells.
    static let mask: CGImage = {
        let rows: [UInt8] = [0b1100_1100, 0b1100_1100, 0b0011_0011, 0b0011_0011,
                             0b1100_1100, 0b1100_1100, 0b0011_0011, 0b0011_0011]
        return CGImage(maskWidth: 8, height: 8, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                       provider: CGDataProvider(data: Data(rows) as CFData)!, decode: nil, shouldInterpolate: false)!
    }()

    static func draw(_ c: CGContext) {
        Showcase.caption("nearest · bilinear · tiled · cropped · image mask in the fill color", in: c, at: CGPoint(x: 12, y: 350))
        c.interpolationQuality = .none
        c.draw(sample, in: CGRect(x: 20, y: 190, width: 130, height: 130))
        c.interpolationQuality = .default
        c.draw(sample, in: CGRect(x: 170, y: 190, width: 130, height: 130))
        c.saveGState()
        c.clip(to: CGRect(x: 320, y: 190, width: 140, height: 130))
        c.interpolationQuality = .none
        c.draw(sample, in: CGRect(x: 320, y: 190, width: 24, height: 24), byTiling: true)
        c.restoreGState()
        if let corner = sample.cropping(to: CGRect(x: 0, y: 0, width: 2, height: 2)) {
            c.draw(corner, in: CGRect(x: 20, y: 30, width: 130, height: 130))
        }
        c.setFillColor(Showcase.color(0.85, 0.25, 0.35))
        c.draw(mask, in: CGRect(x: 170, y: 30, width: 130, height: 130))
    }
}
