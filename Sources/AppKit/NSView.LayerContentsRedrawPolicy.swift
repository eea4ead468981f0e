extension NSView {
    /// Constants that specify how a view's layer is redrawn when the view is resized or marked
    /// as needing display (macOS's raw values, 0 up in this order).
    public enum LayerContentsRedrawPolicy: Int, Sendable {
        /// Leave the layer's contents alone: the layer is never marked as needing display. How
        /// layer-hosting views are treated.
        case never
        /// `setNeedsDisplay` redraws the view's layer; a size change does not, and the old
        /// contents are placed by `layerContentsPlacement`.
        case onSetNeedsDisplay
        /// The layer is redrawn whenever the view's size changes, and on `setNeedsDisplay`; an
        /// animated resize is driven by AppKit, which sets the frame and redraws at each display
        /// frame. The default for layer-backed views.
        case duringViewResize
        /// The layer is redrawn once at the new size when the size changes (at the beginning of
        /// an animated resize), and on `setNeedsDisplay`.
        case beforeViewResize
        /// The layer is redrawn at the new size, and an animated resize cross-fades from the old
        /// contents to the new.
        case crossfade
    }
}
