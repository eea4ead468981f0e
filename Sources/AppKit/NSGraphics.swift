/// Fills `rect` with the current fill color of the current graphics context.
@MainActor
public func NSRectFill(_ rect: NSRect) {
    rect.fill()
}

/// Draws a frame, one point wide, inside `rect` with the current fill color.
@MainActor
public func NSFrameRect(_ rect: NSRect) {
    rect.frame()
}

extension NSRect {
    /// Fills the rectangle with the current fill color, composited with `operation`.
    public func fill(using operation: NSCompositingOperation = .sourceOver) {
        guard let ctx = NSGraphicsContext.current?.cgContext else { return }
        ctx.saveGState()
        ctx.setBlendMode(operation.blendMode)
        ctx.fill(self)
        ctx.restoreGState()
    }

    /// Draws a frame of `width` inside the rectangle with the current fill color.
    public func frame(withWidth width: CGFloat = 1, using operation: NSCompositingOperation = .sourceOver) {
        guard let ctx = NSGraphicsContext.current?.cgContext, width > 0 else { return }
        let w = Swift.min(width, self.width / 2, height / 2)
        ctx.saveGState()
        ctx.setBlendMode(operation.blendMode)
        ctx.fill(NSRect(x: minX, y: minY, width: self.width, height: w))
        ctx.fill(NSRect(x: minX, y: maxY - w, width: self.width, height: w))
        ctx.fill(NSRect(x: minX, y: minY + w, width: w, height: height - 2 * w))
        ctx.fill(NSRect(x: maxX - w, y: minY + w, width: w, height: height - 2 * w))
        ctx.restoreGState()
    }
}
