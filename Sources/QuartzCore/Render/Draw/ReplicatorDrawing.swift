/// A `CAReplicatorLayer`'s copies drawn by the layer renderer, by the rules its context asks for
/// (`RenderRules`):
/// - `render(in:)`, as Apple's measured: the sublayers repeated `instanceCount` times, the
///   instance transform applied about the layer's origin, no instance colors or offsets;
/// - the compositor's (`CARenderer`, subtrees a window's compositor hands the renderer): about
///   the layer's center, each copy multiplied by its color, as `ReplicatorPlacement` places them.
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
        guard let canvas = LayerCanvas.make(covering: extent, scale: fitted, maxSide: 8192) else { return }
        for i in order { drawSublayer(sublayers[i], in: space, ctx: canvas, context: context) }
        multiply(canvas, by: tint)
        guard let image = canvas.makeImage() else { return }
        let placed = LayerCanvas.extent(of: canvas, covering: extent, scale: fitted)
        ctx.saveGState()
        ctx.concatenate(CGContext.imageFlip(about: placed))
        ctx.draw(image, in: placed)
        ctx.restoreGState()
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
