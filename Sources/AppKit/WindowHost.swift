import LaminaHost

/// What an `NSWindow` shows on the X server through: LaminaHost's hosting view, whose root layer
/// holds the content view's layer, turning the server's events into `NSEvent`s in the window's
/// base coordinates (y up).
@MainActor
final class WindowHostView: HostingView {
    private unowned let owner: NSWindow

    init(window: NSWindow) {
        owner = window
        super.init()
    }

    override func layout() {
        owner.hostDidResize(to: bounds.size)
    }

    private func point(_ location: CGPoint) -> NSPoint {
        NSPoint(x: location.x, y: bounds.height - location.y)
    }

    private func send(_ type: NSEvent.EventType, _ event: PointerEvent, clickCount: Int) {
        owner.sendEvent(NSEvent(type: type, location: point(event.location), modifierFlags: NSEvent.ModifierFlags(event.modifiers),
                                timestamp: event.timestamp, window: owner, clickCount: clickCount, buttonNumber: type.buttonNumber))
    }

    override func mouseDown(with event: PointerEvent) {
        switch event.button {
        case .left: send(.leftMouseDown, event, clickCount: event.clickCount)
        case .right: send(.rightMouseDown, event, clickCount: event.clickCount)
        default: send(.otherMouseDown, event, clickCount: event.clickCount)
        }
    }

    override func mouseUp(with event: PointerEvent) {
        switch event.button {
        case .left: send(.leftMouseUp, event, clickCount: event.clickCount)
        case .right: send(.rightMouseUp, event, clickCount: event.clickCount)
        default: send(.otherMouseUp, event, clickCount: event.clickCount)
        }
    }

    override func mouseDragged(with event: PointerEvent) {
        let type: NSEvent.EventType = event.buttons.contains(.left) ? .leftMouseDragged : event.buttons.contains(.right) ? .rightMouseDragged : .otherMouseDragged
        send(type, event, clickCount: 0)
    }

    override func mouseMoved(with event: PointerEvent) { send(.mouseMoved, event, clickCount: 0) }
    override func mouseEntered(with event: PointerEvent) { send(.mouseEntered, event, clickCount: 0) }
    override func mouseExited(with event: PointerEvent) { send(.mouseExited, event, clickCount: 0) }

    override func scrollWheel(with event: ScrollEvent) {
        // LaminaHost's positive y scrolls content down; AppKit's positive y scrolls it up.
        owner.sendEvent(NSEvent(type: .scrollWheel, location: point(event.location), modifierFlags: NSEvent.ModifierFlags(event.modifiers),
                                timestamp: event.timestamp, window: owner,
                                scrollingDelta: CGSize(width: -event.deltaX, height: -event.deltaY),
                                hasPreciseScrollingDeltas: event.hasPreciseScrollingDeltas))
    }

    private func sendKey(_ type: NSEvent.EventType, _ event: KeyEvent) {
        owner.sendEvent(NSEvent(type: type, location: .zero, modifierFlags: NSEvent.ModifierFlags(event.modifiers), timestamp: event.timestamp,
                                window: owner, characters: event.characters, charactersIgnoringModifiers: event.charactersIgnoringModifiers,
                                keyCode: event.keyCode, isARepeat: event.isARepeat))
    }

    override func keyDown(with event: KeyEvent) { sendKey(.keyDown, event) }
    override func keyUp(with event: KeyEvent) { sendKey(.keyUp, event) }
    override func flagsChanged(with event: KeyEvent) { sendKey(.flagsChanged, event) }
}

/// Passes the X window's close button and focus changes to its `NSWindow`.
@MainActor
final class WindowHostDelegate: WindowDelegate {
    private unowned let owner: NSWindow

    init(window: NSWindow) { owner = window }

    func windowShouldClose(_ window: Window) -> Bool {
        guard owner.delegate?.windowShouldClose(owner) ?? true else { return false }
        owner.delegate?.windowWillClose(Notification(name: NSWindow.willCloseNotification, object: owner))
        NSApplication.shared.windowDidClose(owner)
        return true
    }

    func windowDidBecomeKey(_ window: Window) { owner.hostKeyDidChange() }
    func windowDidResignKey(_ window: Window) { owner.hostKeyDidChange() }
}

extension NSEvent.ModifierFlags {
    /// The flags of LaminaHost's modifiers.
    init(_ modifiers: LaminaHost.ModifierFlags) {
        var flags: NSEvent.ModifierFlags = []
        if modifiers.contains(.shift) { flags.insert(.shift) }
        if modifiers.contains(.control) { flags.insert(.control) }
        if modifiers.contains(.option) { flags.insert(.option) }
        if modifiers.contains(.command) { flags.insert(.command) }
        if modifiers.contains(.capsLock) { flags.insert(.capsLock) }
        self = flags
    }
}
