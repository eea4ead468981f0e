import LaminaHost

/// The centralized point of control and coordination for apps running in Lamina.
///
/// There is one, `shared`. `UIApplicationMain` (or `@main` on an app delegate) makes the
/// delegate, tells it the app finished launching, and runs LaminaHost's run loop: X events,
/// frames, the main dispatch queue. Windows made visible from then on are shown as X11 windows.
/// When the last window is closed (or on SIGINT/SIGTERM) the delegate hears
/// `applicationWillTerminate(_:)` and the process exits.
@MainActor
open class UIApplication: UIResponder {
    /// The states of an app.
    public enum State: Int, Sendable {
        /// The app is running in the foreground and receiving events.
        case active = 0
        /// The app is running in the foreground but isn't receiving events.
        case inactive = 1
        /// The app is running in the background.
        case background = 2
    }

    /// Keys used to access values in the launch options dictionary.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's string.
        public var rawValue: String
        /// A key from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A key indicating that the app was launched to open a URL.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
        /// A key indicating that another app requested the launch of your app.
        public static let sourceApplication = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsSourceApplicationKey")
    }

    static let sharedApplication = UIApplication()

    /// Returns the singleton app instance.
    open class var shared: UIApplication { sharedApplication }

    override init() { super.init() }

    /// The delegate of the app object. Defaults to nil; `UIApplicationMain` sets it (and the
    /// application keeps it).
    open var delegate: UIApplicationDelegate?

    /// The app's visible windows, in the order they were shown.
    open var windows: [UIWindow] { visibleWindows }
    /// The visible windows, held weakly (an offscreen window goes when its owner lets it go);
    /// those on screen are held by `shownWindows` too.
    var visibleWindows: [UIWindow] {
        get { visibleWindowReferences.compactMap(\.window) }
        set { visibleWindowReferences = newValue.map(WeakWindow.init) }
    }
    private var visibleWindowReferences: [WeakWindow] = []
    /// The windows shown in X11 windows: the app keeps them while they are on screen.
    var shownWindows: [UIWindow] = []

    struct WeakWindow {
        weak var window: UIWindow?
    }

    /// The app's key window.
    open var keyWindow: UIWindow? { UIWindow.keyWindow }

    /// The app's current state. `.inactive` until the app has launched, `.active` after.
    open internal(set) var applicationState: State = .inactive

    /// A Boolean value that controls whether the idle timer is disabled for the app. Has no
    /// effect in Lamina. Defaults to false.
    open var isIdleTimerDisabled = false

    /// The next responder: the app delegate when it is a responder (and not a view, a view
    /// controller or the app itself), else nil.
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder, !(responder is UIView),
              responder !== self else { return nil }
        return responder
    }

    /// Dispatches an event to the appropriate responder objects in the app: a touch event to
    /// its touches' window (`UIWindow.sendEvent(_:)`), a presses event to the key window.
    open func sendEvent(_ event: UIEvent) {
        if event is UIPressesEvent {
            (event as! UIPressesEvent).presses.first?.window?.sendEvent(event)
        } else if let window = event.touches.first?.window {
            window.sendEvent(event)
        }
    }

    /// Whether windows made visible are shown on screen as X11 windows: once the app runs
    /// (`UIApplicationMain`), or when a test turns it on. Before that a window is offscreen, as
    /// in iOS unit tests.
    package var presentsWindowsOnScreen = false

    /// Sets `delegate` and tells it the app launched, as iOS does before its run loop starts:
    /// `willFinishLaunching`, `didFinishLaunching`, the active state, `applicationDidBecomeActive`.
    package func launch(with delegate: UIApplicationDelegate) {
        self.delegate = delegate
        _ = delegate.application(self, willFinishLaunchingWithOptions: nil)
        _ = delegate.application(self, didFinishLaunchingWithOptions: nil)
        applicationState = .active
        delegate.applicationDidBecomeActive(self)
    }

    /// Runs the app with a delegate of class `delegateClass`: launches it and serves the run
    /// loop until the app ends.
    func run(delegateClass: UIResponder.Type) -> Never {
        presentsWindowsOnScreen = true
        guard let delegate = NSObject.makeObject(ofClass: delegateClass) as? UIApplicationDelegate else {
            fatalError("UIApplicationMain: \(delegateClass) does not conform to UIApplicationDelegate")
        }
        Application.shared.willTerminate = { UIApplication.shared.willTerminate() }
        launch(with: delegate)
        if visibleWindows.isEmpty { CGDiagnostics.log("UIApplicationMain", "the delegate showed no window (makeKeyAndVisible()).") }
        Application.shared.run()
    }

    /// The app is about to end: the delegate hears it once.
    func willTerminate() {
        guard applicationState != .background else { return }
        delegate?.applicationWillResignActive(self)
        applicationState = .background
        delegate?.applicationWillTerminate(self)
    }

    /// A window's X11 window was closed: the app ends with its last window, as a desktop app does.
    func hostWindowClosed(_ window: UIWindow) {
        visibleWindows.removeAll { $0 === window }
        shownWindows.removeAll { $0 === window }
        if shownWindows.isEmpty, presentsWindowsOnScreen, delegate != nil {
            willTerminate()
            exit(0)
        }
    }
}
