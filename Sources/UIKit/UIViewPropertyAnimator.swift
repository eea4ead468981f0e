/// A class that animates changes to views and allows the dynamic modification of those
/// animations.
///
/// The animation blocks run when the animator starts (or is first paused): their changes
/// become Core Animation animations with the animator's timing. Pausing, scrubbing
/// `fractionComplete`, reversing and continuing give the layers new copies of those animations
/// placed at the fraction (`speed` 0 while paused), so `layer.animationKeys()` and
/// `presentation()` show where the animator is.
@MainActor
open class UIViewPropertyAnimator: NSObject {
    /// The total duration (in seconds) of the main animations.
    open private(set) var duration: TimeInterval
    /// The delay (in seconds) before the animations begin (`startAnimation(afterDelay:)`).
    open private(set) var delay: TimeInterval = 0
    /// A Boolean value indicating whether the animator is interruptible and can be paused or
    /// stopped. Defaults to true.
    open var isInterruptible = true
    /// A Boolean value indicating whether views receive touch events while animating.
    /// Defaults to true.
    open var isUserInteractionEnabled = true
    /// A Boolean value indicating whether the animator keeps its animations active when they
    /// reach the end (instead of finishing). Defaults to false.
    open var pausesOnCompletion = false
    /// A Boolean value indicating whether a paused animation scrubs linearly. Defaults to true
    /// (Lamina scrubs through the timing curve).
    open var scrubsLinearly = true

    /// The current state of the animation.
    open private(set) var state: UIViewAnimatingState = .inactive

    /// A Boolean value indicating whether the animation is currently running.
    open private(set) var isRunning = false

