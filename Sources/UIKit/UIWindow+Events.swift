import LaminaHost

/// How a window turns its host's input into UIKit's events: the pointer into a touch (hit
/// tested, through the gesture arena, to the touched view), keys into presses and key commands.
extension UIWindow {
    /// A press of a mouse button at `location` (window coordinates) began a touch.
    func pointerBegan(at location: CGPoint, timestamp: TimeInterval, tapCount: Int = 1,
                      buttons: UIEvent.ButtonMask = .primary, modifiers: UIKeyModifierFlags = []) {
        if let session = gestureArena.session, !session.isOver { return }
        let touch = UITouch(location: location, timestamp: timestamp, tapCount: tapCount, window: self)
        let event = UIEvent()
        event.timestamp = timestamp
        event.buttonMask = buttons
        event.modifierFlags = modifiers
        event.touches = [touch]
        touch.view = hitTest(location, with: event)
        UIApplication.shared.sendEvent(event)
    }

    /// The pointer moved with its button held.
    func pointerMoved(to location: CGPoint, timestamp: TimeInterval) {
        guard let session = gestureArena.session, !session.isOver else { return }
        let touch = session.touch
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.timestamp = timestamp
        touch.phase = .moved
        session.event.timestamp = timestamp
        UIApplication.shared.sendEvent(session.event)
    }

    /// The button was released: the touch ended.
    func pointerEnded(at location: CGPoint, timestamp: TimeInterval) {
        guard let session = gestureArena.session, !session.isOver else { return }
        let touch = session.touch
        touch.previousWindowLocation = touch.windowLocation
        touch.windowLocation = location
        touch.timestamp = timestamp
        touch.phase = .ended
        session.event.timestamp = timestamp
        UIApplication.shared.sendEvent(session.event)
    }

    /// The window lost the pointer and the keyboard: the touch and the keys held are cancelled.
    func cancelInput() {
        if let session = gestureArena.session, !session.isOver {
            session.touch.phase = .cancelled
            UIApplication.shared.sendEvent(session.event)
        }
        for press in pressesDown.values {
            press.phase = .cancelled
            let event = UIPressesEvent()
            event.presses = [press]
            press.responder?.pressesCancelled([press], with: event)
        }
        pressesDown = [:]
    }

    /// A touch event's touches, by phase, through the arena.
    func deliverTouches(_ event: UIEvent) {
        guard let touch = event.touches.first else { return }
        switch touch.phase {
        case .began: gestureArena.touchBegan(touch, event: event)
        case .moved, .stationary: gestureArena.touchMoved(touch, event: event)
        case .ended: gestureArena.touchEnded(touch, event: event, cancelled: false)
        case .cancelled: gestureArena.touchEnded(touch, event: event, cancelled: true)
        default: break
        }
    }

    // MARK: Keys

    /// A key from the host: a press for the first responder (or a key command).
    func keyPressed(_ keyEvent: KeyEvent, phase: UIPress.Phase) {
        if phase == .began, keyEvent.isARepeat {
            // Auto-repeat runs a key command again; presses do not begin twice.
            if let press = pressesDown[keyEvent.keyCode], press.responder == nil, let key = press.key { _ = runKeyCommand(for: key) }
            return
        }
        let key = UIKey(characters: keyEvent.characters, charactersIgnoringModifiers: keyEvent.charactersIgnoringModifiers,
                        modifierFlags: UIWindowHost.keyModifiers(keyEvent.modifiers), keyCode: UIKeyboardHIDUsage(x11KeyCode: keyEvent.keyCode))
        deliverKey(key, phase: phase, code: keyEvent.keyCode, timestamp: keyEvent.timestamp)
    }

    /// A key press or release: `code` identifies the key between the two.
    func deliverKey(_ key: UIKey, phase: UIPress.Phase, code: UInt16, timestamp: TimeInterval) {
        let press: UIPress
        if phase == .began {
            press = UIPress(key: key, phase: .began, timestamp: timestamp)
            press.window = self
            pressesDown[code] = press
        } else {
            guard let down = pressesDown.removeValue(forKey: code) else { return }
            press = down
            press.phase = phase
            press.timestamp = timestamp
        }
        let event = UIPressesEvent()
        event.timestamp = timestamp
        event.presses = [press]
        event.modifierFlags = key.modifierFlags
        UIApplication.shared.sendEvent(event)
    }

