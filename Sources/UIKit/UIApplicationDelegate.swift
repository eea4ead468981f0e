/// A set of methods to manage shared behaviors for your app.
///
/// Every method has a default that does nothing (the launching ones return true), as UIKit's
/// optional methods do. `@main` on a class adopting this protocol starts the app through the
/// protocol's static `main()`, as on iOS:
///
///     @main
///     class AppDelegate: UIResponder, UIApplicationDelegate {
///         var window: UIWindow?
///         func application(_ application: UIApplication,
///                          didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
///             window = UIWindow(frame: UIScreen.main.bounds)
///             window?.makeKeyAndVisible()
///             return true
///         }
///     }
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// The window to use when presenting the app. Defaults to nil (none kept).
    var window: UIWindow? { get set }
    /// Tells the delegate that the launch process has begun but that state restoration hasn't
    /// occurred. Returns true by default.
    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// Tells the delegate that the launch process is almost done and the app is almost ready
    /// to run. Returns true by default.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool
    /// Tells the delegate that the app has become active. Does nothing by default.
    func applicationDidBecomeActive(_ application: UIApplication)
    /// Tells the delegate that the app is about to become inactive. Does nothing by default.
    func applicationWillResignActive(_ application: UIApplication)
    /// Tells the delegate that the app is now in the background. Does nothing by default.
    func applicationDidEnterBackground(_ application: UIApplication)
    /// Tells the delegate that the app is about to enter the foreground. Does nothing by default.
    func applicationWillEnterForeground(_ application: UIApplication)
    /// Tells the delegate when the app is about to terminate: its last window closed, or the
    /// process was asked to end (SIGINT, SIGTERM). Does nothing by default.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// No window is kept by default.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
    /// Returns true.
    public func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Returns true.
    public func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool { true }
    /// Does nothing.
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillResignActive(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    /// Does nothing.
    public func applicationWillTerminate(_ application: UIApplication) {}

    /// Starts the app with this class as its delegate (what `@main` calls): makes one with its
    /// `init()`, launches it and runs the app until it ends. The class must be a `UIResponder`
    /// subclass, as app delegates are.
    public static func main() {
        guard let responderClass = Self.self as? UIResponder.Type else {
            fatalError("UIApplicationDelegate.main(): \(Self.self) must be a UIResponder subclass")
        }
        UIApplication.shared.run(delegateClass: responderClass)
    }
}
