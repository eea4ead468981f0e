import LaminaHost

/// An object that manages an app's main event loop and resources used by all of that app's
/// objects: on LaminaHost's `Application` (X events and frames on the main queue).
///
/// The usual start of a macOS app without a nib works unchanged:
///
///     let app = NSApplication.shared
///     let delegate = AppDelegate()
///     app.delegate = delegate
///     app.run()        // or NSApplicationMain(CommandLine.argc, CommandLine.unsafeArgv)
@MainActor
open class NSApplication: NSResponder {
    /// The app's one instance.
    open class var shared: NSApplication { instance }
    private static let instance = NSApplication()

    /// The app's delegate, told of launching and terminating. Held strongly in Lamina (Apple's
    /// is unowned), so that `app.delegate = AppDelegate()` keeps it.
    open var delegate: NSApplicationDelegate?

    /// The app's windows, in the order they were made.
    open private(set) var windows: [NSWindow] = []

    /// The key window, or nil.
    open var keyWindow: NSWindow? { windows.first { $0.isKeyWindow } }
    /// The main window: the key one.
    open var mainWindow: NSWindow? { keyWindow }

    /// Whether the main event loop runs.
    open private(set) var isRunning = false

    private var launched = false

    private override init() { super.init() }

    /// Creates the app from an unarchiver: the shared instance is the only one, so this makes a
    /// responder that is not it (nil would break `required`).
    public required init?(coder: NSCoder) { super.init() }

    /// Activates the app (accepted; the window manager decides focus).
    open func activate(ignoringOtherApps flag: Bool) {}

    /// Sets the app's activation policy; true (every policy is accepted).
    @discardableResult
    open func setActivationPolicy(_ activationPolicy: ActivationPolicy) -> Bool { true }

    /// Tells the delegate that the app will and then did finish launching (once).
    open func finishLaunching() {
        guard !launched else { return }
        launched = true
        delegate?.applicationWillFinishLaunching(Notification(name: NSApplication.willFinishLaunchingNotification, object: self))
        delegate?.applicationDidFinishLaunching(Notification(name: NSApplication.didFinishLaunchingNotification, object: self))
    }

    /// Starts the main event loop: finishes launching, then serves events, timers and frames
    /// until `terminate(_:)`; it does not return.
    open func run() {
        isRunning = true
        DispatchQueue.main.async { MainActor.assumeIsolated { NSApplication.shared.finishLaunching() } }
        Application.shared.run()
    }

    /// Ends the app when the delegate's `applicationShouldTerminate(_:)` answers
    /// `.terminateNow` (the default): the delegate hears `applicationWillTerminate(_:)`, the
    /// windows close, the process exits with status 0.
    open func terminate(_ sender: Any?) {
        guard (delegate?.applicationShouldTerminate(self) ?? .terminateNow) == .terminateNow else { return }
        delegate?.applicationWillTerminate(Notification(name: NSApplication.willTerminateNotification, object: self))
        Application.shared.terminate()
    }

    /// Stops the main event loop: Lamina's loop cannot return, so this terminates.
    open func stop(_ sender: Any?) { terminate(sender) }

    func register(_ window: NSWindow) { windows.append(window) }
    func unregister(_ window: NSWindow) { windows.removeAll { $0 === window } }

    func windowDidClose(_ window: NSWindow) {
        unregister(window)
        if windows.isEmpty, delegate?.applicationShouldTerminateAfterLastWindowClosed(self) == true { terminate(nil) }
    }
}

extension NSApplication {
    /// The ways an app may present itself (accepted; raw values 0 up in this order).
    public enum ActivationPolicy: Int, Sendable {
        /// An ordinary app.
        case regular
        /// An app without a Dock icon that may show windows.
        case accessory
        /// An app that never activates.
        case prohibited
    }

    /// The answers to `applicationShouldTerminate(_:)` (raw values 0 up in this order).
    public enum TerminateReply: UInt, Sendable {
        /// Do not terminate.
        case terminateCancel
        /// Terminate now.
        case terminateNow
        /// Decide later (Lamina: like `terminateCancel`).
        case terminateLater
    }

    /// Posted before the app finishes launching.
    public static let willFinishLaunchingNotification = Notification.Name("NSApplicationWillFinishLaunchingNotification")
    /// Posted when the app has finished launching.
    public static let didFinishLaunchingNotification = Notification.Name("NSApplicationDidFinishLaunchingNotification")
    /// Posted when the app is about to terminate.
    public static let willTerminateNotification = Notification.Name("NSApplicationWillTerminateNotification")
}

/// A set of methods that manage your app's life cycle (each does nothing, or allows, by default).
@MainActor
public protocol NSApplicationDelegate: AnyObject {
    /// The app is about to finish launching.
    func applicationWillFinishLaunching(_ notification: Notification)
    /// The app has finished launching: make and show its windows here.
    func applicationDidFinishLaunching(_ notification: Notification)
    /// The app is about to terminate.
    func applicationWillTerminate(_ notification: Notification)
    /// Whether the app may terminate now. Defaults to `.terminateNow`.
    func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply
    /// Whether the app terminates when its last window closes. Defaults to false.
    func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool
}

extension NSApplicationDelegate {
    /// Does nothing.
    public func applicationWillFinishLaunching(_ notification: Notification) {}
    /// Does nothing.
    public func applicationDidFinishLaunching(_ notification: Notification) {}
    /// Does nothing.
    public func applicationWillTerminate(_ notification: Notification) {}
    /// Terminates now.
    public func applicationShouldTerminate(_ sender: NSApplication) -> NSApplication.TerminateReply { .terminateNow }
    /// Keeps running without windows.
    public func applicationShouldTerminateAfterLastWindowClosed(_ sender: NSApplication) -> Bool { false }
}

extension NSApplicationDelegate where Self: NSObject {
    /// The app's entry point for `@main` on the delegate class: makes the delegate (through the
    /// class's `init()`, as a Mac app's main nib makes it), makes it the shared app's delegate and
    /// runs the app (`NSApplicationMain`). It does not return.
    @MainActor
    public static func main() {
        NSApplication.shared.delegate = NSObject.makeObject(ofClass: Self.self) as? NSApplicationDelegate
        NSApplicationMain(CommandLine.argc, CommandLine.unsafeArgv)
    }
}

/// The app: `NSApplication.shared.delegate` (set it first) hears the launch, and the main event
/// loop runs. It does not return.
@MainActor
@discardableResult
public func NSApplicationMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    NSApplication.shared.run()
    return 0
}

/// The shared app (`NSApplication.shared`).
@MainActor
public var NSApp: NSApplication! { NSApplication.shared }
