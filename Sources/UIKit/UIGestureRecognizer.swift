/// The base class for concrete gesture recognizers.
///
/// A recognizer added to a view (`addGestureRecognizer(_:)`) sees the touches that begin in it
/// or its subviews before the view does, and moves through UIKit's states: `.possible`, then
/// for a discrete gesture `.recognized` (`.ended`) or `.failed`, for a continuous one `.began`,
/// `.changed`…, then `.ended`, `.cancelled` or `.failed`. Its window's arena applies UIKit's
/// rules: `require(toFail:)` and the delegate's `shouldRequireFailureOf`, `shouldBegin`,
/// `shouldRecognizeSimultaneouslyWith` and `shouldReceive`, `cancelsTouchesInView`,
/// `delaysTouchesBegan` and `delaysTouchesEnded`.
///
/// Swift on Linux has no selectors: the action is a closure given the recognizer, with its own
/// type — `UIPanGestureRecognizer(target: self) { [unowned self] pan in move(pan) }` — and
/// `addTarget(_:action:)` takes one too. A subclass that declares a designated initializer must
/// also provide `required init()`.
@MainActor
open class UIGestureRecognizer: NSObject {
    /// The current state of a gesture recognizer.
    public enum State: Int, Sendable {
        /// The recognizer hasn't yet recognized its gesture, but may be evaluating touch events. The default.
        case possible = 0
        /// The recognizer has received touch objects recognized as a continuous gesture.
        case began = 1
        /// The recognizer has received touches recognized as a change to a continuous gesture.
        case changed = 2
        /// The recognizer has received touches recognized as the end of a continuous gesture (or a discrete gesture).
        case ended = 3
        /// The recognizer has received touches resulting in the cancellation of a continuous gesture.
        case cancelled = 4
        /// The recognizer has received a touch sequence that can't be recognized as the gesture.
        case failed = 5
        /// The recognizer has received a multi-touch sequence that it recognizes as its (discrete) gesture: `.ended`.
        public static var recognized: State { .ended }
    }

    var storedState: State = .possible
    /// The state a recognizer asked for while it waits for others to fail.
    var pendingState: State?
    var actions: [(target: AnyObject?, hasTarget: Bool, body: (UIGestureRecognizer) -> Void)] = []
    var failureRequirements: [WeakRecognizer] = []
    /// The touches the recognizer is tracking.
    var trackedTouches: [UITouch] = []

    /// Creates a gesture recognizer with no action.
    public required override init() { super.init() }

    /// The current state of the gesture recognizer. Subclasses set it as they recognize; the
    /// window's arena may hold or refuse a change (failure requirements, the delegate).
    open var state: State {
        get { storedState }
        set { requestState(newValue) }
    }

    /// The delegate of the gesture recognizer. Defaults to nil.
    open weak var delegate: UIGestureRecognizerDelegate?

    /// A Boolean property that indicates whether the gesture recognizer is enabled. Disabling
    /// one in the middle of its gesture cancels it. Defaults to true.
    open var isEnabled = true {
        didSet {
            guard !isEnabled, oldValue else { return }
            if storedState == .began || storedState == .changed { state = .cancelled }
            else if storedState == .possible, !trackedTouches.isEmpty { state = .failed }
        }
    }

    /// The view the gesture recognizer is attached to.
    open internal(set) weak var view: UIView?

    /// Whether touches are delivered to the view when the gesture is recognized: when true
    /// (the default) the view's touches are cancelled (`touchesCancelled`) once it recognizes.
    open var cancelsTouchesInView = true
    /// Whether the view's `touchesBegan` is held until the gesture fails (and never sent if it
    /// is recognized). Defaults to false.
    open var delaysTouchesBegan = false
    /// Whether the view's `touchesEnded` is held while the gesture may still be recognized
    /// (a double tap after the first tap). Defaults to true.
    open var delaysTouchesEnded = true
    /// Whether the recognizer requires touches of one type. Defaults to true.
    open var requiresExclusiveTouchType = true
    /// The name of the gesture recognizer. Defaults to nil.
    open var name: String?
    /// The modifier keys held when the gesture's touch began.
    open internal(set) var modifierFlags: UIKeyModifierFlags = []
    /// The mouse buttons held when the gesture's touch began.
    open internal(set) var buttonMask: UIEvent.ButtonMask = []

    /// The number of touches involved in the gesture.
    open var numberOfTouches: Int { trackedTouches.filter { $0.phase != .ended && $0.phase != .cancelled }.count }

    /// Where the gesture is in `view`'s coordinates (nil: the window's): the centroid of its touches.
    open func location(in view: UIView?) -> CGPoint {
        guard let touch = trackedTouches.last else { return .zero }
        return touch.location(in: view)
    }

