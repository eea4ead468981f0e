import Foundation

/// One particle alive at the simulated time.
struct Particle {
    /// Its center in the layer's coordinates, and its depth.
    var position: CGPoint
    var z: Double
    /// Its sprite's size in points, after scaling, and its turn in radians.
    var size: CGSize
    var angle: Double
    /// The color its sprite is multiplied by (r, g, b, a), each in [0, 1].
    var color: SIMD4<Double>
    /// When it was born, in the layer's time.
    var birth: Double
    let sprite: EmitterSprite
}

/// The particles of an emitter at its time, as a pure function of its state: no step-by-step
/// integration, so a frame at time t is the same whoever draws it and whatever frames came
/// before (a window, `CARenderer`, `lamina-snap`).
///
/// - Births are evenly spaced: particle j of a cell is born at `beginTime + j / rate` (rate =
///   the cell's birthRate × the layer's), from local time 0 (a layer with `beginTime` 0 starts
///   emitting at media time 0, so its particles are in their steady state when first shown, as
///   on Apple; set `beginTime = CACurrentMediaTime()` to start empty).
/// - Every random value is a hash of the seed, the cell, the particle's number (and its
///   parent's, for nested cells) and which value it is, uniform in [0, 1).
/// - Motion is closed form: position = start + velocity·age + ½·acceleration·age²; scale, color
///   and turn change linearly with age.
/// - A nested cell's particles are born along their parent's life at its rate, starting where
///   the parent is at that moment.
/// Limits: an animated birth rate renumbers the particles (they jump); cell timing is an
/// emission window (`beginTime`, `duration`), not a time scale.
enum EmitterSimulation {
    /// Particles alive at most per emitter: past it the oldest are not drawn (said once).
    static let maximumParticles = 100_000

    /// The particles alive at `state.time`, at most `limit` of them, in drawing order.
    static func particles(of state: EmitterState, limit: Int = maximumParticles) -> [Particle] {
        var out: [Particle] = []
        // Counts particles looked at, alive or not (a dead one may have living descendants):
        // nested cells multiply, so the work is bounded, not only what is drawn.
        var budget = Budget(drawn: limit, looked: 4 * limit)
        let t = state.time
        guard t.isFinite else { return [] }
        // Room for the top-level cells' particles at once (each cell's rate times how long its
        // particles live): grown by appending, the array was copied a dozen times a frame.
        var expected = 0.0
        for cell in state.cells where cell.isEnabled {
            let rate = cell.birthRate * (state.stoppedEmission?.rate ?? state.birthRate)
            if rate > 0, rate.isFinite { expected += rate * cell.longestLife(max(state.lifetime, 0)) }
        }
        if expected.isFinite, expected > 0 { out.reserveCapacity(Int(min(expected, Double(limit)))) }
        for (index, cell) in state.cells.enumerated() where cell.isEnabled {
            let cellKey = mix(UInt64(state.seed), UInt64(index) &+ 1)
            let rate = cell.birthRate * state.birthRate
            var span = cell.duration > 0 ? cell.beginTime..<(cell.beginTime + cell.duration) : cell.beginTime..<Double.infinity
            var emitRate = rate
            if let stop = state.stoppedEmission, rate == 0 {
                // Emission stopped: the particles born before live on.
                emitRate = cell.birthRate * stop.rate
                span = span.lowerBound..<min(span.upperBound, max(stop.time, span.lowerBound))
            }
            emit(cell, key: cellKey, rate: emitRate, span: span, source: .layer, state: state, at: t, into: &out, budget: &budget)
        }
        if budget.isSpent {
            state.diagnostics.log("CAEmitterLayer", "more than \(limit) particles alive; the oldest are not drawn.")
        }
        switch state.renderMode {
        case .oldestLast: out.sort { $0.birth > $1.birth }
        case .backToFront: out.sort { $0.z < $1.z }
        default: out.sort { $0.birth < $1.birth }
        }
        return out
    }

    /// Particles still to draw and to look at.
    private struct Budget {
        var drawn: Int
        var looked: Int
        var isSpent: Bool { drawn <= 0 || looked <= 0 }
    }

    /// Where particles start and the direction's frame: the layer's shape, or a parent particle's path.
    private enum Source {
        /// The layer's shape (the state is the one simulated: carried here, it was copied for
        /// every particle).
        case layer
        case particle(start: SIMD3<Double>, velocity: SIMD3<Double>, acceleration: SIMD3<Double>, birth: Double)

        func origin(at time: Double, key: UInt64, in state: EmitterState) -> SIMD3<Double> {
            switch self {
            case .layer: return EmitterSimulation.start(in: state, key: key)
            case let .particle(start, velocity, acceleration, birth):
                let a = time - birth
                return start + velocity * a + acceleration * (0.5 * a * a)
            }
        }
    }

