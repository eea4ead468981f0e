import XCTest
@testable import UIKit

/// The application object and its delegate, as `@main` and `UIApplicationMain` make them.
final class UIApplicationTests: XCTestCase {
    @MainActor final class AppDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var events: [String] = []
        let madeBy: String
        override init() { madeBy = "AppDelegate.init"; super.init() }
        func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            events.append("didFinishLaunching")
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
            window?.makeKeyAndVisible()
            return true
        }
        func applicationDidBecomeActive(_ application: UIApplication) { events.append("didBecomeActive") }
    }

    func testTheDelegateIsMadeByItsOwnInitAndLaunchedAsOnIOS() {
        MainActor.assumeIsolated {
            // What `@main` does with the class: made through its own init(), its stored properties set.
            let made = NSObject.makeObject(ofClass: AppDelegate.self)
            let delegate = try! XCTUnwrap(made as? AppDelegate)
            XCTAssertEqual(delegate.madeBy, "AppDelegate.init")
            let application = UIApplication.shared
            application.launch(with: delegate)
            XCTAssertEqual(delegate.events, ["didFinishLaunching", "didBecomeActive"])
            XCTAssertEqual(application.applicationState, .active)
            XCTAssertTrue(application.keyWindow === delegate.window)
            XCTAssertTrue(application.windows.contains { $0 === delegate.window })
            XCTAssertTrue(application.next === delegate, "the app's next responder is its delegate")
            XCTAssertNil(delegate.window?.hostWindow, "offscreen until the app runs")
            delegate.window?.isHidden = true
            XCTAssertFalse(application.windows.contains { $0 === delegate.window })
            application.delegate = nil
        }
    }
}
