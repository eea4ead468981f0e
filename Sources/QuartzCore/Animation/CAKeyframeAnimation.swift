/// How a keyframe animation moves between its keyframes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight between keyframes, at the times `keyTimes` gives.
    public static let linear = Self(rawValue: "linear")
    /// Each keyframe held until the next one's time: no interpolation.
    public static let discrete = Self(rawValue: "discrete")
    /// Straight between keyframes at an even speed over the whole path (`keyTimes` ignored).
    public static let paced = Self(rawValue: "paced")
    /// A smooth curve through the keyframes (Kochanek–Bartels: `tensionValues`, `continuityValues`, `biasValues`).
    public static let cubic = Self(rawValue: "cubic")
    /// The cubic curve at an even speed (`keyTimes` ignored).
    public static let cubicPaced = Self(rawValue: "cubicPaced")
}

/// Whether objects animated along a path turn to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer turns to follow the path's tangent.
    public static let rotateAuto = Self(rawValue: "auto")
    /// The layer turns to follow the path's tangent, plus half a turn.
    public static let rotateAutoReverse = Self(rawValue: "autoReverse")
}

/// An animation through a sequence of values (or along a path) at given times.
open class CAKeyframeAnimation: CAPropertyAnimation {
    /// The keyframe values. Ignored when `path` is set.
    open var values: [Any]?
    /// A path for point properties to follow: its elements' end points are the keyframes, and
    /// between them the value follows the element's line or curve (by the curve's parameter;
    /// at an even speed in the paced modes). Defaults to nil.
    open var path: CGPath?
    /// When each keyframe is reached, as fractions of the duration (0…1 and increasing, as Apple
    /// documents; others are taken as Apple's QuartzCore takes them, see `keyTimesProblem`); nil
    /// spaces them evenly. One entry per keyframe; `.discrete` also takes one more (each value
    /// holds until the next key time); paced modes ignore them. A list of the wrong length is
    /// ignored, with a message. Defaults to nil.
    open var keyTimes: [NSNumber]?
    /// One timing function per segment (count − 1); paced modes ignore them. Defaults to nil (linear).
    open var timingFunctions: [CAMediaTimingFunction]?
    /// Defaults to `.linear`.
    open var calculationMode = CAAnimationCalculationMode.linear
    /// Defaults to nil (no rotation).
    open var rotationMode: CAAnimationRotationMode?
    /// Kochanek–Bartels parameters for cubic modes, one per keyframe. Default nil (all 0).
    open var tensionValues: [NSNumber]?
    /// Per keyframe, how sharp the cubic curve's corner is there (−1 to 1; 0 is smooth). Defaults to nil.
    open var continuityValues: [NSNumber]?
    /// Per keyframe, which way the cubic curve leans there (−1 to 1; 0 is even). Defaults to nil.
    open var biasValues: [NSNumber]?

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CAKeyframeAnimation
        copy.values = values; copy.path = path; copy.keyTimes = keyTimes; copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode; copy.rotationMode = rotationMode
        copy.tensionValues = tensionValues; copy.continuityValues = continuityValues; copy.biasValues = biasValues
        return copy
    }

    override func prepare() {
        if let values { self.values = BoxedValues.unboxed(values) as? [Any] ?? values }
        // Taken apart once, here, rather than at every frame (and before any other thread reads it).
        preparedMotion = path.map { (path: $0, motion: MotionPath($0)) }
        // Reported once, here, rather than at every frame.
        if let problem = keyTimesProblem(count: keyframes.count) { CGDiagnostics.log("CAKeyframeAnimation", problem) }
    }

    /// `path` as taken apart by `prepare()`.
    private var preparedMotion: (path: CGPath, motion: MotionPath)?

    /// `path` taken apart for following; nil without a path.
    var motion: MotionPath? {
        guard let path else { return nil }
        if let prepared = preparedMotion, prepared.path === path { return prepared.motion }
        return MotionPath(path)
    }

    /// The keyframes: the end points of `path`'s elements, or `values`. A path that closes after
    /// its last point, given one key time per point, has no keyframe for the close (measured on
    /// iOS: lottie-ios closes every motion path so and gives one key time per point).
    var keyframes: [Any] { frames(of: motion) }

    private func frames(of motion: MotionPath?) -> [Any] {
        guard let motion else { return values ?? [] }
        if motion.endsWithClose, !isPaced, let count = keyTimes?.count, count == motion.points.count - 1 {
            return motion.pointsWithoutClose
        }
        return motion.points
    }

    /// Whether the mode paces the keyframes by distance (ignoring `keyTimes` and
    /// `timingFunctions`, as Apple documents).
    var isPaced: Bool { calculationMode == .paced || calculationMode == .cubicPaced }

    /// The key times used for the keyframes, by Apple's rules: paced modes space them by distance
    /// (along the path's curves when there is one); otherwise `keyTimes` when there is one per
    /// keyframe (`keyTimesProblem`), else evenly.
    func times(for frames: [Any], motion: MotionPath? = nil) -> [Double] {
        let n = frames.count
        if isPaced {
            var lengths = [0.0]
            for i in 1..<max(n, 1) {
                let step = motion.map { Double($0.length(ofSegment: i - 1)) } ?? Self.distance(frames[i - 1], frames[i])
                lengths.append(lengths[i - 1] + step)
            }
            if let total = lengths.last, total > 0 { return lengths.map { $0 / total } }
        } else if let given = keyTimes, keyTimesProblem(count: n) == nil {
            return given.map(\.doubleValue)
        }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return n == 1 ? [0] : (0..<n).map { Double($0) / Double(n - 1) }
    }

    override var valuesAreFinite: Bool {
        (values ?? []).allSatisfy(Interpolation.isFinite)
    }

    /// Why `keyTimes` do not fit `n` keyframes; nil when they fit or are not used. They fit when
    /// there is one per keyframe — for `.discrete` also one more (each value holds from its key
    /// time until the next) — and each is a finite number. Apple's documentation asks for times
    /// that increase within 0…1, but its QuartzCore takes others, and lottie-ios relies on it
    /// (times below 0 or above 1, then a 1 appended after a last time above 1): each value lands
    /// on its own key time, the first segment that spans the moment is used, and before the first
    /// and after the last key time the end values hold.
    func keyTimesProblem(count n: Int) -> String? {
        guard let given = keyTimes?.map(\.doubleValue), !isPaced else { return nil }
        guard given.allSatisfy(\.isFinite) else { return "keyTimes must be finite numbers; spaced evenly instead." }
        let counts = calculationMode == .discrete ? [n, n + 1] : [n]
        if counts.contains(given.count) { return nil }
        let expected = counts.map(String.init).joined(separator: " or ")
        return "\(given.count) keyTimes for \(n) values (\(calculationMode.rawValue) takes \(expected)); spaced evenly instead."
    }

    /// The segment (from keyframe `i` to `i + 1`) in effect at `progress`, and how far along it:
    /// the first segment whose key times span the moment; before every key time the first
    /// keyframe holds, after them the last.
    static func segment(at progress: Double, times: [Double]) -> (index: Int, local: Double) {
        let last = times.count - 2
        for i in 0...last {
            let (a, b) = (times[i], times[i + 1])
            guard a <= progress, progress <= b else { continue }
            return (i, b > a ? (progress - a) / (b - a) : 1)
        }
        if let first = times.first, progress < first { return (0, 0) }
        return (last, 1)
    }

    override func value(atProgress progress: Double, model: Any?) -> Any? {
        let motion = self.motion
        let frames = frames(of: motion)
        guard !frames.isEmpty else { return nil }
        if frames.count == 1 {
            // One value held by two key times, `.discrete`, is what Apple's documentation asks
            // for, but iOS draws the layer's own value throughout (measured: lottie-ios makes a
            // hold keyframe before a moving one so, in a group, and iOS shows the model value
            // over the hold).
            if calculationMode == .discrete, keyTimes?.count == 2 { return nil }
            return frames[0]
        }
        let times = times(for: frames, motion: motion)
        if calculationMode == .discrete {
            // Each value from its key time until the next; a last key time (1) has no value of its own.
            let index = min(frames.count - 1, times.lastIndex { $0 <= progress } ?? 0)
            return frames[index]
        }
        let (segment, position) = Self.segment(at: progress, times: times)
        var local = min(max(position, 0), 1)
        // One timing function per segment (n − 1 of them); paced modes ignore them.
        if !isPaced, let functions = timingFunctions, segment < functions.count { local = functions[segment].evaluate(local) }
        if let motion {
            // Along the path's own element between the two keyframes, lines and curves alike.
            return motion.point(inSegment: segment, atFraction: CGFloat(local), evenSpeed: isPaced)
        }
        if calculationMode == .cubic || calculationMode == .cubicPaced,
           let value = CubicKeyframes.value(frames, segment: segment, t: local,
                                            tension: tensionValues, continuity: continuityValues, bias: biasValues) {
            return value
        }
        return Interpolation.value(from: frames[segment], to: frames[segment + 1], at: local)
    }

    override func apply(to layer: AnimationTarget, model: AnimationTarget, fraction: Double, iteration: Int) {
        super.apply(to: layer, model: model, fraction: fraction, iteration: iteration)
        guard let rotationMode, path != nil else { return }
        // Turn the layer to the path's direction at this point.
        let p = progress(fraction), frames = keyframes
        let before = value(atProgress: max(0, p - 0.001), model: nil) as? CGPoint ?? frames.first as? CGPoint
        let after = value(atProgress: min(1, p + 0.001), model: nil) as? CGPoint ?? frames.last as? CGPoint
        guard let a = before, let b = after, a != b else { return }
        var angle = atan2(b.y - a.y, b.x - a.x)
        if rotationMode == .rotateAutoReverse { angle += .pi }
        let current = layer.value(forKeyPath: "transform") as? CATransform3D ?? CATransform3DIdentity
        layer.setValue(CATransform3DConcat(CATransform3DMakeRotation(angle, 0, 0, 1), current), forKeyPath: "transform")
    }

    static func distance(_ a: Any, _ b: Any) -> Double {
        if let p = a as? CGPoint, let q = b as? CGPoint { return Double(hypot(q.x - p.x, q.y - p.y)) }
        if let p = Boxing.number(a), let q = Boxing.number(b) { return abs(q - p) }
        return 1
    }
}

