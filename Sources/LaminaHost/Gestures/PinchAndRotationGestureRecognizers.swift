import QuartzCore

/// Recognizes a pinch: a touchpad's pinch where the server reports it (XInput 2.4), following
/// its phases; otherwise Ctrl+scroll (how many desktops pass a pinch on). Each wheel step of
/// Ctrl+scroll scales by 1.1 (up) or 1/1.1 (down), smooth scrolling in proportion (10 points a
/// step); that gesture ends 0.3 s after the last step.
@MainActor
public final class PinchGestureRecognizer: GestureRecognizer {
    /// The scale since the gesture began (1 at the start).
    public private(set) var scale: CGFloat = 1
    private var generation = 0

    override func pinched(_ event: GestureEvent) {
        location = event.location
        if event.phase.contains(.began) {
            resetIfOver()
            generation += 1                                       // a Ctrl+scroll pinch's end timer stops counting
            scale = 1 + event.magnification
            layer = hitLayer(at: event.location)
            move(to: .began)
        } else if state == .began || state == .changed {
            scale *= 1 + event.magnification
            if event.phase.contains(.cancelled) {
                move(to: .cancelled)
            } else {
                move(to: event.phase.contains(.ended) ? .ended : .changed)
            }
            resetIfOver()
        }
    }

    override func scrolled(_ event: ScrollEvent) {
        guard event.modifiers.contains(.control), event.deltaY != 0 else { return }
        resetIfOver()
        location = event.location
        let step: CGFloat = pow(1.1, -event.deltaY / 10)
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

/// Recognizes a rotation: a touchpad pinch's turn where the server reports it (XInput 2.4),
/// otherwise Shift+drag, turning about where the drag began; `rotation` is the angle in radians
/// (positive clockwise on screen, as layer rotations are) since the gesture began.
@MainActor
public final class RotationGestureRecognizer: GestureRecognizer {
    /// The angle turned since the gesture began, in radians.
    public private(set) var rotation: CGFloat = 0
    private var center: CGPoint?
    private var startAngle: CGFloat = 0

    override func pinched(_ event: GestureEvent) {
        location = event.location
        // AppKit's rotation is counterclockwise degrees; this recognizer's is clockwise radians.
        let turn = -event.rotation * .pi / 180
        if event.phase.contains(.began) {
            resetIfOver()
            center = nil
            rotation = turn
            layer = hitLayer(at: event.location)
            move(to: .began)
        } else if state == .began || state == .changed {
            rotation += turn
            if event.phase.contains(.cancelled) {
                move(to: .cancelled)
            } else {
                move(to: event.phase.contains(.ended) ? .ended : .changed)
            }
            resetIfOver()
        }
    }

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
