/// A type that defines the closure for an action handler.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// A menu element that performs its action in a closure: what controls run for their events
/// (`UIControl.addAction(_:for:)`, `UIButton(primaryAction:)`).
@MainActor
open class UIAction: UIMenuElement {
    /// The identifier of an action.
    public struct Identifier: RawRepresentable, Hashable, Sendable {
        /// The identifier's string.
        public var rawValue: String
        /// An identifier from its string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// An identifier from its string.
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// The unique identifier for the action. Defaults to a new unique one.
    open var identifier: UIAction.Identifier
    /// An elaborated title that explains the purpose of the action.
    open var discoverabilityTitle: String?
    /// The attributes indicating the style of the action.
    open var attributes: UIMenuElement.Attributes
    /// The state of the action.
    open var state: UIMenuElement.State
    /// The object responsible for the action handler: the control that ran it, while it runs.
    open internal(set) var sender: Any?

    let handler: UIActionHandler
    private static var nextIdentifier = 0

    /// Creates an action with the specified title, image, identifier, and handler.
    public init(title: String = "", image: UIImage? = nil, identifier: UIAction.Identifier? = nil,
                discoverabilityTitle: String? = nil, attributes: UIMenuElement.Attributes = [],
                state: UIMenuElement.State = .off, handler: @escaping UIActionHandler) {
        if let identifier {
            self.identifier = identifier
        } else {
            UIAction.nextIdentifier += 1
            self.identifier = Identifier("com.lamina.action.\(UIAction.nextIdentifier)")
        }
        self.discoverabilityTitle = discoverabilityTitle
        self.attributes = attributes
        self.state = state
        self.handler = handler
        super.init(title: title, image: image)
    }

    /// Runs the handler with `sender` set.
    func perform(sender: Any?) {
        self.sender = sender
        handler(self)
        self.sender = nil
    }
}
