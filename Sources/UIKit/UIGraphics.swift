// The context stack, string drawing and paragraph styles are shared with AppKit (ViewSupport),
// and reach every file of UIKit, and its users, from here.
@_exported import ViewSupport

/// Returns the current graphics context: the one a view's `draw(_:)`, an image renderer's
/// block or `UIGraphicsBeginImageContextWithOptions` set up (y down, origin at the top left,
/// in points), or nil outside them.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.top?.context
}

/// Makes the specified graphics context the current context.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.push(.init(context: context, isFlipped: true))
}

/// Removes the current graphics context from the top of the stack, restoring the previous
/// context.
public func UIGraphicsPopContext() {
    GraphicsContextStack.current.pop()
}

/// Creates a bitmap-based graphics context with the specified options and makes it the
/// current context. A scale of 0 is the main screen's scale.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let scale = scale > 0 ? scale : UIScreen.mainScale
    guard let context = makeDrawingContext(size: size, scale: scale, opaque: opaque) else {
        CGDiagnostics.log("UIGraphicsBeginImageContext", "cannot make a context of \(size).")
        return
    }
    GraphicsContextStack.current.imageContexts.append((context, size, scale))
    UIGraphicsPushContext(context)
}

/// Creates a bitmap-based graphics context of `size` at scale 1 and makes it the current
/// context.
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// Returns an image based on the contents of the current bitmap-based graphics context; nil
/// when the current context is not one.
public func UIGraphicsGetImageFromCurrentImageContext() -> UIImage? {
    let stack = GraphicsContextStack.current
    guard let last = stack.imageContexts.last, last.context === stack.top?.context,
          let image = last.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: last.scale, orientation: .up)
}

/// Removes the current bitmap-based graphics context from the top of the stack.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let last = stack.imageContexts.popLast() else { return }
    if stack.top?.context === last.context { stack.pop() }
}

/// Fills the specified rectangle with the current color.
public func UIRectFill(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.fill(rect)
}

/// Draws a frame around the inside of the specified rectangle (one point wide).
public func UIRectFrame(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else { return }
    context.saveGState()
    context.setLineWidth(1)
    context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
    context.restoreGState()
}

/// Intersects the current clipping path with the specified rectangle.
public func UIRectClip(_ rect: CGRect) {
    UIGraphicsGetCurrentContext()?.clip(to: rect)
}
