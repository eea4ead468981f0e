/// An emitter's particles in windows: simulated on the render thread at the frame's time, drawn
/// by the kernels into one texture over what the clip can show (`EmitterDrawing`, the same
/// pixels the layer renderer draws), and placed as one item above the layer's own drawing. The
/// texture is the node's alone (`PlacedNode.particles`), never the texture cache's: it changes
/// at every frame.
extension CompositePlan {
    func placeParticles(of layer: LayerSnapshot, _ emitter: EmitterState, _ node: PlacedNode, toDevice: CGAffineTransform,
                        opacity: CGFloat, scale: CGFloat) {
        let particles = EmitterSimulation.particles(of: emitter)
        var extent = EmitterDrawing.extent(of: particles)
        if layer.masksToBounds { extent = extent.intersection(layer.bounds) }
        guard !extent.isNull, let shown = Self.visible(extent, toDevice: toDevice, clip: node.placement.clip) else { return }
        let additive = emitter.renderMode == .additive
        let padded = LayerTexture.padded(shown, scale: scale)
        guard let texture = LayerTexture(covering: shown, scale: scale, maxSide: 8192, draw: { canvas in
            EmitterDrawing.draw(particles, additive: additive, into: canvas, origin: padded.origin, scale: scale)
        }) else { return }
        node.particles = texture
        place(texture, into: &node.below, node, toDevice: toDevice, opacity: opacity)
    }
}