/// Kochanek–Bartels (TCB) splines through numeric and point keyframes, for the cubic modes.
enum CubicKeyframes {
    static func value(_ frames: [Any], segment i: Int, t: Double, tension: [NSNumber]?, continuity: [NSNumber]?, bias: [NSNumber]?) -> Any? {
        func vector(_ v: Any) -> [Double]? {
            if let p = v as? CGPoint { return [Double(p.x), Double(p.y)] }
            if let n = Boxing.number(v) { return [n] }
            return nil
        }
        let vectors = frames.compactMap(vector)
        // Points and numbers mixed (found by the layer fuzzer) have no spline: the index trapped.
        guard vectors.count == frames.count, vectors.allSatisfy({ $0.count == vectors[0].count }) else { return nil }
        func param(_ list: [NSNumber]?, _ k: Int) -> Double { list.flatMap { k < $0.count ? $0[k].doubleValue : nil } ?? 0 }
        func tangent(_ k: Int, outgoing: Bool) -> [Double] {
            let prev = vectors[max(k - 1, 0)], here = vectors[k], next = vectors[min(k + 1, vectors.count - 1)]
            let (tn, c, b) = (param(tension, k), param(continuity, k), param(bias, k))
            let a = outgoing ? (1 - tn) * (1 + b) * (1 - c) / 2 : (1 - tn) * (1 + b) * (1 + c) / 2
            let d = outgoing ? (1 - tn) * (1 - b) * (1 + c) / 2 : (1 - tn) * (1 - b) * (1 - c) / 2
            return (0..<here.count).map { a * (here[$0] - prev[$0]) + d * (next[$0] - here[$0]) }
        }
        let p0 = vectors[i], p1 = vectors[i + 1]
        let m0 = tangent(i, outgoing: true), m1 = tangent(i + 1, outgoing: false)
        let (t2, t3) = (t * t, t * t * t)
        let h = (2 * t3 - 3 * t2 + 1, t3 - 2 * t2 + t, -2 * t3 + 3 * t2, t3 - t2)
        let result = (0..<p0.count).map { h.0 * p0[$0] + h.1 * m0[$0] + h.2 * p1[$0] + h.3 * m1[$0] }
        if frames[i] is CGPoint { return CGPoint(x: result[0], y: result[1]) }
        return NSNumber(value: result[0])
    }
}
