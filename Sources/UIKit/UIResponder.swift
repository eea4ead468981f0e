/// An abstract interface for responding to and handling events.
///
/// The responder chain is UIKit's: a view's `next` responder is its view controller when it is
/// one's root view, else its superview; a view controller's is its view's superview (or its
/// presenting view controller); a window's is the application; the application's is its
/// delegate when that is a responder. Events a responder does not handle — touches, presses —
/// go to its next responder by default, as on iOS.
@MainActor
open class UIResponder: NSObject {
    /// Creates a responder.
    public override init() { super.init() }

    /// Returns the next responder in the responder chain, or nil if there is none. Defaults to nil.
    open var next: UIResponder? { nil }

    /// Returns a Boolean value indicating whether this object can become the first responder.
    /// Defaults to false.
    open var canBecomeFirstResponder: Bool { false }

    /// Returns a Boolean value indicating whether the receiver is willing to relinquish
    /// first-responder status. Defaults to true.
    open var canResignFirstResponder: Bool { true }

    /// Returns a Boolean value indicating whether this object is the first responder.
    open var isFirstResponder: Bool { UIResponder.firstResponder === self }

    /// Asks UIKit to make this object the first responder in its window. Returns true when it
    /// did: when `canBecomeFirstResponder` and the current first responder resigned. Hardware
    /// keys (`pressesBegan(_:with:)`, `keyCommands`) start at the first responder.
    @discardableResult
    open func becomeFirstResponder() -> Bool {
        guard canBecomeFirstResponder else { return false }
        if let current = UIResponder.firstResponder, current !== self, !current.resignFirstResponder() { return false }
        UIResponder.firstResponder = self
        return true
    }

    /// Notifies this object that it has been asked to relinquish its status as first responder
    /// in its window. Returns true when it did.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard canResignFirstResponder else { return false }
        if UIResponder.firstResponder === self { UIResponder.firstResponder = nil }
        return true
    }

    /// The first responder of the app.
    static weak var firstResponder: UIResponder?

    // MARK: Touches

    /// Tells this object that one or more new touches occurred in a view or window. Passes
    /// them to the next responder by default.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesBegan(touches, with: event) }

    /// Tells the responder when one or more touches associated with an event changed. Passes
    /// them to the next responder by default.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesMoved(touches, with: event) }

    /// Tells the responder when one or more fingers are raised from a view or window. Passes
    /// them to the next responder by default.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesEnded(touches, with: event) }

    /// Tells the responder when a system event (a gesture recognizer that recognized, the window
    /// losing the pointer) cancels a sequence of touches. Passes them to the next responder by
    /// default.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { next?.touchesCancelled(touches, with: event) }

    // MARK: Presses

    /// Tells this object when a physical button (a hardware key) is first pressed. Passes the
    /// presses to the next responder by default.
    open func pressesBegan(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesBegan(presses, with: event) }

    /// Tells this object when a value associated with a press has changed. Passes the presses
    /// to the next responder by default.
    open func pressesChanged(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesChanged(presses, with: event) }

    /// Tells the object when a button is released. Passes the presses to the next responder by
    /// default.
    open func pressesEnded(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesEnded(presses, with: event) }

    /// Tells this object when a system event (such as the window losing the focus) cancels a
    /// press event. Passes the presses to the next responder by default.
    open func pressesCancelled(_ presses: Set<UIPress>, with event: UIPressesEvent?) { next?.pressesCancelled(presses, with: event) }

    /// The key commands that trigger actions on this responder. A key press looks for a match
    /// from the first responder up the chain before it becomes a press. Defaults to nil.
    open var keyCommands: [UIKeyCommand]? { nil }
}