    /// The first key command matching `key` from the first responder up the chain, run.
    func runKeyCommand(for key: UIKey) -> Bool {
        var responder: UIResponder? = UIResponder.firstResponder ?? self
        while let current = responder {
            if let command = current.keyCommands?.first(where: { $0.matches(key) }) {
                command.action(command)
                return true
            }
            responder = current.next
        }
        return false
    }

    /// A presses event: a key command, else the first responder's `pressesBegan`/`pressesEnded`.
    func deliverPresses(_ event: UIPressesEvent) {
        guard let press = event.presses.first, let key = press.key else { return }
        switch press.phase {
        case .began:
            if runKeyCommand(for: key) { return }                            // the press goes no further
            let responder = UIResponder.firstResponder ?? self
            press.responder = responder
            responder.pressesBegan(event.presses, with: event)
        case .ended:
            press.responder?.pressesEnded(event.presses, with: event)
        case .cancelled:
            press.responder?.pressesCancelled(event.presses, with: event)
        default:
            press.responder?.pressesChanged(event.presses, with: event)
        }
    }

    // MARK: Scrolling and transforms

    /// A scroll of the wheel or the touchpad at `location`: Ctrl+scroll pinches (the host's
    /// fallback for a pinch), otherwise it scrolls the innermost scroll view under the pointer.
    func scrolled(at location: CGPoint, delta: CGPoint, precise: Bool, began: Bool, ended: Bool,
                  modifiers: UIKeyModifierFlags, timestamp: TimeInterval) {
        if modifiers.contains(.control) {
            guard delta.y != 0 else { return }
            let magnification = pow(1.1, -delta.y / 10) - 1
            transformed(at: location, phase: nil, magnification: magnification, rotation: 0, timestamp: timestamp)
            return
        }
        // The innermost scroll view under the pointer that scrolls this way (a touchpad's
        // scroll stays with the one it began in).
        if !began, let scrollView = scrollingView, precise {
            scrollView.scrollWheel(delta: delta, precise: precise, began: false, ended: ended, timestamp: timestamp)
            if ended { scrollingView = nil }
            return
        }
        var view = hitTest(location, with: nil)
        while let current = view {
            if let scrollView = current as? UIScrollView, scrollView.isScrollEnabled,
               (delta.y != 0 && scrollView.scrollsVertically) || (delta.x != 0 && scrollView.scrollsHorizontally) || (precise && began) {
                scrollingView = precise && !ended ? scrollView : nil
                scrollView.scrollWheel(delta: delta, precise: precise, began: began, ended: ended, timestamp: timestamp)
                return
            }
            view = current.superview
        }
    }

    /// A touchpad pinch (scale and turn together) at `location`, or a Ctrl+scroll step (`phase`
    /// nil): for the pinch and rotation recognizers of the view hit and its superviews.
    func transformed(at location: CGPoint, phase: UIGestureRecognizer.State?, magnification: CGFloat, rotation: CGFloat,
                     timestamp: TimeInterval) {
        let inProgress = transformRecognizers.contains { $0.storedState == .began || $0.storedState == .changed }
        if (phase == .ended || phase == .cancelled) && !inProgress {
            transformRecognizers = []
            return
        }
        if phase == .began || !inProgress {
            var chain: [UIGestureRecognizer] = []
            var view = hitTest(location, with: nil)
            while let current = view {
                chain += current.storedGestureRecognizers.filter {
                    $0.isEnabled && ($0 is UIPinchGestureRecognizer || ($0 is UIRotationGestureRecognizer && phase != nil))
                }
                view = current.superview
            }
            transformRecognizers = chain
        }
        let start: UIGestureRecognizer.State? = phase == .began || (phase != nil && !inProgress) ? .began : phase
        for recognizer in transformRecognizers {
            if let pinch = recognizer as? UIPinchGestureRecognizer {
                pinch.hostPinch(phase: start, magnification: magnification, at: location, timestamp: timestamp)
            } else if let rotator = recognizer as? UIRotationGestureRecognizer {
                rotator.hostRotate(phase: start, rotation: rotation, at: location, timestamp: timestamp)
            }
        }
        if phase == .ended || phase == .cancelled { transformRecognizers = [] }
    }
}
