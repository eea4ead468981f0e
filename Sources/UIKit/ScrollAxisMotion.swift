/// One axis of a scroll view's motion once the finger lifts, stepped a millisecond at a time:
/// inside the content the velocity decays by the deceleration rate every millisecond (iOS's
/// definition of `UIScrollView.DecelerationRate`), so a fling of v points a millisecond
/// travels v·r/(1−r) points — 499 v at `.normal`'s 0.998, 99 v at `.fast`'s 0.99; past an
/// edge a critically damped spring pulls it back (or, without bouncing, the edge stops it).
/// Given a target (paging, a delegate's `targetContentOffset`) the starting velocity is the
/// one whose decay ends exactly there.
struct ScrollAxisMotion {
    /// The offset, in points.
    private(set) var position: CGFloat
    /// The velocity, in points per millisecond.
    private(set) var velocity: CGFloat
    /// The decay per millisecond, within (0, 1).
    let rate: CGFloat
    let lower: CGFloat
    let upper: CGFloat
    let bounces: Bool
    /// Where it comes to rest, when chosen.
    let target: CGFloat?
    /// Whether it is at rest.
    private(set) var isFinished = false

    /// The spring's angular frequency past an edge, per millisecond (settles in about 0.6 s).
    static let springFrequency: CGFloat = 0.012
    /// How close to rest counts as rest, in points.
    static let restDistance: CGFloat = 0.5

    /// A rate made safe: NaN or outside (0, 1) is clamped to [0.5, 0.9999].
    static func safeRate(_ rate: CGFloat) -> CGFloat { rate.isNaN ? 0.998 : min(max(rate, 0.5), 0.9999) }

    /// How far a velocity (points per millisecond) carries at `rate`.
    static func projection(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        let r = safeRate(rate)
        return velocity * r / (1 - r)
    }

    /// A motion from `position` with `velocity` (points per millisecond), or toward `target`.
    init(position: CGFloat, velocity: CGFloat, rate: CGFloat, lower: CGFloat, upper: CGFloat, bounces: Bool, target: CGFloat? = nil) {
        let r = Self.safeRate(rate)
        self.position = position.isFinite ? position : 0
        self.rate = r
        self.lower = lower
        self.upper = max(upper, lower)
        self.bounces = bounces
        let safeTarget = target.flatMap { $0.isFinite ? min(max($0, lower), max(upper, lower)) : nil }
        self.target = safeTarget
        if let safeTarget, self.position >= lower, self.position <= self.upper {
            self.velocity = (safeTarget - self.position) * (1 - r) / r
        } else {
            self.velocity = velocity.isFinite ? velocity : 0
        }
        if abs(self.velocity) * r / (1 - r) < Self.restDistance, self.position >= lower, self.position <= self.upper {
            if let safeTarget { self.position = safeTarget }
            self.velocity = 0
            isFinished = true
        }
    }

    /// One millisecond on.
    mutating func step() {
        guard !isFinished else { return }
        let edge: CGFloat? = position < lower ? lower : position > upper ? upper : nil
        if let edge {
            guard bounces else {
                position = edge
                velocity = 0
                isFinished = true
                return
            }
            let w = Self.springFrequency
            let x = position - edge
            velocity += -w * w * x - 2 * w * velocity
            position += velocity
            let crossed = (position - edge) * x < 0
            if crossed || (abs(position - edge) < Self.restDistance && abs(velocity) < 0.005) {
                position = edge
                velocity = 0
                isFinished = true
            }
            return
        }
        velocity *= rate
        position += velocity
        if !bounces, position < lower || position > upper {
            position = min(max(position, lower), upper)
            velocity = 0
            isFinished = true
            return
        }
        let remaining = velocity * rate / (1 - rate)
        if abs(remaining) < Self.restDistance, position >= lower, position <= upper {
            position = target ?? min(max(position + remaining, lower), upper)
            velocity = 0
            isFinished = true
        }
    }

    /// How far a drag past an edge shows, as iOS's rubber band: (1 − 1/(x·0.55/d + 1))·d for
    /// an overshoot x over a dimension d.
    static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overshoot.isFinite else { return 0 }
        let magnitude = (1 - 1 / (abs(overshoot) * 0.55 / dimension + 1)) * dimension
        return overshoot < 0 ? -magnitude : magnitude
    }
}
