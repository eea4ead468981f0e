/// An object that defines the properties associated with a hardware-based display.
///
/// Lamina's main screen is the offscreen one views render to: its scale is 1 unless
/// `LAMINA_SCALE` says otherwise, and its bounds are 390 × 844 points (an iPhone's) unless the
/// host sets them.
@MainActor
open class UIScreen: NSObject {
    /// Returns the screen object representing the device's screen.
    public static let main = UIScreen()

    /// The natural scale factor associated with the screen. Defaults to 1 (`LAMINA_SCALE`).
    open var scale: CGFloat = UIScreen.mainScale

    /// The bounding rectangle of the screen, measured in points.
    open var bounds = CGRect(x: 0, y: 0, width: 390, height: 844)

    /// The native scale factor for the physical screen: `scale` in Lamina.
    open var nativeScale: CGFloat { scale }

    /// The maximum number of frames per second a screen can render. Defaults to 60.
    open var maximumFramesPerSecond: Int = 60

    /// The scale for code that is not on the main actor: `LAMINA_SCALE`, else 1.
    nonisolated static var mainScale: CGFloat {
        ProcessInfo.processInfo.environment["LAMINA_SCALE"].flatMap(Double.init).map { CGFloat($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 1
    }
}
