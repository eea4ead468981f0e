/// The iOS interface environment for your app: Lamina's is always the light appearance at
/// the main screen's scale.
public final class UITraitCollection: NSObject, Sendable {
    /// The traits of the current environment.
    public static var current: UITraitCollection { UITraitCollection() }
    /// The display scale of the traits. Defaults to the main screen's.
    public let displayScale: CGFloat = UIScreen.mainScale
    /// The interface style: always `.light`.
    public let userInterfaceStyle: UIUserInterfaceStyle = .light
}
