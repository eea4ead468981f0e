/// How the compositor shows a `CATiledLayer`: each finished tile is an item of its own, its
/// texture placed as the worker drew it (no copy into a layer-sized texture, which a
/// 16384-point map could not have), and what the layer's clip shows of it is reported back to
/// the layer, which draws the tiles missing there.
extension TiledContent {
    /// Adds the tiles' items to `node` (above its own drawing, below its sublayers), coarse
    /// levels first, each faded in as it is at the frame's time, over the drawing it replaces.
    func place(in node: PlacedNode, layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat) {
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        // None of it in view: nothing wanted, and the tiles kept are let go.
        let visible = CompositePlan.visible(layer.bounds, toDevice: toDevice, clip: node.placement.clip) ?? .null
        demand.want(visible: visible, deviceScale: abs(det).squareRoot())
        node.tiles = self                  // the items do not retain their textures: the node does
        for shown in tiles {
            let alpha = fade(of: shown)
            if alpha < 1, let under = shown.under { Self.place(under, in: node, toDevice: toDevice, opacity: opacity) }
            Self.place(shown.tile, in: node, toDevice: toDevice, opacity: opacity * alpha)
        }
    }

    private static func place(_ tile: TileImage, in node: PlacedNode, toDevice: CGAffineTransform, opacity: CGFloat) {
        let alpha = UInt8((min(max(opacity, 0), 1) * 255).rounded())
        guard alpha > 0 else { return }
        let padded = tile.paddedRect.applying(toDevice)
        var covered = padded
        if toDevice.b == 0, toDevice.c == 0, toDevice.a > 0, toDevice.d > 0 {
            // Where another tile continues the picture, the edge is cut at the nearest pixel
            // boundary, so that each pixel belongs to one tile (the texture's ring repeats the
            // edge, never drawn over the neighbour); on the bounds' sides the transparent ring
            // fades the edge as any layer's.
            let r = tile.rect.applying(toDevice), inner = tile.innerEdges
            let x0 = inner.minX ? r.minX.rounded() : padded.minX, x1 = inner.maxX ? r.maxX.rounded() : padded.maxX
            let y0 = inner.minY ? r.minY.rounded() : padded.minY, y1 = inner.maxY ? r.maxY.rounded() : padded.maxY
            covered = CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        guard covered.width > 0, covered.height > 0, let extent = DeviceRect(enclosing: covered, within: node.placement.clip) else { return }
        var item = CompositeItem(texture: tile.texture, toDevice: tile.texture.toLayer.concatenating(toDevice), alpha: alpha, extent: extent)
        item.generation = tile.texture.generation
        node.below.append(item)
        node.cover(extent)
    }
}
