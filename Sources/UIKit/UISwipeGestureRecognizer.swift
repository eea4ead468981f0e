/// A discrete gesture recognizer that interprets swiping gestures in one or more directions.
///
/// Recognizes when the pointer, its button held, travels 50 points in one of `direction`'s
/// directions within 0.5 s of the press, keeping within half that distance of the straight
/// line; a release before then, or a slower or crooked drag, fails it.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// The directions of a swipe.
    public struct Direction: OptionSet, Sendable {
        /// The raw bits.
        public var rawValue: UInt
        /// A direction from its bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The touch or touches swipe to the right.
        public static let right = Direction(rawValue: 1 << 0)
        /// The touch or touches swipe to the left.
        public static let left = Direction(rawValue: 1 << 1)
        /// The touch or touches swipe upward.
        public static let up = Direction(rawValue: 1 << 2)
        /// The touch or touches swipe downward.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The permitted direction of the swipe for this gesture recognizer. Defaults to `.right`.
    open var direction: Direction = .right
    /// The number of touches that must be present for the swipe gesture to be recognized. Defaults to 1.
    open var numberOfTouchesRequired = 1

    /// How far a swipe travels, in points.
    static let minimumDistance: CGFloat = 50
    /// How long a swipe may take, in seconds.
    static let maximumDuration: TimeInterval = 0.5

    private var start: (point: CGPoint, time: TimeInterval)?

    /// Creates a swipe gesture recognizer with no action.
    public required init() { super.init() }

    /// The press: where the swipe starts.
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard storedState == .possible, let touch = touches.first else { return }
        guard numberOfTouchesRequired == 1 else { state = .failed; return }
        start = (touch.location(in: nil), touch.timestamp)
    }

    /// A move: recognized once far enough, straight enough and soon enough.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        guard let start, storedState == .possible, let touch = touches.first else { return }
        let point = touch.location(in: nil)
        let dx = point.x - start.point.x, dy = point.y - start.point.y
        if touch.timestamp - start.time > Self.maximumDuration { state = .failed; return }
        let candidates: [(Direction, CGFloat, CGFloat)] = [(.right, dx, dy), (.left, -dx, dy), (.down, dy, dx), (.up, -dy, dx)]
        for (candidate, along, across) in candidates where direction.contains(candidate) {
            if along >= Self.minimumDistance, abs(across) <= along / 2 {
                state = .recognized
                return
            }
        }
    }

    /// The release before a swipe: it fails.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        start = nil
        if storedState == .possible { state = .failed }
    }

    /// Clears the swipe.
    open override func reset() {
        super.reset()
        start = nil
    }
}
