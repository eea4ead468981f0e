/// An object that represents the presence or movement of a button press on the screen for a
/// particular event: in Lamina, a key of the keyboard (`key`).
@MainActor
open class UIPress: NSObject {
    /// The phase of a button press.
    public enum Phase: Int, Sendable {
        /// A physical button was pressed.
        case began = 0
        /// The button's force changed.
        case changed = 1
        /// The button is pressed, but hasn't moved since the previous event.
        case stationary = 2
        /// A physical button was released.
        case ended = 3
        /// The system canceled tracking for the button.
        case cancelled = 4
    }

    /// Constants that represent the physical buttons a press can come from.
    public enum PressType: Int, Sendable {
        /// The up arrow.
        case upArrow = 0
        /// The down arrow.
        case downArrow = 1
        /// The left arrow.
        case leftArrow = 2
        /// The right arrow.
        case rightArrow = 3
        /// The select button.
        case select = 4
        /// The menu button.
        case menu = 5
        /// The play/pause button.
        case playPause = 6
        /// Another key of a keyboard (see `key`).
        case keyboard = 100
    }

    /// The time when the press occurred or when it was last mutated (media time).
    open internal(set) var timestamp: TimeInterval
    /// The current phase of the press.
    open internal(set) var phase: Phase
    /// The type of button that was pressed: an arrow for the arrow keys, else `.keyboard`.
    open internal(set) var type: PressType
    /// The key pressed on a physical keyboard.
    open internal(set) var key: UIKey?
    /// The responder the press is delivered to.
    open internal(set) var responder: UIResponder?
    /// The window in which the press occurred.
    open internal(set) var window: UIWindow?
    /// The force of the press: 1 while pressed, 0 otherwise.
    open var force: CGFloat { phase == .ended || phase == .cancelled ? 0 : 1 }

    init(key: UIKey, phase: Phase, timestamp: TimeInterval) {
        self.key = key
        self.phase = phase
        self.timestamp = timestamp
        switch key.keyCode {
        case .keyboardUpArrow: type = .upArrow
        case .keyboardDownArrow: type = .downArrow
        case .keyboardLeftArrow: type = .leftArrow
        case .keyboardRightArrow: type = .rightArrow
        default: type = .keyboard
        }
        super.init()
    }
}