    /// The location of one of the gesture's touches in `view`'s coordinates.
    open func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard trackedTouches.indices.contains(touchIndex) else { return .zero }
        return trackedTouches[touchIndex].location(in: view)
    }

    /// Adds an action: called with the recognizer on each of its state changes but to
    /// `.possible` and `.failed`. `target`, when given, is held weakly: the action stops once
    /// it is gone. (Apple's takes a selector.)
    open func addTarget(_ target: Any?, action: @escaping (UIGestureRecognizer) -> Void) {
        let object = target.map { $0 as AnyObject }
        actions.append((object, object != nil, action))
    }

    /// Removes the actions of `target` (nil: every action).
    open func removeTarget(_ target: Any?) {
        guard let target else { actions.removeAll(); return }
        actions.removeAll { $0.target === (target as AnyObject) }
    }

    /// Creates a dependency relationship: this recognizer recognizes only once `other` failed.
    open func require(toFail otherGestureRecognizer: UIGestureRecognizer) {
        failureRequirements.append(WeakRecognizer(otherGestureRecognizer))
    }

    // MARK: Subclassing

    /// Overridden to reset internal state when a gesture recognition attempt completes. Does
    /// nothing by default.
    open func reset() {}
    /// Tells the recognizer to ignore a touch.
    open func ignore(_ touch: UITouch, for event: UIEvent) { trackedTouches.removeAll { $0 === touch } }
    /// Whether this recognizer prevents `preventedGestureRecognizer` from recognizing. Defaults to true.
    open func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether `preventingGestureRecognizer` prevents this one from recognizing. Defaults to true.
    open func canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer) -> Bool { true }
    /// Whether this recognizer requires `otherGestureRecognizer` to fail. Defaults to false.
    open func shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Whether `otherGestureRecognizer` requires this one to fail. Defaults to false.
    open func shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    /// Touches began in the recognizer's view or its subviews. Does nothing by default.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches moved. Does nothing by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches ended. Does nothing by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {}
    /// Touches were cancelled: a gesture in progress is cancelled, a possible one fails.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        if storedState == .began || storedState == .changed { state = .cancelled } else if storedState == .possible { state = .failed }
    }

    // MARK: Internals

    /// Whether the recognizer still expects events for the gesture it attempts after its
    /// touch ended (a timer running: a tap waiting for its next tap).
    var isWaiting: Bool { false }

    /// A state change a subclass asked for: through the window's arena when there is one.
    func requestState(_ new: State) {
        if let arena = view?.window?.gestureArena { arena.transition(self, to: new) } else { apply(new) }
    }

    /// Takes `new` and calls the actions for the states they hear of.
    func apply(_ new: State) {
        storedState = new
        if new == .began || new == .changed || new == .ended || new == .cancelled { sendActions() }
    }

    func sendActions() {
        for action in actions where !action.hasTarget || action.target != nil { action.body(self) }
    }

    /// The recognizers this one must wait for (its own and its delegates' requirements).
    func requirements(among others: [UIGestureRecognizer]) -> [UIGestureRecognizer] {
        others.filter { other in
            other !== self && (failureRequirements.contains { $0.recognizer === other } || shouldRequireFailure(of: other)
                || other.shouldBeRequiredToFail(by: self)
                || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true)
        }
    }

    /// A vector in window coordinates, in `view`'s (nil: the window's): turned and scaled as
    /// the view is, not moved.
    func vector(_ v: CGPoint, in view: UIView?) -> CGPoint {
        guard let view, let window = trackedTouches.first?.window ?? self.view?.window ?? view.window else { return v }
        let origin = view.convert(CGPoint.zero, from: window), end = view.convert(v, from: window)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }

    /// A vector in `view`'s coordinates (nil: the window's), in the window's.
    func windowVector(_ v: CGPoint, from view: UIView?) -> CGPoint {
        guard let view, let window = trackedTouches.first?.window ?? self.view?.window ?? view.window else { return v }
        let origin = view.convert(CGPoint.zero, to: window), end = view.convert(v, to: window)
        return CGPoint(x: end.x - origin.x, y: end.y - origin.y)
    }

    /// Back to `.possible` after an attempt.
    func resetToPossible() {
        pendingState = nil
        trackedTouches = []
        reset()
        storedState = .possible
    }
}

/// A weak reference to a recognizer (failure requirements do not keep others alive).
struct WeakRecognizer {
    weak var recognizer: UIGestureRecognizer?
    init(_ recognizer: UIGestureRecognizer) { self.recognizer = recognizer }
}

/// The closure form of Apple's `init(target:action:)` and `addTarget(_:action:)`: the action is
/// given the recognizer as its own type. (Lamina's stand-in for selectors; adopted by
/// `UIGestureRecognizer` and so by every recognizer class.)
@MainActor
public protocol _UIGestureRecognizerActions: UIGestureRecognizer {
    /// A recognizer with no action.
    init()
}

extension UIGestureRecognizer: _UIGestureRecognizerActions {}

extension _UIGestureRecognizerActions {
    /// Initializes a gesture recognizer with a target and an action: `action` is called with
    /// the recognizer on each of its state changes but to `.possible` and `.failed`.
    public init(target: Any?, action: @escaping (Self) -> Void) {
        self.init()
        addTarget(target, action: action)
    }

    /// Adds an action called with the recognizer, as its own type.
    public func addTarget(_ target: Any?, action: @escaping (Self) -> Void) {
        addTarget(target, action: { (recognizer: UIGestureRecognizer) in action(recognizer as! Self) })
    }
}
