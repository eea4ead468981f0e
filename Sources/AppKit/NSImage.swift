import ImageIO

/// A high-level interface for manipulating image data: one picture in points, with one or more
/// representations at different resolutions (`name@2x.png` beside `name.png`).
///
/// An `NSImage` can be a layer's `contents`: the layer shows the representation that best fits
/// its `contentsScale` (and reading `contents` back gives that `CGImage`). To pick the scale as
/// the Core Animation guide does, use `recommendedLayerContentsScale(_:)` and
/// `layerContents(forContentsScale:)`.
open class NSImage: NSObject, NSCopying, LayerContentsImageProviding, @unchecked Sendable {
    /// The image's size in points. Defaults to the first representation's.
    open var size: NSSize
    /// The image's representations, smallest first.
    open private(set) var representations: [NSImageRep] = []
    /// Whether the image is a template (its alpha only is meant to be used). Defaults to false.
    open var isTemplate = false
    /// Draws the image at a scale, for images made with a drawing handler.
    private var drawingHandler: ((NSRect) -> Bool, flipped: Bool)?
    /// The image drawn by `lockFocus()`, while focused.
    private var focusContext: CGContext?

    /// An image of `size` points without representations (draw into it with `lockFocus()`).
    public init(size: NSSize) {
        self.size = size
        super.init()
    }

    /// An image of `cgImage` shown at `size` points (`.zero`: one point per pixel).
    public init(cgImage: CGImage, size: NSSize) {
        let points = size == .zero ? NSSize(width: cgImage.width, height: cgImage.height) : size
        self.size = points
        super.init()
        representations = [NSBitmapImageRep(cgImage: cgImage, size: points)]
    }

    /// An image drawn by `drawingHandler` (in a context of the image's size, flipped or not)
    /// each time a representation at a new scale is needed.
    public init(size: NSSize, flipped drawingHandlerShouldBeCalledWithFlippedContext: Bool, drawingHandler: @escaping (NSRect) -> Bool) {
        self.size = size
        super.init()
        self.drawingHandler = (drawingHandler, drawingHandlerShouldBeCalledWithFlippedContext)
    }

    /// An image from PNG or JPEG data (at one point per pixel); nil when the data is not an image.
    public convenience init?(data: Data) {
        guard let source = CGImageSourceCreateWithData(data as CFData, nil),
              let image = CGImageSourceCreateImageAtIndex(source, 0, nil) else { return nil }
        self.init(cgImage: image, size: .zero)
    }

    /// An image from the file at `fileName`; a `@2x` (or `@3x`) file beside it is a
    /// representation at that scale. Nil when the file is missing or not an image.
    public convenience init?(contentsOfFile fileName: String) {
        guard let reps = NSImage.representations(at: URL(fileURLWithPath: fileName)) else { return nil }
        self.init(size: reps[0].size)
        representations = reps
    }

    /// An image from the file at `url`, as `init(contentsOfFile:)`.
    public convenience init?(contentsOf url: URL) {
        guard url.isFileURL else { return nil }
        self.init(contentsOfFile: url.path)
    }

    /// The image named `name` in the main bundle (`name.png`, `name.jpg`, and `name@2x.png`
    /// beside them), or one registered under that name; nil when none is.
    public convenience init?(named name: NSImage.Name) {
        guard let url = NSImage.url(named: name, in: .main) ?? NSImage.registered[name] else { return nil }
        self.init(contentsOf: url)
    }