    /// A Boolean value indicating the direction of the animation. Defaults to false.
    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active else { return }
            // The fraction stays where it is; the copies now run the other way.
            fractionAtMark = 1 - fractionAtMark(timeNow: isRunning)
            place(running: isRunning)
        }
    }

    /// The completion percentage of the animation, from 0 to 1. Setting it (while paused or
    /// before starting, which pauses) moves the animations to that point.
    open var fractionComplete: CGFloat {
        get {
            let f = fractionAtMark(timeNow: isRunning)
            return CGFloat(isReversed ? 1 - f : f)
        }
        set {
            guard !isRunning else { return }
            if state == .inactive { pauseAnimation() }
            let f = Double(min(max(newValue, 0), 1))
            fractionAtMark = isReversed ? 1 - f : f
            place(running: false)
        }
    }

    private let timingFunction: CAMediaTimingFunction?
    private let spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    private var animationBlocks: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var entries: [ViewAnimationContext.Entry] = []
    /// The fraction of the direction the copies run in (time, not curve) at `markTime`.
    private var fractionAtMark: Double = 0
    private var markTime: CFTimeInterval = 0
    private var speedFactor: Double = 1
    /// Counts placements: a completion block of an older placement is stale.
    private var generation = 0

    // MARK: Creating

    /// Initializes the animator with a built-in UIKit timing curve. (Required in Lamina, which
    /// makes `runningPropertyAnimator`'s `Self` with it.)
    public required init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        timingFunction = curve.timingFunction
        spring = nil
        super.init()
        if let animations { animationBlocks.append(animations) }
    }

    /// Initializes the animator with a cubic Bézier timing curve.
    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = duration
        timingFunction = CAMediaTimingFunction(controlPoints: Float(point1.x), Float(point1.y), Float(point2.x), Float(point2.y))
        spring = nil
        super.init()
        if let animations { animationBlocks.append(animations) }
    }

    /// Initializes the animator with spring-based timing information.
    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        timingFunction = nil
        spring = (ratio, 0)
        super.init()
        if let animations { animationBlocks.append(animations) }
    }

    /// Creates and returns an animator object that begins running its animations immediately.
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let curve: UIView.AnimationCurve = switch options.rawValue & (3 << 16) {
        case 1 << 16: .easeIn
        case 2 << 16: .easeOut
        case 3 << 16: .linear
        default: .easeInOut
        }
        let animator = Self(duration: duration, curve: curve)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Adding

    /// Adds the specified animation block to the animator. Blocks added after the animator
    /// started run at once, for the time that remains.
    open func addAnimations(_ animation: @escaping () -> Void) {
        if state == .inactive { animationBlocks.append(animation) } else { run([animation]); place(running: isRunning) }
    }

    /// Adds the specified animation block with a delay (Lamina runs it with the others).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    /// Adds the specified completion block to the animator: called with the position the
    /// animations ended at.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Controlling

    /// Starts the animation from an inactive state, or resumes a paused one.
    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    /// Starts the animation after the specified delay.
    open func startAnimation(afterDelay delay: TimeInterval) {
        switch state {
        case .inactive:
            self.delay = delay
            run(animationBlocks)
            animationBlocks = []
            state = .active
            fractionAtMark = 0
            markTime = CACurrentMediaTime() + delay
            isRunning = true
            place(running: true, at: markTime)
        case .active where !isRunning:
            fractionAtMark = fractionAtMark(timeNow: false)
            markTime = CACurrentMediaTime() + delay
            isRunning = true
            place(running: true, at: markTime)
        default: break
        }
    }

    /// Pauses a running animation at its current position (starting an inactive one paused
    /// at its beginning).
    open func pauseAnimation() {
        switch state {
        case .inactive:
            run(animationBlocks)
            animationBlocks = []
            state = .active
            fractionAtMark = 0
            isRunning = false
            place(running: false)
        case .active where isRunning:
            fractionAtMark = fractionAtMark(timeNow: true)
            isRunning = false
            place(running: false)
        default: break
        }
    }

    /// Stops the animations at their current positions. With `withoutFinishing` true the
    /// animator becomes inactive without calling its completions; otherwise it is stopped
    /// until `finishAnimation(at:)`.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        generation += 1
        // The model takes the values on screen.
        var current: [(ViewAnimationContext.Entry, Any?)] = []
        for entry in entries { current.append((entry, entry.layer.presentation()?.value(forKey: entry.property))) }
        removeAnimations()
        setModel(current.map { ($0.0, $0.1) })
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { entries = [] }
    }

    /// Finishes the animations of a stopped animator at `finalPosition` and calls the
    /// completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return }
        finish(at: finalPosition)
    }

    /// Continues a paused animation with the remaining time scaled by `durationFactor`
    /// (timing parameters are not changed in Lamina).
    open func continueAnimation(withTimingParameters parameters: Any?, durationFactor: CGFloat) {
        guard state == .active else { return }
        fractionAtMark = fractionAtMark(timeNow: isRunning)
        speedFactor = durationFactor > 0 ? 1 / Double(durationFactor) : 1
        markTime = CACurrentMediaTime()
        isRunning = true
        place(running: true)
    }

    // MARK: Workings

    /// Runs `blocks` inside a context of the animator's timing (paused: placed later).
    private func run(_ blocks: [() -> Void]) {
        let context = ViewAnimationContext(duration: duration, delay: 0, options: isUserInteractionEnabled ? [.allowUserInteraction] : [],
                                           timingFunction: timingFunction, spring: spring)
        context.keepsFinishedAnimations = true
        context.speed = 0
        UIView.animationContexts.append(context)
        for block in blocks { block() }
        UIView.animationContexts.removeLast()
        entries += context.entries
    }

    /// The fraction (of the running direction) now.
    private func fractionAtMark(timeNow running: Bool) -> Double {
        guard running, duration > 0 else { return fractionAtMark }
        return min(max(fractionAtMark + (CACurrentMediaTime() - markTime) * speedFactor / duration, 0), 1)
    }

    /// Gives the layers copies of the animations placed at `fractionAtMark` (of the current
    /// direction), running from `time` or paused, and watches for their end.
    private func place(running: Bool, at time: CFTimeInterval? = nil) {
        generation += 1
        let current = generation
        let begin = time ?? CACurrentMediaTime()
        if running { markTime = begin }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for entry in entries {
            let copy = entry.template.copy() as! CAAnimation
            if isReversed { UIViewPropertyAnimator.reverse(copy) }
            // Core Animation's `timeOffset` wraps around the duration: a running copy starts
            // in the past instead, a paused one (speed 0) stands at its offset.
            if running {
                copy.beginTime = entry.layer.convertTime(begin, from: nil) - fractionAtMark * copy.duration / speedFactor
                copy.timeOffset = 0
                copy.speed = Float(speedFactor)
            } else {
                copy.beginTime = entry.layer.convertTime(begin, from: nil)
                copy.timeOffset = min(fractionAtMark, 1 - 1e-9) * copy.duration
                copy.speed = 0
            }
            copy.fillMode = .both
            copy.isRemovedOnCompletion = false
            copy.delegate = nil
            entry.layer.add(copy, forKey: entry.key)
        }
        if running && !pausesOnCompletion {
            // The block keeps the animator alive while it runs, as UIKit keeps running animators.
            CATransaction.setCompletionBlock {
                MainActor.assumeIsolated {
                    guard self.generation == current, self.state == .active, self.isRunning else { return }
                    self.finish(at: self.isReversed ? .start : .end)
                }
            }
        }
        CATransaction.commit()
    }

    /// Swaps a copy's direction: from and to (values reversed for keyframes), the curve mirrored.
    private static func reverse(_ animation: CAAnimation) {
        if let basic = animation as? CABasicAnimation {
            swap(&basic.fromValue, &basic.toValue)
        } else if let keyframe = animation as? CAKeyframeAnimation {
            keyframe.values = keyframe.values?.reversed()
            keyframe.keyTimes = keyframe.keyTimes?.reversed().map { NSNumber(value: 1 - $0.doubleValue) }
        }
        if let function = animation.timingFunction {
            var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
            function.getControlPoint(at: 1, values: &c1)
            function.getControlPoint(at: 2, values: &c2)
            animation.timingFunction = CAMediaTimingFunction(controlPoints: 1 - c2[0], 1 - c2[1], 1 - c1[0], 1 - c1[1])
        }
    }

    private func removeAnimations() {
        for entry in entries { entry.layer.removeAnimation(forKey: entry.key) }
    }

    /// Sets the properties' model values without animation.
    private func setModel(_ values: [(ViewAnimationContext.Entry, Any?)]) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        UIView.performWithoutAnimation {
            for (entry, value) in values { entry.layer.setValue(value, forKey: entry.property) }
        }
        CATransaction.commit()
    }

    private func finish(at position: UIViewAnimatingPosition) {
        generation += 1
        switch position {
        case .end: setModel(entries.map { ($0, $0.end) })
        case .start: setModel(entries.reversed().map { ($0, $0.start) })
        case .current: break
        }
        removeAnimations()
        entries = []
        state = .inactive
        isRunning = false
        let completions = self.completions
        self.completions = []
        for completion in completions { completion(position) }
    }
}
