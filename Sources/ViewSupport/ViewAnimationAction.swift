import QuartzCore

/// Adds an animation under its key (which may differ from the property's: additive
/// animations each have one of their own).
package final class ViewAnimationAction: CAAction {
    package let animation: CAAnimation
    package let key: String

    package init(animation: CAAnimation, key: String) {
        self.animation = animation
        self.key = key
    }

    package func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(animation, forKey: key)
    }
}
