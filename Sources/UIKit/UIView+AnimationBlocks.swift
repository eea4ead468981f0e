import QuartzCore

/// The workings of UIKit's animation blocks: the stack of open blocks, the keys UIKit animates,
/// the action a view gives its layer inside a block, and running a block inside a transaction.
/// (The `UIView.animate` family is in `UIView.swift`: it is open API.)
@MainActor
extension UIView {
    /// The open animation blocks, innermost last; nil entries are `performWithoutAnimation`.
    static var animationContexts: [ViewAnimationContext?] = []
    /// Whether animations are enabled (`setAnimationsEnabled(_:)`).
    static var animationsEnabledFlag = true
    /// The model values of the keys a view setter is changing, before the change.
    static var pendingOldValues: [String: Any] = [:]
    /// The keys whose action the layer asked for during a view setter.
    static var consultedKeys: Set<String> = []

    /// The keys UIKit animates inside animation blocks.
    static let animatableKeys: Set<String> = [
        "position", "bounds", "transform", "opacity", "backgroundColor", "anchorPoint", "zPosition",
        "cornerRadius", "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset",
        "shadowRadius", "shadowPath", "contentsRect", "contentsCenter", "sublayerTransform",
        "colors", "locations", "startPoint", "endPoint",
        "path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth",
    ]

    /// The innermost animation block, nil outside one or inside `performWithoutAnimation`.
    static var currentAnimationContext: ViewAnimationContext? {
        guard animationsEnabledFlag, let last = animationContexts.last else { return nil }
        return last
    }

    /// What the view answers its layer's `action(for:forKey:)` with.
    func animationAction(for layer: CALayer, forKey event: String) -> CAAction? {
        // A block of no duration changes the properties without animation, as UIKit's do.
        guard let context = UIView.currentAnimationContext, UIView.animatableKeys.contains(event),
              context.duration > 0 || context.keyframe != nil else { return NSNull() }
        UIView.consultedKeys.insert(event)
        return context.action(for: layer, key: event, old: layer === self.layer ? UIView.pendingOldValues[event] : nil)
    }

    /// Sets view properties through `body`, which changes the layer's `keys`: inside an
    /// animation block the change animates from the old values, also for a layer Core Animation
    /// has not committed yet (which asks for no action).
    func change(_ keys: String..., body: () -> Void) {
        guard UIView.currentAnimationContext != nil else { body(); return }
        var olds: [String: Any] = [:]
        for key in keys { olds[key] = layer.value(forKey: key) }
        let savedOld = UIView.pendingOldValues, savedConsulted = UIView.consultedKeys
        UIView.pendingOldValues = olds
        UIView.consultedKeys = []
        body()
        for key in keys where !UIView.consultedKeys.contains(key) {
            guard let old = olds[key], !ValueMath.equal(old, layer.value(forKey: key)) else { continue }
            animationAction(for: layer, forKey: key)?.run(forKey: key, object: layer, arguments: nil)
        }
        UIView.pendingOldValues = savedOld
        UIView.consultedKeys = savedConsulted
    }

    /// Runs `animations` inside a context, and `completion` once every animation it added has
    /// finished or was removed (`finished` false then), on the main queue.
    static func run(_ context: ViewAnimationContext, _ animations: () -> Void, completion: ((Bool) -> Void)?) {
        // Into the current (implicit) transaction: a commit of its own would lay out and
        // display now, which UIKit's blocks do not.
        CATransaction.setValue(CATransaction.value(forKey: kCATransactionAnimationDuration), forKey: kCATransactionAnimationDuration)
        CATransaction.begin()
        let tracker = context.tracker
        if let completion {
            CATransaction.setCompletionBlock {
                let finished = !tracker.interrupted
                MainActor.assumeIsolated { completion(finished) }
            }
        }
        animationContexts.append(context)
        animations()
        if context.options.contains(.layoutSubviews) {
            // Laid out inside the block, so that the subviews' new frames animate with it.
            var laidOut = Set<ObjectIdentifier>()
            for entry in context.entries {
                guard let view = entry.layer.delegate as? UIView, laidOut.insert(ObjectIdentifier(view)).inserted else { continue }
                view.layoutIfNeeded()
            }
        }
        animationContexts.removeLast()
        CATransaction.commit()
    }

    /// The open keyframe groups, innermost last.
    static var keyframeGroups: [ViewAnimationContext] = []

    /// The transition for the transition bits of `options`.
    static func makeTransition(_ options: AnimationOptions, duration: TimeInterval, context: ViewAnimationContext) -> CATransition? {
        let transition = CATransition()
        switch options.transition {
        case 0: return nil
        case 5: transition.type = .fade
        case 1: transition.type = .push; transition.subtype = .fromLeft
        case 2: transition.type = .push; transition.subtype = .fromRight
        case 3: transition.type = .push; transition.subtype = .fromTop
        case 4: transition.type = .push; transition.subtype = .fromBottom
        case 6: transition.type = .push; transition.subtype = .fromTop
        default: transition.type = .push; transition.subtype = .fromBottom
        }
        transition.duration = duration
        transition.timingFunction = options.timingFunction
        transition.delegate = context.tracker
        return transition
    }
}
