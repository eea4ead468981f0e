/// One window's gesture recognition: the recognizers taking part in the current touch sequence
/// (and those still waiting from the last one: a tap for its second tap), UIKit's rules between
/// them, and what the touched view receives meanwhile.
@MainActor
final class GestureArena {
    weak var window: UIWindow?
    /// Recognizers attempting a gesture, in the order they were reached (the hit view's first).
    private(set) var active: [UIGestureRecognizer] = []
    /// The touch sequence in progress or last ended.
    private(set) var session: TouchSession?

    init(window: UIWindow) { self.window = window }

    /// The touch sequence of the pointer: its touch and event, the recognizers it reaches, and
    /// what the touched view has been told.
    @MainActor final class TouchSession {
        let touch: UITouch
        let event: UIEvent
        let recognizers: [UIGestureRecognizer]
        var viewBegan = false
        var viewDone = false
        var beganHeld = false
        var endedHeld = false
        /// The sequence's last event has been through the recognizers and the view.
        var finished = false
        init(touch: UITouch, event: UIEvent, recognizers: [UIGestureRecognizer]) {
            self.touch = touch; self.event = event; self.recognizers = recognizers
        }
        var isOver: Bool { touch.phase == .ended || touch.phase == .cancelled }
    }

    private static func isOver(_ state: UIGestureRecognizer.State) -> Bool {
        state == .ended || state == .cancelled || state == .failed
    }

    // MARK: Touches

    func touchBegan(_ touch: UITouch, event: UIEvent) {
        var chain: [UIGestureRecognizer] = []
        var view = touch.view
        while let current = view {
            chain += current.storedGestureRecognizers.filter(\.isEnabled)
            view = current.superview
        }
        // Waiting recognizers the new touch does not reach have lost their gesture.
        for recognizer in active where !chain.contains(where: { $0 === recognizer }) && recognizer.storedState == .possible {
            transition(recognizer, to: .failed)
        }
        resetFinished(force: true)
        let receiving = chain.filter { $0.delegate?.gestureRecognizer($0, shouldReceive: touch) ?? true }
        for recognizer in receiving where !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        touch.gestureRecognizers = receiving
        let session = TouchSession(touch: touch, event: event, recognizers: receiving)
        self.session = session
        for recognizer in receiving {
            recognizer.trackedTouches = [touch]
            recognizer.modifierFlags = event.modifierFlags
            recognizer.buttonMask = event.buttonMask
            recognizer.touchesBegan([touch], with: event)
        }
        deliverToView(.began)
        settle()
    }

    func touchMoved(_ touch: UITouch, event: UIEvent) {
        guard let session, session.touch === touch else { return }
        for recognizer in session.recognizers where !Self.isOver(recognizer.storedState) && recognizer.isEnabled {
            recognizer.touchesMoved([touch], with: event)
        }
        deliverToView(.moved)
        settle()
    }

    func touchEnded(_ touch: UITouch, event: UIEvent, cancelled: Bool) {
        guard let session, session.touch === touch else { return }
        for recognizer in session.recognizers where !Self.isOver(recognizer.storedState) && recognizer.isEnabled {
            if cancelled { recognizer.touchesCancelled([touch], with: event) } else { recognizer.touchesEnded([touch], with: event) }
        }
        deliverToView(cancelled ? .cancelled : .ended)
        session.finished = true
        settle()
    }

    /// Tells the touched view, holding what the recognizers delay.
    private func deliverToView(_ phase: UITouch.Phase) {
        guard let session, let view = session.touch.view, !session.viewDone else { return }
        let touches: Set<UITouch> = [session.touch]
        let possible = { (delays: (UIGestureRecognizer) -> Bool) in
            session.recognizers.contains { delays($0) && $0.storedState == .possible }
        }
        switch phase {
        case .began:
            if possible({ $0.delaysTouchesBegan }) { session.beganHeld = true; return }
            session.viewBegan = true
            view.touchesBegan(touches, with: session.event)
        case .moved:
            if session.viewBegan { view.touchesMoved(touches, with: session.event) }
        case .ended:
            if session.beganHeld { session.endedHeld = true; return }
            if possible({ $0.delaysTouchesEnded }) { session.endedHeld = true; return }
            session.viewDone = true
            if session.viewBegan { view.touchesEnded(touches, with: session.event) }
        default:
            session.viewDone = true
            session.beganHeld = false
            session.endedHeld = false
            if session.viewBegan { view.touchesCancelled(touches, with: session.event) }
        }
    }

