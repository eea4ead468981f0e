import CX11
import QuartzCore

/// XInput 2.4's touchpad gestures as `GestureEvent`s. X reports a pinch's scale since it began
/// and its turn since the last event, clockwise, in degrees; AppKit's events carry the change of
/// scale since the last event (`magnification`) and the turn counterclockwise (`rotation`).
struct TouchpadGestures {
    /// The pinch's scale at its last event.
    private var lastScale: Double = 1

    /// A pinch event (begin, update or end), positions in device pixels over `scale`.
    mutating func pinch(_ e: XIGesturePinchEvent, scale: CGFloat, modifiers: ModifierFlags,
                        timestamp: CFTimeInterval = CACurrentMediaTime()) -> GestureEvent {
        let phase = Self.phase(e.evtype, cancelled: e.flags & XIGesturePinchEventCancelled != 0)
        if phase == .began { lastScale = 1 }
        let current = e.scale.isFinite && e.scale > 0 ? e.scale : lastScale
        let magnification = CGFloat(current / lastScale - 1)
        lastScale = current
        return GestureEvent(location: CGPoint(x: e.event_x / scale, y: e.event_y / scale), phase: phase,
                            magnification: magnification, rotation: e.delta_angle.isFinite ? CGFloat(-e.delta_angle) : 0,
                            deltaX: CGFloat(e.delta_x) / scale, deltaY: CGFloat(e.delta_y) / scale,
                            fingerCount: Int(e.detail), modifiers: modifiers, timestamp: timestamp)
    }

    /// A swipe event (begin, update or end).
    func swipe(_ e: XIGestureSwipeEvent, scale: CGFloat, modifiers: ModifierFlags,
               timestamp: CFTimeInterval = CACurrentMediaTime()) -> GestureEvent {
        GestureEvent(location: CGPoint(x: e.event_x / scale, y: e.event_y / scale),
                     phase: Self.phase(e.evtype, cancelled: e.flags & XIGestureSwipeEventCancelled != 0),
                     deltaX: CGFloat(e.delta_x) / scale, deltaY: CGFloat(e.delta_y) / scale,
                     fingerCount: Int(e.detail), modifiers: modifiers, timestamp: timestamp)
    }

    /// Begin, update and end events' phases (an end the server cancelled: `.cancelled`).
    static func phase(_ evtype: Int32, cancelled: Bool) -> EventPhase {
        switch evtype {
        case XI_GesturePinchBegin, XI_GestureSwipeBegin: return .began
        case XI_GesturePinchEnd, XI_GestureSwipeEnd: return cancelled ? .cancelled : .ended
        default: return .changed
        }
    }
}
