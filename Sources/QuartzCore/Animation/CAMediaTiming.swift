/// What a timed object does outside its active duration.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Nothing: the object has no effect before it starts or after it ends.
    public static let removed = Self(rawValue: "removed")
    /// Holds its final value after it ends.
    public static let forwards = Self(rawValue: "forwards")
    /// Shows its initial value before it starts.
    public static let backwards = Self(rawValue: "backwards")
    /// The animation's first value shows before it starts and its last after it ends.
    public static let both = Self(rawValue: "both")
}

/// A hierarchical timing model: layers and animations each map their parent's time to their own.
/// `local = (parent − beginTime) · speed + timeOffset`.
public protocol CAMediaTiming: AnyObject {
    /// When the object starts, in its parent's time. Defaults to 0.
    var beginTime: CFTimeInterval { get set }
    /// The length of one cycle. Defaults to 0 (an animation then lasts 0.25 s).
    var duration: CFTimeInterval { get set }
    /// Time scale relative to the parent. Defaults to 1.
    var speed: Float { get set }
    /// An offset into the object's own time. Defaults to 0.
    var timeOffset: CFTimeInterval { get set }
    /// Cycles to run (fractions allowed; `.infinity` forever). Defaults to 0 (one).
    var repeatCount: Float { get set }
    /// How long to repeat for, instead of a count. Defaults to 0.
    var repeatDuration: CFTimeInterval { get set }
    /// Whether each cycle plays forwards then backwards. Defaults to false.
    var autoreverses: Bool { get set }
    /// Defaults to `.removed`.
    var fillMode: CAMediaTimingFillMode { get set }
}