    /// The representations of the image file at `url` and its `@2x`/`@3x` siblings, by scale.
    static func representations(at url: URL) -> [NSImageRep]? {
        func decode(_ url: URL) -> CGImage? {
            guard let source = CGImageSourceCreateWithURL(url as CFURL, nil) else { return nil }
            return CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
        let stem = url.deletingPathExtension().lastPathComponent, ext = url.pathExtension
        let base = stem.replacingOccurrences(of: "@2x", with: "").replacingOccurrences(of: "@3x", with: "")
        let scaleOfFile: CGFloat = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
        guard let first = decode(url) else { return nil }
        let points = NSSize(width: CGFloat(first.width) / scaleOfFile, height: CGFloat(first.height) / scaleOfFile)
        var reps: [(CGFloat, NSImageRep)] = [(scaleOfFile, NSBitmapImageRep(cgImage: first, size: points))]
        for scale in [1, 2, 3] as [CGFloat] where scale != scaleOfFile {
            let suffix = scale == 1 ? "" : "@\(Int(scale))x"
            let sibling = url.deletingLastPathComponent().appendingPathComponent(base + suffix).appendingPathExtension(ext)
            if let image = decode(sibling) { reps.append((scale, NSBitmapImageRep(cgImage: image, size: points))) }
        }
        return reps.sorted { $0.0 < $1.0 }.map(\.1)
    }

    static func url(named name: String, in bundle: Bundle) -> URL? {
        for ext in ["png", "jpg", "jpeg"] {
            for candidate in [name, name + "@2x", name + "@3x"] {
                if let url = bundle.url(forResource: candidate, withExtension: ext) { return url }
            }
        }
        return nil
    }

    nonisolated(unsafe) static var registered: [String: URL] = [:]

    // MARK: Representations

    /// Adds a representation.
    open func addRepresentation(_ imageRep: NSImageRep) {
        representations.append(imageRep)
        representations.sort { $0.pixelsWide < $1.pixelsWide }
        if size == .zero { size = imageRep.size }
    }

    /// The pixels per point of a representation, across its width.
    private func scale(of rep: NSImageRep) -> CGFloat {
        size.width > 0 ? CGFloat(rep.pixelsWide) / size.width : 1
    }

    /// The representation best for `scale` pixels per point: the smallest at least as fine,
    /// else the finest (drawn ones are made at `scale`).
    private func bestRepresentation(forScale scale: CGFloat) -> NSImageRep? {
        let wanted = scale.isFinite && scale > 0 ? scale : NSScreen.defaultScale
        if let (handler, flipped) = drawingHandler {
            if let made = representations.first(where: { abs(self.scale(of: $0) - wanted) < 0.001 }) { return made }
            guard let context = makeDrawingContext(size: size, scale: wanted, flipped: flipped) else { return nil }
            let stack = GraphicsContextStack.current
            stack.push(.init(context: context, isFlipped: flipped, owner: NSGraphicsContext(cgContext: context, flipped: flipped)))
            _ = handler(NSRect(origin: .zero, size: size))
            stack.pop()
            guard let image = context.makeImage() else { return nil }
            let rep = NSBitmapImageRep(cgImage: image, size: size)
            addRepresentation(rep)
            return rep
        }
        return representations.first { self.scale(of: $0) >= wanted - 0.001 } ?? representations.last
    }

    /// A `CGImage` of the image for drawing into `proposedDestRect` (nil: the image's size) of
    /// `referenceContext` (its scale; nil: the main screen's): the best representation's.
    open func cgImage(forProposedRect proposedDestRect: UnsafeMutablePointer<NSRect>?, context referenceContext: NSGraphicsContext?,
                      hints: [NSImageRep.HintKey: Any]?) -> CGImage? {
        let rect = proposedDestRect?.pointee ?? NSRect(origin: .zero, size: size)
        var deviceScale = NSScreen.defaultScale
        if let referenceContext {
            let m = referenceContext.cgContext.userSpaceToDeviceSpaceTransform
            deviceScale = max(abs(m.a), abs(m.d))
        }
        let pointsScale = size.width > 0 ? rect.width / size.width : 1
        return bestRepresentation(forScale: deviceScale * max(pointsScale, 0))?.cgImage
    }

    /// The contents scale a layer showing the image should use when it would like
    /// `preferredContentsScale` (0: the screen's): the scale of the representation that best
    /// fits it; for an image drawn by a handler (resolution independent), the scale asked for.
    open func recommendedLayerContentsScale(_ preferredContentsScale: CGFloat) -> CGFloat {
        let preferred = preferredContentsScale.isFinite && preferredContentsScale > 0 ? preferredContentsScale : NSScreen.defaultScale
        if drawingHandler != nil { return preferred }
        guard let rep = bestRepresentation(forScale: preferred) else { return 1 }
        return scale(of: rep)
    }

    /// The layer contents (a `CGImage`) for a layer whose `contentsScale` is `layerContentsScale`.
    open func layerContents(forContentsScale layerContentsScale: CGFloat) -> Any {
        bestRepresentation(forScale: layerContentsScale)?.cgImage as Any
    }

    /// The image a layer shows at `scale`.
    package func layerContentsImage(forContentsScale scale: CGFloat) -> CGImage? {
        bestRepresentation(forScale: scale)?.cgImage
    }

    // MARK: Drawing

    /// Draws the whole image into `rect` of the current context, upright whether the context is
    /// flipped or not.
    open func draw(in rect: NSRect) {
        draw(in: rect, from: .zero, operation: .sourceOver, fraction: 1)
    }

    /// Draws the part `fromRect` (in the image's points; `.zero`: all of it) into `rect` with
    /// `op` and opacity `delta`, upright.
    open func draw(in rect: NSRect, from fromRect: NSRect, operation op: NSCompositingOperation, fraction delta: CGFloat) {
        guard let current = NSGraphicsContext.current else { return }
        var target = rect
        guard var image = cgImage(forProposedRect: &target, context: current, hints: nil), size.width > 0, size.height > 0 else { return }
        if fromRect != .zero {
            let sx = CGFloat(image.width) / size.width, sy = CGFloat(image.height) / size.height
            // Image rows run from the top; the rectangle is measured from the bottom.
            let crop = CGRect(x: fromRect.minX * sx, y: (size.height - fromRect.maxY) * sy, width: fromRect.width * sx, height: fromRect.height * sy)
            guard let part = image.cropping(to: crop.integral) else { return }
            image = part
        }
        let ctx = current.cgContext
        ctx.saveGState()
        ctx.setAlpha(min(max(delta, 0), 1))
        ctx.setBlendMode(op.blendMode)
        if current.isFlipped {
            ctx.translateBy(x: 0, y: rect.minY + rect.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.draw(image, in: rect)
        ctx.restoreGState()
    }

    /// Draws the image with its bottom-left corner (top-left in a flipped context) at `point`.
    open func draw(at point: NSPoint, from fromRect: NSRect, operation op: NSCompositingOperation, fraction delta: CGFloat) {
        let shown = fromRect == .zero ? size : fromRect.size
        draw(in: NSRect(origin: point, size: shown), from: fromRect, operation: op, fraction: delta)
    }

    /// Makes the image the current drawing context (y up, one pixel per point), to draw into
    /// until `unlockFocus()`.
    open func lockFocus() {
        guard let context = makeDrawingContext(size: size, scale: 1, flipped: false) else { return }
        if let existing = representations.last?.cgImage { context.draw(existing, in: NSRect(origin: .zero, size: size)) }
        focusContext = context
        GraphicsContextStack.current.push(.init(context: context, isFlipped: false, owner: NSGraphicsContext(cgContext: context, flipped: false)))
    }

    /// Ends `lockFocus()`: what was drawn becomes the image's representation.
    open func unlockFocus() {
        guard let context = focusContext else { return }
        focusContext = nil
        let stack = GraphicsContextStack.current
        if stack.top?.context === context { stack.pop() }
        if let image = context.makeImage() { representations = [NSBitmapImageRep(cgImage: image, size: size)] }
    }

    /// A copy with the same representations.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSImage(size: size)
        copy.representations = representations
        copy.drawingHandler = drawingHandler
        copy.isTemplate = isTemplate
        return copy
    }
}

extension NSImage {
    /// The name of an image (`NSImage(named:)`).
    public typealias Name = String
}

extension Bundle {
    /// The image named `name` among the bundle's resources (`name.png`, `name@2x.png`…).
    public func image(forResource name: NSImage.Name) -> NSImage? {
        NSImage.url(named: name, in: self).flatMap { NSImage(contentsOf: $0) }
    }
}

/// The ways images and colors are composited (the common ones, with macOS's raw values).
public enum NSCompositingOperation: UInt, Sendable {
    /// Transparent.
    case clear
    /// The source replaces the destination.
    case copy
    /// The source over the destination.
    case sourceOver
    /// The source where the destination is.
    case sourceIn
    /// The source where the destination is not.
    case sourceOut
    /// The source over the destination, where the destination is.
    case sourceAtop
    /// The destination over the source.
    case destinationOver
    /// Multiplied.
    case multiply = 14
    /// Screened.
    case screen = 15

    var blendMode: CGBlendMode {
        switch self {
        case .clear: .clear
        case .copy: .copy
        case .sourceOver: .normal
        case .sourceIn: .sourceIn
        case .sourceOut: .sourceOut
        case .sourceAtop: .sourceAtop
        case .destinationOver: .destinationOver
        case .multiply: .multiply
        case .screen: .screen
        }
    }
}
