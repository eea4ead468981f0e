/// A spring pulling the value from `fromValue` to `toValue`: a damped harmonic oscillator whose
/// position is the progress. `duration` sets how long it runs (commonly `settlingDuration`).
open class CASpringAnimation: CABasicAnimation {
    // Values that are not finite, or out of a setting's range, keep the old value, with a
    // message: a spring of mass 0 or negative stiffness has no motion to evaluate (it used to
    // be bent silently to 10⁻⁶ there).

    /// Defaults to 1. Must be positive.
    open var mass: CGFloat = 1 { didSet { mass = Self.checked(mass, old: oldValue, "mass", positive: true) } }
    /// Defaults to 100. Must be positive.
    open var stiffness: CGFloat = 100 { didSet { stiffness = Self.checked(stiffness, old: oldValue, "stiffness", positive: true) } }
    /// Defaults to 10. Must not be negative.
    open var damping: CGFloat = 10 { didSet { damping = Self.checked(damping, old: oldValue, "damping", negative: false) } }
    /// In units of the whole distance per second; positive toward the target. Defaults to 0.
    open var initialVelocity: CGFloat = 0 {
        didSet { initialVelocity = Self.checked(initialVelocity, old: oldValue, "initialVelocity") }
    }

    private static func checked(_ value: CGFloat, old: CGFloat, _ name: String, positive: Bool = false, negative: Bool = true) -> CGFloat {
        guard value.isFinite else {
            CGDiagnostics.log("CASpringAnimation.\(name)", "\(value) is not finite; kept \(old).")
            return old
        }
        if positive, value <= 0 {
            CGDiagnostics.log("CASpringAnimation.\(name)", "\(value) is not positive; kept \(old).")
            return old
        }
        if !negative, value < 0 {
            CGDiagnostics.log("CASpringAnimation.\(name)", "\(value) is negative; kept \(old).")
            return old
        }
        return value
    }
    /// Whether an overdamped spring keeps its own slower motion. Defaults to false, as on Apple
    /// platforms, which treat an overdamped spring as critically damped.
    open var allowsOverdamping = false

    public required init() {
        super.init()
    }

    /// An animation unarchived from `coder`.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// A spring that takes about `perceptualDuration` seconds and bounces by `bounce`
    /// (0: no bounce, toward 1: more, negative: overdamped), as Apple's initializer.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init()
        let response = max(perceptualDuration, 0.0001)
        mass = 1
        stiffness = pow(2 * .pi / CGFloat(response), 2)
        let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        damping = 4 * .pi * max(ratio, 0) / CGFloat(response)
        allowsOverdamping = bounce < 0
        duration = settlingDuration
    }

    open override func copy(with zone: NSZone? = nil) -> Any {
        let copy = super.copy(with: zone) as! CASpringAnimation
        copy.mass = mass; copy.stiffness = stiffness; copy.damping = damping
        copy.initialVelocity = initialVelocity; copy.allowsOverdamping = allowsOverdamping
        return copy
    }

    /// The time the spring needs to come to rest: 1.4727 s for the defaults, 1.0 s when critically
    /// damped (Apple's figures). Underdamped springs use the bound of their decaying oscillation,
    /// (1 + |ζω₀ − v₀| / ω_d)·e^(−ζω₀t) ≤ 0.001; critically and over damped ones the first time
    /// after which they stay within 0.0005 of rest.
    open var settlingDuration: CFTimeInterval {
        let model = oscillator
        if model.zeta < 1 {
            let amplitude = 1 + abs(model.zeta * model.omega - model.v0) / model.omegaD
            return max(0, log(amplitude / 0.001) / (model.zeta * model.omega))
        }
        var t = 0.0, last = 0.0
        while t < 60 {
            if abs(model.position(t) - 1) > 0.0005 { last = t }
            t += 0.0001
        }
        return (last * 10000).rounded() / 10000
    }

    /// The spring's parameters as an oscillator from 0 to 1.
    var oscillator: SpringOscillator {
        let m = Double(max(mass, 1e-6)), k = Double(max(stiffness, 1e-6))
        var zeta = Double(max(damping, 0)) / (2 * (k * m).squareRoot())
        if !allowsOverdamping { zeta = min(zeta, 1) }
        return SpringOscillator(omega: (k / m).squareRoot(), zeta: zeta, v0: Double(initialVelocity))
    }

    /// Springs replace the timing function: progress is the oscillator's position.
    override func progress(_ fraction: Double) -> Double {
        oscillator.position(fraction * timing.simpleDuration)
    }
}

/// x(t) of a damped oscillator released at 0 toward 1 with initial velocity v₀.
struct SpringOscillator {
    let omega: Double, zeta: Double, v0: Double

    var omegaD: Double { omega * (1 - zeta * zeta).squareRoot() }

    func position(_ t: Double) -> Double {
        if zeta < 1 {
            let wd = omegaD
            let envelope = exp(-zeta * omega * t)
            return 1 - envelope * (cos(wd * t) + (zeta * omega - v0) / wd * sin(wd * t))
        }
        if zeta == 1 {
            return 1 - exp(-omega * t) * (1 + (omega - v0) * t)
        }
        let root = omega * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega + root, r2 = -zeta * omega - root
        // x − 1 = A e^(r1 t) + B e^(r2 t) with x(0) = 0, x'(0) = v0.
        let a = (v0 + r2) / (r1 - r2), b = -1 - a
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }
}
