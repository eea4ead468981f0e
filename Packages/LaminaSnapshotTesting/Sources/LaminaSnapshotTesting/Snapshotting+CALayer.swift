import SnapshotTesting
import QuartzCore

extension Snapshotting where Value == CALayer, Format == CGImage {
    /// A snapshot strategy for comparing layers based on pixel equality: the layer's bounds
    /// rendered at 1 pixel per point, as `assertSnapshot(of: layer, as: .image)` does on iOS.
    /// References are PNG files in `__Snapshots__/<TestFile>/`, named as the library names them.
    public static var image: Snapshotting {
        .image()
    }

    /// A snapshot strategy for comparing layers based on pixel equality.
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels (of bytes, when `perceptualPrecision` is 1) that
    ///     must match. Defaults to 1.
    ///   - perceptualPrecision: How closely a pixel must match to count as matching: 1 means
    ///     exactly; a pixel matches when its CIE94 color difference is at most
    ///     `(1 − perceptualPrecision) × 100` (0.98–0.99 is about what the eye tells apart).
    ///     Defaults to 1.
    ///   - size: The size of the picture in points; defaults to the layer's bounds' size. The
    ///     layer's bounds origin is at the top left, as in the layer's own coordinates.
    ///   - scale: Device pixels per point. Defaults to 1.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
                             scale: CGFloat = 1) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { layer in
            LayerPicture.render(layer, size: size ?? layer.bounds.size, scale: scale)
        }
    }
}

extension Snapshotting where Value == CGImage, Format == CGImage {
    /// A snapshot strategy for comparing images based on pixel equality.
    public static var image: Snapshotting {
        .image()
    }

    /// A snapshot strategy for comparing images; see `Snapshotting<CALayer, CGImage>.image(precision:perceptualPrecision:size:scale:)`
    /// for what the precisions mean.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

/// How a layer becomes the picture a snapshot compares.
enum LayerPicture {
    /// The layer laid out and rendered as UIKit's image renderer would: a context with the
    /// origin at the top left (layer coordinates), `size` points at `scale`, clear where nothing is drawn.
    static func render(_ layer: CALayer, size: CGSize, scale: CGFloat) -> CGImage {
        let width = max(1, Int((size.width * scale).rounded(.up))), height = max(1, Int((size.height * scale).rounded(.up)))
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        layer.render(in: context)
        return context.makeImage()!
    }
}