    /// Births of `cell` at `rate` within `span` (the layer's time), newest first, kept while
    /// they (or what they emit) can be seen at `t`.
    private static func emit(_ cell: EmitterCellState, key: UInt64, rate: Double, span: Range<Double>, source: Source,
                             state: EmitterState, at t: Double, into out: inout [Particle], budget: inout Budget) {
        guard rate > 0, rate.isFinite, !budget.isSpent else { return }
        let reach = cell.reach(max(state.lifetime, 0))
        guard reach > 0 else { return }
        let last = min(t, span.upperBound.nextDown)
        guard last >= span.lowerBound else { return }
        // Particle j is born at lowerBound + j / rate.
        let newest = ((last - span.lowerBound) * rate).rounded(.down)
        let oldest = max(0, ((t - reach - span.lowerBound) * rate).rounded(.up))
        guard newest >= oldest, newest < 1e15 else { return }
        let cone = Cone(cell)
        var j = newest
        while j >= oldest, !budget.isSpent {
            defer { j -= 1 }
            let birth = span.lowerBound + j / rate
            let particleKey = mix(key, UInt64(j))
            emitParticle(cell, cone, key: particleKey, birth: birth, source: source, state: state, at: t, into: &out, budget: &budget)
        }
    }

    private static func emitParticle(_ cell: EmitterCellState, _ cone: Cone, key: UInt64, birth: Double, source: Source, state: EmitterState,
                                     at t: Double, into out: inout [Particle], budget: inout Budget) {
        budget.looked -= 1
        func random(_ k: UInt64) -> Double { unit(mix(key, k)) }
        func spread(_ mean: Double, _ range: Double, _ k: UInt64) -> Double { mean + (random(k) - 0.5) * range }
        let life = max(0, spread(cell.lifetime, cell.lifetimeRange, 1)) * max(state.lifetime, 0)
        let age = t - birth
        let start = source.origin(at: birth, key: key, in: state)
        // A direction in the cone of `emissionRange` around (latitude, longitude).
        let cosTheta = 1 - random(2) * (1 - cone.cosHalf), sinTheta = (1 - cosTheta * cosTheta).squareRoot()
        let phi = 2 * Double.pi * random(3)
        let direction = cone.axis * cosTheta + (cone.u * cos(phi) + cone.v * sin(phi)) * sinTheta
        let speed = spread(cell.velocity, cell.velocityRange, 4) * state.velocity
        let velocity = direction * speed
        let acceleration = cell.acceleration
        if age < life, age >= 0, let sprite = cell.sprite {
            let p = start + velocity * age + acceleration * (0.5 * age * age)
            let scale = max(0, spread(cell.scale, cell.scaleRange, 5) + cell.scaleSpeed * age) * state.scale
            let spin = spread(cell.spin, cell.spinRange, 6) * state.spin
            var color = cell.color
            color.x += (random(7) - 0.5) * cell.colorRange.x
            color.y += (random(8) - 0.5) * cell.colorRange.y
            color.z += (random(9) - 0.5) * cell.colorRange.z
            color.w += (random(10) - 0.5) * cell.colorRange.w
            color += cell.colorSpeed * age
            color = color.replacing(with: 0, where: color .< 0).replacing(with: 1, where: color .> 1)
            // Particles out of all reach (a velocity or scale of 1e300) are not drawn: their
            // extents would overflow what a bitmap or a rectangle can hold.
            let size = CGSize(width: sprite.size.width * scale, height: sprite.size.height * scale)
            if scale > 0, color.w > 0, abs(p.x) < 1e9, abs(p.y) < 1e9, size.width < 1e6, size.height < 1e6, spin.isFinite {
                out.append(Particle(position: CGPoint(x: p.x, y: p.y), z: p.z.isFinite ? p.z : 0, size: size,
                                    angle: spin * age, color: color, birth: birth, sprite: sprite))
                budget.drawn -= 1
            }
        }
        // What this particle emits, while it lives.
        guard !cell.cells.isEmpty else { return }
        let parent = Source.particle(start: start, velocity: velocity, acceleration: acceleration, birth: birth)
        for (index, child) in cell.cells.enumerated() where child.isEnabled {
            let rate = child.birthRate * state.birthRate
            let window = (birth + max(child.beginTime, 0))..<(birth + life)
            guard !window.isEmpty else { continue }
            emit(child, key: mix(key, 1000 &+ UInt64(index)), rate: rate, span: window, source: parent, state: state, at: t,
                 into: &out, budget: &budget)
        }
    }

