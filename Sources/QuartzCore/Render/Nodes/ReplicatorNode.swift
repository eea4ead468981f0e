// The replicator node (`CAReplicatorLayer`): its state at commit and as animations set it
// (`ReplicatorState`), its extent (`extentOfInstances`: every copy, under both rules), how it
// draws into a CGContext (`LayerRenderer.drawReplicatorInstances`, by the context's rules), and
// how it is placed in windows (`CompositePlan.placeInstances`: each copy a container node of
// the same sublayer items, tinted by the kernel).

/// What the render side knows of a `CAReplicatorLayer`: its instance properties at commit (and
/// as animations set them at frame time), and, in a presented tree, its sublayers as each later
/// instance sees them (`instanceDelay` later per instance).
///
/// Two sets of rules use it: windows (`CompositePlan.placeInstances`: the transform about the layer's
/// center, colors applied) and Apple's measured `render(in:)` (`LayerRenderer.drawReplicatorInstances`: the
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

/// A `CAReplicatorLayer`'s copies drawn by the layer renderer, by the rules its context asks for
/// (`RenderRules`):
/// - `render(in:)`, as Apple's measured: the sublayers repeated `instanceCount` times, the
///   instance transform applied about the layer's origin, no instance colors or offsets;
/// - the compositor's (`CARenderer`, subtrees a window's compositor hands the renderer): about
///   the layer's center, each copy multiplied by its color, as `CompositePlan.placeInstances` places them.
/// Both draw the layer's own background and border once, copies past the bounds, and no copies
/// for a count of 0.
extension LayerRenderer {
    static func drawReplicatorInstances(of layer: LayerSnapshot, _ replicator: ReplicatorState, in ctx: CGContext,
                                        context: RenderContext, reusingDrawings: Bool) {
        let compositorRules = context.rules == .compositor
        var map = CATransform3DIdentity
        let own = layer.sublayerSpace
        for k in 0..<replicator.drawnCount {
            defer { map = map.concatenating(replicator.transform) }
            let space = ReplicatorState.space(own, instanceMap: map, aboutCenter: compositorRules)
            let sublayers = replicator.sublayers(ofInstance: k, layer.sublayers)
            let tint = replicator.tint(ofInstance: k)
            if compositorRules, tint != SIMD4(repeating: 1) {
                drawTinted(sublayers, order: layer.drawingOrder, in: space, tint: tint, ctx: ctx, context: context)
                continue
            }
            for i in layer.drawingOrder {
                drawSublayer(sublayers[i], in: space, ctx: ctx, context: context, reusingDrawings: reusingDrawings)
            }
        }
    }

    /// One copy multiplied by its color: drawn into a bitmap at the device scale, each
    /// premultiplied channel multiplied (as the compositor's kernel multiplies a texture), then
    /// placed. Core Graphics has no per-channel multiply of a group.
    private static func drawTinted(_ sublayers: SublayerList, order: [Int], in space: LayerGeometry.SublayerSpace, tint: SIMD4<Double>,
                                   ctx: CGContext, context: RenderContext) {
        guard tint.w > 0 else { return }
        var extent = CGRect.null
        for i in order where !sublayers[i].isHidden {
            let r = CALayer.mapRect(LayerNode.extent(of: sublayers[i]), sublayers[i].transformToParent(in: space).homography)
            if !r.isNull { extent = extent.union(r) }
        }
        // Only what the target can show: a copy far away needs no bitmap.
        extent = extent.intersection(ctx.boundingBoxOfClipPath)
        guard !extent.isNull, extent.isFiniteRect, extent.width > 0, extent.height > 0 else { return }
        let scale = max(ctx.deviceScale, 0.01)
        let area = extent.width * scale * extent.height * scale
        let fitted = area > FlattenedLayer.largestFlattening ? scale * (FlattenedLayer.largestFlattening / area).squareRoot() : scale
        extent = extent.integral
        guard let canvas = LayerCanvas.make(covering: extent, scale: fitted, maxSide: LayerCanvas.maxDrawnSide) else { return }
        for i in order { drawSublayer(sublayers[i], in: space, ctx: canvas, context: context) }
        multiply(canvas, by: tint)
        guard let image = canvas.makeImage() else { return }
        let placed = LayerCanvas.extent(of: canvas, covering: extent, scale: fitted)
        ctx.draw(layerImage: image, in: placed)
    }

