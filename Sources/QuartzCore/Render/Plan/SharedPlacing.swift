/// A parent's changed sublayers placed on all threads at once. When a thousand layers move,
/// placing them was the frame's one long stretch on a single thread — about a millisecond, a
/// third of a two-core frame — while the other core waited for the bands.
///
/// Only sublayers whose placing touches nothing but their own nodes are shared out
/// (`placesAlone`): leaves that keep their textures, with no shadow, mask, filter or drawing of
/// their own to make. Each thread places them with a plan of its own (`CompositePlan(sharing:)`),
/// which keeps its own damage and leftovers and leaves to its parent what other threads could
/// touch (the cache's use marks, drawing a texture); the parent takes all that in afterwards
/// (`absorb`), and places the others itself.
extension CompositePlan {
    /// A parent shares out its changed sublayers when it has at least this many: waking the
    /// other threads costs about what placing a few dozen layers does.
    static let sharedPlacingCount = 128

    /// Sublayers a thread takes at a time: few enough that the threads end together, enough
    /// that taking them is not felt.
    private static let sharedPlacingRun = 32

    /// Places those of `changed` (places in drawing order, `changedChildren`) that
    /// `placesAlone` allows, on `threads` threads, into `children`, `extents` and
    /// `reusedIndices` (as `placeChanged` would); returns the places left, in order.
    func placeSharing(_ changed: [Int], of sublayers: SublayerList, _ order: [Int], _ childPlacement: Placement, tracked: Bool,
                      children: inout [PlacedNode], extents: inout [DeviceRect?], reusedIndices: inout [Int32]) -> [Int] {
        // Not worth waking the other threads when the first few cannot be shared (500 shapes
        // whose look animates, say): the rest are most likely alike.
        guard changed.prefix(8).contains(where: { k in
            sublayers.lend(order[k]) { Self.placesAlone($0, in: childPlacement, over: children[k]) != nil }
        }) else { return changed }
        let shares = (0..<threads).map { _ in CompositePlan(sharing: self) }
        var left = [[Int]](repeating: [], count: threads)
        // Each thread places the same sublayers frame after frame (but for a few runs at the
        // end), into nodes it renewed and wrote itself, holding its own copy of the placement.
        let segments = ThreadSegments(count: changed.count, segments: threads, run: Self.sharedPlacingRun)
        let placements = childPlacement.forThreads(threads)
        children.withUnsafeMutableBufferPointer { children in
            extents.withUnsafeMutableBufferPointer { extents in
                reusedIndices.withUnsafeMutableBufferPointer { reusedIndices in
                    left.withUnsafeMutableBufferPointer { left in
                        // Each place is written by one thread alone.
                        let out = SharedOutput(shares: shares, sublayers: sublayers, children: children, extents: extents,
                                               reusedIndices: reusedIndices, left: left)
                        workers!.perform(threads) { t, thread in
                            let share = out.shares[t], sublayers = out.sublayers
                            let childPlacement = placements[thread]
                            var mine: [Int] = []
                            while let run = segments.next(for: thread) {
                                let end = run.upperBound
                                for n in run {
                                    // Asked for ahead, as in `placeChanged`.
                                    if n + 8 < end { out.children[changed[n + 8]].prefetch() }
                                    if n + 4 < end { sublayers.prefetch(order[changed[n + 4]]) }
                                    let k = changed[n]
                                    let match = out.children[k]
                                    let placed = sublayers.lend(order[k]) { layer in
                                        Self.placesAlone(layer, in: childPlacement, over: match).map {
                                            share.place(layer, childPlacement, old: match, tracked: tracked, flat: $0)
                                        }
                                    }
                                    guard let placed else { mine.append(k); continue }
                                    if placed !== match { out.reusedIndices[k] = -1 }
                                    out.extents[k] = placed.extent
                                    out.children[k] = placed
                                }
                            }
                            out.left[t] = mine
                        }
                    }
                }
            }
        }
        for share in shares { absorb(share) }
        let rest = left.joined().sorted()
        placedByShares += changed.count - rest.count
        if touchesTextures {
            // The shares left the cache's use marks to this plan.
            var isLeft = [Bool](repeating: false, count: children.count)
            for k in rest { isLeft[k] = true }
            for k in changed where !isLeft[k] { touchOwnTextures(of: children[k]) }
        }
        return rest
    }

    /// Whether placing `layer` again over `match`, its last node, touches nothing another
    /// thread reads or writes — only the two nodes and what they alone hold: a visible leaf
    /// with no shadow, mask, filter, transition, tiles, particles or replicas, flat on the
    /// device, whose textures `match` holds for the look and scale it shows at now (the cache
    /// is not asked), and which holds nothing else for `retire` to let go: then its map to the
    /// device, which its placing takes (not worked out twice). Anything else (nil) is placed by
    /// the parent's thread.
    static func placesAlone(_ layer: LayerSnapshot, in placement: Placement, over match: PlacedNode) -> CGAffineTransform? {
        guard !layer.hasSublayers, !layer.hasMask, !layer.isTransformLayer, !layer.hasTransition, !layer.shouldRasterize,
              !layer.castsShadow, !layer.hasBackgroundFilters, FilteredLayer.drawnReason(of: layer) == nil, !layer.hasTiles,
              !layer.hasEmitter, !layer.hasReplicator, !layer.animatesLook, layer.isVisible,
              // A still layer placed elsewhere takes `place`'s way for still subtrees, which measures it.
              match.version != layer.version || match.animated || layer.hasAnimations,
              // Nothing for `retire` to let go but textures (a group, tiles, particles or a
              // shadow a layer just stopped having).
              match.holdsOnlyTextures,
              case .flat(let toDevice) = deviceMap(of: layer, in: placement) else { return nil }
        // Read in place (a copy of the textures retains them).
        let scale = textureScale(abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c).squareRoot())
        // Turned as `place` will turn it for this placement.
        let turned = placement.space?.contentsTurned ?? layer.contentsTurned
        guard match.textures.fit(ownVersion: layer.ownVersion, scale: scale, turned: turned),
              layer.drawsItself(.whole) ? match.textures.holdsBodyAlone : match.textures.isEmpty else { return nil }
        return toDevice
    }
}

/// What the threads of `placeSharing` read (the list is not changed while they place) and
/// write (each place by one thread alone), and each one's plan.
private struct SharedOutput: @unchecked Sendable {
    let shares: [CompositePlan]
    let sublayers: SublayerList
    let children: UnsafeMutableBufferPointer<PlacedNode>
    let extents: UnsafeMutableBufferPointer<DeviceRect?>
    let reusedIndices: UnsafeMutableBufferPointer<Int32>
    let left: UnsafeMutableBufferPointer<[Int]>
}
