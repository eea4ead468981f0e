import QuartzCore

/// Recognizes a tap, or a double tap: a press and release of the left button that stays within
/// 10 points, the `numberOfTapsRequired`-th of quick presses (the event's click count).
/// Discrete: `action` hears `.ended` once per tap.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
    /// Taps in a row to recognize. Defaults to 1.
    public var numberOfTapsRequired = 1
    private var start: CGPoint?
    private var clickCount = 0

    override func pointerDown(_ event: PointerEvent) {
        resetIfOver()
        guard event.button == .left else { return }
        start = event.location
        clickCount = event.clickCount
    }

    override func pointerDragged(_ event: PointerEvent) {
        guard let start, hypot(event.location.x - start.x, event.location.y - start.y) > 10 else { return }
        self.start = nil
    }

    override func pointerUp(_ event: PointerEvent) {
        defer { start = nil }
        guard event.button == .left, let start, hypot(event.location.x - start.x, event.location.y - start.y) <= 10,
              clickCount == numberOfTapsRequired else { return }
        location = event.location
        layer = hitLayer(at: event.location)
        move(to: .ended)
    }
}
