/// An object that describes the attributes of a computer's monitor or screen. Lamina knows one
/// screen: its scale is the windows' default (Xft.dpi / 96 or `LAMINA_SCALE`, else 1), and its
/// frame is the X screen's when a display is open, else 1440 × 900 points.
@MainActor
open class NSScreen: NSObject {
    /// The screen with the keyboard focus (the only one).
    open class var main: NSScreen? { shared }
    /// Every screen (the one).
    open class var screens: [NSScreen] { [shared] }

    /// The screen's frame, in points.
    open var frame: NSRect { NSRect(x: 0, y: 0, width: 1440, height: 900) }
    /// The screen's frame less menu bar and dock: the whole frame.
    open var visibleFrame: NSRect { frame }
    /// The backing store pixel scale factor for the screen.
    open var backingScaleFactor: CGFloat { NSScreen.defaultScale }

    private static let shared = NSScreen()

    /// Pixels per point when no window says otherwise: `LAMINA_SCALE`, else 1.
    nonisolated static var defaultScale: CGFloat {
        if let text = ProcessInfo.processInfo.environment["LAMINA_SCALE"], let value = Double(text), value.isFinite, value > 0 {
            return CGFloat(value)
        }
        return 1
    }
}
