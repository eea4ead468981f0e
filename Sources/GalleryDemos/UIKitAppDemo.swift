import LaminaHost
import UIKit

/// The UIKit sample app in the gallery: its window's root view controller is the sample's
/// first screen (buttons, a switch, a slider, taps and a long press, a card to fling, a list
/// presented over it), its input forwarded from the gallery's window.
public final class UIKitAppDemo: DemoView {
    private let rootWindow = UIWindow(frame: CGRect(x: 0, y: 0, width: 640, height: 480))

    /// The sample's window, shown, its root view controller the sample's first screen.
    public override init() {
        super.init()
        rootWindow.rootViewController = UIKitSampleViewController()
        rootWindow.makeKeyAndVisible()
        layer = rootWindow.layer
    }

    /// The sample's window fills the demo.
    public override func layout() {
        rootWindow.frame = CGRect(origin: .zero, size: bounds.size)
        rootWindow.layoutIfNeeded()
    }

    /// The pointer, the wheel and the touchpad go to the sample's window as an app's do.
    public override func mouseDown(with event: PointerEvent) { rootWindow.hostingView.mouseDown(with: event) }
    public override func mouseDragged(with event: PointerEvent) { rootWindow.hostingView.mouseDragged(with: event) }
    public override func mouseUp(with event: PointerEvent) { rootWindow.hostingView.mouseUp(with: event) }
    public override func scrollWheel(with event: ScrollEvent) { rootWindow.hostingView.scrollWheel(with: event) }
    public override func magnify(with event: GestureEvent) { rootWindow.hostingView.magnify(with: event) }

    /// Keys go to the sample's window, but the gallery's own.
    public override func keyDown(with event: KeyEvent) {
        // The gallery's keys (arrows, q, t) stay the gallery's.
        if ["q", "n", "p", "t", "\u{1b}"].contains(event.characters) || [113, 114].contains(event.keyCode) {
            super.keyDown(with: event)
        } else {
            rootWindow.hostingView.keyDown(with: event)
        }
    }

    /// Key releases go to the sample's window.
    public override func keyUp(with event: KeyEvent) { rootWindow.hostingView.keyUp(with: event) }
}
