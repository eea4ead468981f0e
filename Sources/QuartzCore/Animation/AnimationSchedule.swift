/// When a tree's animations change what it shows: whether one is running at a moment, and the
/// next moment one starts or ends. Between two such events nothing starts or stops, so a frame
/// clock asks once per event instead of once per frame:
///
/// - the render tick draws while `isAnimating`, and once more at `nextEvent` (a finished
///   animation's last frame); a tree whose animations have all ended (a forwards fill holds
///   still) needs no frames at all;
/// - the lifecycle tick (animation delegates, removal of finished animations, completion blocks)
///   runs at `nextEvent`, whether or not anything commits.
///
/// Times are media times (`CACurrentMediaTime()`).
package struct AnimationSchedule: Equatable, Sendable {
    /// Whether some animation is inside its active duration at the moment asked about, so the
    /// tree looks different from one moment to the next. Defaults to false.
    package var isAnimating = false
    /// The earliest media time after the moment asked about at which an animation starts or
    /// ends; nil when none ever will. Defaults to nil.
    package var nextEvent: CFTimeInterval?

    /// Nothing animates, nothing will.
    package static let still = AnimationSchedule()

    package init(isAnimating: Bool = false, nextEvent: CFTimeInterval? = nil) {
        self.isAnimating = isAnimating
        self.nextEvent = nextEvent
    }

    /// Adds an animation with timing `animation`, attached to a layer whose time is `layer`, as
    /// seen at media time `t`.
    mutating func add(_ animation: Timing, on layer: LayerTimeMap, atMediaTime t: CFTimeInterval) {
        guard let span = animation.activeSpan else { return }
        add(span: span, on: layer, atMediaTime: t)
    }

    /// Adds something that changes with time during `span` of the layer's local time (a tile's
    /// fade-in), as seen at media time `t`.
    mutating func add(span: Range<CFTimeInterval>, on layer: LayerTimeMap, atMediaTime t: CFTimeInterval) {
        guard !layer.isFrozen else { return }
        if span.contains(layer.localTime(fromMedia: t)) { isAnimating = true }
        for edge in [span.lowerBound, span.upperBound] where edge.isFinite {
            let media = layer.mediaTime(fromLocal: edge)
            if media > t { nextEvent = min(nextEvent ?? media, media) }
        }
    }

    /// The next frame's time `next`, for its animations to be evaluated ahead (the compositor's
    /// `nextFrameAt`), unless an animation may start or end before that frame comes: nil then,
    /// and the frame is evaluated when it is drawn. A frame drawn within `slack` of `next` takes
    /// the evaluation made ahead; one drawn late across an animation's end showed the animation
    /// not quite ended and, being the last frame asked for, kept showing it.
    package func evaluatedAhead(_ next: CFTimeInterval, slack: CFTimeInterval) -> CFTimeInterval? {
        if let event = nextEvent, event <= next + slack { return nil }
        return next
    }

    /// Both schedules at once: animating if either is, the earlier of their next events.
    mutating func merge(_ other: AnimationSchedule) {
        isAnimating = isAnimating || other.isAnimating
        if let event = other.nextEvent { nextEvent = min(nextEvent ?? event, event) }
    }
}

/// A layer's local time as a function of media time, `local = scale · media + shift`: each
/// layer's timing (`(parent − beginTime) · speed + timeOffset`) is affine, so the chain from the
/// root down composes into one affine map, which inverts wherever no layer is paused.
struct LayerTimeMap: Sendable {
    var scale: Double = 1
    var shift: Double = 0

    /// Media time itself (above the root).
    static let media = LayerTimeMap()

    /// The time of a layer with timing `timing` whose parent's time is this one.
    func then(_ timing: Timing) -> LayerTimeMap {
        let speed = Double(timing.speed)
        return LayerTimeMap(scale: scale * speed, shift: shift * speed + timing.timeOffset - timing.beginTime * speed)
    }

    /// A paused layer (speed 0 here or above): its time stands still, so nothing in it changes.
    var isFrozen: Bool { scale == 0 || !scale.isFinite }

    func localTime(fromMedia t: CFTimeInterval) -> CFTimeInterval { scale * t + shift }
    func mediaTime(fromLocal t: CFTimeInterval) -> CFTimeInterval { (t - shift) / scale }
}

extension Timing {
    /// The span of its parent's time during which the object changes with time: from
    /// `beginTime`, for its active duration at its speed (the interval in which `phase` is
    /// `.active` other than by a backwards fill). Nil when its speed is 0: it holds still.
    var activeSpan: Range<CFTimeInterval>? {
        guard speed != 0, beginTime.isFinite else { return nil }
        let end = beginTime + activeDuration / CFTimeInterval(abs(speed))
        return end > beginTime ? beginTime..<end : nil
    }
}

extension CALayer {
    /// The schedule of the animations attached in this layer's tree (mask included) at media
    /// time `t`: the lifecycle tick's clock. Walks only layers whose trees have animations.
    package func animationSchedule(atMediaTime t: CFTimeInterval) -> AnimationSchedule {
        var schedule = AnimationSchedule.still
        var ancestors: [CALayer] = []
        var layer = parentLayer
        while let above = layer { ancestors.append(above); layer = above.parentLayer }
        let map = ancestors.reversed().reduce(LayerTimeMap.media) { $0.then($1.layerTiming) }
        addAnimations(to: &schedule, parentTime: map, atMediaTime: t)
        return schedule
    }

    private func addAnimations(to schedule: inout AnimationSchedule, parentTime: LayerTimeMap, atMediaTime t: CFTimeInterval) {
        guard animatedLayersInTree > 0 else { return }
        let time = parentTime.then(layerTiming)
        for entry in attachedAnimations { schedule.add(entry.animation.timing, on: time, atMediaTime: t) }
        for sublayer in sublayerStorage { sublayer.addAnimations(to: &schedule, parentTime: time, atMediaTime: t) }
        maskStorage?.addAnimations(to: &schedule, parentTime: time, atMediaTime: t)
    }
}
