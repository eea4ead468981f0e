/// The timing of a layer or animation as a value, and Core Animation's timing model over it:
/// the evaluator runs on these values alone, so the render thread can use it too.
struct Timing: Sendable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    /// The fill mode as the two sides it fills (read at every frame of every animation: comparing
    /// the mode's strings there showed in profiles).
    var fillsBackwards = false, fillsForwards = false

    init(beginTime: CFTimeInterval = 0, duration: CFTimeInterval = 0, speed: Float = 1, timeOffset: CFTimeInterval = 0,
         repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0, autoreverses: Bool = false,
         fillMode: CAMediaTimingFillMode = .removed) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        fillsBackwards = fillMode == .backwards || fillMode == .both
        fillsForwards = fillMode == .forwards || fillMode == .both
    }

    /// A layer's time from its parent's.
    func localTime(fromParent t: CFTimeInterval) -> CFTimeInterval {
        (t - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// The parent's time from a local time (the inverse; a paused object maps everything to its offset).
    func parentTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        speed == 0 ? beginTime : (t - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// One cycle: `duration`, or 0.25 s when it is 0 (animations), forwards and back when autoreversing.
    var simpleDuration: CFTimeInterval { duration > 0 && duration.isFinite ? duration : 0.25 }
    var cycleDuration: CFTimeInterval { simpleDuration * (autoreverses ? 2 : 1) }

    /// How long the object is active: its cycles times its repeat count, or its repeat duration.
    /// A repeat count of `.infinity` or `.greatestFiniteMagnitude` repeats forever (Apple's headers).
    var activeDuration: CFTimeInterval {
        if repeatCount > 0 {
            return repeatCount >= .greatestFiniteMagnitude ? .infinity : cycleDuration * CFTimeInterval(repeatCount)
        }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration
    }

    /// Where an animation stands at its parent's time `t`.
    enum Phase: Equatable {
        /// Before the start, with no backwards fill.
        case pending
        /// In effect: `fraction` of the simple duration (0…1, before the timing function) in
        /// cycle `iteration`.
        case active(fraction: Double, iteration: Int)
        /// After the end; `fraction` is set when a forwards fill holds the final value.
        case finished(fraction: Double?, iteration: Int)
    }

    func phase(atParentTime t: CFTimeInterval) -> Phase {
        let elapsed = (t - beginTime) * CFTimeInterval(abs(speed))
        let active = activeDuration
        if elapsed < 0 || speed == 0 && t < beginTime {
            return fillsBackwards ? .active(fraction: speed < 0 ? endFraction.fraction : 0, iteration: 0) : .pending
        }
        if elapsed >= active {
            let end = speed < 0 ? (fraction: 0.0, iteration: 0) : endFraction
            return .finished(fraction: fillsForwards ? end.fraction : nil, iteration: end.iteration)
        }
        var position = speed < 0 ? active - elapsed : elapsed
        if timeOffset != 0, active.isFinite, active > 0 {
            position = (position + timeOffset).truncatingRemainder(dividingBy: active)
            if position < 0 { position += active }
        }
        let (fraction, iteration) = fraction(at: position)
        return .active(fraction: fraction, iteration: iteration)
    }

    /// The fraction and cycle at the very end of the active duration.
    var endFraction: (fraction: Double, iteration: Int) {
        let active = activeDuration
        guard active.isFinite else { return (1, 0) }
        let cycles = active / cycleDuration
        let whole = cycles.rounded(.down)
        if cycles == whole {
            return (autoreverses ? 0 : 1, max(Self.saturatingInt(whole) - 1, 0))
        }
        return fraction(at: active)
    }

    /// The fraction of the simple duration at active time `t`, folding autoreversed half-cycles.
    /// Extreme but finite timings (a 1e-300 s cycle repeated forever, a huge repeat count run
    /// backwards) make the cycle count overflow an `Int`: it saturates, and the place within
    /// the cycle comes from the remainder, which stays exact.
    func fraction(at t: CFTimeInterval) -> (Double, Int) {
        let cycle = cycleDuration
        let cycles = (t / cycle).rounded(.down)
        let iteration = Self.saturatingInt(cycles)
        var local = abs(cycles) < 1e15 ? t - cycles * cycle : t.truncatingRemainder(dividingBy: cycle)
        if !local.isFinite { local = 0 }
        if local < 0 { local += cycle }
        if autoreverses && local > simpleDuration { local = cycle - local }
        return (min(max(local / simpleDuration, 0), 1), iteration)
    }

    /// `value` as an `Int`, clamped to its range (NaN gives 0): never a trapping conversion.
    static func saturatingInt(_ value: Double) -> Int { Int(saturating: value) }
}

/// The setters' checks of `CAMediaTiming` values, shared by layers and animations: a value
/// that is not a number (or infinite, where infinity means nothing) keeps the old one, with
/// one message, as geometry does.
enum TimingValidation {
    static func time(_ value: CFTimeInterval, old: CFTimeInterval, _ name: String, infinityMeansForever: Bool = false) -> CFTimeInterval {
        if value.isFinite || infinityMeansForever && value == .infinity { return value }
        CGDiagnostics.log(name, "\(value) is not a usable time; kept \(old).")
        return old
    }

    static func number(_ value: Float, old: Float, _ name: String, infinityMeansForever: Bool = false) -> Float {
        if value.isFinite || infinityMeansForever && value == .infinity { return value }
        CGDiagnostics.log(name, "\(value) is not a usable number; kept \(old).")
        return old
    }
}
