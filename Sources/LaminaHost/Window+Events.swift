import QuartzCore

/// What the backend's window tells this one about its life: exposes, the close button, focus,
/// the screen's scale. (Sizes are in `Window+Resize`, the pointer in `Window+Pointer`, keys in
/// `Window+Keyboard`.)
extension Window: WindowEvents {
    func exposed() {
        surface?.invalidate()                                   // the server lost what it showed
        needsDisplay = true
    }

    /// The close button: the delegate may keep the window open.
    func closeRequested() {
        if delegate?.windowShouldClose(self) ?? true { close() }
    }

    func focusChanged(_ focused: Bool) {
        guard focused != isKey else { return }
        isKey = focused
        if !focused { keysDown.removeAll(); contentView?.interruptGestures() }
        if focused { delegate?.windowDidBecomeKey(self) } else { delegate?.windowDidResignKey(self) }
    }

    func screenScaleChanged(_ scale: CGFloat) {
        if self.scale != scale { self.scale = scale }
    }
}
