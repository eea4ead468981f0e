import CX11
import QuartzCore

/// A top-level X11 window showing a `HostingView`'s layer tree.
///
///     let window = Window(title: "Demo", size: CGSize(width: 640, height: 480))   // points
///     window.contentView = Board()
///     window.show()
///     Application.shared.run()
@MainActor
public final class Window {
    /// The title in the window manager's decoration.
    public var title: String {
        didSet { if let id = windowID { XStoreName(x.display, id, title) } }
    }

    /// The hosted view; its bounds follow the window's size.
    public var contentView: HostingView? {
        didSet {
            oldValue?.window = nil
            contentView?.window = self
            contentView?.bounds = CGRect(origin: .zero, size: size)
            setNeedsDisplay()
        }
    }

    /// Device pixels per point (Xft.dpi / 96, or `LAMINA_SCALE`).
    public let scale: CGFloat

    /// The size in points.
    public private(set) var size: CGSize

    /// Whether the window is on screen.
    public private(set) var isVisible = false

    let x: X11Display
    package private(set) var windowID: UInt?
    private var gc: GC?
    /// The drawing state shared with the render thread.
    private(set) var surface: Surface?
    var buffers: SwapChain? { surface?.buffers }
    var needsDisplay = true
    private var renderedCommit = -1
    private var hovering = false
    private var lastClick: (time: UInt, button: UInt32, count: Int) = (0, 0, 0)

    /// A window of `size` points; nothing shows until `show()`. Traps with a clear message when
    /// there is no X display (use `Window.make` to handle that case).
    public convenience init(title: String, size: CGSize) {
        do {
            try self.init(checkedTitle: title, size: size)
        } catch {
            fatalError("Lamina: \(error)")
        }
    }

