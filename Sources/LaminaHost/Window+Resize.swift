import QuartzCore

/// The window's size and scale: a size the display gave it, applied once a batch of events is
/// read, and a new scale, which keeps the size in points.
extension Window {
    /// A resize storm sends many configures: only the last one of a batch is laid out and drawn.
    func configured(width: Int, height: Int) {
        pendingSize = (width, height)
    }

    /// A new scale: the window keeps its size in points, in new pixels (a new buffer now, the
    /// window's own size when the server has resized it).
    func scaleDidChange(from old: CGFloat) {
        guard scale != old else { return }
        guard scale.isFinite, scale > 0 else {
            CGDiagnostics.log("Window.scale", "\(scale) is not a positive number; kept \(old).")
            scale = old
            return
        }
        guard let native, let surface else { return }
        let (width, height) = pixels(size)
        surface.lock.lock(); surface.scale = scale; surface.lock.unlock()
        surface.replaceBuffers(surface.target.makeBuffers(width: width, height: height))
        applySizeHints()
        native.resize(width: width, height: height)
        needsDisplay = true
        render()
    }

    /// Applies the last size the server reported (after a batch of events): the view lays out
    /// (`HostingView.layout()`, autoresizing, constraints) without implicit animations, and the
    /// new tree reaches the render thread together with buffers of the new size, so that no
    /// frame shows the old layout stretched or cut at the new size.
    func applyPendingResize() {
        guard let (width, height) = pendingSize else { return }
        pendingSize = nil
        let newSize = CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        let samePixels = surface?.buffers.map { $0.width == width && $0.height == height } ?? false
        guard newSize != size || !samePixels, width > 0, height > 0, let surface else { return }
        size = newSize
        surface.replaceBuffers(surface.target.makeBuffers(width: width, height: height))   // draws nothing until the new tree
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contentView?.bounds = CGRect(origin: .zero, size: size)
        contentView?.layer.layoutIfNeeded()
        CATransaction.commit()
        needsDisplay = true
        render()
        delegate?.windowDidResize(self)
    }
}
