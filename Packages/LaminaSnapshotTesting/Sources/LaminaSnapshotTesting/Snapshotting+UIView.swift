import SnapshotTesting
import UIKit

extension Snapshotting where Value == UIView, Format == CGImage {
    /// A snapshot strategy for comparing views based on pixel equality: the view laid out and its
    /// layer tree rendered at 1 pixel per point, as `assertSnapshot(of: view, as: .image)` does on
    /// iOS. References are PNG files in `__Snapshots__/<TestFile>/`, named as the library names them.
    public static var image: Snapshotting {
        .image()
    }

    /// A snapshot strategy for comparing views based on pixel equality, spelled as
    /// swift-snapshot-testing's iOS strategy is.
    ///
    /// As on iOS, the view is given `size` (its frame's size is set, and stays set), laid out
    /// (`setNeedsLayout()`, `layoutIfNeeded()`), and drawn with
    /// `drawHierarchy(in:afterScreenUpdates:)` into a `UIGraphicsImageRenderer`: its bounds,
    /// with the origin at the top left, clear where nothing is drawn. The view's own position does
    /// not show. Its model values are drawn (an animation in flight does not show).
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: Accepted, for iOS's tests, and ignored: Lamina draws the
    ///     view itself, with no host application or key window to draw it in.
    ///   - precision: The fraction of pixels (of bytes, when `perceptualPrecision` is 1) that
    ///     must match. Defaults to 1.
    ///   - perceptualPrecision: How closely a pixel must match to count as matching: 1 means
    ///     exactly; a pixel matches when its CIE94 color difference is at most
    ///     `(1 − perceptualPrecision) × 100`. Defaults to 1.
    ///   - size: The size the view is given before it is drawn; defaults to its frame's size.
    ///   - traits: Accepted, for iOS's tests, and ignored: Lamina's views have one environment
    ///     (the light appearance), and the picture is always 1 pixel per point (iOS's default is
    ///     the screen's scale), as the layer strategy's default.
    public static func image(drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
                             size: CGSize? = nil, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { view in
            MainActor.assumeIsolated { ViewPicture.render(view, size: size) }
        }
    }
}

/// How a view becomes the picture a snapshot compares.
enum ViewPicture {
    /// The view given `size` (when there is one), laid out and drawn as iOS's snapshot strategy
    /// draws it: `drawHierarchy(in:afterScreenUpdates:)` in an image renderer of the view's
    /// bounds' size at 1 pixel per point.
    @MainActor
    static func render(_ view: UIView, size: CGSize?) -> CGImage {
        if let size { view.frame.size = size }
        view.setNeedsLayout()
        view.layoutIfNeeded()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let pictureSize = CGSize(width: max(1, view.bounds.width.rounded(.up)), height: max(1, view.bounds.height.rounded(.up)))
        let picture = UIGraphicsImageRenderer(size: pictureSize, format: format).image { _ in
            _ = view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: true)
        }
        return picture.cgImage!
    }
}
