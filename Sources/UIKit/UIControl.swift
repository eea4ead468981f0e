/// The base class for controls, which are visual elements that convey a specific action or
/// intention in response to user interactions.
///
/// A control tracks the touch that begins in it: `beginTracking(_:with:)`,
/// `continueTracking(_:with:)`, `endTracking(_:with:)` or `cancelTracking(with:)`, highlighted
/// while the touch is inside it (its bounds grown by 70 points once tracking, as UIKit's), and
/// sends its events — `.touchDown`, `.touchDragInside`/`Outside`/`Enter`/`Exit`,
/// `.touchUpInside`/`Outside`, `.touchCancel`; subclasses send `.valueChanged` and
/// `.primaryActionTriggered` — to its actions. A disabled control ignores touches.
///
/// Actions are `UIAction`s (`addAction(_:for:)`) or, as Swift on Linux has no selectors,
/// closures given the control as its own type: `button.addTarget(self, action: { [unowned self] button in
/// tapped(button) }, for: .touchUpInside)`. A gesture recognizer of a superview that a control's
/// own tracking overlaps — a single tap — does not begin on it, as in UIKit.
@MainActor
open class UIControl: UIView {
    struct Entry {
        let id: Int
        weak var target: AnyObject?
        let hasTarget: Bool
        let events: Event
        let action: UIAction?
        let body: ((UIControl, UIEvent?) -> Void)?
    }

    var entries: [Entry] = []
    private var nextEntryID = 0
    private var storedEnabled = true
    private var storedSelected = false
    private var storedHighlighted = false

    /// How far outside its bounds a tracked touch still counts as inside, in points.
    static let touchSlop: CGFloat = 70

    /// Creates a control with the specified frame.
    public override init(frame: CGRect) { super.init(frame: frame) }

    /// Creates a control with the specified frame, registering `primaryAction` for
    /// `.primaryActionTriggered`.
    public convenience init(frame: CGRect, primaryAction: UIAction?) {
        self.init(frame: frame)
        if let primaryAction { addAction(primaryAction, for: .primaryActionTriggered) }
    }

    /// Creates a control from an unarchiver (a zero frame in Lamina).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    // MARK: - State

    /// A Boolean value indicating whether the control is in the enabled state. Defaults to true.
    open var isEnabled: Bool {
        get { storedEnabled }
        set {
            guard newValue != storedEnabled else { return }
            storedEnabled = newValue
            if !newValue, isTracking { cancelTouchTracking() }
            stateDidChange()
        }
    }

    /// A Boolean value indicating whether the control is in the selected state. Defaults to false.
    open var isSelected: Bool {
        get { storedSelected }
        set {
            guard newValue != storedSelected else { return }
            storedSelected = newValue
            stateDidChange()
        }
    }

    /// A Boolean value indicating whether the control draws a highlight. Set while a touch is
    /// inside it. Defaults to false.
    open var isHighlighted: Bool {
        get { storedHighlighted }
        set {
            guard newValue != storedHighlighted else { return }
            storedHighlighted = newValue
            stateDidChange()
        }
    }

    /// The state of the control: its highlighted, disabled and selected flags.
    open var state: UIControl.State {
        var state: State = []
        if storedHighlighted { state.insert(.highlighted) }
        if !storedEnabled { state.insert(.disabled) }
        if storedSelected { state.insert(.selected) }
        return state
    }

    /// Called when the state changes: subclasses update their look. Does nothing here.
    func stateDidChange() {}

    // MARK: - Tracking

    /// A Boolean value indicating whether the control is currently tracking touch events.
    open private(set) var isTracking = false
    /// A Boolean value indicating whether a tracked touch is inside the control's bounds (grown
    /// by 70 points).
    open private(set) var isTouchInside = false

    /// Called when a touch event enters the control's bounds. Return false not to track it.
    /// Defaults to true.
    open func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called when a touch event for the control updates. Return false to stop tracking.
    /// Defaults to true.
    open func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { true }
    /// Called when a touch event associated with the control ends. Does nothing by default.
    open func endTracking(_ touch: UITouch?, with event: UIEvent?) {}
    /// Tells the control to cancel tracking related to the specified event. Does nothing by default.
    open func cancelTracking(with event: UIEvent?) {}

    private var trackedTouch: UITouch?

    private func isInside(_ touch: UITouch) -> Bool {
        let point = touch.location(in: self)
        return bounds.insetBy(dx: -Self.touchSlop, dy: -Self.touchSlop).contains(point)
    }

