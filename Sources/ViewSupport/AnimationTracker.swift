import QuartzCore

/// Collects the ends of a block's animations: whether any was removed before its end.
package final class AnimationTracker: NSObject, CAAnimationDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var interruptedFlag = false

    package override init() { super.init() }

    /// Whether an animation of the block was removed (or replaced) before it finished.
    package var interrupted: Bool {
        lock.lock(); defer { lock.unlock() }
        return interruptedFlag
    }

    package func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if !flag { lock.lock(); interruptedFlag = true; lock.unlock() }
    }
}
