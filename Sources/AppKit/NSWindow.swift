import LaminaHost

/// A window that an app displays on the screen: an X11 window (LaminaHost's `Window`) showing
/// the layers of its content view.
///
/// The window is made on the X server at `makeKeyAndOrderFront(_:)` (or `orderFront(_:)`);
/// without a display the window stays offscreen, with one message, and its views still lay out
/// and draw (for tests). Mouse and key events from the server arrive through `sendEvent(_:)`,
/// in the window's base coordinates (points, y up from the content area's bottom left).
@MainActor
open class NSWindow: NSResponder {
    /// The window's title. Defaults to the empty string.
    open var title: String = "" {
        didSet { host?.title = title }
    }

    /// The style of the window's frame (kept for the window manager's decoration).
    open var styleMask: StyleMask {
        didSet { host?.isResizable = styleMask.contains(.resizable) }
    }

    /// The window's content view, the root of its view hierarchy, which fills the content area.
    open var contentView: NSView? {
        didSet { contentViewDidChange(from: oldValue) }
    }

    private func contentViewDidChange(from oldValue: NSView?) {
        guard contentView !== oldValue else { return }
            if let oldValue {
                oldValue.forEachInSubtree { $0.viewWillMove(toWindow: nil) }
                oldValue.contentWindow = nil
                withoutActions { oldValue.renderLayer.removeFromSuperlayer() }
                oldValue.forEachInSubtree { $0.movedToWindow() }
            }
            guard let view = contentView else { return }
            view.removeFromSuperview()
            view.forEachInSubtree { $0.viewWillMove(toWindow: self) }
            view.contentWindow = self
            view.setFrame(NSRect(origin: .zero, size: contentSize))
            withoutActions { rootLayer.addSublayer(view.renderLayer) }
            view.forEachInSubtree { $0.movedToWindow() }
    }

    /// The window's delegate, told of closing, resizing and key changes. Held weakly.
    open weak var delegate: NSWindowDelegate?

    /// The window's background color, behind the content view. Defaults to
    /// `windowBackgroundColor`.
    open var backgroundColor: NSColor! = .windowBackgroundColor {
        didSet { withoutActions { rootLayer.backgroundColor = (backgroundColor ?? .windowBackgroundColor).cgColor } }
    }

    /// Whether the window receives mouse-moved events (sent to the first responder). Defaults
    /// to false; tracking areas get theirs either way.
    open var acceptsMouseMovedEvents = false

    /// The view to make first responder when the window is first shown. Defaults to nil.
    open var initialFirstResponder: NSView?

    /// The window's first responder: the responder that gets key events. Defaults to the window.
    open var firstResponder: NSResponder? { firstResponderStorage ?? self }