    /// Begins tracking a touch (when enabled): highlights, sends `.touchDown`
    /// (`.touchDownRepeat` too for a repeated tap).
    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard isEnabled, let touch = touches.first else { return }
        trackedTouch = touch
        isTouchInside = true
        isTracking = beginTracking(touch, with: event)
        isHighlighted = true
        var events: Event = .touchDown
        if touch.tapCount > 1 { events.insert(.touchDownRepeat) }
        sendActions(for: events, with: event)
    }

    /// Follows the touch: highlighted while inside, drag events.
    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, touch === trackedTouch else { return }
        let wasInside = isTouchInside
        isTouchInside = isInside(touch)
        isHighlighted = isTouchInside
        if isTracking { isTracking = continueTracking(touch, with: event) }
        var events: Event = isTouchInside ? .touchDragInside : .touchDragOutside
        if wasInside != isTouchInside { events.insert(isTouchInside ? .touchDragEnter : .touchDragExit) }
        sendActions(for: events, with: event)
    }

    /// Ends tracking: `.touchUpInside` or `.touchUpOutside`.
    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, touch === trackedTouch else { return }
        trackedTouch = nil
        isTouchInside = isInside(touch)
        if isTracking { endTracking(touch, with: event) }
        isTracking = false
        isHighlighted = false
        let inside = isTouchInside
        isTouchInside = false
        touchUp(inside: inside, event: event)
    }

    /// The touch went up: the events for it.
    func touchUp(inside: Bool, event: UIEvent?) {
        sendActions(for: inside ? .touchUpInside : .touchUpOutside, with: event)
    }

    /// The touch was cancelled (a gesture recognizer took it): `.touchCancel`.
    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, touch === trackedTouch else { return }
        cancelTouchTracking(event)
    }

    private func cancelTouchTracking(_ event: UIEvent? = nil) {
        trackedTouch = nil
        if isTracking { cancelTracking(with: event) }
        isTracking = false
        isTouchInside = false
        isHighlighted = false
        sendActions(for: .touchCancel, with: event)
    }

    /// A superview's single-tap recognizer does not begin over a control (its own tracking
    /// handles the tap), as in UIKit; others do.
    open override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        if let tap = gestureRecognizer as? UITapGestureRecognizer, tap.view !== self,
           tap.numberOfTapsRequired <= 1, tap.numberOfTouchesRequired == 1 { return false }
        return true
    }

    // MARK: - Actions

    /// Adds an action for the specified events. An action with the same identifier already
    /// added is replaced.
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        entries.removeAll { $0.action?.identifier == action.identifier && $0.events == controlEvents }
        nextEntryID += 1
        entries.append(Entry(id: nextEntryID, target: nil, hasTarget: false, events: controlEvents, action: action, body: nil))
    }

    /// Removes the action for the specified events.
    open func removeAction(_ action: UIAction, for controlEvents: UIControl.Event) {
        removeAction(identifiedBy: action.identifier, for: controlEvents)
    }

    /// Removes the action with the identifier for the specified events.
    open func removeAction(identifiedBy actionIdentifier: UIAction.Identifier, for controlEvents: UIControl.Event) {
        entries.removeAll { $0.action?.identifier == actionIdentifier && !$0.events.isDisjoint(with: controlEvents) }
    }

    /// Adds a closure for the specified events: the closure form of Apple's
    /// `addTarget(_:action:for:)`. `target`, when given, is held weakly: the action stops once
    /// it is gone. (`addTarget(_:action:for:)` taking the control as its own type is in
    /// `_UIControlActions`.)
    open func addTarget(_ target: Any?, action: @escaping (UIControl, UIEvent?) -> Void, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        nextEntryID += 1
        entries.append(Entry(id: nextEntryID, target: object, hasTarget: object != nil, events: controlEvents, action: nil, body: action))
    }

    /// Stops the closures of `target` (nil: every closure, not `UIAction`s) for the specified
    /// events. (Apple's also names a selector.)
    open func removeTarget(_ target: Any?, for controlEvents: UIControl.Event) {
        let object = target.map { $0 as AnyObject }
        entries.removeAll { entry in
            entry.action == nil && !entry.events.isDisjoint(with: controlEvents) && (object == nil || entry.target === object)
        }
    }

    /// The targets of the control's closures.
    open var allTargets: Set<AnyHashable> {
        Set(entries.compactMap { entry in (entry.target as? NSObject).map { AnyHashable($0) } })
    }

    /// The events for which the control has actions.
    open var allControlEvents: UIControl.Event {
        entries.reduce(into: Event()) { $0.formUnion($1.events) }
    }

    /// Calls the action methods associated with the specified events.
    open func sendActions(for controlEvents: UIControl.Event) {
        sendActions(for: controlEvents, with: nil)
    }

    /// Calls the specified action.
    open func sendAction(_ action: UIAction) {
        action.perform(sender: self)
    }

    func sendActions(for controlEvents: UIControl.Event, with event: UIEvent?) {
        let matching = entries.filter { !$0.events.isDisjoint(with: controlEvents) }
        for entry in matching {
            if let action = entry.action {
                sendAction(action)
            } else if let body = entry.body, !entry.hasTarget || entry.target != nil {
                body(self, event)
            }
        }
    }
}

/// The closure form of Apple's `addTarget(_:action:for:)` given the control as its own type.
/// (Lamina's stand-in for selectors; adopted by `UIControl` and so by every control class.)
@MainActor
public protocol _UIControlActions: UIControl {}

extension UIControl: _UIControlActions {}

extension _UIControlActions {
    /// Adds a closure, given the control as its own type, for the specified events. `target`,
    /// when given, is held weakly.
    public func addTarget(_ target: Any?, action: @escaping (Self) -> Void, for controlEvents: UIControl.Event) {
        addTarget(target, action: { (control: UIControl, _: UIEvent?) in action(control as! Self) }, for: controlEvents)
    }
}
