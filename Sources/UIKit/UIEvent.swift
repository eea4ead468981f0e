/// An object that describes a single user interaction with your app.
///
/// Lamina's views receive pointer input through LaminaHost; a `UIEvent` is what hit testing
/// takes, as on iOS, and carries the time it happened.
@MainActor
open class UIEvent: NSObject {
    /// The time when the event occurred, in seconds of media time.
    open var timestamp: TimeInterval

    /// Creates an event at the current media time.
    public override init() {
        timestamp = CACurrentMediaTime()
        super.init()
    }
}