    /// The smallest content size the user may give the window. Defaults to zero.
    open var contentMinSize: NSSize = .zero { didSet { host?.minSize = contentMinSize == .zero ? nil : contentMinSize } }
    /// The largest content size the user may give the window. Defaults to none.
    open var contentMaxSize: NSSize = NSSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude) {
        didSet { host?.maxSize = contentMaxSize.width < 1e9 ? contentMaxSize : nil }
    }

    /// Whether the window is on screen.
    open private(set) var isVisible = false
    /// Whether the window has the keyboard focus.
    open var isKeyWindow: Bool { host?.isKey ?? keyWithoutHost }
    /// Whether the user is resizing the window (while its size keeps changing).
    open private(set) var inLiveResize = false

    /// The window's frame: its origin on the screen (kept; the window manager places X windows)
    /// and the content size (Lamina's windows have no AppKit title bar: the window manager
    /// draws the decoration).
    open var frame: NSRect { NSRect(origin: origin, size: contentSize) }

    /// The content area's rectangle in the window's coordinates.
    open var contentLayoutRect: NSRect { NSRect(origin: .zero, size: contentSize) }

    /// Device pixels per point of the window's backing store.
    open var backingScaleFactor: CGFloat { host?.scale ?? NSScreen.defaultScale }

    /// A number identifying the window (its place among the app's windows, from 1).
    open private(set) var windowNumber: Int

    private var origin: NSPoint
    private(set) var contentSize: NSSize
    let rootLayer = CALayer()
    private(set) var host: Window?
    private lazy var hostView = WindowHostView(window: self)
    private lazy var hostDelegate = WindowHostDelegate(window: self)
    private weak var firstResponderStorage: NSResponder?
    private weak var mouseDownView: NSView?
    private var keyWithoutHost = false
    private var liveResizeGeneration = 0

    /// Initializes a window of `contentRect`'s size (its origin is kept as the frame's). The
    /// backing store type and `defer` are accepted and change nothing.
    public init(contentRect: NSRect, styleMask style: StyleMask, backing backingStoreType: BackingStoreType, defer flag: Bool) {
        styleMask = style
        origin = contentRect.origin
        contentSize = NSSize(width: max(contentRect.width, 1), height: max(contentRect.height, 1))
        windowNumber = NSApplication.shared.windows.count + 1
        super.init()
        rootLayer.frame = NSRect(origin: .zero, size: contentSize)
        rootLayer.backgroundColor = NSColor.windowBackgroundColor.cgColor
        NSApplication.shared.register(self)
        contentView = NSView(frame: NSRect(origin: .zero, size: contentSize))
        contentViewDidChange(from: nil)
    }

    /// Creates a window from an unarchiver: Lamina has no nib files, so this makes a 480 × 270
    /// titled window.
    public required convenience init?(coder: NSCoder) {
        self.init(contentRect: NSRect(x: 0, y: 0, width: 480, height: 270), styleMask: [.titled], backing: .buffered, defer: false)
    }

    // MARK: Size

    /// Sets the size of the content area (and the content view's frame).
    open func setContentSize(_ size: NSSize) {
        guard size.width.isFinite, size.height.isFinite else { return }
        contentSize = NSSize(width: max(size.width, 1), height: max(size.height, 1))
        sizeDidChange()
    }

    /// Sets the window's frame (its origin and content size).
    open func setFrame(_ frameRect: NSRect, display flag: Bool) {
        origin = frameRect.origin
        setContentSize(frameRect.size)
    }

    /// Moves the window's frame origin.
    open func setFrameOrigin(_ point: NSPoint) { origin = point }

    /// Centers the window on the screen (its frame's origin; the window manager places X windows).
    open func center() {
        let screen = NSScreen.main?.frame ?? .zero
        origin = NSPoint(x: (screen.width - contentSize.width) / 2, y: (screen.height - contentSize.height) / 2)
    }

    private func sizeDidChange() {
        withoutActions { rootLayer.frame = NSRect(origin: .zero, size: contentSize) }
        contentView?.setFrameSize(contentSize)
        delegate?.windowDidResize(Notification(name: NSWindow.didResizeNotification, object: self))
    }

    /// The X window was resized (by the user, through the window manager): a live resize, which
    /// ends once the size has stayed for a quarter of a second.
    func hostDidResize(to size: NSSize) {
        guard size != contentSize else { return }
        if !inLiveResize {
            inLiveResize = true
            delegate?.windowWillStartLiveResize(Notification(name: NSWindow.willStartLiveResizeNotification, object: self))
            contentView?.forEachInSubtree { $0.viewWillStartLiveResize() }
        }
        contentSize = size
        sizeDidChange()
        liveResizeGeneration += 1
        let generation = liveResizeGeneration
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.25) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.liveResizeGeneration == generation, self.inLiveResize else { return }
                self.endLiveResize()
            }
        }
    }

    func endLiveResize() {
        inLiveResize = false
        contentView?.forEachInSubtree { $0.viewDidEndLiveResize() }
        delegate?.windowDidEndLiveResize(Notification(name: NSWindow.didEndLiveResizeNotification, object: self))
    }

    // MARK: Ordering

    /// Shows the window in front and makes it key (its first responder gets key events).
    open func makeKeyAndOrderFront(_ sender: Any?) {
        orderFront(sender)
        keyWithoutHost = true
        if firstResponderStorage == nil, let initial = initialFirstResponder { _ = makeFirstResponder(initial) }
    }

    /// Shows the window in front of the others.
    open func orderFront(_ sender: Any?) {
        guard !isVisible else { return }
        isVisible = true
        contentView?.layoutSubtreeIfNeeded()
        if host == nil {
            do {
                let window = try Window(checkedTitle: title, size: contentSize)
                window.isResizable = styleMask.contains(.resizable)
                window.delegate = hostDelegate
                hostView.layer = rootLayer
                window.contentView = hostView
                host = window
            } catch {
                CGDiagnostics.log("NSWindow", "no X display (\(error)); the window stays offscreen.")
            }
        }
        host?.show()
    }

    /// Takes the window off the screen (it can be shown again).
    open func orderOut(_ sender: Any?) {
        isVisible = false
        host?.close()
        host = nil
    }

    /// Closes the window: its delegate hears `windowWillClose(_:)`, and the window leaves the app.
    open func close() {
        delegate?.windowWillClose(Notification(name: NSWindow.willCloseNotification, object: self))
        orderOut(nil)
        NSApplication.shared.unregister(self)
    }

    /// Closes the window as its close button does: when the delegate's `windowShouldClose(_:)`
    /// allows it.
    open func performClose(_ sender: Any?) {
        if delegate?.windowShouldClose(self) ?? true { close() }
    }

    /// Makes `responder` the first responder, if the old one resigns and the new one accepts;
    /// nil makes the window itself first responder.
    @discardableResult
    open func makeFirstResponder(_ responder: NSResponder?) -> Bool {
        if let current = firstResponderStorage, current !== responder, !current.resignFirstResponder() { return false }
        guard let responder, responder !== self else { firstResponderStorage = nil; return true }
        guard responder.acceptsFirstResponder, responder.becomeFirstResponder() else { return false }
        firstResponderStorage = responder
        return true
    }

    /// Lays out and draws the window's views that need it now.
    open func displayIfNeeded() {
        contentView?.layoutSubtreeIfNeeded()
        contentView?.displayIfNeeded()
    }

    /// Lays out and draws every view of the window now.
    open func display() {
        contentView?.display()
    }

    /// The window's picture as shown on screen, or (offscreen) its layers rendered: for tests.
    open func capture() -> CGImage? {
        if let host, let image = host.capture() { return image }
        displayIfNeeded()
        let renderer = CARenderer(size: contentSize, scale: backingScaleFactor)
        renderer.layer = rootLayer
        return renderer.makeImage()
    }

    // MARK: Events

    /// Dispatches `event`: mouse-downs to the view under the pointer (a left one makes it first
    /// responder when it accepts), drags and ups to the view that had the down, scrolls to the view under
    /// the pointer, key events to the first responder; moves update tracking areas.
    open func sendEvent(_ event: NSEvent) {
        event.window = self
        let point = event.locationInWindow
        switch event.type {
        case .leftMouseDown, .rightMouseDown, .otherMouseDown:
            let view = contentView?.hitTest(point)
            if event.type == .leftMouseDown, let view, view.acceptsFirstResponder { makeFirstResponder(view) }
            mouseDownView = view
            switch event.type {
            case .leftMouseDown: view?.mouseDown(with: event)
            case .rightMouseDown: view?.rightMouseDown(with: event)
            default: view?.otherMouseDown(with: event)
            }
        case .leftMouseDragged, .rightMouseDragged, .otherMouseDragged:
            switch event.type {
            case .leftMouseDragged: mouseDownView?.mouseDragged(with: event)
            case .rightMouseDragged: mouseDownView?.rightMouseDragged(with: event)
            default: mouseDownView?.otherMouseDown(with: event)
            }
            updateTracking(at: point, dragging: true, event: event)
        case .leftMouseUp, .rightMouseUp, .otherMouseUp:
            let view = mouseDownView
            mouseDownView = nil
            switch event.type {
            case .leftMouseUp: view?.mouseUp(with: event)
            case .rightMouseUp: view?.rightMouseUp(with: event)
            default: view?.otherMouseUp(with: event)
            }
        case .mouseMoved:
            updateTracking(at: point, dragging: false, event: event)
            if acceptsMouseMovedEvents { firstResponder?.mouseMoved(with: event) }
        case .mouseExited:
            updateTracking(at: nil, dragging: false, event: event)
        case .mouseEntered:
            updateTracking(at: point, dragging: false, event: event)
        case .scrollWheel:
            contentView?.hitTest(point)?.scrollWheel(with: event)
        case .keyDown: firstResponder?.keyDown(with: event)
        case .keyUp: firstResponder?.keyUp(with: event)
        case .flagsChanged: firstResponder?.flagsChanged(with: event)
        }
    }

    /// Sends entered, exited and moved events to the owners of the tracking areas the pointer
    /// (nil: outside the window) is in or has left.
    func updateTracking(at point: NSPoint?, dragging: Bool, event: NSEvent) {
        contentView?.forEachInSubtree { view in
            for area in view.trackingAreas {
                if dragging, !area.options.contains(.enabledDuringMouseDrag) { continue }
                let rect = area.options.contains(.inVisibleRect) ? view.visibleRect : area.rect
                let inside = point.map { rect.contains(view.convert($0, from: nil)) && !view.isHiddenOrHasHiddenAncestor } ?? false
                let owner = area.owner as? NSResponder
                func send(_ type: NSEvent.EventType) -> NSEvent {
                    let e = NSEvent(type: type, location: point ?? event.locationInWindow, modifierFlags: event.modifierFlags,
                                    timestamp: event.timestamp, window: self)
                    e.trackingArea = area
                    return e
                }
                if inside != area.isInside {
                    area.isInside = inside
                    if area.options.contains(.mouseEnteredAndExited) {
                        if inside { owner?.mouseEntered(with: send(.mouseEntered)) } else { owner?.mouseExited(with: send(.mouseExited)) }
                    }
                } else if inside, !dragging, area.options.contains(.mouseMoved) {
                    owner?.mouseMoved(with: send(.mouseMoved))
                }
            }
        }
    }

    /// The window's key event default: nothing (AppKit beeps).
    open override func keyDown(with event: NSEvent) {}

    /// Told by the X window of its focus.
    func hostKeyDidChange() {
        let name = isKeyWindow ? NSWindow.didBecomeKeyNotification : NSWindow.didResignKeyNotification
        if isKeyWindow { delegate?.windowDidBecomeKey(Notification(name: name, object: self)) }
        else { delegate?.windowDidResignKey(Notification(name: name, object: self)) }
    }
}

