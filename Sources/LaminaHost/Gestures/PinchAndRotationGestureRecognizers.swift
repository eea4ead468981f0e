import QuartzCore

/// Recognizes a pinch: Ctrl+scroll (a touchpad's pinch arrives this way on most desktops).
/// Each step scales by 1.1 (up) or 1/1.1 (down); the gesture ends 0.3 s after the last step.
@MainActor
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the gesture began (1 at the start).
    public private(set) var scale: CGFloat = 1
    private var generation = 0

    override func scrolled(_ event: ScrollEvent) {
        guard event.modifiers.contains(.control), event.deltaY != 0 else { return }
        resetIfOver()
        location = event.location
        let step: CGFloat = event.deltaY < 0 ? 1.1 : 1 / 1.1
        if state == .possible {
            scale = step
            layer = hitLayer(at: event.location)
            move(to: .began)
        } else {
            scale *= step
            move(to: .changed)
        }
        // The end: no step for 0.3 s.
        generation += 1
        let mine = generation
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.generation == mine, self.state == .began || self.state == .changed else { return }
                self.move(to: .ended)
                self.resetIfOver()
            }
        }
    }
}

/// Recognizes a rotation: Shift+drag, turning about where the drag began; `rotation` is the
/// angle in radians (positive clockwise on screen, as layer rotations are) since the press.
@MainActor
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The angle turned since the gesture began, in radians.
    public private(set) var rotation: CGFloat = 0
    private var center: CGPoint?
    private var startAngle: CGFloat = 0

    override func pointerDown(_ event: PointerEvent) {
        resetIfOver()
        guard event.button == .left, event.modifiers.contains(.shift) else { return }
        layer = hitLayer(at: event.location)
        // Turn about the hit layer's center where there is one, else about the press.
        if let layer, layer !== view?.layer, let root = view?.layer {
            center = root.convert(CGPoint(x: layer.bounds.midX, y: layer.bounds.midY), from: layer)
        } else {
            center = event.location
        }
        startAngle = angle(of: event.location)
    }

    override func pointerDragged(_ event: PointerEvent) {
        guard center != nil else { return }
        location = event.location
        var turn = angle(of: event.location) - startAngle
        while turn > .pi { turn -= 2 * .pi }
        while turn < -.pi { turn += 2 * .pi }
        rotation = turn
        move(to: state == .possible ? .began : .changed)
    }

    override func pointerUp(_ event: PointerEvent) {
        defer { center = nil }
        if state == .began || state == .changed { move(to: .ended) }
        resetIfOver()
    }

    private func angle(of point: CGPoint) -> CGFloat {
        guard let center else { return 0 }
        return atan2(point.y - center.y, point.x - center.x)
    }
}
