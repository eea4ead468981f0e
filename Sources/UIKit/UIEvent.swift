/// An object that describes a single user interaction with your app.
///
/// Lamina's windows make touch events from the pointer (`type` `.touches`, the mouse's buttons
/// in `buttonMask`), scroll events from the wheel and touchpad (`.scroll`), and presses events
/// from the keyboard (`UIPressesEvent`). Hit testing takes one, as on iOS.
@MainActor
open class UIEvent: NSObject {
    /// Specifies the general type of an event.
    public enum EventType: Int, Sendable {
        /// The event is related to touches on the screen.
        case touches = 0
        /// The event is related to motion of the device.
        case motion = 1
        /// The event is a remote-control event.
        case remoteControl = 2
        /// The event is related to the press of a physical button.
        case presses = 3
        /// An event from a touchpad's or a wheel's scroll.
        case scroll = 10
        /// An event from hovering over the window.
        case hover = 11
        /// An event from a touchpad's pinch, rotation or swipe.
        case transform = 14
    }

    /// Specifies the subtype of an event.
    public enum EventSubtype: Int, Sendable {
        /// The event has no subtype.
        case none = 0
        /// The event is related to the user shaking the device.
        case motionShake = 1
    }

    /// The mouse buttons held during an event.
    public struct ButtonMask: OptionSet, Hashable, Sendable {
        /// The mask's bits.
        public let rawValue: Int
        /// A mask from its bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The primary (left) mouse button.
        public static let primary = ButtonMask(rawValue: 1 << 0)
        /// The secondary (right) mouse button.
        public static let secondary = ButtonMask(rawValue: 1 << 1)
        /// The mask for button `buttonNumber` (1 is the primary button, 2 the secondary one, 3 the middle one).
        public static func button(_ buttonNumber: Int) -> ButtonMask {
            ButtonMask(rawValue: 1 << max(0, min(buttonNumber - 1, 30)))
        }
    }

    /// The time when the event occurred, in seconds of media time.
    open internal(set) var timestamp: TimeInterval
    /// The type of the event. Defaults to `.touches`.
    open internal(set) var type: EventType = .touches
    /// The subtype of the event. Defaults to `.none`.
    open internal(set) var subtype: EventSubtype = .none
    /// The mouse buttons held during the event: the pressed one for a touch's beginning. Empty
    /// for events of no button.
    open internal(set) var buttonMask: ButtonMask = []
    /// The modifier keys held during the event.
    open internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The touches of the event.
    var touches: Set<UITouch> = []

    /// Creates an event at the current media time.
    public override init() {
        timestamp = CACurrentMediaTime()
        super.init()
    }

    /// Returns all touch objects associated with the event (nil for events of another type).
    open var allTouches: Set<UITouch>? { type == .touches ? touches : nil }

    /// Returns the touch objects that belong to the given view.
    open func touches(for view: UIView) -> Set<UITouch>? { touches.filter { $0.view === view } }

    /// Returns the touch objects that belong to the given window.
    open func touches(for window: UIWindow) -> Set<UITouch>? { touches.filter { $0.window === window } }

    /// Returns the touch objects that are to be delivered to the given gesture recognizer.
    open func touches(for gesture: UIGestureRecognizer) -> Set<UITouch>? {
        touches.filter { $0.gestureRecognizers?.contains { $0 === gesture } ?? false }
    }
}
