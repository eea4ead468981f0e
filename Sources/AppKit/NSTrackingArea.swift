/// A region of a view that generates mouse-tracking events (entered, exited, moved) for its
/// owner when the pointer crosses or moves in it.
open class NSTrackingArea: NSObject, @unchecked Sendable {
    /// The tracking area's rectangle, in the coordinates of the view it is added to.
    open private(set) var rect: NSRect
    /// The options the area was made with.
    open private(set) var options: Options
    /// The object that receives the events (an `NSResponder`'s `mouseEntered(with:)`…).
    open private(set) weak var owner: AnyObject?
    /// The user data given when the area was made.
    open private(set) var userInfo: [AnyHashable: Any]?
    /// Whether the pointer is inside (the last event it had was an entry).
    var isInside = false

    /// Initializes a tracking area for `rect` with `options`, sending its events to `owner`.
    public init(rect: NSRect, options: Options, owner: Any?, userInfo: [AnyHashable: Any]?) {
        self.rect = rect
        self.options = options
        self.owner = owner as AnyObject?
        self.userInfo = userInfo
        self.isInside = options.contains(.assumeInside)
        super.init()
    }
}

extension NSTrackingArea {
    /// The kinds of tracking events and when they are active (macOS's bits). Lamina's windows
    /// deliver them whenever the pointer is over the window, whichever activity option is given.
    public struct Options: OptionSet, Hashable, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        private init(bits: UInt) { rawValue = bits }
        /// Sends `mouseEntered(with:)` and `mouseExited(with:)` as the pointer enters and leaves.
        public static let mouseEnteredAndExited = Options(bits: 0x01)
        /// Sends `mouseMoved(with:)` while the pointer is inside.
        public static let mouseMoved = Options(bits: 0x02)
        /// Sends cursor updates (accepted; Lamina's cursors are set on the window's view).
        public static let cursorUpdate = Options(bits: 0x04)
        /// Active while the view is first responder.
        public static let activeWhenFirstResponder = Options(bits: 0x10)
        /// Active while the window is key.
        public static let activeInKeyWindow = Options(bits: 0x20)
        /// Active while the app is active.
        public static let activeInActiveApp = Options(bits: 0x40)
        /// Always active.
        public static let activeAlways = Options(bits: 0x80)
        /// The first event assumes the pointer started inside.
        public static let assumeInside = Options(bits: 0x100)
        /// The area is the view's visible rectangle, whatever `rect` says, following it.
        public static let inVisibleRect = Options(bits: 0x200)
        /// Entered and exited events are also sent while a button is held.
        public static let enabledDuringMouseDrag = Options(bits: 0x400)
    }
}
