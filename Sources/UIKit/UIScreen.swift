import LaminaHost

/// An object that defines the properties associated with a hardware-based display.
///
/// Lamina's main screen is the X display's default screen when there is one: its size in
/// points and its scale (the desktop's Xft.dpi / 96, or `LAMINA_SCALE`). Without a display
/// (offscreen, as in unit tests) it is 390 × 844 points (an iPhone's) at scale 1 (`LAMINA_SCALE`).
@MainActor
open class UIScreen: NSObject {
    /// Returns the screen object representing the device's screen.
    public static let main = UIScreen()

    private let metrics = Application.screenMetrics

    /// The natural scale factor associated with the screen: the display's (Xft.dpi / 96), else
    /// `LAMINA_SCALE`, else 1.
    open lazy var scale: CGFloat = metrics?.scale ?? UIScreen.mainScale

    /// The bounding rectangle of the screen, measured in points: the display's size, else
    /// 390 × 844.
    open lazy var bounds = CGRect(origin: .zero, size: metrics?.size ?? CGSize(width: 390, height: 844))

    /// The native scale factor for the physical screen: `scale` in Lamina.
    open var nativeScale: CGFloat { scale }

    /// The maximum number of frames per second a screen can render: the display's rate where
    /// a window has measured it, else 60.
    open var maximumFramesPerSecond: Int = 60

    /// The scale for code that is not on the main actor: `LAMINA_SCALE`, else 1.
    nonisolated static var mainScale: CGFloat {
        ProcessInfo.processInfo.environment["LAMINA_SCALE"].flatMap(Double.init).map { CGFloat($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 1
    }
}
