/// The backdrop for your app's user interface and the object that dispatches events to your
/// views.
///
/// A window is the root of a view hierarchy: views added to it are in a window (`window`,
/// `willMove(toWindow:)`, `didMoveToWindow()`). It may exist offscreen, as in iOS unit tests;
/// `LaminaHost` shows one in an X11 window. Like UIKit's, a window is hidden until
/// `makeKeyAndVisible()` (a hidden window draws nothing and is not hit).
@MainActor
open class UIWindow: UIView {
    /// The position of the window in the z-axis. Defaults to `.normal`.
    open var windowLevel: UIWindow.Level = .normal

    /// The screen on which the window is displayed. Defaults to the main screen.
    open var screen: UIScreen = .main

    /// A Boolean value that indicates whether the window is the key window for the app.
    open var isKeyWindow: Bool { UIWindow.keyWindow === self }

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

    /// Windows have no superview: the next responder is none.
    open override var next: UIResponder? { nil }

    static weak var keyWindow: UIWindow?

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
