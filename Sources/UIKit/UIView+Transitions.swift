import QuartzCore

/// What UIView's keyframe and transition class methods do (they are declared in `UIView.swift`:
/// Swift on Linux cannot override members declared in extensions).
@MainActor
extension UIView {
    /// `animateKeyframes`: one context over the whole duration, linear, that `addKeyframe` parts.
    static func runKeyframes(duration: TimeInterval, delay: TimeInterval, options: UIView.KeyframeAnimationOptions,
                             animations: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        let context = ViewAnimationContext(duration: duration, delay: delay, options: AnimationOptions(rawValue: options.rawValue & 0x3FF),
                                           timingFunction: CAMediaTimingFunction(name: .linear))
        keyframeGroups.append(context)
        run(context, animations, completion: completion)
        keyframeGroups.removeLast()
    }

    /// `addKeyframe`: a context for its part of the enclosing group's duration.
    static func runKeyframe(start frameStartTime: Double, duration frameDuration: Double, animations: @escaping () -> Void) {
        guard let group = keyframeGroups.last else {
            CGDiagnostics.log("UIView.addKeyframe", "called outside animateKeyframes; the changes are made without animation.")
            performWithoutAnimation(animations)
            return
        }
        let context = ViewAnimationContext(duration: group.duration * frameDuration, delay: 0, options: group.options,
                                           timingFunction: CAMediaTimingFunction(name: .linear), beginMediaTime: group.beginMediaTime)
        context.keyframe = (frameStartTime, frameDuration, group.duration)
        context.tracker = group.tracker
        animationContexts.append(context)
        animations()
        animationContexts.removeLast()
    }

    /// `transition(with:…)`: the changes shown through a Core Animation transition of the view's layer.
    static func runTransition(with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
                              animations: (() -> Void)?, completion: ((Bool) -> Void)?) {
        let context = ViewAnimationContext(duration: duration, delay: 0, options: options)
        run(context, {
            if let transition = UIView.makeTransition(options, duration: duration, context: context) {
                view.layer.add(transition, forKey: kCATransition)
            }
            if options.contains(.allowAnimatedContent) { animations?() } else { performWithoutAnimation { animations?() } }
        }, completion: completion)
    }

    /// `transition(from:to:…)`: `toView` takes `fromView`'s place (or they swap visibility).
    static func runTransition(from fromView: UIView, to toView: UIView, duration: TimeInterval, options: UIView.AnimationOptions,
                              completion: ((Bool) -> Void)?) {
        guard let container = fromView.superview else { return }
        transition(with: container, duration: duration, options: options, animations: {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else {
                container.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }, completion: completion)
    }
}
