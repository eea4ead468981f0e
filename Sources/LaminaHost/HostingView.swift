import QuartzCore

/// A view that hosts a layer tree in a `Window`: `layer` is its root layer, whose frame is the
/// view's bounds. Subclass it to handle events and lay out on resize, as with UIView:
///
///     final class Board: HostingView {
///         override class var layerClass: CALayer.Type { CAGradientLayer.self }
///         override func mouseDown(with event: PointerEvent) { … layer.hitTest(event.location) … }
///     }
@MainActor
open class HostingView {
    /// The class of the root layer made for the view. Defaults to `CALayer`.
    open class var layerClass: CALayer.Type { CALayer.self }

    /// The root layer. Assign your own before showing the window to host an existing tree.
    public var layer: CALayer {
        didSet { layer.frame = CGRect(origin: .zero, size: bounds.size) }
    }

    /// The recognizers added with `addGestureRecognizer(_:)`, in order.
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []

    /// The window showing the view.
    public internal(set) weak var window: Window?

    /// The view's bounds in points (origin top-left).
    public internal(set) var bounds: CGRect = .zero {
        didSet {
            layer.frame = CGRect(origin: .zero, size: bounds.size)
            if bounds.size != oldValue.size { layout() }
        }
    }

    /// A view with a root layer of `layerClass`.
    public init() {
        // Swift cannot call `init()` on a class value (it is not required: Apple's subclasses
        // override it freely); QuartzCore makes one through the class's own `init()`.
        layer = CALayer.makeLayer(ofClass: Self.layerClass)
    }

    /// Called when the view's size changes. Does nothing by default.
    open func layout() {}

    /// The pointer's look over the view, unless `cursor(at:)` says otherwise. Defaults to `.arrow`.
    public var cursor: Cursor = .arrow {
        didSet { window?.updateCursor() }
    }

    /// The pointer's look at `location` (view coordinates): override for regions, say a
    /// pointing hand over the layers that react to clicks. Defaults to `cursor`.
    open func cursor(at location: CGPoint) -> Cursor { cursor }

    /// A button was pressed over the view (`event.button`, `event.clickCount`). Does nothing by default.
    open func mouseDown(with event: PointerEvent) {}
    /// A button was released (wherever the pointer is: the view keeps it while a button is held).
    open func mouseUp(with event: PointerEvent) {}
    /// The pointer moved with a button held; inside the window or not.
    open func mouseDragged(with event: PointerEvent) {}
    /// The pointer moved over the view with no button held.
    open func mouseMoved(with event: PointerEvent) {}
    /// The pointer came into the window.
    open func mouseEntered(with event: PointerEvent) {}
    /// The pointer left the window.
    open func mouseExited(with event: PointerEvent) {}
    /// A wheel step or scroll over the view. Does nothing by default.
    open func scrollWheel(with event: ScrollEvent) {}
    /// A touchpad pinch over the view (XInput 2.4), each of its events: `event.magnification`.
    /// Does nothing by default.
    open func magnify(with event: GestureEvent) {}
    /// The same pinch events, right after `magnify(with:)` (X reports the turn and the scale
    /// together): `event.rotation`. Does nothing by default.
    open func rotate(with event: GestureEvent) {}
    /// A touchpad swipe of three or more fingers over the view (XInput 2.4), as it moves:
    /// `event.deltaX`, `event.deltaY`. Does nothing by default.
    open func swipe(with event: GestureEvent) {}
    /// A key was pressed (or repeats: `event.isARepeat`) while the window has the focus.
    open func keyDown(with event: KeyEvent) {}
    /// A key was released.
    open func keyUp(with event: KeyEvent) {}
    /// A modifier key (Shift, Control, Alt, Super, Caps Lock) was pressed or released;
    /// `event.modifiers` holds the flags after the change.
    open func flagsChanged(with event: KeyEvent) {}
}