    /// A window, or an error when no X display can be opened. A size that is not finite, or
    /// larger than `largestSide` device pixels, is clamped, with one message.
    public init(checkedTitle title: String, size: CGSize) throws {
        x = try X11Display.connection()
        self.title = title
        scale = x.scale
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

    /// Maps the window and waits until the server shows it.
    public func show() {
        guard windowID == nil else { return }
        let width = UInt32((size.width * scale).rounded()), height = UInt32((size.height * scale).rounded())
        let id = XCreateSimpleWindow(x.display, x.root, 0, 0, width, height, 0, 0, XWhitePixel(x.display, x.screen))
        windowID = id
        XStoreName(x.display, id, title)
        var atom = x.deleteWindowAtom
        XSetWMProtocols(x.display, id, &atom, 1)
        let mask = ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
            | EnterWindowMask | LeaveWindowMask | KeyPressMask | KeyReleaseMask
        XSelectInput(x.display, id, Int(mask))
        let gc = XCreateGC(x.display, id, 0, nil)!
        self.gc = gc
        surface = Surface(windowID: id, gc: gc, buffers: SwapChain(x, width: Int(width), height: Int(height)), scale: scale)
        XMapWindow(x.display, id)
        XFlush(x.display)
        Application.shared.register(self)
        // Drawing before MapNotify is lost: wait for it.
        var event = XEvent()
        while !isVisible {
            XWindowEvent(x.display, id, Int(StructureNotifyMask | ExposureMask), &event)
            if event.type == MapNotify || event.type == Expose { isVisible = true }
        }
        RenderThread.shared.add(surface!)
        Application.shared.start()
        needsDisplay = true
        render()
    }

    /// Removes the window.
    public func close() {
        guard let id = windowID else { return }
        if let surface { RenderThread.shared.remove(surface) }
        surface = nil
        if let gc { XFreeGC(x.display, gc) }
        XDestroyWindow(x.display, id)
        XFlush(x.display)
        windowID = nil
        gc = nil
        isVisible = false
        Application.shared.unregister(self)
    }

    /// Frames put on screen so far.
    public var framesPresented: Int {
        guard let surface else { return 0 }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.framesPut
    }

    /// When the last frame was put on screen (media time), for latency measurements.
    package var lastFramePresentedTime: CFTimeInterval {
        guard let surface else { return 0 }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.lastPutTime
    }

    /// The media time of the frame the window shows (−∞ before its first frame): a capture made
    /// once this is the time wanted shows the tree as it was then. The render thread's first
    /// frames may take a while (textures to draw, a busy machine): captures wait for this, not
    /// for a number of seconds.
    public var shownMediaTime: CFTimeInterval {
        guard let surface else { return -.infinity }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.shownMediaTime
    }

    /// How long the recent frames took to draw and put, in seconds (oldest first).
    public var recentFrameTimes: [Double] {
        guard let surface else { return [] }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.frameTimes
    }

    /// Whether frames are held to the display's rate (default) or drawn back to back.
    public static var isFramePaced: Bool {
        get { RenderThread.shared.isPaced }
        set { RenderThread.shared.isPaced = newValue }
    }

    /// Frames a second while something animates: the display's RandR refresh rate, else 60.
    public static var framesPerSecond: Double { (1 / RenderThread.shared.frameInterval).rounded() }

    /// For benchmarks: every frame composites the whole window, as if everything had changed.
    package static var drawsWholeFrames: Bool {
        get { RenderThread.shared.drawsWholeFrames }
        set { RenderThread.shared.drawsWholeFrames = newValue }
    }

    /// Asks for the tree to be handed to the render thread again at the next frame.
    public func setNeedsDisplay() {
        needsDisplay = true
        Application.shared.scheduleFrame()
    }

    /// The frame the window shows, read back from the X server.
    public func capture() -> CGImage? {
        guard let id = windowID, let buffer = buffers else { return nil }
        guard let image = XGetImage(x.display, id, 0, 0, UInt32(buffer.width), UInt32(buffer.height), XAllPlanes(), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        let rowBytes = Int(image.pointee.bytes_per_line)
        let data = Data(bytes: image.pointee.data, count: rowBytes * buffer.height)
        return CGImage(width: buffer.width, height: buffer.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                       provider: CGDataProvider(data: data as CFData), decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    // MARK: Frames

    /// Whether the main thread has something to hand over: a commit, an expose, a resize — or a
    /// tree that only the main thread can draw while it animates.
    func wantsFrame(commit: Int) -> Bool {
        guard isVisible, let layer = contentView?.layer else { return false }
        return needsDisplay || commit != renderedCommit || (drawsOnMainThread && layer.hasAnimationsInTree)
    }

    /// Whether the current tree redraws animated custom properties (main thread only).
    private var drawsOnMainThread = false

    /// Hands the committed tree to the render thread; draws it here when it needs the main thread.
    func render(commit: Int = CATransaction.commitCount) {
        guard let surface, let layer = contentView?.layer else { return }
        let now = CACurrentMediaTime()
        layer.updateAnimations(atMediaTime: now)
        if let tree = RenderTree(layer) {
            drawsOnMainThread = false
            RenderThread.shared.submit(tree, to: surface)
        } else {
            drawsOnMainThread = true
            RenderThread.shared.submit(nil, to: surface)
            surface.drawFrame(atMediaTime: now) { layer.renderFrame(atMediaTime: now, in: $0) }
        }
        needsDisplay = false
        renderedCommit = commit
    }

    // MARK: Events

    func handle(_ event: inout XEvent) {
        if event.type == x.shmCompletionEvent {
            surface?.putCompleted(serial: event.xany.serial)
            return
        }
        switch event.type {
        case Expose:
            surface?.invalidate()                               // the server lost what it showed
            needsDisplay = true
        case ConfigureNotify:
            resize(width: Int(event.xconfigure.width), height: Int(event.xconfigure.height))
        case ClientMessage:
            if UInt(event.xclient.data.l.0) == x.deleteWindowAtom { close() }
        case ButtonPress, ButtonRelease:
            pointer(event.xbutton, pressed: event.type == ButtonPress)
        case MotionNotify:
            let e = event.xmotion
            let pointer = PointerEvent(location: point(e.x, e.y), button: .left, clickCount: 0, modifiers: modifiers(e.state))
            if e.state & UInt32(Button1Mask | Button2Mask | Button3Mask) != 0 {
                contentView?.mouseDragged(with: pointer)
            } else {
                contentView?.mouseMoved(with: pointer)
            }
        case EnterNotify, LeaveNotify:
            let e = event.xcrossing
            let pointer = PointerEvent(location: point(e.x, e.y), button: .left, clickCount: 0, modifiers: modifiers(e.state))
            if event.type == EnterNotify { contentView?.mouseEntered(with: pointer) } else { contentView?.mouseExited(with: pointer) }
        case KeyPress, KeyRelease:
            key(&event.xkey, pressed: event.type == KeyPress)
        default:
            break
        }
    }

    private func resize(width: Int, height: Int) {
        let newSize = CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        guard newSize != size, width > 0, height > 0 else { return }
        size = newSize
        surface?.replaceBuffers(SwapChain(x, width: width, height: height))
        contentView?.bounds = CGRect(origin: .zero, size: size)
        needsDisplay = true
    }

    private func pointer(_ e: XButtonEvent, pressed: Bool) {
        let location = point(e.x, e.y)
        // Buttons 4–7 are the wheel.
        if (4...7).contains(e.button) {
            guard pressed else { return }
            let step: CGFloat = 10
            let (dx, dy): (CGFloat, CGFloat) = [4: (0, -step), 5: (0, step), 6: (-step, 0), 7: (step, 0)][Int(e.button)]!
            contentView?.scrollWheel(with: ScrollEvent(location: location, deltaX: dx, deltaY: dy, modifiers: modifiers(e.state),
                                                      timestamp: CACurrentMediaTime()))
            return
        }
        if pressed {
            let quick = e.time &- lastClick.time < 400 && e.button == lastClick.button
            lastClick = (e.time, e.button, quick ? lastClick.count + 1 : 1)
        }
        let event = PointerEvent(location: location, button: MouseButton(rawValue: Int(e.button)) ?? .other,
                                 clickCount: lastClick.count, modifiers: modifiers(e.state))
        if pressed { contentView?.mouseDown(with: event) } else { contentView?.mouseUp(with: event) }
    }

    private func key(_ e: inout XKeyEvent, pressed: Bool) {
        var buffer = [CChar](repeating: 0, count: 16)
        var symbol: KeySym = 0
        let count = XLookupString(&e, &buffer, Int32(buffer.count - 1), &symbol, nil)
        let text = String(decoding: buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let event = KeyEvent(characters: text, keyCode: UInt16(e.keycode), modifiers: modifiers(e.state), timestamp: CACurrentMediaTime())
        if pressed { contentView?.keyDown(with: event) } else { contentView?.keyUp(with: event) }
    }

    /// Device pixels to points.
    private func point(_ px: Int32, _ py: Int32) -> CGPoint {
        CGPoint(x: CGFloat(px) / scale, y: CGFloat(py) / scale)
    }

    private func modifiers(_ state: UInt32) -> ModifierFlags {
        var flags: ModifierFlags = []
        if state & UInt32(ShiftMask) != 0 { flags.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { flags.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { flags.insert(.option) }
        if state & UInt32(Mod4Mask) != 0 { flags.insert(.command) }
        if state & UInt32(LockMask) != 0 { flags.insert(.capsLock) }
        return flags
    }
}