    /// Multiplies each premultiplied BGRA pixel of `canvas` by (r·a, g·a, b·a, a).
    private static func multiply(_ canvas: CGContext, by tint: SIMD4<Double>) {
        guard let data = canvas.data else { return }
        func factor(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        let a = factor(tint.w), r = factor(tint.x * tint.w), g = factor(tint.y * tint.w), b = factor(tint.z * tint.w)
        func times(_ c: UInt32, _ m: UInt32) -> UInt32 { let v = c * m + 128; return (v + (v >> 8)) >> 8 }
        for y in 0..<canvas.height {
            let row = (data + y * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<canvas.width where row[x] != 0 {
                let p = row[x]
                row[x] = times(p >> 24, a) << 24 | times((p >> 16) & 0xFF, r) << 16 | times((p >> 8) & 0xFF, g) << 8 | times(p & 0xFF, b)
            }
        }
    }
}

extension ReplicatorState {
    /// What every copy of `layer`'s sublayers covers in the layer's coordinates, under both
    /// rules (about the center and about the origin), so that a buffer sized by it holds either.
    func extentOfInstances(of layer: LayerSnapshot, sublayerExtent: (LayerSnapshot) -> CGRect) -> CGRect {
        var extent = CGRect.null
        var map = CATransform3DIdentity
        let own = layer.sublayerSpace
        for k in 0..<drawnCount {
            let spaces = [ReplicatorState.space(own, instanceMap: map, aboutCenter: true),
                          ReplicatorState.space(own, instanceMap: map, aboutCenter: false)]
            let sublayers = self.sublayers(ofInstance: k, layer.sublayers)
            for i in sublayers.indices where !sublayers[i].isHidden {
                let local = sublayerExtent(sublayers[i])
                for space in spaces {
                    let r = CALayer.mapRect(local, sublayers[i].transformToParent(in: space).homography)
                    if !r.isNull { extent = extent.union(r) }
                }
            }
            map = map.concatenating(transform)
        }
        return extent
    }
}

/// A `CAReplicatorLayer`'s copies in windows: each instance's sublayers are placed as ordinary
/// children (their items, their textures: the same textures for every copy, nothing redrawn)
/// in a sublayer space that applies the instance transform k times about the layer's center,
/// with the instance's color handed down like opacity and applied per item by the kernel's
/// color multiply. A delayed instance places its own presented sublayers
/// (`ReplicatorState.delayedSublayers`).
///
/// Each instance is a container node with an id of its own (`instanceID`), so that copies that
/// come or go damage what they covered, as children that come or go do.
extension CompositePlan {
    func placeInstances(of layer: LayerSnapshot, _ replicator: ReplicatorState, _ node: PlacedNode, toDevice: CGAffineTransform,
                        opacity: CGFloat, clip: DeviceRect, old: PlacedNode?, tracked: Bool) {
        let olds = old?.children ?? []
        let own = layer.sublayerSpace
        var map = CATransform3DIdentity
        var children: [PlacedNode] = []
        children.reserveCapacity(replicator.drawnCount)
        for k in 0..<replicator.drawnCount {
            defer { map = map.concatenating(replicator.transform) }
            let space = ReplicatorState.space(own, instanceMap: map, aboutCenter: true)
            let tint = Self.multiply(node.placement.tint, replicator.tint(ofInstance: k))
            let placement = Placement(space: space, toDevice: toDevice, opacity: opacity, clip: clip, tint: tint)
            let id = Self.instanceID(layer.id, k)
            let oldInstance = k < olds.count && olds[k].id == id ? olds[k] : nil
            let instance = PlacedNode(id: id, version: layer.version, animated: true, placement: placement)
            let sublayers = replicator.sublayers(ofInstance: k, layer.sublayers)
            let oldChildren = oldInstance?.children ?? []
            var placed: [PlacedNode] = []
            placed.reserveCapacity(sublayers.count)
            for (j, i) in layer.drawingOrder.enumerated() {
                let match = j < oldChildren.count && oldChildren[j].id == sublayers[i].id ? oldChildren[j] : nil
                let child = place(sublayers[i], placement, old: match, tracked: tracked && match != nil)
                placed.append(child)
                instance.cover(child.extent)
            }
            instance.setChildren(placed, extents: placed.map(\.extent))
            if tracked, let damage, let oldInstance, oldInstance.children.map(\.id) != placed.map(\.id) {
                // A sublayer came or went: all this copy covered, then and now.
                damage.add(oldInstance.extent)
                damage.add(instance.extent)
            }
            children.append(instance)
            node.cover(instance.extent)
        }
        node.setChildren(children, extents: children.map(\.extent))
    }

    /// A container node's id for instance k of the replicator `id`: render ids count up from 1
    /// and stay far below 2⁴⁰, so these never meet a layer's.
    static func instanceID(_ id: UInt64, _ k: Int) -> UInt64 { (UInt64(k + 1) << 40) | id }

    /// Two color multipliers in turn (nested replicators); nil means none.
    static func multiply(_ a: SIMD4<Double>?, _ b: SIMD4<Double>) -> SIMD4<Double>? {
        let product = (a ?? SIMD4(repeating: 1)) * b
        return product == SIMD4(repeating: 1) ? nil : product
    }
}

extension ReplicatorState {
    /// An item's color multiplier packed for the kernel: premultiplied ARGB32, 255 = 1, with the
    /// item's opacity `alpha` folded in; `.max` (no multiply) without a tint.
    static func packedTint(_ tint: SIMD4<Double>?, alpha: UInt8) -> UInt32 {
        guard let tint else { return .max }
        let a = tint.w * Double(alpha) / 255
        func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }
        return byte(a) << 24 | byte(tint.x * a) << 16 | byte(tint.y * a) << 8 | byte(tint.z * a)
    }
}