    /// A cell's emission cone, the same for all its particles: worked out once per cell (five
    /// trigonometric calls a particle saved), not per particle.
    private struct Cone {
        /// The cone's axis, two unit vectors across it, and the cosine of its half-angle.
        let axis: SIMD3<Double>, u: SIMD3<Double>, v: SIMD3<Double>
        let cosHalf: Double

        init(_ cell: EmitterCellState) {
            let longitude = cell.longitude, latitude = cell.latitude
            axis = SIMD3(cos(latitude) * cos(longitude), cos(latitude) * sin(longitude), sin(latitude))
            let half = min(abs(cell.emissionRange), 2 * .pi) / 2
            cosHalf = cos(half)
            let helper = abs(axis.z) < 0.9 ? SIMD3<Double>(0, 0, 1) : SIMD3<Double>(1, 0, 0)
            u = normalize(cross(axis, helper))
            v = cross(axis, u)
        }
    }

    // MARK: Where particles start

    /// A start point in the emitter's shape, by its mode.
    static func start(in state: EmitterState, key: UInt64) -> SIMD3<Double> {
        func random(_ k: UInt64) -> Double { unit(mix(key, 100 &+ k)) }
        let c = SIMD3(Double(state.position.x), Double(state.position.y), state.zPosition)
        let w = Double(state.size.width), h = Double(state.size.height), d = state.depth
        /// One of `n` choices.
        func pick(_ n: Int, _ k: UInt64) -> Int { min(Int(random(k) * Double(n)), n - 1) }
        switch state.shape {
        case .line:
            let x = state.mode == .points ? (pick(2, 0) == 0 ? -0.5 : 0.5) : random(0) - 0.5
            return c + SIMD3(x * w, 0, 0)
        case .rectangle:
            switch state.mode {
            case .points:
                return c + SIMD3((pick(2, 0) == 0 ? -0.5 : 0.5) * w, (pick(2, 1) == 0 ? -0.5 : 0.5) * h, 0)
            case .outline:
                // A point along the perimeter, by length.
                let perimeter = 2 * (w + h)
                var s = random(0) * perimeter
                if s < w { return c + SIMD3(s - w / 2, -h / 2, 0) }
                s -= w
                if s < h { return c + SIMD3(w / 2, s - h / 2, 0) }
                s -= h
                if s < w { return c + SIMD3(w / 2 - s, h / 2, 0) }
                s -= w
                return c + SIMD3(-w / 2, h / 2 - s, 0)
            default:
                return c + SIMD3((random(0) - 0.5) * w, (random(1) - 0.5) * h, 0)
            }
        case .cuboid:
            var p = SIMD3(random(0) - 0.5, random(1) - 0.5, random(2) - 0.5)
            switch state.mode {
            case .points: p = SIMD3(pick(2, 3) == 0 ? -0.5 : 0.5, pick(2, 4) == 0 ? -0.5 : 0.5, pick(2, 5) == 0 ? -0.5 : 0.5)
            case .outline:
                // On one of the 12 edges: two coordinates at a face, one free.
                let free = pick(3, 3)
                for axis in 0..<3 where axis != free { p[axis] = random(UInt64(4 + axis)) < 0.5 ? -0.5 : 0.5 }
            case .surface:
                let face = pick(3, 3)
                p[face] = random(4) < 0.5 ? -0.5 : 0.5
            default: break
            }
            return c + p * SIMD3(w, h, d)
        case .circle:
            let angle = 2 * Double.pi * random(0)
            let r: Double
            switch state.mode {
            case .points: r = 0
            case .outline: r = w
            default: r = w * random(1).squareRoot()     // uniform over the disc
            }
            return c + SIMD3(r * cos(angle), r * sin(angle), 0)
        case .sphere:
            let z = 2 * random(0) - 1, angle = 2 * Double.pi * random(1), ring = (1 - z * z).squareRoot()
            let r: Double
            switch state.mode {
            case .points: r = 0
            case .outline, .surface: r = w
            default: r = w * cbrt(random(2))                 // uniform in the ball
            }
            return c + SIMD3(ring * cos(angle), ring * sin(angle), z) * r
        default:
            return c
        }
    }

    // MARK: Random values

    /// SplitMix64's finalizer over two words: a well-spread hash.
    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var z = a &+ 0x9E37_79B9_7F4A_7C15 &* (b &+ 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A hash as a number in [0, 1).
    static func unit(_ h: UInt64) -> Double { Double(h >> 11) * 0x1p-53 }
}

private func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

private func normalize(_ v: SIMD3<Double>) -> SIMD3<Double> {
    let length = (v * v).sum().squareRoot()
    return length > 0 ? v / length : SIMD3(1, 0, 0)
}
