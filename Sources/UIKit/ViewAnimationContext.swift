/// The timing of an animation block (`UIView.animate`, a keyframe, a property animator): what
/// the view's `action(for:forKey:)` gives the layers changed inside it.
@MainActor
final class ViewAnimationContext {
    let duration: TimeInterval
    /// The delay before the animations begin, from now.
    let delay: TimeInterval
    let options: UIView.AnimationOptions
    let timingFunction: CAMediaTimingFunction
    /// A spring's damping ratio and initial velocity (the spring variant).
    let spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    /// The media time the block's animations begin at (now plus the delay).
    let beginMediaTime: CFTimeInterval
    /// Whether every animated property animates additively (keyframes).
    let allAdditive: Bool
    /// One animation the context made: the layer and key it went to, the animation as made
    /// (before the layer copied it), and the property's model values before and after.
    struct Entry {
        let layer: CALayer
        let key: String
        let property: String
        let template: CAAnimation
        let start: Any?
        let end: Any?
    }
    /// The animations made, in order.
    var entries: [Entry] = []
    /// A keyframe's window of its group (relative start and duration) and the group's
    /// duration: the keyframe's animations span the whole group, still outside the window.
    var keyframe: (start: Double, length: Double, groupDuration: TimeInterval)?
    /// Whether the layers' copies stay when they end (an animator removes them itself).
    var keepsFinishedAnimations = false
    /// Told of each animation's end.
    var tracker = AnimationTracker()
    /// The animator that made the context, which its animations answer to.
    var speed: Float = 1

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
         timingFunction: CAMediaTimingFunction? = nil, spring: (dampingRatio: CGFloat, velocity: CGFloat)? = nil,
         allAdditive: Bool = false, beginMediaTime: CFTimeInterval? = nil) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.timingFunction = timingFunction ?? options.timingFunction
        self.spring = spring
        self.allAdditive = allAdditive
        self.beginMediaTime = beginMediaTime ?? CACurrentMediaTime() + delay
    }

    /// The animation for `key` of `layer`, from `old` (the model value before the change; nil
    /// when the layer was changed directly, and then from the value on screen) to its model
    /// value now.
    func action(for layer: CALayer, key: String, old: Any?) -> CAAction {
        let new = layer.value(forKey: key)
        if let keyframe { return keyframeAction(for: layer, key: key, old: old, new: new, keyframe: keyframe) }
        let animation: CABasicAnimation
        if let spring {
            let s = CASpringAnimation(keyPath: key)
            // A spring that settles in about `duration`: its period is the duration.
            let omega = 2 * CGFloat.pi / max(CGFloat(duration), 0.001)
            s.mass = 1
            s.stiffness = omega * omega
            s.damping = 2 * spring.dampingRatio * omega
            s.initialVelocity = spring.velocity
            animation = s
        } else {
            animation = CABasicAnimation(keyPath: key)
        }
        var animationKey = key
        if let old, (allAdditive || ViewAnimationContext.additiveKeys.contains(key)), let delta = ValueMath.difference(old, new) {
            animation.fromValue = delta
            animation.toValue = ValueMath.zero(like: delta)
            animation.isAdditive = true
            // Additive animations blend with those in flight: each under a key of its own.
            var n = 1
            while layer.animation(forKey: animationKey) != nil { n += 1; animationKey = "\(key)-\(n)" }
        } else if let old {
            let onScreen = layer.animation(forKey: key) != nil ? layer.presentation()?.value(forKey: key) : nil
            animation.fromValue = onScreen ?? old
            animation.toValue = new
        }
        // A layer changed directly (not through a view's setter): Core Animation fills in the
        // value on screen before the change as the animation's from-value.
        animation.duration = duration
        animation.timingFunction = spring == nil ? timingFunction : nil
        animation.beginTime = layer.convertTime(beginMediaTime, from: nil)
        if beginMediaTime > CACurrentMediaTime() || allAdditive { animation.fillMode = .backwards }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        animation.speed = speed
        animation.delegate = tracker
        if keepsFinishedAnimations { animation.isRemovedOnCompletion = false; animation.fillMode = .both }
        entries.append(Entry(layer: layer, key: animationKey, property: key, template: animation, start: old ?? animation.fromValue, end: new))
        blockInteraction(with: layer)
        if old == nil { return animation }
        return ViewAnimationAction(animation: animation, key: animationKey)
    }

    /// A keyframe's animation: over the whole group, additive where the values subtract (so
    /// that keyframes of one property add up), still before and after the keyframe's window.
    private func keyframeAction(for layer: CALayer, key: String, old: Any?, new: Any?,
                                keyframe: (start: Double, length: Double, groupDuration: TimeInterval)) -> CAAction {
        let animation = CAKeyframeAnimation(keyPath: key)
        let from = old ?? layer.presentation()?.value(forKey: key)
        let start = min(max(keyframe.start, 0), 1), end = min(max(keyframe.start + keyframe.length, 0), 1)
        animation.keyTimes = [0, NSNumber(value: start), NSNumber(value: end), 1]
        var animationKey = key
        if let delta = ValueMath.difference(from, new), let zero = ValueMath.zero(like: delta) {
            animation.values = [delta, delta, zero, zero]
            animation.isAdditive = true
            var n = 1
            while layer.animation(forKey: animationKey) != nil { n += 1; animationKey = "\(key)-\(n)" }
        } else {
            animation.values = [from as Any, from as Any, new as Any, new as Any]
        }
        animation.calculationMode = .linear
        animation.duration = keyframe.groupDuration
        animation.beginTime = layer.convertTime(beginMediaTime, from: nil)
        if beginMediaTime > CACurrentMediaTime() { animation.fillMode = .backwards }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        animation.delegate = tracker
        entries.append(Entry(layer: layer, key: animationKey, property: key, template: animation, start: from, end: new))
        blockInteraction(with: layer)
        return ViewAnimationAction(animation: animation, key: animationKey)
    }

    /// Without `.allowUserInteraction`, the view animating `layer` takes no touches until the
    /// block's animations end (hit testing passes it by), as UIKit does.
    private func blockInteraction(with layer: CALayer) {
        guard !options.contains(.allowUserInteraction), let view = layer.delegate as? UIView else { return }
        let cycles: Double = options.contains(.repeat) ? .infinity : options.contains(.autoreverse) ? 2 : 1
        let length = keyframe?.groupDuration ?? duration
        view.interactionBlockedUntil = max(view.interactionBlockedUntil, beginMediaTime + length * cycles)
    }

    /// The keys UIKit animates additively (since iOS 8): geometry.
    static let additiveKeys: Set<String> = ["position", "bounds", "transform"]
}
