import CoreGraphics
import ImageIO

/// The decoder fuzz targets: data decoded as PNG, as JPEG, or (the first byte choosing how)
/// decoded and drawn scaled, tiled and as a clip mask into a small context.
///
/// They decode under a budget of 2048² pixels and 16 MB (decode-then-draw: 256², see
/// `drawBudget`) instead of the standard 16384² and 1 GiB: an image the standard budget rightly allows would pass libFuzzer's 512 MB RSS limit
/// (an out-of-memory report) without being a bug. Every check is the same at either size.
public enum DecodeScenario {
    static let budget = ImageBudget(maximumPixelCount: 2048 * 2048, maximumByteCount: 16 << 20)
    /// The decode-then-draw target's budget: 256² pixels, 1 MB. Every drawing path (scaled,
    /// tiled, as a clip mask, cropped, reduced for a side past 16384: 16385×3 fits) is the same
    /// for a small image as for a large one; converting megapixel images three times an input
    /// held the target to under 200 executions a second. The decoder targets keep the larger budget.
    static let drawBudget = ImageBudget(maximumPixelCount: 256 * 256, maximumByteCount: 1 << 20)

    /// Decodes `data` as a PNG.
    public static func png(_ data: Data) {
        _ = quietly { PNGCodec.decode(data, budget: budget) }
    }

    /// Decodes `data` as a JPEG.
    public static func jpeg(_ data: Data) {
        _ = quietly { JPEGCodec.decode(data, budget: budget) }
    }

    /// Decodes through an image source (either format), then draws the image three ways.
    public static func decodeAndDraw(_ data: Data) {
        var input = FuzzInput(data)
        let how = input.byte()
        let encoded = input.rest()
        quietly {
            let options = [kLaminaImageSourceMaximumPixelCount as String: Self.drawBudget.maximumPixelCount,
                           kLaminaImageSourceMaximumByteCount as String: Self.drawBudget.maximumByteCount] as CFDictionary
            guard let source = CGImageSourceCreateWithData(encoded as CFData, options),
                  let image = CGImageSourceCreateImageAtIndex(source, 0, nil),
                  let context = CGContext(data: nil, width: 24, height: 24, bitsPerComponent: 8, bytesPerRow: 0,
                                          space: CGColorSpaceCreateDeviceRGB(),
                                          bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue) else { return }
            _ = CGImageSourceCopyPropertiesAtIndex(source, 0, nil)
            let rect = CGRect(x: 1, y: 2, width: 5 + Int(how % 40), height: 3 + Int(how / 8))
            context.draw(image, in: rect)
            context.draw(image, in: CGRect(x: 0, y: 0, width: 7, height: 5), byTiling: how & 1 == 1)
            context.interpolationQuality = how & 2 == 0 ? .high : .none
            context.clip(to: rect, mask: image)
            context.fill(CGRect(x: 0, y: 0, width: 24, height: 24))
            _ = image.cropping(to: CGRect(x: 1, y: 1, width: Int(how), height: 3))
        }
    }
}

/// Runs `body` with its diagnostics collected, not printed: a fuzzer's output stays readable.
@discardableResult
func quietly<T>(_ body: () -> T) -> T {
    var result: T?
    _ = CGDiagnostics.collecting { result = body() }
    return result!
}