extension NSWindow {
    /// Constants that specify the style of a window (macOS's bits).
    public struct StyleMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: UInt
        /// A mask from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        private init(bits: UInt) { rawValue = bits }
        /// A window without a border.
        public static let borderless = StyleMask([])
        /// A window with a title bar.
        public static let titled = StyleMask(bits: 1 << 0)
        /// A window with a close button.
        public static let closable = StyleMask(bits: 1 << 1)
        /// A window with a minimize button.
        public static let miniaturizable = StyleMask(bits: 1 << 2)
        /// A window the user can resize.
        public static let resizable = StyleMask(bits: 1 << 3)
        /// A window whose content view covers the title bar.
        public static let fullSizeContentView = StyleMask(bits: 1 << 15)
    }

    /// The types of a window's backing store (accepted; Lamina's windows are buffered).
    public enum BackingStoreType: UInt, Sendable {
        /// Retained (deprecated on macOS).
        case retained = 0
        /// Nonretained (deprecated on macOS).
        case nonretained = 1
        /// Buffered: the only kind Lamina has.
        case buffered = 2
    }

    /// Where a window or view goes relative to another.
    public enum OrderingMode: Int, Sendable {
        /// Below the other.
        case below = -1
        /// Out of the list.
        case out = 0
        /// Above the other.
        case above = 1
    }

    /// Posted when a window was resized.
    public static let didResizeNotification = Notification.Name("NSWindowDidResizeNotification")
    /// Posted when a window is about to close.
    public static let willCloseNotification = Notification.Name("NSWindowWillCloseNotification")
    /// Posted when a window became key.
    public static let didBecomeKeyNotification = Notification.Name("NSWindowDidBecomeKeyNotification")
    /// Posted when a window stopped being key.
    public static let didResignKeyNotification = Notification.Name("NSWindowDidResignKeyNotification")
    /// Posted when the user starts resizing a window.
    public static let willStartLiveResizeNotification = Notification.Name("NSWindowWillStartLiveResizeNotification")
    /// Posted when the user has finished resizing a window.
    public static let didEndLiveResizeNotification = Notification.Name("NSWindowDidEndLiveResizeNotification")
}

