/// An object that represents the press of a key on a physical keyboard.
@MainActor
open class UIKey: NSObject {
    /// The characters the key produces, with the modifiers applied (through the input method
    /// and the keyboard layout).
    open internal(set) var characters: String
    /// The characters the key produces with no modifiers but Shift.
    open internal(set) var charactersIgnoringModifiers: String
    /// The modifier keys held with the key.
    open internal(set) var modifierFlags: UIKeyModifierFlags
    /// The key's HID usage code (an X keycode is the evdev code + 8, mapped to its USB usage).
    open internal(set) var keyCode: UIKeyboardHIDUsage

    init(characters: String, charactersIgnoringModifiers: String, modifierFlags: UIKeyModifierFlags, keyCode: UIKeyboardHIDUsage) {
        self.characters = characters
        self.charactersIgnoringModifiers = charactersIgnoringModifiers
        self.modifierFlags = modifierFlags
        self.keyCode = keyCode
        super.init()
    }
}
