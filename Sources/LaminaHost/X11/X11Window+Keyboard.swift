import CX11
import QuartzCore
import Glibc

/// Key events decoded through the input method (XIM: compose keys, any layout) and the keymap.
extension X11Window {
    /// A key press or release to `events` as a `KeyInput`.
    func key(_ e: inout XKeyEvent, pressed: Bool) {
        let (text, symbol) = pressed ? typedText(&e) : ("", XLookupKeysym(&e, 0))
        // What the key types with Shift alone (Ctrl+A's "a").
        var plain = e
        plain.state &= UInt32(ShiftMask | LockMask)
        let (plainText, _) = pressed ? keymapText(&plain) : ("", 0)
        events?.key(KeyInput(keyCode: e.keycode, characters: text, charactersIgnoringModifiers: plainText,
                             modifiers: Self.modifiers(e.state), modifierKey: Self.modifierFlag(for: symbol)), pressed: pressed)
    }

    /// Whether the window has made its input context (for tests).
    var hasInputContext: Bool { inputContext != nil }

    /// The window's input context, made now if it was not yet (with the input method, opened on
    /// first use: see `X11Display.openedInputMethod()`), and the events it needs selected.
    func ensureInputContext() {
        guard !inputContextTried else { return }
        inputContextTried = true
        guard let im = x.openedInputMethod(), let ic = lamina_create_input_context(im, id) else { return }
        inputContext = ic
        let mask = eventMask | Int(lamina_input_context_event_mask(ic))
        if mask != eventMask {
            eventMask = mask
            XSelectInput(x.display, id, mask)
        }
    }

    /// The text a press types through the input method (compose keys, any layout), in UTF-8.
    private func typedText(_ e: inout XKeyEvent) -> (String, KeySym) {
        ensureInputContext()
        guard let inputContext else { return keymapText(&e) }
        var symbol: KeySym = 0, status: Int32 = 0
        var buffer = [CChar](repeating: 0, count: 64)
        var count = Xutf8LookupString(inputContext, &e, &buffer, Int32(buffer.count), &symbol, &status)
        if status == XBufferOverflow {
            buffer = [CChar](repeating: 0, count: Int(count) + 1)
            count = Xutf8LookupString(inputContext, &e, &buffer, Int32(buffer.count), &symbol, &status)
        }
        let hasText = status == XLookupChars || status == XLookupBoth
        let text = hasText ? String(decoding: buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return (text, symbol)
    }

    /// The text of a key through the keymap alone (`XLookupString`, in the locale's encoding:
    /// UTF-8, else Latin-1).
    private func keymapText(_ e: inout XKeyEvent) -> (String, KeySym) {
        var buffer = [CChar](repeating: 0, count: 16)
        var symbol: KeySym = 0
        let count = XLookupString(&e, &buffer, Int32(buffer.count - 1), &symbol, nil)
        let bytes = buffer.prefix(Int(max(count, 0))).map { UInt8(bitPattern: $0) }
        if String(cString: nl_langinfo(Int32(CODESET))) == "UTF-8" { return (String(decoding: bytes, as: UTF8.self), symbol) }
        return (String(bytes.map { Character(Unicode.Scalar($0)) }), symbol)
    }

    /// The flag a modifier key changes, or nil for other keys.
    static func modifierFlag(for symbol: KeySym) -> ModifierFlags? {
        switch Int32(truncatingIfNeeded: symbol) {
        case XK_Shift_L, XK_Shift_R: return .shift
        case XK_Control_L, XK_Control_R: return .control
        case XK_Alt_L, XK_Alt_R, XK_Meta_L, XK_Meta_R: return .option
        case XK_Super_L, XK_Super_R: return .command
        case XK_Caps_Lock: return .capsLock
        default: return nil
        }
    }
}
