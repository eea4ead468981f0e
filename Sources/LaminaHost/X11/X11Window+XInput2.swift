import CX11
import QuartzCore

/// A window's XInput 2 events (see `XInput2`): buttons and motion as the core protocol gave
/// them, smooth scrolling from scroll valuators, touchpad pinches and swipes.
extension X11Window {
    /// An XI 2 event for this window: `data` is its cookie's data, of type `evtype`.
    func handleXInput(evtype: Int32, data: UnsafeRawPointer) {
        guard let events else { return }
        switch evtype {
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            handleXInputDevice(data.assumingMemoryBound(to: XIDeviceEvent.self).pointee)
        case XI_Enter, XI_Leave:
            let e = data.assumingMemoryBound(to: XIEnterEvent.self).pointee
            if e.evtype == XI_Enter { lastXInputMotion = nil }
            pointerCrossed(entering: e.evtype == XI_Enter, x: e.event_x, y: e.event_y, state: Self.coreState(e.mods, buttons: e.buttons))
        case XI_GesturePinchBegin, XI_GesturePinchUpdate, XI_GesturePinchEnd:
            let e = data.assumingMemoryBound(to: XIGesturePinchEvent.self).pointee
            events.pinched(touchpadGestures.pinch(e, scale: events.scale, modifiers: Self.modifiers(Self.coreState(e.mods))))
        case XI_GestureSwipeBegin, XI_GestureSwipeUpdate, XI_GestureSwipeEnd:
            let e = data.assumingMemoryBound(to: XIGestureSwipeEvent.self).pointee
            events.swiped(touchpadGestures.swipe(e, scale: events.scale, modifiers: Self.modifiers(Self.coreState(e.mods))))
        default:
            break
        }
    }

    /// A press, release or motion, decoded by the same rules whether the server sent it or a test
    /// made it: the server's emulated copies (`XIPointerEmulated`: wheel buttons made from
    /// valuator motion) are dropped, so that each scroll arrives once. Scroll valuators are read
    /// through the backend's `smoothScrolling`.
    func handleXInputDevice(_ e: XIDeviceEvent) {
        guard let events else { return }
        let state = Self.coreState(e.mods, buttons: e.buttons)
        switch e.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            let button = UInt32(truncatingIfNeeded: e.detail)
            if (4...7).contains(button) && e.flags & XIPointerEmulated != 0 { return }
            pointerButton(button, x: e.event_x, y: e.event_y, state: state, time: e.time, pressed: e.evtype == XI_ButtonPress)
        case XI_Motion:
            let scale = events.scale
            let location = CGPoint(x: e.event_x / scale, y: e.event_y / scale)
            // Valuator motion alone (a scroll) moves no pointer.
            if lastXInputMotion.map({ $0 != (e.event_x, e.event_y) }) ?? true {
                events.pointerMoved(x: e.event_x, y: e.event_y, modifiers: Self.modifiers(state), buttons: Self.buttons(state))
            }
            lastXInputMotion = (e.event_x, e.event_y)
            guard let delta = backend.smoothScrolling.scroll(in: e) else { return }
            events.scrolled(ScrollEvent(location: location, deltaX: delta.dx, deltaY: delta.dy, modifiers: Self.modifiers(state),
                                        hasPreciseScrollingDeltas: true))
        default:
            break
        }
    }

    /// The core protocol's state word (modifier bits, Button1Mask… for the buttons held) of an
    /// XI 2 event's modifiers and buttons.
    nonisolated static func coreState(_ mods: XIModifierState, buttons: XIButtonState? = nil) -> UInt32 {
        var state = UInt32(truncatingIfNeeded: mods.effective) & 0xff
        guard let buttons, let mask = buttons.mask else { return state }
        let masks = [1: Button1Mask, 2: Button2Mask, 3: Button3Mask, 4: Button4Mask, 5: Button5Mask]
        for (button, bit) in masks where button / 8 < Int(buttons.mask_len) && mask[button / 8] & (1 << (button % 8)) != 0 {
            state |= UInt32(bit)
        }
        return state
    }
}
