/// Renders a layer tree offscreen into a bitmap: whole frames at a device scale, as a `CGImage`.
///
/// Apple's `CARenderer` draws into a Metal texture; Lamina's keeps the same frame protocol
/// (`layer`, `bounds`, `beginFrame(atTime:)`, `render()`, `endFrame()`) and renders on the CPU
/// into an image (`image` after `endFrame()`, or `makeImage()` in one call). The root layer is
/// placed by its frame in the renderer's bounds (origin top-left, y down), like a window's.
open class CARenderer: NSObject {
    /// The root of the tree to render. Defaults to nil.
    open var layer: CALayer?
    /// The area rendered, in points.
    open var bounds: CGRect
    /// Device pixels per point.
    public let scale: CGFloat
    /// The color the frame is cleared to; nil for transparent. Defaults to nil.
    public var backgroundColor: CGColor?
    /// The last frame rendered.
    public private(set) var image: CGImage?

    /// The frame's pixels, kept from frame to frame while the size stays (a new one costs page faults).
    private var context: CGContext?
    private var inFrame = false
    /// The caches its frames are drawn with.
    let renderContext = RenderContext()
    private var frameTime: CFTimeInterval = 0

    /// A renderer of a `size`-point picture at `scale` pixels per point, with caches of its own.
    public init(size: CGSize, scale: CGFloat = 1) {
        bounds = CGRect(origin: .zero, size: size)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        super.init()
    }

    /// Starts a frame for the given media time.
    open func beginFrame(atTime t: CFTimeInterval) {
        frameTime = t
        // Whole pixels, at least one; bounds that are not finite or absurdly large are clamped
        // (the frame is then empty or cut) rather than trapping.
        func pixels(_ points: CGFloat) -> Int {
            let v = (points * scale).rounded(.up)
            return v.isFinite ? Int(min(max(v, 1), 16384)) : 1
        }
        let width = pixels(bounds.width), height = pixels(bounds.height)
        if inFrame { context?.restoreGState() }                   // a frame begun and never ended
        if let context, context.width == width, context.height == height {
            context.clear(CGRect(x: 0, y: 0, width: width, height: height))
        } else {
            context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        }
        guard let context else { return }
        inFrame = true
        context.saveGState()
        if let backgroundColor {
            context.setFillColor(backgroundColor)
            context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
    }

    /// Lays out and displays what needs it, advances animations to the frame's time, then draws
    /// the tree as it is at that time (its presentation).
    open func render() {
        guard inFrame, let context, let layer else { return }
        layer.updateAnimations(atMediaTime: frameTime)
        // The render-tree path: snapshot the model, evaluate its animations at the frame's time.
        // Layers that redraw for animated custom properties need the main thread's presentation.
        layer.renderFrame(atMediaTime: frameTime, in: context, renderContext: renderContext)
    }

    /// Finishes the frame; `image` holds it.
    open func endFrame() {
        guard inFrame, let context else { return }
        inFrame = false
        image = context.makeImage()
        context.restoreGState()
    }

    /// A frame rendered at media time `t` (default: now).
    public func makeImage(atTime t: CFTimeInterval = CACurrentMediaTime()) -> CGImage? {
        beginFrame(atTime: t)
        render()
        endFrame()
        return image
    }
}

extension CALayer {
    /// Draws this tree as it is at media time `t` into `ctx` (user space: the tree's outer plane,
    /// y down), through the render-tree evaluator. For hosts.
    package func renderFrame(atMediaTime t: CFTimeInterval, in ctx: CGContext, renderContext: RenderContext) {
        // The presentation is made under the same hold of the tree lock as the snapshot.
        let frame = CATransaction.withTreeLock {
            let snapshot = snapshotForRendering()
            return snapshot.needsDisplayWhenAnimated
                ? LayerSnapshot(presentationTree(at: t))
                : snapshot.presented(atParentTime: superlayerStorage?.localTime(fromMediaTime: t) ?? t)
        }
        LayerRenderer.renderPlaced(frame, in: ctx, context: renderContext)
    }

    /// Whether any layer of this tree has an animation attached.
    package var hasAnimationsInTree: Bool { animatedLayersInTree > 0 }

    /// The layout and display passes a commit runs, top-down.
    /// The layout and display passes a commit runs, top-down. A presentation copy is drawn as it is: laying it out would run the model's
    /// `layoutSublayers()` on values an animation set (lottie-ios's reset its copies' animated
    /// `anchorPoint`), which Apple's render of a presentation layer does not.
    func prepareForRendering() {
        if modelLayer == nil { layoutIfNeeded() }
        displayTreeIfNeeded()
    }

    private func displayTreeIfNeeded() {
        displayIfNeeded()
        // Subtrees with nothing to display are passed over (see `displayBelow`).
        guard displayBelow else { return }
        displayBelow = false
        maskStorage?.displayTreeIfNeeded()
        for sublayer in sublayerStorage { sublayer.displayTreeIfNeeded() }
    }
}
