/// An event that describes the state of a set of physical buttons (hardware keys) that are
/// available to the device.
@MainActor
open class UIPressesEvent: UIEvent {
    /// The presses of the event.
    var presses: Set<UIPress> = []

    override init() {
        super.init()
        type = .presses
    }

    /// Returns the state of all physical buttons in the event.
    open var allPresses: Set<UIPress> { presses }

    /// Returns the state of the specified physical buttons that are associated with a gesture recognizer.
    open func presses(for gesture: UIGestureRecognizer) -> Set<UIPress> { presses }
}
