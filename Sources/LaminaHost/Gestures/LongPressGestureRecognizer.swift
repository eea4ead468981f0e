import QuartzCore
import Dispatch

/// Recognizes a press held `minimumPressDuration` without moving 10 points: `.began` then,
/// `.changed` as the pointer moves, `.ended` at the release.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the press must last, in seconds. Defaults to 0.5.
    public var minimumPressDuration: CFTimeInterval = 0.5
    private var press: (point: CGPoint, time: CFTimeInterval)?
    private var generation = 0

    override func pointerDown(_ event: PointerEvent) {
        resetIfOver()
        guard event.button == .left else { return }
        press = (event.location, event.timestamp)
        location = event.location
        layer = hitLayer(at: event.location)
        generation += 1
        let mine = generation
        DispatchQueue.main.asyncAfter(deadline: .now() + minimumPressDuration) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == mine, self.press != nil, self.state == .possible else { return }
                self.move(to: .began)
            }
        }
    }

    override func pointerDragged(_ event: PointerEvent) {
        guard let press else { return }
        location = event.location
        if state == .possible {
            if hypot(event.location.x - press.point.x, event.location.y - press.point.y) > 10 { self.press = nil; return }
            // Events carry their time: a move after the duration begins the gesture even
            // before the timer fires.
            if event.timestamp - press.time >= minimumPressDuration { move(to: .began) }
        } else if state == .began || state == .changed {
            move(to: .changed)
        }
    }

    override func pointerUp(_ event: PointerEvent) {
        defer { press = nil }
        guard let press else { return }
        location = event.location
        if state == .possible, event.timestamp - press.time >= minimumPressDuration { move(to: .began) }
        if state == .began || state == .changed { move(to: .ended) }
        resetIfOver()
    }
}
