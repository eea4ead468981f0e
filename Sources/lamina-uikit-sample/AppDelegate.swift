// An iOS app as one is written without a storyboard: `@main` on the app delegate, a window
// with a root view controller made in `application(_:didFinishLaunchingWithOptions:)`. The
// screens are GalleryDemos' (the gallery shows them too); what happens is printed, one line each.
import UIKit
import GalleryDemos

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UIKitSampleLog.sink = AppDelegate.say
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 480, height: 640))
        window.rootViewController = UIKitSampleViewController()
        window.makeKeyAndVisible()
        self.window = window
        AppDelegate.say("launched")
        return true
    }

    func applicationWillTerminate(_ application: UIApplication) {
        AppDelegate.say("terminating")
    }

    /// A line on standard output, at once (unbuffered: the end-to-end test reads as it goes).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
