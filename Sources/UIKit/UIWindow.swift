import LaminaHost

/// The backdrop for your app's user interface and the object that dispatches events to your
/// views.
///
/// A window is the root of a view hierarchy: views added to it are in a window (`window`,
/// `willMove(toWindow:)`, `didMoveToWindow()`). Like UIKit's, a window is hidden until
/// `makeKeyAndVisible()` (a hidden window draws nothing and is not hit). Once the app runs
/// (`UIApplicationMain`, `@main`), a visible window is shown as an X11 window of its frame's
/// size through LaminaHost — a `Window` whose content view hosts this window's layer — and
/// takes its pointer and keyboard input from it: the pointer becomes touches, keys become
/// presses. Before that (as in unit tests) a window lives offscreen.
@MainActor
open class UIWindow: UIView {
    /// The position of the window in the z-axis. Defaults to `.normal`.
    open var windowLevel: UIWindow.Level = .normal

    /// The root view controller for the window: its view fills the window (resizing with it),
    /// installed when the window is shown (or at once on a visible window), and its appearance
    /// callbacks follow the window's. Replacing it takes the old one's view out.
    open var rootViewController: UIViewController? {
        didSet {
            guard rootViewController !== oldValue else { return }
            if let old = oldValue?.viewIfLoaded, old.superview === self { old.removeFromSuperview() }
            if !isHidden { installRootView() }
        }
    }

    /// Puts the root view controller's view in the window, filling it, behind the other views.
    func installRootView() {
        guard let root = rootViewController else { return }
        let view: UIView = root.view
        guard view.superview !== self else { return }
        view.frame = bounds
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        insertSubview(view, at: 0)
    }

    /// The screen on which the window is displayed. Defaults to the main screen.
    open var screen: UIScreen = .main

    /// A Boolean value that indicates whether the window is the key window for the app.
    open var isKeyWindow: Bool { UIWindow.keyWindow === self }

    /// The view that shows this window in a LaminaHost `Window` (made on first use): its root
    /// layer is the window's layer, its size the window's. A host of its own can show it too
    /// (the gallery does).
    package lazy var hostingView: HostingView = UIWindowHost(window: self)

    /// The X11 window showing this one, while it is on screen.
    var hostWindow: LaminaHost.Window?
    /// The keys held, by X keycode, with their presses.
    var pressesDown: [UInt16: UIPress] = [:]
    /// The scroll view a touchpad's scroll in progress scrolls.
    weak var scrollingView: UIScrollView?
    /// The pinch and rotation recognizers following the host's transform gesture in progress.
    var transformRecognizers: [UIGestureRecognizer] = []
    /// The touch sequence in progress (the pointer's), and the gesture recognizers' state.
    lazy var gestureArena = GestureArena(window: self)

    /// Creates a window with the specified frame, hidden (as UIKit's are) until
    /// `makeKeyAndVisible()` or `isHidden = false`.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// Creates a window from an unarchiver (a zero frame in Lamina), hidden.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isHidden = true
    }

    /// Showing a window (false) installs its root view controller's view and, once the app
    /// runs, opens its X11 window; hiding it closes that.
    open override var isHidden: Bool {
        didSet {
            guard isHidden != oldValue else { return }
            if isHidden { windowDidHide() } else { windowDidShow() }
        }
    }

    /// Shows the window and makes it the key window.
    open func makeKeyAndVisible() {
        isHidden = false
        makeKey()
    }

    /// Makes the window the key window.
    open func makeKey() {
        let old = UIWindow.keyWindow
        guard old !== self else { return }
        old?.resignKey()
        UIWindow.keyWindow = self
        becomeKey()
    }

    /// Called automatically to inform the window that it has become the key window. Does
    /// nothing by default.
    open func becomeKey() {}

    /// Called automatically to inform the window that it is no longer the key window. Does
    /// nothing by default.
    open func resignKey() {}

    /// The next responder: the application.
    open override var next: UIResponder? { UIApplication.shared }

    /// Dispatches the specified event to its views: a touch event's touches to the gesture
    /// recognizers and to the views they hit, a presses event to the first responder. (iOS's
    /// application calls this; override it to watch every event.)
    open func sendEvent(_ event: UIEvent) {
        if let presses = event as? UIPressesEvent {
            deliverPresses(presses)
        } else if event.type == .touches {
            deliverTouches(event)
        }
    }

    static weak var keyWindow: UIWindow?

    private func windowDidShow() {
        installRootView()
        notifyVisibilityChanged(true)
        if !UIApplication.shared.visibleWindows.contains(where: { $0 === self }) { UIApplication.shared.visibleWindows.append(self) }
        if UIApplication.shared.presentsWindowsOnScreen { openHostWindow() }
    }

    private func windowDidHide() {
        notifyVisibilityChanged(false)
        UIApplication.shared.visibleWindows.removeAll { $0 === self }
        UIApplication.shared.shownWindows.removeAll { $0 === self }
        if let hostWindow {
            self.hostWindow = nil
            hostWindow.delegate = nil
            hostWindow.close()
        }
        if UIWindow.keyWindow === self { UIWindow.keyWindow = nil }
    }

    /// Opens the X11 window of the window's size showing `hostingView` (the app's process name
    /// as its title).
    package func openHostWindow(title: String = ProcessInfo.processInfo.processName) {
        guard hostWindow == nil else { return }
        guard let window = try? LaminaHost.Window(checkedTitle: title, size: bounds.size) else {
            CGDiagnostics.log("UIWindow", "no X display to show the window on; it stays offscreen.")
            return
        }
        hostWindow = window
        UIApplication.shared.shownWindows.append(self)
        window.delegate = (hostingView as? UIWindowHost)
        window.contentView = hostingView
        window.show()
    }

    /// The positioning of windows relative to each other.
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// The level's value.
        public var rawValue: CGFloat
        /// A level from its value.
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The default level.
        public static let normal = Level(rawValue: 0)
        /// The level for a status bar window.
        public static let statusBar = Level(rawValue: 1000)
        /// The level for an alert window.
        public static let alert = Level(rawValue: 2000)
    }
}