/// A set of optional methods that a window's delegate can implement (each does nothing, or
/// allows, by default).
@MainActor
public protocol NSWindowDelegate: AnyObject {
    /// Whether the window may close (its close button); true by default.
    func windowShouldClose(_ sender: NSWindow) -> Bool
    /// The window is about to close.
    func windowWillClose(_ notification: Notification)
    /// The window was resized.
    func windowDidResize(_ notification: Notification)
    /// The window became key.
    func windowDidBecomeKey(_ notification: Notification)
    /// The window stopped being key.
    func windowDidResignKey(_ notification: Notification)
    /// The user started resizing the window.
    func windowWillStartLiveResize(_ notification: Notification)
    /// The user finished resizing the window.
    func windowDidEndLiveResize(_ notification: Notification)
}

extension NSWindowDelegate {
    /// Allows the window to close.
    public func windowShouldClose(_ sender: NSWindow) -> Bool { true }
    /// Does nothing.
    public func windowWillClose(_ notification: Notification) {}
    /// Does nothing.
    public func windowDidResize(_ notification: Notification) {}
    /// Does nothing.
    public func windowDidBecomeKey(_ notification: Notification) {}
    /// Does nothing.
    public func windowDidResignKey(_ notification: Notification) {}
    /// Does nothing.
    public func windowWillStartLiveResize(_ notification: Notification) {}
    /// Does nothing.
    public func windowDidEndLiveResize(_ notification: Notification) {}
}
