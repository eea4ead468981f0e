import QuartzCore

/// Recognizes a drag with the left button (without Shift, which rotates): begins once the
/// pointer has moved 4 points, then reports `translation` and `velocity` on each move.
@MainActor
public final class PanGestureRecognizer: GestureRecognizer {
    /// How far the pointer moved since the press, in points.
    public private(set) var translation: CGPoint = .zero
    /// Points per second, from the last moves (the last 0.1 s).
    public private(set) var velocity: CGPoint = .zero
    private var start: CGPoint?
    private var samples: [(point: CGPoint, time: CFTimeInterval)] = []

    override func pointerDown(_ event: PointerEvent) {
        resetIfOver()
        guard event.button == .left, !event.modifiers.contains(.shift) else { return }
        start = event.location
        samples = [(event.location, event.timestamp)]
        layer = hitLayer(at: event.location)
    }

    override func pointerDragged(_ event: PointerEvent) {
        guard let start else { return }
        location = event.location
        translation = CGPoint(x: event.location.x - start.x, y: event.location.y - start.y)
        samples.append((event.location, event.timestamp))
        // Velocity over the last 0.1 s (at least the last two moves).
        while samples.count > 2, event.timestamp - samples[0].time > 0.1 { samples.removeFirst() }
        if let first = samples.first, event.timestamp > first.time {
            let dt = event.timestamp - first.time
            velocity = CGPoint(x: (event.location.x - first.point.x) / dt, y: (event.location.y - first.point.y) / dt)
        }
        switch state {
        case .possible where hypot(translation.x, translation.y) >= 4: move(to: .began)
        case .began, .changed: move(to: .changed)
        default: break
        }
    }

    override func pointerUp(_ event: PointerEvent) {
        defer { start = nil }
        guard start != nil else { return }
        location = event.location
        if state == .began || state == .changed { move(to: .ended) }
        resetIfOver()
    }
}
