import SnapshotTesting
import AppKit

extension Snapshotting where Value == NSView, Format == CGImage {
    /// A snapshot strategy for comparing views based on pixel equality: the view laid out and
    /// drawn as it appears, at 1 pixel per point (outside a window), as
    /// `assertSnapshot(of: view, as: .image)` does on macOS.
    public static var image: Snapshotting {
        .image()
    }

    /// A snapshot strategy for comparing views based on pixel equality, spelled as
    /// swift-snapshot-testing's macOS strategy is.
    ///
    /// As on macOS, the view is given `size` (its frame's size is set, and stays set), laid out
    /// and drawn with `bitmapImageRepForCachingDisplay(in:)` and `cacheDisplay(in:to:)`: its
    /// bounds, as they appear (y up unless the view is flipped), clear where nothing is drawn.
    /// The view's own position does not show. (macOS's strategy compares `NSImage`s; Lamina's
    /// compares the `CGImage` the view is drawn into, as its layer and UIView strategies do.)
    ///
    /// - Parameters:
    ///   - precision: The fraction of pixels (of bytes, when `perceptualPrecision` is 1) that
    ///     must match. Defaults to 1.
    ///   - perceptualPrecision: How closely a pixel must match to count as matching: a pixel
    ///     matches when its CIE94 color difference is at most `(1 − perceptualPrecision) × 100`.
    ///     Defaults to 1.
    ///   - size: The size the view is given before it is drawn; defaults to its frame's size.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision).pullback { view in
            MainActor.assumeIsolated {
                if let size { view.setFrameSize(size) }
                let bounds = NSRect(origin: view.bounds.origin,
                                    size: CGSize(width: max(1, view.bounds.width.rounded(.up)), height: max(1, view.bounds.height.rounded(.up))))
                let rep = view.bitmapImageRepForCachingDisplay(in: bounds)!
                view.cacheDisplay(in: bounds, to: rep)
                return rep.cgImage!
            }
        }
    }
}
