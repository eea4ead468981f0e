import CoreGraphics
import CoreImage
import Foundation

/// The Core Image fuzz target: one of every filter Lamina has (the first byte chooses), its
/// inputs set from the bytes — numbers hostile or random, vectors of any length, colors, images
/// small, empty or far from the origin, and values of the wrong class — then its output
/// rendered through a `CIContext` from a hostile rectangle, as layer filters and apps do.
public enum FilterScenario {
    static let names = CIFilter.filterNames(inCategory: nil)

    /// Applies the filter the bytes choose with the inputs they give and renders its output.
    public static func run(_ data: Data) {
        var input = FuzzInput(data)
        guard !names.isEmpty, let filter = CIFilter(name: names[input.index(names.count)]) else { return }
        quietly {
            for key in filter.inputKeys where input.bool() {
                let attributes = filter.attributes[key] as? [String: Any]
                filter.setValue(value(for: attributes?[kCIAttributeClass] as? String, &input), forKey: key)
            }
            guard let output = filter.outputImage else { return }
            // Rendered at most 48×48 pixels: every kernel runs the same for a small rectangle as
            // for a large one, and libFuzzer's RSS limit is not the thing under test.
            var rect = input.rect()
            if rect.width.isFinite, rect.height.isFinite {
                rect.size = CGSize(width: min(max(rect.width, -48), 48), height: min(max(rect.height, -48), 48))
            }
            if input.bool(), output.extent.width <= 48, output.extent.height <= 48 { rect = output.extent }
            _ = CIContext(options: nil).createCGImage(output, from: rect)
            _ = output.cropped(to: input.rect()).extent
        }
    }

    /// A value for an input of `className`: mostly of that class, sometimes of another.
    static func value(for className: String?, _ input: inout FuzzInput) -> Any? {
        let kind = input.index(8) == 0 ? input.index(5) : ["NSNumber": 0, "CIVector": 1, "CIColor": 2, "CIImage": 3][className ?? ""] ?? 4
        switch kind {
        case 0: return NSNumber(value: Double(input.number()))
        case 1: return CIVector(array: (0..<input.index(7)).map { _ in input.number() })
        case 2: return CIColor(red: input.number(), green: input.number(), blue: input.number(), alpha: input.number())
        case 3: return image(&input)
        default: return input.bool() ? nil : "not a value"
        }
    }

    /// A small image: up to 8×8 pixels of the bytes, maybe cropped by a hostile rectangle, or empty.
    static func image(_ input: inout FuzzInput) -> CIImage? {
        let width = input.index(9), height = input.index(9)
        guard width > 0, height > 0 else { return CIImage.empty() }
        var pixels = (0..<(width * height * 4)).map { _ in input.byte() }
        let image: CGImage? = pixels.withUnsafeMutableBytes { bytes in
            CGContext(data: bytes.baseAddress, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                      space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        }
        guard let image else { return nil }
        let ci = CIImage(cgImage: image)
        return input.bool() ? ci : ci.cropped(to: input.rect())
    }
}
