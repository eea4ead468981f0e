/// What a layer asks of its delegate. Every method is optional (a default does nothing), as in
/// Apple's protocol; a delegate that implements `display(_:)` takes over drawing entirely.
public protocol CALayerDelegate: AnyObject {
    /// Sets the layer's `contents` directly; when implemented, `draw(_:in:)` is not called.
    func display(_ layer: CALayer)
    /// Draws the layer's content into a context flipped to layer coordinates and scaled by
    /// `contentsScale`.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Called before `draw(_:in:)`, to configure the layer's backing store.
    func layerWillDraw(_ layer: CALayer)
    /// Lays out the layer's sublayers.
    func layoutSublayers(of layer: CALayer)
    /// The action for `event`; nil to continue the search, `NSNull()` to stop it.
    func action(for layer: CALayer, forKey event: String) -> CAAction?
}

extension CALayerDelegate {
    /// Not implemented: the layer falls back to drawing with `draw(_:in:)`.
    public func display(_ layer: CALayer) { layer.delegateLacksDisplay = true }
    /// Draws nothing.
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    /// Does nothing.
    public func layerWillDraw(_ layer: CALayer) {}
    /// Lays out nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// No action: the layer looks further (its `actions`, its style, its class's default).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}

/// Sizes and lays out a layer's sublayers (Apple has it on macOS; Lamina keeps it everywhere).
public protocol CALayoutManager: AnyObject {
    func preferredSize(of layer: CALayer) -> CGSize
    func invalidateLayout(of layer: CALayer)
    func layoutSublayers(of layer: CALayer)
}

extension CALayoutManager {
    /// The layer's bounds' size.
    public func preferredSize(of layer: CALayer) -> CGSize { layer.bounds.size }
    /// Does nothing.
    public func invalidateLayout(of layer: CALayer) {}
    /// Lays out nothing.
    public func layoutSublayers(of layer: CALayer) {}
    /// No action: the layer looks further (its `actions`, its style, its class's default).
    public func action(for layer: CALayer, forKey event: String) -> CAAction? { nil }
}