    /// Delivers what was held once the recognizers holding it have failed.
    private func releaseHeld() {
        guard let session, !session.viewDone, let view = session.touch.view else { return }
        let touches: Set<UITouch> = [session.touch]
        if session.beganHeld, !session.recognizers.contains(where: { $0.delaysTouchesBegan && $0.storedState == .possible }) {
            session.beganHeld = false
            session.viewBegan = true
            view.touchesBegan(touches, with: session.event)
        }
        if session.endedHeld, !session.beganHeld,
           !session.recognizers.contains(where: { $0.delaysTouchesEnded && $0.storedState == .possible }) {
            session.endedHeld = false
            session.viewDone = true
            view.touchesEnded(touches, with: session.event)
        }
    }

    /// The recognizers' gesture is over: they start again from `.possible`.
    private func resetFinished(force: Bool = false) {
        let sequenceOver = session?.finished ?? true
        for recognizer in active where Self.isOver(recognizer.storedState) {
            if force || sequenceOver || !(session?.recognizers.contains { $0 === recognizer } ?? false) {
                recognizer.resetToPossible()
            }
        }
        active.removeAll { $0.storedState == .possible && $0.pendingState == nil && (force || sequenceOver) && !$0.isWaiting }
    }

    /// After each event or timer: held deliveries, resets.
    func settle() {
        releaseHeld()
        resetFinished()
    }

    // MARK: States

    private func simultaneous(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true
            || b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true
    }

    /// A recognizer asks for `new`: UIKit's rules decide what it gets.
    func transition(_ recognizer: UIGestureRecognizer, to new: UIGestureRecognizer.State) {
        if !active.contains(where: { $0 === recognizer }) { active.append(recognizer) }
        let old = recognizer.storedState
        if old == .possible && (new == .began || new == .ended) {
            if recognizer.pendingState != nil { return }                      // already waiting
            let waitingFor = recognizer.requirements(among: active)
            if waitingFor.contains(where: { $0.storedState == .possible }) {
                recognizer.pendingState = new
                return
            }
            if waitingFor.contains(where: { $0.storedState != .failed }) {
                fail(recognizer)
                return
            }
            recognize(recognizer, as: new)
        } else if old == .possible && recognizer.pendingState != nil {
            if new == .failed || new == .cancelled {
                recognizer.pendingState = nil
                fail(recognizer)
            } else if new == .ended, recognizer.pendingState == .began {
                recognizer.pendingState = .ended
            }
        } else if old == .possible && (new == .changed || new == .cancelled) {
            return                                                           // not begun: nothing to change or cancel
        } else if new == .failed {
            guard old == .possible else { return }
            fail(recognizer)
        } else if new == .possible {
            return
        } else if !GestureArena.isOver(old) {
            recognizer.apply(new)
        }
        settleIfIdle()
    }

    private func fail(_ recognizer: UIGestureRecognizer) {
        recognizer.apply(.failed)
        resolveWaiting()
        settleIfIdle()
    }

    /// A change outside a touch event (a timer) settles at once.
    private func settleIfIdle() {
        if session?.finished ?? true { settle() } else { releaseHeld() }
    }

    private func recognize(_ recognizer: UIGestureRecognizer, as new: UIGestureRecognizer.State) {
        recognizer.pendingState = nil
        let viewAllows = session.flatMap { $0.touch.view }.map { $0.gestureRecognizerShouldBegin(recognizer) } ?? true
        guard viewAllows, recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else {
            fail(recognizer)
            return
        }
        // Another already recognizing, and not with this one: this one fails.
        if active.contains(where: { $0 !== recognizer && ($0.storedState == .began || $0.storedState == .changed)
            && !simultaneous($0, recognizer) && $0.canPrevent(recognizer) && recognizer.canBePrevented(by: $0) }) {
            fail(recognizer)
            return
        }
        recognizer.apply(new)
        // Those that cannot recognize with it fail.
        for other in active where other !== recognizer && other.storedState == .possible
            && !simultaneous(recognizer, other) && recognizer.canPrevent(other) && other.canBePrevented(by: recognizer) {
            other.pendingState = nil
            other.apply(.failed)
        }
        if recognizer.cancelsTouchesInView, let session, session.recognizers.contains(where: { $0 === recognizer }) {
            deliverToView(.cancelled)
        }
        resolveWaiting()
    }

    /// Recognizers waiting for others to fail: those whose requirements have all failed
    /// recognize now; those one of whose requirements recognized fail.
    private func resolveWaiting() {
        var changed = true
        while changed {
            changed = false
            for waiting in active where waiting.pendingState != nil && waiting.storedState == .possible {
                let requirements = waiting.requirements(among: active)
                if requirements.contains(where: { $0.storedState == .possible }) { continue }
                changed = true
                let wanted = waiting.pendingState!
                if requirements.contains(where: { $0.storedState != .failed }) {
                    waiting.pendingState = nil
                    waiting.apply(.failed)
                } else {
                    recognize(waiting, as: wanted)
                }
            }
        }
    }
}
