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
    /// The animations made, each with the layer it was added to.
    var added: [(layer: CALayer, key: String, animation: CAAnimation)] = []
    /// Told of each animation's end.
    let tracker = AnimationTracker()
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
        } else {
            let onScreen = layer.animation(forKey: key) != nil || old == nil ? layer.presentation()?.value(forKey: key) : nil
            animation.fromValue = onScreen ?? old
            animation.toValue = new
        }
        animation.duration = duration
        animation.timingFunction = spring == nil ? timingFunction : nil
        animation.beginTime = layer.convertTime(beginMediaTime, from: nil)
        if beginMediaTime > CACurrentMediaTime() || allAdditive { animation.fillMode = .backwards }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        if options.contains(.autoreverse) { animation.autoreverses = true }
        animation.speed = speed
        animation.delegate = tracker
        return ViewAnimationAction(animation: animation, key: animationKey, context: self)
    }

    /// The keys UIKit animates additively (since iOS 8): geometry.
    static let additiveKeys: Set<String> = ["position", "bounds", "transform"]
}

/// Adds an animation under its key and tells the context which copy the layer keeps.
final class ViewAnimationAction: CAAction, @unchecked Sendable {
    let animation: CAAnimation
    let key: String
    nonisolated(unsafe) weak var context: ViewAnimationContext?

    init(animation: CAAnimation, key: String, context: ViewAnimationContext) {
        self.animation = animation
        self.key = key
        self.context = context
    }

    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard let layer = anObject as? CALayer else { return }
        layer.add(animation, forKey: key)
        guard let attached = layer.animation(forKey: key) else { return }
        nonisolated(unsafe) let entry = (layer: layer, key: key, animation: attached)
        MainActor.assumeIsolated { self.context?.added.append(entry) }
    }
}

/// Collects the ends of a block's animations: whether any was removed before its end.
final class AnimationTracker: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var interruptedFlag = false

    /// Whether an animation of the block was removed (or replaced) before it finished.
    var interrupted: Bool {
        lock.lock(); defer { lock.unlock() }
        return interruptedFlag
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { lock.lock(); interruptedFlag = true; lock.unlock() }
    }
}


/// Arithmetic on the values layers animate, for additive animations.
enum ValueMath {
    /// `a − b`: a value that, added to `b`, gives `a`; nil for values that do not subtract.
    static func difference(_ a: Any?, _ b: Any?) -> Any? {
        switch (a, b) {
        case let (x as CGPoint, y as CGPoint): return CGPoint(x: x.x - y.x, y: x.y - y.y)
        case let (x as CGSize, y as CGSize): return CGSize(width: x.width - y.width, height: x.height - y.height)
        case let (x as CGRect, y as CGRect):
            return CGRect(x: x.minX - y.minX, y: x.minY - y.minY, width: x.width - y.width, height: x.height - y.height)
        // Core Animation adds transforms by concatenating the animated one first.
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DConcat(x, CATransform3DInvert(y))
        case let (x as Float, y as Float): return x - y
        case let (x as CGFloat, y as CGFloat): return x - y
        case let (x as Double, y as Double): return x - y
        default: return nil
        }
    }

    /// The zero of `value`'s type (the identity for transforms).
    static func zero(like value: Any) -> Any? {
        switch value {
        case is CGPoint: return CGPoint.zero
        case is CGSize: return CGSize.zero
        case is CGRect: return CGRect.zero
        case is CATransform3D: return CATransform3DIdentity
        case is Float: return Float(0)
        case is CGFloat: return CGFloat(0)
        case is Double: return Double(0)
        default: return nil
        }
    }

    /// Whether two values are the same (values of unknown types never are).
    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (x as CGPoint, y as CGPoint): return x == y
        case let (x as CGSize, y as CGSize): return x == y
        case let (x as CGRect, y as CGRect): return x == y
        case let (x as CATransform3D, y as CATransform3D): return CATransform3DEqualToTransform(x, y)
        case let (x as Float, y as Float): return x == y
        case let (x as CGFloat, y as CGFloat): return x == y
        case let (x as Double, y as Double): return x == y
        case let (x as Bool, y as Bool): return x == y
        case let (x as CGColor, y as CGColor): return x == y
        default: return false
        }
    }
}
