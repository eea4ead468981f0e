/// Something a layer runs in response to an event (a property change, `"onOrderIn"`, …).
/// Animations are actions: running one adds it to the layer under the event's key.
public protocol CAAction {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// The event of a layer becoming visible: inserted into a shown tree, or no longer hidden.
public let kCAOnOrderIn = "onOrderIn"
/// The event of a layer leaving a shown tree, or being hidden.
public let kCAOnOrderOut = "onOrderOut"

extension NSNull: CAAction {
    /// `NSNull` stands for "no action": returning it ends the search.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}

extension CAAnimation: CAAction {
    /// Adds the animation to the layer under the event's key.
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

extension CALayer {
    func searchAction(forKey event: String) -> CAAction? {
        if let delegate, let action = delegate.action(for: self, forKey: event) { return action is NSNull ? nil : action }
        if let action = actions?[event] { return action is NSNull ? nil : action }
        if let styled = (style?["actions"] as? [String: Any])?[event] {
            return styled is NSNull ? nil : styled as? CAAction
        }
        if let action = Self.defaultAction(forKey: event) { return action is NSNull ? nil : action }
        // Apple's animatable properties animate implicitly: the property table says which.
        return Self.keyValueProperties[event]?.isAnimatable == true ? CABasicAnimation(keyPath: event) : nil
    }
}
