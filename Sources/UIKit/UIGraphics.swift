import Glibc

/// The stack of current graphics contexts of one thread.
final class GraphicsContextStack {
    var contexts: [CGContext] = []
    /// The image contexts begun with `UIGraphicsBeginImageContextWithOptions`, with their sizes
    /// in points and scales.
    var imageContexts: [(context: CGContext, size: CGSize, scale: CGFloat)] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<GraphicsContextStack>.fromOpaque(slot).release() }
        }
        return key
    }()

    /// This thread's stack.
    static var current: GraphicsContextStack {
        if let slot = pthread_getspecific(key) { return Unmanaged<GraphicsContextStack>.fromOpaque(slot).takeUnretainedValue() }
        let stack = GraphicsContextStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }
}

/// Returns the current graphics context: the one a view's `draw(_:)`, an image renderer's
/// block or `UIGraphicsBeginImageContextWithOptions` set up (y down, origin at the top left,
/// in points), or nil outside them.
public func UIGraphicsGetCurrentContext() -> CGContext? {
    GraphicsContextStack.current.contexts.last
}

/// Makes the specified graphics context the current context.
public func UIGraphicsPushContext(_ context: CGContext) {
    GraphicsContextStack.current.contexts.append(context)
}

/// Removes the current graphics context from the top of the stack, restoring the previous
/// context.
public func UIGraphicsPopContext() {
    _ = GraphicsContextStack.current.contexts.popLast()
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
    guard let last = stack.imageContexts.last, last.context === stack.contexts.last,
          let image = last.context.makeImage() else { return nil }
    return UIImage(cgImage: image, scale: last.scale, orientation: .up)
}

/// Removes the current bitmap-based graphics context from the top of the stack.
public func UIGraphicsEndImageContext() {
    let stack = GraphicsContextStack.current
    guard let last = stack.imageContexts.popLast() else { return }
    if stack.contexts.last === last.context { stack.contexts.removeLast() }
}

/// A premultiplied RGBA bitmap context of `size` points at `scale`, whose user space is y down
/// in points with the origin at the top left, as UIKit's contexts are. Nil for an empty size.
func makeDrawingContext(size: CGSize, scale: CGFloat, opaque: Bool = false) -> CGContext? {
    let width = Int((size.width * scale).rounded(.up)), height = Int((size.height * scale).rounded(.up))
    guard width > 0, height > 0 else { return nil }
    guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: (opaque ? CGImageAlphaInfo.noneSkipLast : CGImageAlphaInfo.premultipliedLast).rawValue)
    else { return nil }
    if opaque {
        context.setFillColor(CGColor(gray: 1, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
    }
    context.translateBy(x: 0, y: CGFloat(height))
    context.scaleBy(x: scale, y: -scale)
    return context
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
