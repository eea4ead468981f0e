import QuartzCore
import Dispatch

/// The pointer as the backend reports it (device pixels) delivered to the view (points): click
/// counts, drags, crossings, the cursor, wheel steps, continuous scrolls with their phases, and
/// touchpad gestures.
extension Window {
    func pointerButton(_ button: Int, x px: Double, y py: Double, modifiers: ModifierFlags, buttons: MouseButtons, time: UInt, pressed: Bool) {
        let location = CGPoint(x: px / scale, y: py / scale)
        if pressed {
            // A double click: the same button again within the desktop's time and a few points.
            let (ex, ey) = (Int32(px.rounded(.down)), Int32(py.rounded(.down)))
            let slop = Int32((4 * scale).rounded(.up))
            let again = button == lastClick.button && time &- lastClick.time <= backend.doubleClickMilliseconds
                && abs(ex - lastClick.x) <= slop && abs(ey - lastClick.y) <= slop
            lastClick = (time, button, ex, ey, again ? lastClick.count + 1 : 1)
        }
        let event = PointerEvent(location: location, button: MouseButton(rawValue: button) ?? .other,
                                 clickCount: lastClick.count, modifiers: modifiers, buttons: buttons)
        if pressed { contentView?.deliverMouseDown(event) } else { contentView?.deliverMouseUp(event) }
    }

    func pointerMoved(x px: Double, y py: Double, modifiers: ModifierFlags, buttons held: MouseButtons) {
        let location = CGPoint(x: px / scale, y: py / scale)
        let pointer = PointerEvent(location: location, button: .left, clickCount: 0, modifiers: modifiers, buttons: held)
        pointerLocation = location
        // While a button is held the server keeps sending to this window (an implicit grab):
        // drags that leave it keep reporting, with points outside the bounds.
        if held.isEmpty { contentView?.mouseMoved(with: pointer) } else { contentView?.deliverMouseDragged(pointer) }
        updateCursor()
        // LAMINA_DEBUG=hits outlines what the pointer is over.
        if debugOptions.contains(.hits) { debugOptionsDidChange() }
    }

    func pointerCrossed(entering: Bool, x px: Double, y py: Double, modifiers: ModifierFlags, buttons: MouseButtons) {
        let location = CGPoint(x: px / scale, y: py / scale)
        let pointer = PointerEvent(location: location, button: .left, clickCount: 0, modifiers: modifiers, buttons: buttons)
        if entering {
            pointerLocation = location
            contentView?.mouseEntered(with: pointer)
            updateCursor()
        } else {
            pointerLocation = nil
            contentView?.mouseExited(with: pointer)
        }
        if debugOptions.contains(.hits) { debugOptionsDidChange() }
    }

    /// Shows the cursor the view wants where the pointer is.
    func updateCursor() {
        guard let native, let view = contentView else { return }
        native.setCursor(pointerLocation.map { view.cursor(at: $0) } ?? view.cursor)
    }

    func wheelStep(x px: Double, y py: Double, dx: CGFloat, dy: CGFloat, modifiers: ModifierFlags) {
        let location = CGPoint(x: px / scale, y: py / scale)
        contentView?.deliverScroll(ScrollEvent(location: location, deltaX: dx, deltaY: dy, modifiers: modifiers))
    }

    /// Delivers a continuous scroll delta with its phase, and ends the scroll if no other comes
    /// within `ScrollEvent.endingPause`.
    func scrolled(_ event: ScrollEvent) {
        for phased in scrollPhases.phased(event) { contentView?.deliverScroll(phased) }
        scrollDeltaCount += 1
        let mine = scrollDeltaCount
        DispatchQueue.main.asyncAfter(deadline: .now() + ScrollEvent.endingPause) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.scrollDeltaCount == mine, let ended = self.scrollPhases.end(at: CACurrentMediaTime()) else { return }
                self.contentView?.deliverScroll(ended)
            }
        }
    }

    func pinched(_ event: GestureEvent) { contentView?.deliverPinch(event) }

    func swiped(_ event: GestureEvent) { contentView?.deliverSwipe(event) }
}
