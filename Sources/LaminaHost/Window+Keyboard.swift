import QuartzCore

/// Keys as the backend decodes them delivered to the view: repeats told from new presses (a
/// held key sends presses without releases), modifier keys as `flagsChanged`.
extension Window {
    func key(_ key: KeyInput, pressed: Bool) {
        let repeated = pressed && keysDown.contains(key.keyCode)
        if pressed { keysDown.insert(key.keyCode) } else { keysDown.remove(key.keyCode) }
        if let changed = key.modifierKey {
            // Modifier keys change the flags (as flagsChanged on Apple) rather than typing.
            var after = key.modifiers
            if changed == .capsLock {
                if pressed { if after.contains(.capsLock) { after.remove(.capsLock) } else { after.insert(.capsLock) } }
            } else if pressed {
                after.insert(changed)
            } else {
                after.remove(changed)
            }
            guard !repeated else { return }
            contentView?.flagsChanged(with: KeyEvent(characters: "", keyCode: UInt16(truncatingIfNeeded: key.keyCode), modifiers: after))
            return
        }
        let event = KeyEvent(characters: key.characters, charactersIgnoringModifiers: key.charactersIgnoringModifiers,
                             keyCode: UInt16(truncatingIfNeeded: key.keyCode), modifiers: key.modifiers, isARepeat: repeated)
        if pressed { contentView?.keyDown(with: event) } else { contentView?.keyUp(with: event) }
    }
}
