/// An abstract interface for responding to and handling events.
///
/// Lamina's responder chain is the view hierarchy: a view's `next` responder is its superview.
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

    /// Asks UIKit to make this object the first responder in its window. Returns true when it did.
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
}
