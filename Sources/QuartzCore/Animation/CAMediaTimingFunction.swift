/// The names of Core Animation's predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Even pace: the control points (0, 0) and (1, 1).
    public static let linear = Self(rawValue: "linear")
    /// Starts slowly: control points (0.42, 0) and (1, 1).
    public static let easeIn = Self(rawValue: "easeIn")
    /// Ends slowly: control points (0, 0) and (0.58, 1).
    public static let easeOut = Self(rawValue: "easeOut")
    /// Starts and ends slowly: control points (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = Self(rawValue: "easeInEaseOut")
    /// What implicit animations use: control points (0.25, 0.1) and (0.25, 1).
    public static let `default` = Self(rawValue: "default")
}

/// A cubic Bézier from (0, 0) to (1, 1) mapping an animation's time fraction to its progress.
/// Evaluated by solving the curve's x for the time, then reading its y.
open class CAMediaTimingFunction: NSObject, NSSecureCoding, @unchecked Sendable {
    private let c1: (x: Float, y: Float)
    private let c2: (x: Float, y: Float)

    /// A predefined function with Apple's control points: linear (0, 0)(1, 1), easeIn
    /// (0.42, 0)(1, 1), easeOut (0, 0)(0.58, 1), easeInEaseOut (0.42, 0)(0.58, 1), default
    /// (0.25, 0.1)(0.25, 1). Unknown names give linear, with a message.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        default:
            CGDiagnostics.log("CAMediaTimingFunction", "unknown name '\(name.rawValue)'; linear instead.")
            self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// A function with control points (c1x, c1y) and (c2x, c2y); x values are clamped to 0…1
    /// so that time never runs backwards. A value that is not finite is replaced by the linear
    /// function's, with a message.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        if ![c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) {
            CGDiagnostics.log("CAMediaTimingFunction", "control points (\(c1x), \(c1y)) (\(c2x), \(c2y)) are not all finite; "
                              + "linear values used for those that are not.")
        }
        func unit(_ v: Float) -> Float { v.isFinite ? min(max(v, 0), 1) : 0 }
        c1 = (unit(c1x), c1y.isFinite ? c1y : 0)
        c2 = (unit(c2x), c2y.isFinite ? c2y : 1)
        super.init()
    }

    /// A function unarchived from `coder`: its two inner control points; nil when they are missing.
    public required init?(coder: NSCoder) {
        guard let numbers = coder.decodeObject(of: [NSArray.self, NSNumber.self], forKey: "controlPoints") as? NSArray,
              numbers.count == 4 else { return nil }
        let n = numbers.map { ($0 as? NSNumber)?.floatValue ?? .nan }
        guard n.allSatisfy(\.isFinite) else { return nil }
        c1 = (min(max(n[0], 0), 1), n[1])
        c2 = (min(max(n[2], 0), 1), n[3])
        super.init()
    }

    /// Archives the two inner control points.
    open func encode(with coder: NSCoder) {
        coder.encode(NSArray(array: [c1.x, c1.y, c2.x, c2.y].map { NSNumber(value: $0) }), forKey: "controlPoints")
    }

    /// Timing functions support secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Control point `idx` (0…3) into `ptr[0]`, `ptr[1]`.
    open func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let points: [(Float, Float)] = [(0, 0), (c1.x, c1.y), (c2.x, c2.y), (1, 1)]
        guard (0..<4).contains(idx) else { return }
        ptr[0] = points[idx].0
        ptr[1] = points[idx].1
    }

    /// The progress at time fraction `x` (0…1).
    public final func evaluate(_ x: Double) -> Double {
        if x <= 0 || x.isNaN { return 0 }
        if x >= 1 { return 1 }
        let t = solveCurveX(x)
        return bezier(t, Double(c1.y), Double(c2.y))
    }

    private func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    /// The curve parameter whose x is `x`: Newton's method, falling back to bisection.
    private func solveCurveX(_ x: Double) -> Double {
        let (p1, p2) = (Double(c1.x), Double(c2.x))
        var t = x
        for _ in 0..<8 {
            let error = bezier(t, p1, p2) - x
            if abs(error) < 1e-9 { return t }
            let slope = derivative(t, p1, p2)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var (low, high) = (0.0, 1.0)
        t = x
        for _ in 0..<60 {
            let value = bezier(t, p1, p2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1 == other.c1 && c2 == other.c2
    }

    public override var description: String {
        "<CAMediaTimingFunction (\(c1.x), \(c1.y)) (\(c2.x), \(c2.y))>"
    }
}
