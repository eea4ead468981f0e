import LaminaHost

/// The LaminaHost view that shows a `UIWindow`: its root layer is the window's layer, its size
/// the window's frame; the pointer's events become the window's touches, the wheel and the
/// touchpad's gestures its scroll and transform events, keys its presses. As the X window's
/// delegate it keeps the window's key state and ends the app with the last window.
@MainActor
final class UIWindowHost: HostingView, WindowDelegate {
    private(set) weak var uiWindow: UIWindow?
    /// The button whose press began the touch in progress (other buttons only change the mask).
    private var touchButton: MouseButton?
    private var heldButtons: UIEvent.ButtonMask = []

    init(window: UIWindow) {
        self.uiWindow = window
        super.init()
        layer = window.layer
    }

    override func layout() {
        uiWindow?.frame = CGRect(origin: .zero, size: bounds.size)
        uiWindow?.layoutIfNeeded()
    }

    static func buttonMask(_ button: MouseButton) -> UIEvent.ButtonMask {
        switch button {
        case .left: return .primary
        case .right: return .secondary
        case .middle: return .button(3)
        case .other: return .button(4)
        }
    }

    static func keyModifiers(_ flags: ModifierFlags) -> UIKeyModifierFlags {
        var result: UIKeyModifierFlags = []
        if flags.contains(.shift) { result.insert(.shift) }
        if flags.contains(.control) { result.insert(.control) }
        if flags.contains(.option) { result.insert(.alternate) }
        if flags.contains(.command) { result.insert(.command) }
        if flags.contains(.capsLock) { result.insert(.alphaShift) }
        return result
    }

    override func mouseDown(with event: PointerEvent) {
        heldButtons.insert(Self.buttonMask(event.button))
        guard touchButton == nil, let window = uiWindow else { return }
        touchButton = event.button
        window.pointerBegan(at: event.location, timestamp: event.timestamp, tapCount: max(event.clickCount, 1),
                            buttons: heldButtons, modifiers: Self.keyModifiers(event.modifiers))
    }

    override func mouseDragged(with event: PointerEvent) {
        guard touchButton != nil else { return }
        uiWindow?.pointerMoved(to: event.location, timestamp: event.timestamp)
    }

    override func mouseUp(with event: PointerEvent) {
        heldButtons.remove(Self.buttonMask(event.button))
        guard event.button == touchButton else { return }
        touchButton = nil
        uiWindow?.pointerEnded(at: event.location, timestamp: event.timestamp)
    }

    override func scrollWheel(with event: ScrollEvent) {
        uiWindow?.scrolled(at: event.location, delta: CGPoint(x: event.deltaX, y: event.deltaY), precise: event.hasPreciseScrollingDeltas,
                         began: event.phase.contains(.began), ended: event.phase.contains(.ended) || event.phase.contains(.cancelled),
                         modifiers: Self.keyModifiers(event.modifiers), timestamp: event.timestamp)
    }

    override func magnify(with event: GestureEvent) {
        // X reports a pinch's scale and turn together: one call carries both (rotate(with:) is skipped).
        let phase: UIGestureRecognizer.State = event.phase.contains(.began) ? .began
            : event.phase.contains(.cancelled) ? .cancelled : event.phase.contains(.ended) ? .ended : .changed
        uiWindow?.transformed(at: event.location, phase: phase, magnification: event.magnification,
                            rotation: -event.rotation * .pi / 180, timestamp: event.timestamp)
    }

    override func keyDown(with event: KeyEvent) { uiWindow?.keyPressed(event, phase: .began) }
    override func keyUp(with event: KeyEvent) { uiWindow?.keyPressed(event, phase: .ended) }

    // MARK: WindowDelegate

    func windowDidBecomeKey(_ host: LaminaHost.Window) { uiWindow?.makeKey() }

    func windowDidResignKey(_ host: LaminaHost.Window) {
        // The pointer and keys are gone with the focus: what was in progress is cancelled.
        touchButton = nil
        heldButtons = []
        uiWindow?.cancelInput()
    }

    func windowWillClose(_ host: LaminaHost.Window) {
        guard let window = uiWindow, window.hostWindow === host else { return }
        window.hostWindow = nil
        window.isHidden = true
        UIApplication.shared.hostWindowClosed(window)
    }
}
