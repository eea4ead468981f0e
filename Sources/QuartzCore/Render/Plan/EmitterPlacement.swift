/// An emitter's particles in windows: simulated on the render thread at the frame's time, drawn
/// by the kernels into one texture over what the clip can show (`EmitterDrawing`, the same
/// pixels the layer renderer draws), and placed as one item above the layer's own drawing. The
/// texture is the node's alone (`PlacedNode.particles`), never the texture cache's: it changes
/// at every frame.
extension CompositePlan {
    func placeParticles(of layer: LayerSnapshot, _ emitter: EmitterState, _ node: PlacedNode, old: PlacedNode?,
                        toDevice: CGAffineTransform, opacity: CGFloat, scale: CGFloat) {
        let particles = EmitterSimulation.particles(of: emitter)
        var extent = EmitterDrawing.extent(of: particles)
        if layer.masksToBounds { extent = extent.intersection(layer.bounds) }
        guard !extent.isNull, let shown = Self.visible(extent, toDevice: toDevice, clip: node.placement.clip) else { return }
        let additive = emitter.renderMode == .additive
        let padded = LayerTexture.padded(shown, scale: scale)
        let draw = { (canvas: CGContext) in
            EmitterDrawing.draw(particles, additive: additive, into: canvas, origin: padded.origin, scale: scale)
        }
        // Last frame's texture, when of the same size, is drawn again (each tile cleared as it
        // is drawn): a new bitmap of megabytes a frame cost its page faults and a whole
        // zeroing, and every tile's first touch missed the cache. Taken from the old node, so
        // that no second placement of the layer this frame draws over it. A particle picture
        // has no flat interior worth the search (it reads every pixel).
        let texture: LayerTexture
        if let kept = old?.particles, let shift = kept.prepareRedraw(covering: shown, scale: scale) {
            old?.particles = nil
            kept.finishRedraw(shift: shift, clearing: false, findingFlatRect: false, draw)
            texture = kept
        } else {
            guard let made = LayerTexture(covering: shown, scale: scale, maxSide: 8192, findingFlatRect: false, draw: draw) else { return }
            texture = made
        }
        node.particles = texture
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity)
    }
}
