/// Animations run together; each child's timing is measured in the group's own time, and the
/// group's duration cuts them off. A child without a duration of its own lasts as long as the group.
open class CAAnimationGroup: CAAnimation {
    /// The animations run together, each on the group's time (cut off where the group's duration ends). Defaults to nil.
    open var animations: [CAAnimation]?

    /// A copy of the group holding the same animation objects (Apple's copy is shallow).
    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAAnimationGroup
        copy.animations = animations
        return copy
    }

    override func layerCopy() -> CAAnimation {
        let copy = super.layerCopy() as! CAAnimationGroup
        copy.animations = animations?.map { $0.layerCopy() }
        return copy
    }

    override func prepare() {
        for child in animations ?? [] { child.prepare() }
    }

    override var animatedKeys: [String] { (animations ?? []).flatMap(\.animatedKeys) }

    override var valuesAreFinite: Bool {
        (animations ?? []).allSatisfy(\.valuesAreFinite)
    }

    /// Whether a child with `timing` ends at the group's time `t` (to rounding).
    private static func ends(_ timing: Timing, at t: CFTimeInterval) -> Bool {
        guard timing.speed != 0, timing.activeDuration.isFinite else { return false }
        let end = timing.beginTime + timing.activeDuration / CFTimeInterval(abs(timing.speed))
        return abs(end - t) <= 1e-9 * max(1, abs(t))
    }

    override func apply(to layer: AnimationTarget, model: AnimationTarget, fraction: Double, iteration: Int) {
        // The group's local time: its fraction of its simple duration (timing function applied).
        let groupTime = progress(fraction) * timing.simpleDuration
        for child in animations ?? [] where child.isValid {
            var timing = child.timing
            if child.duration <= 0 { timing.duration = self.timing.simpleDuration }
            switch timing.phase(atParentTime: groupTime) {
            case .active(let f, let i): child.apply(to: layer, model: model, fraction: f, iteration: i)
            case .finished(let f?, let i): child.apply(to: layer, model: model, fraction: f, iteration: i)
            case .finished(nil, let i) where Self.ends(timing, at: groupTime):
                // At the very moment a child ends it still shows its end value, fill or not
                // (measured on iOS: lottie-ios's keyframe segments, children of a group, show
                // the last one's last value when paused on the frame it ends at).
                child.apply(to: layer, model: model, fraction: timing.endFraction.fraction, iteration: i)
            default: break
            }
        }
    }
}
