import CX11
import QuartzCore
import Glibc

/// A top-level X11 window showing a `HostingView`'s layer tree.
///
///     let window = Window(title: "Demo", size: CGSize(width: 640, height: 480))   // points
///     window.contentView = Board()
///     window.show()
///     Application.shared.run()
@MainActor
public final class Window {
    /// The title in the window manager's decoration (any text: it is set as UTF-8 too).
    public var title: String {
        didSet { applyTitle() }
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
    /// the window manager (EWMH `_NET_WM_STATE_FULLSCREEN`); with none running (a bare X
    /// server), the window covers the screen itself and gets its old frame back after.
    public var isFullscreen = false {
        didSet { if isFullscreen != oldValue { applyFullscreen() } }
    }
    /// The window's frame in pixels before it went full screen without a window manager.
    private var frameBeforeFullscreen: (x: Int32, y: Int32, width: UInt32, height: UInt32)?

    /// The debug switches drawn over this window's frames (tints, outlines, a frame-time graph;
    /// see `DebugOptions`). Defaults to those `LAMINA_DEBUG` names; settable at any time.
    public var debugOptions = DebugOptions.environment {
        didSet { debugOptionsDidChange() }
    }

    /// Whether the window has the keyboard focus (key events go to its view).
    public private(set) var isKey = false

    /// The hosted view; its bounds follow the window's size.
    public var contentView: HostingView? {
        didSet {
            oldValue?.window = nil
            contentView?.window = self
            contentView?.bounds = CGRect(origin: .zero, size: size)
            setNeedsDisplay()
        }
    }

    /// Device pixels per point: Xft.dpi / 96 (or `LAMINA_SCALE`), following the screen's Xft.dpi
    /// when it changes at run time. Setting it keeps the size in points and changes the pixels;
    /// values that are not finite and positive are refused with a message.
    public var scale: CGFloat {
        didSet { scaleDidChange(from: oldValue) }
    }

    /// The size in points.
    public private(set) var size: CGSize

    /// Whether the window is on screen.
    public private(set) var isVisible = false

    /// The main thread's connection: the window, its events and input.
    let x: X11Display
    /// The render side's connection: the window's frame buffers and their puts.
    let renderX: X11Display
    package private(set) var windowID: UInt?
    private var gc: GC?
    /// The drawing state shared with the render thread.
    private(set) var surface: Surface?
    var buffers: SwapChain? { surface?.buffers }
    var needsDisplay = true
    private var renderedCommit = -1
    /// The last press, for click counting: its server time, button, place and count.
    private var lastClick: (time: UInt, button: UInt32, x: Int32, y: Int32, count: Int) = (0, 0, 0, 0, 0)
    /// Keys held down, to tell auto-repeat (presses without releases) from new presses.
    private var keysDown: Set<UInt32> = []
    /// The window's input context (nil without an input method), made when the window first
    /// becomes key or takes a key (`ensureInputContext`).
    private var inputContext: XIC?
    /// Whether the window has made its input context (for tests).
    package var hasInputContext: Bool { inputContext != nil }
    /// The event mask selected at `show()`, which an input context adds its events to.
    private var eventMask = 0
    private var inputContextTried = false
    /// The cursor shown over the window now.
    private var shownCursor: Cursor?
    /// Where the pointer was last seen over the window (points), for cursor updates.
    private var pointerLocation: CGPoint?
    /// Whether the window takes its pointer buttons and motion from XInput 2 (selected at `show()`).
    private(set) var readsXInput2 = false
    /// For tests: whether windows shown from now on read XInput 2 where the server has it (the
    /// default), or take core pointer events as on a server without it.
    package static var usesXInput2 = true
    /// The continuous scroll in progress, whose end the window works out (X reports none).
    var scrollPhases = ScrollPhases()
    /// Counts continuous scroll deltas, so that the timer ending a scroll knows whether another came.
    var scrollDeltaCount = 0
    /// Where the last XInput 2 motion put the pointer (device pixels): motion that moves only
    /// valuators (a scroll) moves no pointer.
    var lastXInputMotion: (x: Double, y: Double)?
    /// The touchpad pinch in progress (XInput 2.4).
    var touchpadGestures = TouchpadGestures()
    /// Where the pointer was last seen over the window (points), nil when it is outside.
    var currentPointerLocation: CGPoint? { pointerLocation }

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
        renderX = try X11Display.renderConnection()
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
        Application.shared.watchSignals()                     // before anyone can see the window
        let width = UInt32(saturating: (size.width * scale).rounded()), height = UInt32(saturating: (size.height * scale).rounded())
        let id = XCreateSimpleWindow(x.display, x.root, 0, 0, width, height, 0, 0, XWhitePixel(x.display, x.screen))
        windowID = id
        XStoreName(x.display, id, title)
        var atom = x.deleteWindowAtom
        XSetWMProtocols(x.display, id, &atom, 1)
        // Core buttons and motion are selected with XInput 2 too: for the devices' own events
        // the server then sends only the XI 2 ones, but events other clients send (SendEvent:
        // `xdotool click --window`) are core events and arrive this way.
        var mask = ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask | FocusChangeMask
            | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
        if let xinput = x.xinput, Window.usesXInput2 {
            // Buttons, motion and crossings from XInput 2 (smooth scrolling, touchpad gestures).
            xinput.select(on: id, x.display)
            readsXInput2 = true
            Application.shared.learnScrollDevices()
        } else {
            mask |= EnterWindowMask | LeaveWindowMask
        }
        eventMask = Int(mask)
        XSelectInput(x.display, id, eventMask)
        applyTitle()
        applySizeHints()
        // Which process owns the window, for window managers and tools (`xdotool search --pid`).
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(x.display, id, XInternAtom(x.display, "_NET_WM_PID", 0), XA_CARDINAL, 32, PropModeReplace,
                            bytes.bindMemory(to: UInt8.self).baseAddress, 1)
        }
        // The frames' GC and buffers live on the render side's connection (`renderConnection()`);
        // a GC made for the root serves every window of its screen and depth.
        let gc = XCreateGC(renderX.display, renderX.root, 0, nil)!
        self.gc = gc
        surface = Surface(windowID: id, gc: gc, buffers: SwapChain(renderX, width: Int(width), height: Int(height)), scale: scale)
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
        debugOptionsDidChange()
        Application.shared.start()
        needsDisplay = true
        render()
    }

    /// Removes the window.
    public func close() {
        guard let id = windowID else { return }
        delegate?.windowWillClose(self)
        if let inputContext { XDestroyIC(inputContext) }
        inputContext = nil
        inputContextTried = false
        if let surface { RenderThread.shared.remove(surface) }
        surface = nil
        if let gc { XFreeGC(renderX.display, gc); XFlush(renderX.display) }
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

    /// Frames the render thread drew for this window: a frame whose picture did not change is
    /// drawn but not put. An idle window, or one whose animations have all ended, draws none.
    package var framesDrawn: Int {
        guard let surface else { return 0 }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.framesDrawn
    }

    /// Frames whose buffer got what it lacked copied from the other buffer rather than
    /// composited again (`CopyBack`), for tests and benchmarks.
    package var framesCopiedBack: Int {
        guard let surface else { return 0 }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.framesCopiedBack
    }

    /// What the window's compositor kept in its texture cache when it drew its first frame, and
    /// every 60th frame since (`CacheUse`), for benchmarks.
    package var cacheUse: CacheUse {
        guard let surface else { return CacheUse(textures: 0, textureBytes: 0) }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.cacheUse
    }

    /// Of the frames put, those the compositor could not place and `LayerRenderer` drew whole (a
    /// whole-frame fallback: a mask, a clip over sublayers, group opacity, perspective… anywhere
    /// in the tree), for benchmarks.
    package var framesDrawnWhole: Int {
        guard let surface else { return 0 }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return surface.wholeFramesDrawn
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

    /// The clock that paces every window's frames: a timer at the display's RandR refresh rate,
    /// else at 60 Hz (Xvfb, remote displays).
    public static var frameTiming: FrameTiming { RenderThread.shared.timing }

    /// The intervals between the window's recent frames as shown (put), in seconds, oldest
    /// first: how evenly frames land, whatever `frameTiming` aims at.
    public var recentFrameIntervals: [Double] {
        guard let surface else { return [] }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return zip(surface.putTimes, surface.putTimes.dropFirst()).map { $1 - $0 }
    }

    /// Frames a second while something animates: the rate the render thread paces frames at —
    /// measured from the display's vertical blanks where the server has Present (so within a
    /// hertz or two of the nominal rate), else the RandR refresh rate, else 60.
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
        // Frames are put on the render side's connection: the server has handled every put sent
        // so far before this connection's request reads the window back.
        if renderX !== x { XSync(renderX.display, 0) }
        guard let image = XGetImage(x.display, id, 0, 0, UInt32(buffer.width), UInt32(buffer.height), XAllPlanes(), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        let rowBytes = Int(image.pointee.bytes_per_line)
        let data = Data(bytes: image.pointee.data, count: rowBytes * buffer.height)
        return CGImage(width: buffer.width, height: buffer.height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: rowBytes,
                       space: CGColorSpaceCreateDeviceRGB(),
                       bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue),
                       provider: CGDataProvider(data: data as CFData)!, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
    }

    // MARK: Frames

    /// Whether the main thread has something to hand over: a commit, an expose, a resize — or a
    /// tree that only the main thread can draw while it animates.
    func wantsFrame(commit: Int) -> Bool {
        guard isVisible, contentView != nil else { return false }
        return needsDisplay || commit != renderedCommit || drawsAnimationsOnMainThread
    }

    /// Whether the current tree redraws animated custom properties (main thread only).
    private var drawsOnMainThread = false

    /// Whether the main thread draws this window's frames while its animations run: while one
    /// is inside its active duration (an ended forwards fill holds still).
    var drawsAnimationsOnMainThread: Bool {
        guard drawsOnMainThread, let layer = contentView?.layer, layer.hasAnimationsInTree else { return false }
        return layer.animationSchedule(atMediaTime: CACurrentMediaTime()).isAnimating
    }

    /// The lifecycle tick ran: a tree only the main thread draws needs its frame at the event
    /// too (an animation that just ended shows its model value); the render thread draws its own.
    func animationEventPassed() {
        if drawsOnMainThread { needsDisplay = true }
    }

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
            surface.drawFrame(atMediaTime: now) { layer.renderFrame(atMediaTime: now, in: $0, renderContext: surface.renderContext) }
        }
        needsDisplay = false
        renderedCommit = commit
        if debugOptions.contains(.hits) { debugOptionsDidChange() }       // the layers under the pointer may have moved
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
            // A resize storm queues many: only the last one of a batch is laid out and drawn.
            pendingSize = (Int(event.xconfigure.width), Int(event.xconfigure.height))
        case ClientMessage:
            // The window manager's close button: the delegate may keep the window open.
            if UInt(event.xclient.data.l.0) == x.deleteWindowAtom, delegate?.windowShouldClose(self) ?? true { close() }
        case ButtonPress, ButtonRelease:
            let e = event.xbutton
            pointerButton(e.button, x: Double(e.x), y: Double(e.y), state: e.state, time: e.time, pressed: event.type == ButtonPress)
        case MotionNotify:
            let e = event.xmotion
            pointerMoved(x: Double(e.x), y: Double(e.y), state: e.state)
        case EnterNotify, LeaveNotify:
            let e = event.xcrossing
            pointerCrossed(entering: event.type == EnterNotify, x: Double(e.x), y: Double(e.y), state: e.state)
        case KeyPress, KeyRelease:
            key(&event.xkey, pressed: event.type == KeyPress)
        case FocusIn, FocusOut:
            // Focus that only follows the pointer into a child says nothing about this window.
            guard event.xfocus.detail != NotifyPointer else { break }
            let focused = event.type == FocusIn
            guard focused != isKey else { break }
            isKey = focused
            if focused { ensureInputContext() }
            if let inputContext { if focused { XSetICFocus(inputContext) } else { XUnsetICFocus(inputContext) } }
            if !focused { keysDown.removeAll(); contentView?.interruptGestures() }
            if focused { delegate?.windowDidBecomeKey(self) } else { delegate?.windowDidResignKey(self) }
        default:
            break
        }
    }

    /// A new scale: the window keeps its size in points, in new pixels (a new buffer now, the
    /// window's own size when the server has resized it).
    private func scaleDidChange(from old: CGFloat) {
        guard scale != old else { return }
        guard scale.isFinite, scale > 0 else {
            CGDiagnostics.log("Window.scale", "\(scale) is not a positive number; kept \(old).")
            scale = old
            return
        }
        guard let id = windowID, let surface else { return }
        let width = Int(saturating: (size.width * scale).rounded()), height = Int(saturating: (size.height * scale).rounded())
        surface.lock.lock(); surface.scale = scale; surface.lock.unlock()
        surface.replaceBuffers(SwapChain(renderX, width: width, height: height))
        applySizeHints()
        XResizeWindow(x.display, id, UInt32(width), UInt32(height))
        XFlush(x.display)
        needsDisplay = true
        render()
    }

    /// The size in device pixels of the last ConfigureNotify not yet applied.
    private var pendingSize: (width: Int, height: Int)?

    /// Applies the last size the server reported (after a batch of events): the view lays out
    /// (`HostingView.layout()`, autoresizing, constraints) without implicit animations, and the
    /// new tree reaches the render thread together with buffers of the new size, so that no
    /// frame shows the old layout stretched or cut at the new size.
    func applyPendingResize() {
        guard let (width, height) = pendingSize else { return }
        pendingSize = nil
        let newSize = CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        let samePixels = buffers.map { $0.width == width && $0.height == height } ?? false
        guard newSize != size || !samePixels, width > 0, height > 0, let surface else { return }
        size = newSize
        surface.replaceBuffers(SwapChain(renderX, width: width, height: height))      // draws nothing until the new tree
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        contentView?.bounds = CGRect(origin: .zero, size: size)
        contentView?.layer.layoutIfNeeded()
        CATransaction.commit()
        needsDisplay = true
        render()
        delegate?.windowDidResize(self)
    }

    /// A button pressed or released at (`x`, `y`) in device pixels, with the core protocol's
    /// `state` (modifiers and the buttons held before it) at server time `time` (ms); from a core
    /// event or an XInput 2 one.
    func pointerButton(_ button: UInt32, x px: Double, y py: Double, state: UInt32, time: UInt, pressed: Bool) {
        let location = CGPoint(x: px / scale, y: py / scale)
        // Buttons 4–7 are the wheel: steps of 10 points (smooth deltas come from XInput 2's valuators).
        if (4...7).contains(button) {
            guard pressed else { return }
            let step: CGFloat = 10
            let (dx, dy): (CGFloat, CGFloat) = [4: (0, -step), 5: (0, step), 6: (-step, 0), 7: (step, 0)][Int(button)]!
            contentView?.deliverScroll(ScrollEvent(location: location, deltaX: dx, deltaY: dy, modifiers: modifiers(state)))
            return
        }
        if pressed {
            // A double click: the same button again within the desktop's time and a few points.
            let (ex, ey) = (Int32(px.rounded(.down)), Int32(py.rounded(.down)))
            let slop = Int32((4 * scale).rounded(.up))
            let again = button == lastClick.button && time &- lastClick.time <= x.doubleClickMilliseconds
                && abs(ex - lastClick.x) <= slop && abs(ey - lastClick.y) <= slop
            lastClick = (time, button, ex, ey, again ? lastClick.count + 1 : 1)
        }
        let event = PointerEvent(location: location, button: MouseButton(rawValue: Int(button)) ?? .other,
                                 clickCount: lastClick.count, modifiers: modifiers(state), buttons: buttons(state))
        if pressed { contentView?.deliverMouseDown(event) } else { contentView?.deliverMouseUp(event) }
    }

    /// The pointer moved to (`x`, `y`) in device pixels, with the core protocol's `state`.
    func pointerMoved(x px: Double, y py: Double, state: UInt32) {
        let location = CGPoint(x: px / scale, y: py / scale)
        let held = buttons(state)
        let pointer = PointerEvent(location: location, button: .left, clickCount: 0, modifiers: modifiers(state), buttons: held)
        pointerLocation = location
        // While a button is held the server keeps sending to this window (an implicit grab):
        // drags that leave it keep reporting, with points outside the bounds.
        if held.isEmpty { contentView?.mouseMoved(with: pointer) } else { contentView?.deliverMouseDragged(pointer) }
        updateCursor()
        // LAMINA_DEBUG=hits outlines what the pointer is over.
        if debugOptions.contains(.hits) { debugOptionsDidChange() }
    }

    /// The pointer came in (`entering`) or left, at (`x`, `y`) in device pixels, with the core
    /// protocol's `state`.
    func pointerCrossed(entering: Bool, x px: Double, y py: Double, state: UInt32) {
        let location = CGPoint(x: px / scale, y: py / scale)
        let pointer = PointerEvent(location: location, button: .left, clickCount: 0, modifiers: modifiers(state), buttons: buttons(state))
        if entering {
            // Valuators moved while the pointer was elsewhere: scrolls count from where they stand now.
            if readsXInput2 { Application.shared.learnScrollDevices() }
            pointerLocation = location
            contentView?.mouseEntered(with: pointer)
            updateCursor()
        } else {
            pointerLocation = nil
            contentView?.mouseExited(with: pointer)
        }
        if debugOptions.contains(.hits) { debugOptionsDidChange() }
    }

    /// Shows the cursor the view wants where the pointer is.
    func updateCursor() {
        guard let id = windowID, let view = contentView else { return }
        let wanted = pointerLocation.map { view.cursor(at: $0) } ?? view.cursor
        guard wanted != shownCursor else { return }
        shownCursor = wanted
        XDefineCursor(x.display, id, CursorCache.xCursor(wanted, on: x))
        XFlush(x.display)
    }

    private func key(_ e: inout XKeyEvent, pressed: Bool) {
        let repeated = pressed && keysDown.contains(e.keycode)
        if pressed { keysDown.insert(e.keycode) } else { keysDown.remove(e.keycode) }
        let (text, symbol) = pressed ? typedText(&e) : ("", keySymbol(&e))
        // What the key types with Shift alone (Ctrl+A's "a").
        var plain = e
        plain.state &= UInt32(ShiftMask | LockMask)
        let (plainText, _) = pressed ? keymapText(&plain) : ("", 0)
        let flags = modifiers(e.state)
        if let changed = modifierFlag(for: symbol) {
            // Modifier keys change the flags (as flagsChanged on Apple) rather than typing.
            var after = flags
            if changed == .capsLock {
                if pressed { if after.contains(.capsLock) { after.remove(.capsLock) } else { after.insert(.capsLock) } }
            } else if pressed {
                after.insert(changed)
            } else {
                after.remove(changed)
            }
            guard !repeated else { return }
            contentView?.flagsChanged(with: KeyEvent(characters: "", keyCode: UInt16(e.keycode), modifiers: after))
            return
        }
        let event = KeyEvent(characters: text, charactersIgnoringModifiers: plainText, keyCode: UInt16(e.keycode),
                             modifiers: flags, isARepeat: repeated)
        if pressed { contentView?.keyDown(with: event) } else { contentView?.keyUp(with: event) }
    }

    /// The window's input context, made now if it was not yet (with the input method, opened on
    /// first use: see `X11Display.openedInputMethod()`), and the events it needs selected.
    private func ensureInputContext() {
        guard !inputContextTried, let id = windowID else { return }
        inputContextTried = true
        guard let im = x.openedInputMethod(), let ic = lamina_create_input_context(im, id) else { return }
        inputContext = ic
        let mask = eventMask | Int(lamina_input_context_event_mask(ic))
        if mask != eventMask {
            eventMask = mask
            XSelectInput(x.display, id, mask)
        }
    }

    /// The text a press types through the input method (compose keys, any layout), in UTF-8.
    private func typedText(_ e: inout XKeyEvent) -> (String, KeySym) {
        ensureInputContext()
        guard let inputContext else { return keymapText(&e) }
        var symbol: KeySym = 0, status: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Xutf8LookupString(inputContext, &e, &buffer, Int32(buffer.count), &symbol, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(inputContext, &e, &buffer, Int32(buffer.count), &symbol, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let text = hasText ? String(decoding: buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return (text, symbol)
    }

    /// The text of a key through the keymap alone (`XLookupString`, in the locale's encoding:
    /// UTF-8, else Latin-1).
    private func keymapText(_ e: inout XKeyEvent) -> (String, KeySym) {
        var buffer = [CChar](repeating: 0, count: 16)
        var symbol: KeySym = 0
        let count = XLookupString(&e, &buffer, Int32(buffer.count - 1), &symbol, nil)
        let bytes = buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }
        if String(cString: nl_langinfo(Int32(CODESET))) == "UTF-8" { return (String(decoding: bytes, as: UTF8.self), symbol) }
        return (String(bytes.map { Character(Unicode.Scalar($0)) }), symbol)
    }

    private func keySymbol(_ e: inout XKeyEvent) -> KeySym { XLookupKeysym(&e, 0) }

    /// The flag a modifier key changes, or nil for other keys.
    private func modifierFlag(for symbol: KeySym) -> ModifierFlags? {
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_Shift_L, XK_Shift_R: return .shift
        case XK_Control_L, XK_Control_R: return .control
        case XK_Alt_L, XK_Alt_R, XK_Meta_L, XK_Meta_R: return .option
        case XK_Super_L, XK_Super_R: return .command
        case XK_Caps_Lock: return .capsLock
        default: return nil
        }
    }

    private func buttons(_ state: UInt32) -> MouseButtons {
        var held: MouseButtons = []
        if state & UInt32(Button1Mask) != 0 { held.insert(.left) }
        if state & UInt32(Button2Mask) != 0 { held.insert(.middle) }
        if state & UInt32(Button3Mask) != 0 { held.insert(.right) }
        return held
    }

    /// Sets the title as Latin-1 (WM_NAME) and UTF-8 (_NET_WM_NAME, which desktops show).
    private func applyTitle() {
        guard let id = windowID else { return }
        XStoreName(x.display, id, title)
        let utf8 = Array(title.utf8)
        XChangeProperty(x.display, id, XInternAtom(x.display, "_NET_WM_NAME", 0), XInternAtom(x.display, "UTF8_STRING", 0), 8,
                        PropModeReplace, utf8, Int32(utf8.count))
        XFlush(x.display)
    }

    private func applyFullscreen() {
        guard let id = windowID else { return }
        let state = XInternAtom(x.display, "_NET_WM_STATE", 0), fullscreen = XInternAtom(x.display, "_NET_WM_STATE_FULLSCREEN", 0)
        if x.hasWindowManager {
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = id
            event.xclient.message_type = state
            event.xclient.format = 32
            event.xclient.data.l.0 = isFullscreen ? 1 : 0                           // _NET_WM_STATE_ADD / _REMOVE
            event.xclient.data.l.1 = Int(fullscreen)
            event.xclient.data.l.3 = 1                                              // from an application
            XSendEvent(x.display, x.root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        } else if isFullscreen {
            var root: UInt = 0, px: Int32 = 0, py: Int32 = 0, width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
            XGetGeometry(x.display, id, &root, &px, &py, &width, &height, &border, &depth)
            frameBeforeFullscreen = (px, py, width, height)
            XMoveResizeWindow(x.display, id, 0, 0, UInt32(XDisplayWidth(x.display, x.screen)), UInt32(XDisplayHeight(x.display, x.screen)))
            XRaiseWindow(x.display, id)
        } else if let old = frameBeforeFullscreen {
            frameBeforeFullscreen = nil
            XMoveResizeWindow(x.display, id, old.x, old.y, old.width, old.height)
        }
        XFlush(x.display)
    }

    /// Tells the window manager the sizes the user may give the window.
    private func applySizeHints() {
        guard let id = windowID else { return }
        var hints = XSizeHints()
        let pixels = { (size: CGSize) in
            (Int32(saturating: (size.width * self.scale).rounded()), Int32(saturating: (size.height * self.scale).rounded()))
        }
        if !isResizable {
            hints.flags |= PMinSize | PMaxSize
            (hints.min_width, hints.min_height) = pixels(size)
            (hints.max_width, hints.max_height) = pixels(size)
        } else {
            if let minSize { hints.flags |= PMinSize; (hints.min_width, hints.min_height) = pixels(minSize) }
            if let maxSize { hints.flags |= PMaxSize; (hints.max_width, hints.max_height) = pixels(maxSize) }
        }
        XSetWMNormalHints(x.display, id, &hints)
        XFlush(x.display)
    }

    /// The modifier flags of the core protocol's state word.
    func modifiers(_ state: UInt32) -> ModifierFlags {
        var flags: ModifierFlags = []
        if state & UInt32(ShiftMask) != 0 { flags.insert(.shift) }
        if state & UInt32(ControlMask) != 0 { flags.insert(.control) }
        if state & UInt32(Mod1Mask) != 0 { flags.insert(.option) }
        if state & UInt32(Mod4Mask) != 0 { flags.insert(.command) }
        if state & UInt32(LockMask) != 0 { flags.insert(.capsLock) }
        return flags
    }
}
