/// An object that represents a graphics context: the Core Graphics context AppKit draws into,
/// and whether its coordinates are flipped. `current` is the one `draw(_:)`, `NSColor.set()`,
/// `NSBezierPath.fill()` and string drawing use.
open class NSGraphicsContext: NSObject {
    /// The Core Graphics context.
    open private(set) var cgContext: CGContext
    /// Whether the context's coordinates are flipped (origin at the top left, y down).
    open private(set) var isFlipped: Bool

    /// Creates a graphics context for `graphicsPort`, whose user space is flipped or not as
    /// `initialFlippedState` says.
    public init(cgContext graphicsPort: CGContext, flipped initialFlippedState: Bool) {
        cgContext = graphicsPort
        isFlipped = initialFlippedState
        super.init()
    }

    /// The current graphics context of the thread (nil outside drawing). Setting it replaces
    /// the current one (nil: none is current).
    open class var current: NSGraphicsContext? {
        get {
            guard let top = GraphicsContextStack.current.top else { return nil }
            return (top.owner as? NSGraphicsContext) ?? NSGraphicsContext(cgContext: top.context, flipped: top.isFlipped)
        }
        set {
            let stack = GraphicsContextStack.current
            if !stack.entries.isEmpty { stack.pop() }
            if let newValue { stack.push(.init(context: newValue.cgContext, isFlipped: newValue.isFlipped, owner: newValue)) }
        }
    }

    /// Whether the current context is drawing to the screen: true while one is current.
    open class func currentContextDrawingToScreen() -> Bool { current != nil }

    /// Saves the current graphics context and its graphics state, to be restored by
    /// `restoreGraphicsState()`.
    open class func saveGraphicsState() {
        let stack = GraphicsContextStack.current
        guard let top = stack.top else { return }
        top.context.saveGState()
        stack.push(top)
    }

    /// Restores the context and graphics state saved by the last `saveGraphicsState()`.
    open class func restoreGraphicsState() {
        let stack = GraphicsContextStack.current
        guard stack.entries.count > 1, let top = stack.top else { return }
        stack.pop()
        top.context.restoreGState()
    }

    /// Saves the context's graphics state (the Core Graphics state stack).
    open func saveGraphicsState() { cgContext.saveGState() }

    /// Restores the graphics state saved last.
    open func restoreGraphicsState() { cgContext.restoreGState() }

    /// Forces pending drawing to be done: Lamina draws at once, so this does nothing.
    open func flushGraphics() {}

    /// Whether the context antialiases its drawing. Defaults to true.
    open var shouldAntialias = true {
        didSet { cgContext.setShouldAntialias(shouldAntialias) }
    }
}
