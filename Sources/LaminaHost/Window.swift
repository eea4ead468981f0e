import QuartzCore

/// A top-level window showing a `HostingView`'s layer tree, on whichever display the
/// application's backend opened (X11).
///
///     let window = Window(title: "Demo", size: CGSize(width: 640, height: 480))   // points
///     window.contentView = Board()
///     window.show()
///     Application.shared.run()
///
/// The window's concerns are in files of their own: the desktop's hints (`Window+Desktop`),
/// its frames' figures (`Window+Metrics`) and pacing (`Window+Pacing`), capture, the hand-off to
/// the render thread (`Window+Frames`), the backend's events (`Window+Events`), resize and
/// scale (`Window+Resize`), the pointer (`Window+Pointer`) and the keyboard (`Window+Keyboard`).
@MainActor
public final class Window {
    /// The title in the window manager's decoration (any text: it is set as UTF-8 too).
    public var title: String {
        didSet { native?.setTitle(title) }
    }

    /// Told when the close button is pressed, and of focus and size changes. Held weakly.
    /// Defaults to nil (the close button closes the window).
    public weak var delegate: WindowDelegate?

    /// The smallest size the window manager lets the user give the window, in points. Defaults to nil (none).
    /// Sizes that are not numbers or too large are clamped as `size` is, with one message (a NaN
    /// side trapped converting to the window manager's 32-bit hints).
    public var minSize: CGSize? { didSet { minSize = minSize.map { Self.usableSize($0, scale: scale) }; applySizeHints() } }
    /// The largest size the window manager lets the user give the window, in points. Defaults to
    /// nil (none). Clamped as `minSize` is.
    public var maxSize: CGSize? { didSet { maxSize = maxSize.map { Self.usableSize($0, scale: scale) }; applySizeHints() } }
    /// Whether the user may resize the window; false holds it at its size. Defaults to true.
    public var isResizable = true { didSet { applySizeHints() } }

    /// Whether the window covers the whole screen without decoration. Defaults to false. Asks
    /// the window manager (X11: EWMH `_NET_WM_STATE_FULLSCREEN`); with none running (a bare X
    /// server), the window covers the screen itself and gets its old frame back after.
    public var isFullscreen = false {
        didSet { if isFullscreen != oldValue { native?.setFullscreen(isFullscreen) } }
    }

    /// The debug switches drawn over this window's frames (tints, outlines, a frame-time graph;
    /// see `DebugOptions`). Defaults to those `LAMINA_DEBUG` names; settable at any time.
    public var debugOptions = DebugOptions.environment {
        didSet { debugOptionsDidChange() }
    }

    /// Whether the window has the keyboard focus (key events go to its view).
    public internal(set) var isKey = false

    /// The hosted view; its bounds follow the window's size.
    public var contentView: HostingView? {
        didSet {
            oldValue?.window = nil
            contentView?.window = self
            contentView?.bounds = CGRect(origin: .zero, size: size)
            setNeedsDisplay()
        }
    }

    /// Device pixels per point: the display's (X11: Xft.dpi / 96, or `LAMINA_SCALE`), following
    /// it when it changes at run time. Setting it keeps the size in points and changes the
    /// pixels; values that are not finite and positive are refused with a message.
    public var scale: CGFloat {
        didSet { scaleDidChange(from: oldValue) }
    }

    /// The size in points.
    public internal(set) var size: CGSize

    /// Whether the window is on screen.
    public private(set) var isVisible = false

