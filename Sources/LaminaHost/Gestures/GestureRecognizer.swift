import QuartzCore
import Dispatch

/// Where a gesture stands, as UIKit's recognizers report it. Discrete gestures (taps) go from
/// `possible` to `ended` at once; continuous ones (pan, pinch, rotation, long press) go
/// `began` → `changed`… → `ended` (or `cancelled`).
public enum GestureState: Sendable {
    /// Not recognized (yet).
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture moved on.
    case changed
    /// The gesture finished (a tap: was recognized).
    case ended
    /// The gesture was interrupted (the window lost the pointer or the focus).
    case cancelled
    /// The events were not this gesture.
    case failed
}

/// A small recognizer over a view's pointer and scroll events, for interaction experiments:
/// add it with `HostingView.addGestureRecognizer(_:)`; `action` runs on each state change
/// (`began`, `changed`, `ended`, `cancelled`). The view's own event methods still run.
@MainActor
open class GestureRecognizer {
    /// Where the gesture stands. Defaults to `.possible`.
    public internal(set) var state: GestureState = .possible
    /// The view the recognizer was added to.
    public internal(set) weak var view: HostingView?
    /// The layer hit where the gesture began (the view's root layer when none deeper was hit).
    public internal(set) var layer: CALayer?
    /// Where the gesture is (the view's coordinates): the pointer, or the pinch's center.
    public internal(set) var location: CGPoint = .zero
    /// Whether the recognizer takes events. Defaults to true.
    public var isEnabled = true
    /// Called on every state change but `.possible` and `.failed`.
    public var action: (GestureRecognizer) -> Void

    /// A recognizer that calls `action` as its gesture is recognized.
    public init(action: @escaping (GestureRecognizer) -> Void) {
        self.action = action
    }

    /// Moves to `state` and tells `action` (for the states it hears of).
    func move(to state: GestureState) {
        self.state = state
        if state != .possible && state != .failed { action(self) }
    }

    /// Back to `.possible` after a gesture ended, failed or was cancelled.
    func resetIfOver() {
        if [.ended, .cancelled, .failed].contains(state) { state = .possible }
    }

    /// The layer under `point` in the view (its root layer when nothing deeper is).
    func hitLayer(at point: CGPoint) -> CALayer? {
        guard let root = view?.layer else { return nil }
        return root.hitTest(point) ?? root
    }

    // Events, as the view receives them; subclasses recognize over these.
    func pointerDown(_ event: PointerEvent) {}
    func pointerDragged(_ event: PointerEvent) {}
    func pointerUp(_ event: PointerEvent) {}
    func scrolled(_ event: ScrollEvent) {}
    func pinched(_ event: GestureEvent) {}
    /// The pointer or the focus went away: a gesture in progress is cancelled.
    func interrupted() {
        if state == .began || state == .changed { move(to: .cancelled) }
        resetIfOver()
    }
}

extension HostingView {
    /// Adds `recognizer`: it sees the view's pointer and scroll events from now on.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    /// Removes `recognizer`.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    // The window delivers through these: recognizers first, then the view's own method.
    func deliverMouseDown(_ event: PointerEvent) {
        for recognizer in gestureRecognizers where recognizer.isEnabled { recognizer.pointerDown(event) }
        mouseDown(with: event)
    }
    func deliverMouseDragged(_ event: PointerEvent) {
        for recognizer in gestureRecognizers where recognizer.isEnabled { recognizer.pointerDragged(event) }
        mouseDragged(with: event)
    }
    func deliverMouseUp(_ event: PointerEvent) {
        for recognizer in gestureRecognizers where recognizer.isEnabled { recognizer.pointerUp(event) }
        mouseUp(with: event)
    }
    func deliverScroll(_ event: ScrollEvent) {
        for recognizer in gestureRecognizers where recognizer.isEnabled { recognizer.scrolled(event) }
        scrollWheel(with: event)
    }
    func deliverPinch(_ event: GestureEvent) {
        for recognizer in gestureRecognizers where recognizer.isEnabled { recognizer.pinched(event) }
        magnify(with: event)
        rotate(with: event)
    }
    func deliverSwipe(_ event: GestureEvent) {
        swipe(with: event)
    }
    func interruptGestures() {
        for recognizer in gestureRecognizers { recognizer.interrupted() }
    }
}
