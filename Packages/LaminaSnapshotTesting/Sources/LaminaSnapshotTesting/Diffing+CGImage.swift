import SnapshotTesting
import CoreGraphics
import ImageIO

extension Diffing where Value == CGImage {
    /// Exact pixel equality; references stored as PNG.
    public static var image: Diffing {
        .image()
    }

    /// Images stored as PNG and compared under `precision` and `perceptualPrecision` (see
    /// `Snapshotting<CALayer, CGImage>.image(precision:perceptualPrecision:size:scale:)`). A
    /// failure attaches the reference, the new image and a difference image.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        .diff(toData: ImageFile.png, fromData: ImageFile.image) { reference, new in
            guard let message = ImageDifference.compare(reference, new, precision: precision, perceptualPrecision: perceptualPrecision)
            else { return nil }
            let difference = ImageDifference.picture(reference, new)
            return (message, [
                .data(ImageFile.png(reference), name: "reference.png"),
                .data(ImageFile.png(new), name: "failure.png"),
                .data(difference.map(ImageFile.png) ?? Data(), name: "difference.png"),
            ])
        }
    }
}

/// PNG bytes through ImageIO, as the library stores references.
enum ImageFile {
    static func png(_ image: CGImage) -> Data {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil) else { return Data() }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? data as Data : Data()
    }

    /// The image in `data`; an empty 1×1 image for data that is not one (so that the comparison,
    /// not a crash, reports it).
    static func image(_ data: Data) -> CGImage {
        if let source = CGImageSourceCreateWithData(data as CFData, nil), let image = CGImageSourceCreateImageAtIndex(source, 0, nil) {
            return image
        }
        return CGImage(width: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: 4, space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(alpha: .premultipliedLast), provider: CGDataProvider(data: Data(count: 4) as CFData)!,
                       decode: nil, shouldInterpolate: false, intent: .defaultIntent)!
    }
}
