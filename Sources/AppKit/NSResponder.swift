/// An abstract class that forms the basis of event and command processing in AppKit.
///
/// Each event method's default passes the event to `nextResponder`, so that an event a view
/// does not handle goes up the responder chain (a view's superview, the content view's window).
@MainActor
open class NSResponder: NSObject {
    /// Creates a responder with no next responder.
    public override init() { super.init() }

    /// Creates a responder from data in an unarchiver. Lamina has no nib files: this makes an
    /// empty responder.
    public required init?(coder: NSCoder) { super.init() }

    /// The next responder after this one, or nil if it has none. Views answer their superview
    /// (the content view its window) unless one is set.
    open var nextResponder: NSResponder? {
        get { storedNextResponder }
        set { storedNextResponder = newValue }
    }
    weak var storedNextResponder: NSResponder?

    /// Whether the responder accepts first responder status. Defaults to false.
    open var acceptsFirstResponder: Bool { false }

    /// Notifies the receiver that it's about to become first responder; true (the default)
    /// accepts.
    open func becomeFirstResponder() -> Bool { true }

    /// Notifies the receiver that it's been asked to relinquish its status as first responder;
    /// true (the default) lets it go.
    open func resignFirstResponder() -> Bool { true }

    /// Informs the receiver that the user has pressed the left mouse button. Defaults to passing
    /// the event to the next responder.
    open func mouseDown(with event: NSEvent) { nextResponder?.mouseDown(with: event) }
    /// Informs the receiver that the user has released the left mouse button.
    open func mouseUp(with event: NSEvent) { nextResponder?.mouseUp(with: event) }
    /// Informs the receiver that the user has moved the mouse with the left button pressed.
    open func mouseDragged(with event: NSEvent) { nextResponder?.mouseDragged(with: event) }
    /// Informs the receiver that the mouse has moved (with no button pressed).
    open func mouseMoved(with event: NSEvent) { nextResponder?.mouseMoved(with: event) }
    /// Informs the receiver that the cursor has entered a tracking rectangle.
    open func mouseEntered(with event: NSEvent) { nextResponder?.mouseEntered(with: event) }
    /// Informs the receiver that the cursor has exited a tracking rectangle.
    open func mouseExited(with event: NSEvent) { nextResponder?.mouseExited(with: event) }
    /// Informs the receiver that the user has pressed the right mouse button.
    open func rightMouseDown(with event: NSEvent) { nextResponder?.rightMouseDown(with: event) }
    /// Informs the receiver that the user has released the right mouse button.
    open func rightMouseUp(with event: NSEvent) { nextResponder?.rightMouseUp(with: event) }
    /// Informs the receiver that the user has moved the mouse with the right button pressed.
    open func rightMouseDragged(with event: NSEvent) { nextResponder?.rightMouseDragged(with: event) }
    /// Informs the receiver that the user has pressed a mouse button other than the left or right one.
    open func otherMouseDown(with event: NSEvent) { nextResponder?.otherMouseDown(with: event) }
    /// Informs the receiver that the user has released a mouse button other than the left or right one.
    open func otherMouseUp(with event: NSEvent) { nextResponder?.otherMouseUp(with: event) }
    /// Informs the receiver that the mouse's scroll wheel (or a touchpad) has moved.
    open func scrollWheel(with event: NSEvent) { nextResponder?.scrollWheel(with: event) }
    /// Informs the receiver that the user has pressed a key.
    open func keyDown(with event: NSEvent) { nextResponder?.keyDown(with: event) }
    /// Informs the receiver that the user has released a key.
    open func keyUp(with event: NSEvent) { nextResponder?.keyUp(with: event) }
    /// Informs the receiver that the user has pressed or released a modifier key.
    open func flagsChanged(with event: NSEvent) { nextResponder?.flagsChanged(with: event) }
}
