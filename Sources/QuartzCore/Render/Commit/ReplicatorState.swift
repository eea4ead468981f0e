/// What the render side knows of a `CAReplicatorLayer`: its instance properties at commit (and
/// as animations set them at frame time), and, in a presented tree, its sublayers as each later
/// instance sees them (`instanceDelay` later per instance).
///
/// Two sets of rules use it: windows (`ReplicatorPlacement`: the transform about the layer's
/// center, colors applied) and Apple's measured `render(in:)` (`ReplicatorDrawing`: the
/// transform about the layer's origin, no colors).
struct ReplicatorState: @unchecked Sendable {
    var count: Int
    var delay: CFTimeInterval
    var transform: CATransform3D
    /// The instance color's components (r, g, b, a), not premultiplied.
    var color: SIMD4<Double>
    /// Added per instance after the first: (red, green, blue, alpha).
    var offset: SIMD4<Double>
    var preservesDepth: Bool
    /// Instance k's sublayers (k ≥ 1), presented `k · delay` earlier, when the delay and the
    /// sublayers' animations make them differ from the first instance's; empty otherwise.
    var delayedSublayers: [SublayerList] = []

    /// Copies drawn at most: a larger count (a typo, or an animation gone wild) would make
    /// millions of items. Apple documents no limit; the setter says when the cap applies.
    static let maximumInstances = 10_000

    /// How many copies are drawn: a negative count draws none, a huge one `maximumInstances`.
    var drawnCount: Int { min(max(count, 0), Self.maximumInstances) }

    /// (r, g, b, a) of a color, nil meaning opaque white (as Core Animation takes a nil `instanceColor`).
    static func rgba(_ color: CGColor?) -> SIMD4<Double> {
        guard let color, let rgb = color.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .defaultIntent, options: nil),
              let c = rgb.components, c.count >= 4 else { return SIMD4(1, 1, 1, 1) }
        return SIMD4(Double(c[0]), Double(c[1]), Double(c[2]), Double(c[3]))
    }

    /// Instance k's color multiplier (r, g, b, a): the instance color plus k offsets, each in [0, 1].
    func tint(ofInstance k: Int) -> SIMD4<Double> {
        let raw = color + offset * Double(k)
        return simd_clamp(raw, SIMD4(repeating: 0), SIMD4(repeating: 1))
    }

    /// The sublayer space an instance's sublayers are placed in: the layer's sublayer space with
    /// `instanceMap` (the instance transform applied k times) applied first, about the layer's
    /// center in windows (`aboutCenter`) or its origin (Apple's `render(in:)`), then the sublayer
    /// transform, so that the existing geometry places the copy and nothing else changes.
    static func space(_ space: LayerGeometry.SublayerSpace, instanceMap: CATransform3D, aboutCenter: Bool) -> LayerGeometry.SublayerSpace {
        if CATransform3DIsIdentity(instanceMap) { return space }
        let point = aboutCenter ? CGPoint(x: space.bounds.midX, y: space.bounds.midY) : .zero
        return Self.space(space, applying: instanceMap, about: point)
    }

    /// `space` whose sublayers are first moved by `m` about `point` (in the layer's bounds
    /// coordinates), then by the space's own sublayer transform about its anchor.
    private static func space(_ space: LayerGeometry.SublayerSpace, applying m: CATransform3D, about point: CGPoint)
        -> LayerGeometry.SublayerSpace {
        let about = CATransform3DMakeTranslation(-point.x, -point.y, 0).concatenating(m)
            .concatenating(CATransform3DMakeTranslation(point.x, point.y, 0))
        let a = space.anchorInBounds
        // The space applies its sublayer transform S about the anchor A: A⁻¹·S·A. Folding the
        // instance map I in front of it: I·A⁻¹·S·A = A⁻¹·(A·I·A⁻¹·S)·A.
        let toAnchor = CATransform3DMakeTranslation(-a.x, -a.y, -space.anchorPointZ)
        let fromAnchor = CATransform3DMakeTranslation(a.x, a.y, space.anchorPointZ)
        var result = space
        result.sublayerTransform = fromAnchor.concatenating(about).concatenating(toAnchor).concatenating(space.sublayerTransform)
        return result
    }

    /// Instance k's sublayers: the delayed copies when there are any, else the layer's own.
    func sublayers(ofInstance k: Int, _ own: SublayerList) -> SublayerList {
        k > 0 && k - 1 < delayedSublayers.count ? delayedSublayers[k - 1] : own
    }

    // MARK: Animations on the render side (`SnapshotTarget`)

    static let keys: Set<String> = ["instanceCount", "instanceDelay", "instanceTransform", "instanceColor",
                                    "instanceRedOffset", "instanceGreenOffset", "instanceBlueOffset", "instanceAlphaOffset"]

    func value(forKey key: String) -> Any? {
        switch key {
        case "instanceCount": return NSNumber(value: count)
        case "instanceDelay": return NSNumber(value: delay)
        case "instanceTransform": return transform
        case "instanceColor": return CGColor(red: color.x, green: color.y, blue: color.z, alpha: color.w)
        case "instanceRedOffset": return NSNumber(value: offset.x)
        case "instanceGreenOffset": return NSNumber(value: offset.y)
        case "instanceBlueOffset": return NSNumber(value: offset.z)
        case "instanceAlphaOffset": return NSNumber(value: offset.w)
        default: return nil
        }
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        let number = Boxing.number(value).flatMap { $0.isFinite ? $0 : nil }
        switch key {
        case "instanceCount":
            // An animated count rounds to the nearest whole copy.
            if let number { count = Int(max(min(number, Double(Self.maximumInstances)), -1).rounded()) }
        case "instanceDelay": if let number { delay = number }
        case "instanceTransform": if let m: CATransform3D = Boxing.unbox(value), m.isFinite { transform = m }
        case "instanceColor": color = Self.rgba(value as? CGColor)
        case "instanceRedOffset": if let number { offset.x = number }
        case "instanceGreenOffset": if let number { offset.y = number }
        case "instanceBlueOffset": if let number { offset.z = number }
        case "instanceAlphaOffset": if let number { offset.w = number }
        default: break
        }
    }
}

/// Clamps each lane of `x` into [lo, hi].
private func simd_clamp(_ x: SIMD4<Double>, _ lo: SIMD4<Double>, _ hi: SIMD4<Double>) -> SIMD4<Double> {
    x.replacing(with: lo, where: x .< lo).replacing(with: hi, where: x .> hi)
}

extension LayerSnapshot {
    /// A replicator's later instances' sublayers, each presented `k · instanceDelay` before the
    /// first instance's time `time` (nothing when there is no delay or nothing animates).
    mutating func presentReplicatorInstances(from committed: SublayerList, atLocalTime time: CFTimeInterval) {
        guard var replicator, replicator.delay != 0, !committed.animatedIndices.isEmpty else { return }
        let n = replicator.drawnCount
        replicator.delayedSublayers = n > 1 ? (1..<n).map { k in
            var list = committed
            for i in committed.animatedIndices {
                list.replace(i, with: committed[i].presented(atParentTime: time - Double(k) * replicator.delay))
            }
            return list
        } : []
        self.replicator = replicator
    }
}
