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
