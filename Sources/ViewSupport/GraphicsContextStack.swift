import CoreGraphics
import Glibc

/// The stack of current graphics contexts of one thread, which UIKit's
/// `UIGraphicsGetCurrentContext()` and AppKit's `NSGraphicsContext.current` both read: a view's
/// drawing, an image renderer's block and string drawing find their context here.
package final class GraphicsContextStack {
    /// A current context: the Core Graphics context, whether its user space is flipped (y down,
    /// as UIKit's contexts and flipped views' are) and the framework object that stands for it
    /// (AppKit's `NSGraphicsContext`), if any.
    package struct Entry {
        package var context: CGContext
        package var isFlipped: Bool
        package var owner: AnyObject?

        package init(context: CGContext, isFlipped: Bool, owner: AnyObject? = nil) {
            self.context = context
            self.isFlipped = isFlipped
            self.owner = owner
        }
    }

    /// The contexts, innermost last.
    package var entries: [Entry] = []
    /// The image contexts begun with `UIGraphicsBeginImageContextWithOptions`, with their sizes
    /// in points and scales.
    package var imageContexts: [(context: CGContext, size: CGSize, scale: CGFloat)] = []

    /// The current context, nil when none is.
    package var top: Entry? { entries.last }

    /// Makes `entry` the current context.
    package func push(_ entry: Entry) { entries.append(entry) }

    /// Restores the context that was current before the last push.
    package func pop() { _ = entries.popLast() }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<GraphicsContextStack>.fromOpaque(slot).release() }
        }
        return key
    }()

    /// This thread's stack.
    package static var current: GraphicsContextStack {
        if let slot = pthread_getspecific(key) { return Unmanaged<GraphicsContextStack>.fromOpaque(slot).takeUnretainedValue() }
        let stack = GraphicsContextStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }
}

/// A premultiplied RGBA bitmap context of `size` points at `scale`, in points, whose user space
/// is y down with the origin at the top left (UIKit's contexts, `flipped` true) or y up with the
/// origin at the bottom left (Core Graphics' and AppKit's unflipped ones). Nil for an empty size.
package func makeDrawingContext(size: CGSize, scale: CGFloat, opaque: Bool = false, flipped: Bool = true) -> CGContext? {
    guard size.width.isFinite, size.height.isFinite, scale.isFinite, scale > 0 else { return nil }
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
    if flipped {
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
    } else {
        context.scaleBy(x: scale, y: scale)
    }
    return context
}
