/// A keyboard shortcut: a key (`input`) with modifier keys that runs an action on a responder.
///
/// A responder offers them through `keyCommands`. When a key is pressed, the window looks for a
/// command that matches from the first responder up the responder chain and runs the first it
/// finds; the key then reaches no `pressesBegan(_:with:)`. Linux has no selectors: the action is
/// a closure, given the command.
///
///     override var keyCommands: [UIKeyCommand]? {
///         [UIKeyCommand(input: "f", modifierFlags: .command) { [unowned self] _ in search() }]
///     }
@MainActor
open class UIKeyCommand: NSObject {
    /// The key: a character, or one of the `input…` constants.
    open private(set) var input: String?
    /// The modifier keys the user must press with `input`.
    open private(set) var modifierFlags: UIKeyModifierFlags
    /// The command's title (shown in menus). Defaults to "".
    open var title: String
    /// An image for the command. Defaults to nil.
    open var image: UIImage?
    /// A title to show to the user in the discoverability overlay. Defaults to nil.
    open var discoverabilityTitle: String?
    /// Runs when the command is triggered.
    let action: (UIKeyCommand) -> Void

    /// A key command for `input` with `modifierFlags` that calls `action`.
    public init(title: String = "", image: UIImage? = nil, input: String, modifierFlags: UIKeyModifierFlags = [],
                discoverabilityTitle: String? = nil, action: @escaping (UIKeyCommand) -> Void) {
        self.title = title
        self.image = image
        self.input = input
        self.modifierFlags = modifierFlags
        self.discoverabilityTitle = discoverabilityTitle
        self.action = action
        super.init()
    }

    /// A key command for `input` with `modifierFlags` that calls `action` (the spelling of
    /// Apple's `init(input:modifierFlags:action:)`).
    public convenience init(input: String, modifierFlags: UIKeyModifierFlags, action: @escaping (UIKeyCommand) -> Void) {
        self.init(title: "", image: nil, input: input, modifierFlags: modifierFlags, action: action)
    }

    /// The string for the up arrow key.
    public static let inputUpArrow = "UIKeyInputUpArrow"
    /// The string for the down arrow key.
    public static let inputDownArrow = "UIKeyInputDownArrow"
    /// The string for the left arrow key.
    public static let inputLeftArrow = "UIKeyInputLeftArrow"
    /// The string for the right arrow key.
    public static let inputRightArrow = "UIKeyInputRightArrow"
    /// The string for the Escape key.
    public static let inputEscape = "UIKeyInputEscape"
    /// The string for the Page Up key.
    public static let inputPageUp = "UIKeyInputPageUp"
    /// The string for the Page Down key.
    public static let inputPageDown = "UIKeyInputPageDown"
    /// The string for the Home key.
    public static let inputHome = "UIKeyInputHome"
    /// The string for the End key.
    public static let inputEnd = "UIKeyInputEnd"
    /// The string for the Delete (forward) key.
    public static let inputDelete = "UIKeyInputDelete"

    /// Whether a press of `key` triggers this command.
    func matches(_ key: UIKey) -> Bool {
        let significant: UIKeyModifierFlags = [.shift, .control, .alternate, .command]
        guard key.modifierFlags.intersection(significant) == modifierFlags.intersection(significant), let input else { return false }
        let named: [UIKeyboardHIDUsage: String] = [
            .keyboardUpArrow: Self.inputUpArrow, .keyboardDownArrow: Self.inputDownArrow, .keyboardLeftArrow: Self.inputLeftArrow,
            .keyboardRightArrow: Self.inputRightArrow, .keyboardEscape: Self.inputEscape, .keyboardPageUp: Self.inputPageUp,
            .keyboardPageDown: Self.inputPageDown, .keyboardHome: Self.inputHome, .keyboardEnd: Self.inputEnd,
            .keyboardDeleteForward: Self.inputDelete,
        ]
        if let name = named[key.keyCode] { return input == name }
        return !input.isEmpty && input.lowercased() == key.charactersIgnoringModifiers.lowercased()
    }
}
