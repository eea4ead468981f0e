/// An object representing a menu, action, or command: the title and image that `UIAction`
/// shares with menus. (Lamina has no `UIMenu` yet: actions are what controls use.)
@MainActor
open class UIMenuElement: NSObject {
    /// The title of the menu element.
    open var title: String
    /// The subtitle of the menu element. Defaults to nil.
    open var subtitle: String?
    /// The image to display next to the menu element's title. Defaults to nil.
    open var image: UIImage?

    init(title: String, image: UIImage?) {
        self.title = title
        self.image = image
        super.init()
    }

    /// Attributes that determine the style of the menu element.
    public struct Attributes: OptionSet, Sendable {
        /// The raw bits.
        public var rawValue: UInt
        /// Attributes from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// An attribute indicating the disabled style.
        public static let disabled = Attributes(rawValue: 1 << 0)
        /// An attribute indicating the destructive style.
        public static let destructive = Attributes(rawValue: 1 << 1)
        /// An attribute indicating the hidden style.
        public static let hidden = Attributes(rawValue: 1 << 2)
        /// An attribute indicating the element keeps the menu presented.
        public static let keepsMenuPresented = Attributes(rawValue: 1 << 3)
    }

    /// Constants that indicate the state of an action-based menu element.
    public enum State: Int, Sendable {
        /// A constant indicating the menu element is in the off state.
        case off = 0
        /// A constant indicating the menu element is in the on state.
        case on = 1
        /// A constant indicating the menu element is in the mixed state.
        case mixed = 2
    }
}
