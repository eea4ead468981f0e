import LaminaHost
import UIKit

/// A `Window`'s content made of UIKit's views: a `UIWindow`, shown and key, whose layer is the
/// hosting view's root layer and whose frame follows the window's size (as the gallery's UIKit
/// demo hosts its views).
@MainActor
final class UIKitHostingView: HostingView {
    let rootWindow: UIWindow

    /// A window of `size` points, visible, for `build` to fill with views.
    init(size: CGSize, _ build: (UIWindow) -> Void) {
        rootWindow = UIWindow(frame: CGRect(origin: .zero, size: size))
        rootWindow.backgroundColor = UIColor(red: 0.09, green: 0.1, blue: 0.13, alpha: 1)
        rootWindow.makeKeyAndVisible()
        build(rootWindow)
        super.init()
        layer = rootWindow.layer
    }

    override func layout() {
        rootWindow.frame = CGRect(origin: .zero, size: bounds.size)
    }
}