    /// The application the window belongs to: its render thread draws `surface`.
    let application: Application
    /// The application's display backend, which makes `native`.
    let backend: any DisplayBackend
    /// The display backend's window, while the window is shown.
    private(set) var native: (any NativeWindow)?
    /// The drawing state shared with the render thread, while the window is shown.
    private(set) var surface: Surface?
    var needsDisplay = true
    var renderedCommit = -1
    /// Whether the current tree redraws animated custom properties (main thread only).
    var drawsOnMainThread = false
    /// The size in device pixels of the last configure not yet applied.
    var pendingSize: (width: Int, height: Int)?
    /// The last press, for click counting: its server time, button, place and count.
    var lastClick: (time: UInt, button: Int, x: Int32, y: Int32, count: Int) = (0, 0, 0, 0, 0)
    /// Where the pointer was last seen over the window (points), nil when it is outside.
    var pointerLocation: CGPoint?
    /// Keys held down, to tell auto-repeat (presses without releases) from new presses.
    var keysDown: Set<UInt32> = []
    /// The continuous scroll in progress, whose end the window works out (X reports none).
    var scrollPhases = ScrollPhases()
    /// Counts continuous scroll deltas, so that the timer ending a scroll knows whether another came.
    var scrollDeltaCount = 0
    /// Where the pointer was last seen over the window (points), nil when it is outside.
    var currentPointerLocation: CGPoint? { pointerLocation }

    /// A window of `size` points; nothing shows until `show()`. Traps with a clear message when
    /// there is no display (use `init(checkedTitle:size:)` to handle that case).
    public convenience init(title: String, size: CGSize) {
        do {
            try self.init(checkedTitle: title, size: size)
        } catch {
            fatalError("Lamina: \(error)")
        }
    }

    /// A window, or an error when no display can be opened. A size that is not finite, or
    /// larger than `largestSide` device pixels, is clamped, with one message. The window
    /// belongs to `Application.shared` (Apple's initializers take no application).
    public init(checkedTitle title: String, size: CGSize) throws {
        application = Application.shared
        backend = try application.openedBackend()
        self.title = title
        scale = backend.scale
        self.size = Self.usableSize(size, scale: scale)
    }

    /// The most device pixels a window side may have: its frame buffers are in memory twice.
    public nonisolated static let largestSide = 16384

    /// `size` with each side within 1 point … `largestSide` device pixels (not-a-number: 1).
    nonisolated static func usableSize(_ size: CGSize, scale: CGFloat) -> CGSize {
        let largest = CGFloat(largestSide) / scale
        func side(_ v: CGFloat) -> CGFloat { v.isNaN ? 1 : min(max(v, 1), largest) }
        let usable = CGSize(width: side(size.width), height: side(size.height))
        let clamped = { (v: CGFloat) in !v.isFinite || v > largest }
        if clamped(size.width) || clamped(size.height) {
            CGDiagnostics.log("Window", "size \(size) is not finite or too large; \(usable) instead.")
        }
        return usable
    }

    /// `size` points in device pixels at the window's scale.
    func pixels(_ size: CGSize) -> (width: Int, height: Int) {
        (Int(saturating: (size.width * scale).rounded()), Int(saturating: (size.height * scale).rounded()))
    }

    /// Puts the window on screen and waits until the display shows it.
    public func show() {
        guard native == nil else { return }
        application.watchSignals()                            // before anyone can see the window
        let (width, height) = pixels(size)
        let native = backend.makeWindow(title: title, width: width, height: height, events: self)
        self.native = native
        native.setTitle(title)
        applySizeHints()
        let renderThread = application.renderThread
        surface = Surface(target: native.presentation, buffers: native.presentation.makeBuffers(width: width, height: height),
                          scale: scale, frameInterval: renderThread.frameInterval)
        application.register(self)
        native.show()
        isVisible = true
        renderThread.add(surface!)
        debugOptionsDidChange()
        application.start()
        needsDisplay = true
        render()
    }

    /// Removes the window.
    public func close() {
        guard let native else { return }
        delegate?.windowWillClose(self)
        // The render thread lets go of the buffers before the window they are put to goes.
        if let surface { application.renderThread.remove(surface) }
        surface = nil
        native.destroy()
        self.native = nil
        isVisible = false
        application.unregister(self)
    }

    /// Asks for the tree to be handed to the render thread again at the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        application.scheduleFrame()
    }

    /// The frame the window shows, read back from the display.
    public func capture() -> CGImage? {
        guard let native, let buffers = surface?.buffers else { return nil }
        return native.capture(width: buffers.width, height: buffers.height)
    }
}
