/// A value of another framework that a layer's `contents` can take for an image (AppKit's
/// `NSImage`): the layer keeps the `CGImage` it gives for the layer's `contentsScale`.
package protocol LayerContentsImageProviding: AnyObject {
    /// The image to show at `scale` pixels per point; nil shows no contents.
    func layerContentsImage(forContentsScale scale: CGFloat) -> CGImage?
}
