/// An object representing the location, size, movement, and force of a touch occurring on the
/// screen.
///
/// In Lamina the pointer is the one touch: a press of a mouse button begins it, motion with the
/// button held moves it, the release ends it. The touch object lasts for the whole sequence, as
/// on iOS, and is updated in place.
@MainActor
open class UITouch: NSObject {
    /// The phase of a touch event.
    public enum Phase: Int, Sendable {
        /// A touch for a given event has pressed down on the screen.
        case began = 0
        /// A touch for a given event has moved over the screen.
        case moved = 1
        /// A touch for a given event is pressing on the screen but hasn't moved since the previous event.
        case stationary = 2
        /// A touch for a given event has lifted from the screen.
        case ended = 3
        /// The system canceled tracking for the touch.
        case cancelled = 4
        /// A touch has entered the window (a pointer hovering over it).
        case regionEntered = 5
        /// A touch is within the window's region but not touching the screen.
        case regionMoved = 6
        /// A touch has left the window's region.
        case regionExited = 7
    }

    /// The type of touch.
    public enum TouchType: Int, Sendable {
        /// A touch resulting from direct contact with the screen.
        case direct = 0
        /// A touch that did not result from contact with the screen.
        case indirect = 1
        /// A touch from Apple Pencil.
        case pencil = 2
        /// An indirect touch from a pointer: a mouse or a touchpad. Lamina's touches are these.
        case indirectPointer = 3
    }

    /// The time when the touch occurred or when it was last mutated (media time, seconds).
    open internal(set) var timestamp: TimeInterval
    /// The phase of the touch.
    open internal(set) var phase: Phase
    /// The number of times the finger was tapped for this given touch: the press's click count
    /// (presses of the same button within the desktop's double-click time and a few points).
    open internal(set) var tapCount: Int
    /// The type of the touch. `.indirectPointer` in Lamina.
    open internal(set) var type: TouchType = .indirectPointer
    /// The view to which touches are being delivered, if any: the one hit where the touch began.
    open internal(set) var view: UIView?
    /// The window in which the touch initially occurred.
    open internal(set) weak var window: UIWindow?
    /// The gesture recognizers that are receiving the touch object.
    open internal(set) var gestureRecognizers: [UIGestureRecognizer]? = nil
    /// The radius (in points) of the touch. 0 for a pointer.
    open var majorRadius: CGFloat { 0 }
    /// The force of the touch, where 1 is an average touch. 0 for a pointer.
    open var force: CGFloat { 0 }

    /// Where the touch is, in the window's coordinates.
    var windowLocation: CGPoint
    /// Where it was at the previous event, in the window's coordinates.
    var previousWindowLocation: CGPoint

    init(location: CGPoint, timestamp: TimeInterval, tapCount: Int, window: UIWindow?) {
        windowLocation = location
        previousWindowLocation = location
        self.timestamp = timestamp
        self.tapCount = tapCount
        self.window = window
        phase = .began
        super.init()
    }

    /// Returns the current location of the touch in the coordinate system of the given view
    /// (nil: the window's).
    open func location(in view: UIView?) -> CGPoint {
        guard let view, let window else { return windowLocation }
        return view.convert(windowLocation, from: window)
    }

    /// Returns the previous location of the touch in the coordinate system of the given view
    /// (nil: the window's).
    open func previousLocation(in view: UIView?) -> CGPoint {
        guard let view, let window else { return previousWindowLocation }
        return view.convert(previousWindowLocation, from: window)
    }

    /// Returns the precise location of the touch: `location(in:)` (a pointer is precise).
    open func preciseLocation(in view: UIView?) -> CGPoint { location(in: view) }
}
