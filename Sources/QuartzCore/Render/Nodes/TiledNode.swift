import Foundation

// The tiled node (`CATiledLayer`): its tiles as the render side knows them (`TiledContent`, with
// the store of drawn tiles, `Raster/TileStore`), its extent (the bounds: tiles never draw past
// them), how it draws (the tiles drawn so far, faded in) and how it is placed
// (`TiledContent.place`: one item per tile shown, asking for the ones missing).

/// What a commit hands the renderers of a `CATiledLayer`: the tiles finished by then (immutable
/// images), when each landed (for its fade-in), and where to say which tiles are wanted.
///
/// It travels in `LayerSnapshot.tiles`, apart from the layer's own texture: the compositor
/// places each tile as an item of its own (`TiledContent.place`), the layer renderer draws them over
/// the contents (`draw(in:layer:)`). Both report what they show back to the layer's `TileStore`
/// (`demand`), which draws the missing tiles on background threads; their landing makes the
/// layer commit again, so a window redraws as tiles arrive.
struct TiledContent: Sendable {
    /// A finished tile as shown: `landedAt` (the layer's local time) starts its fade-in; `under`
    /// is the drawing it replaces (a stale tile), shown beneath it until the fade ends.
    struct Shown: Sendable {
        let tile: TileImage
        var landedAt: CFTimeInterval?
        var under: TileImage?
    }

    /// Coarse levels first: sharper tiles cover coarser ones.
    let tiles: [Shown]
    /// `CATiledLayer.fadeDuration()` of the layer's class.
    let fadeDuration: CFTimeInterval
    /// Where renderers report what they show.
    let demand: TileStore
    /// The layer's local time of the frame being drawn (set by `presented(atLocalTime:)`); nil
    /// for the model's own snapshot, which shows every tile as it ends (faded in).
    var time: CFTimeInterval?

    /// Whether a tile is still fading in (at some time): frames then change with time.
    var isFading: Bool { tiles.contains { $0.landedAt != nil } }

    /// The content as shown at the layer's local time `time`.
    func presented(atLocalTime time: CFTimeInterval) -> TiledContent {
        var copy = self
        copy.time = time
        return copy
    }

    /// A tile's opacity from 0 to 1: linear over `fadeDuration` from its landing.
    func fade(of shown: Shown) -> CGFloat {
        guard let landed = shown.landedAt, let time, fadeDuration > 0 else { return 1 }
        return CGFloat(min(max((time - landed) / fadeDuration, 0), 1))
    }

    /// Adds the fades still running to `schedule`: the render thread draws while one runs.
    func addFades(to schedule: inout AnimationSchedule, on layerTime: LayerTimeMap, atMediaTime t: CFTimeInterval) {
        guard fadeDuration > 0 else { return }
        for shown in tiles {
            guard let landed = shown.landedAt else { continue }
            schedule.add(span: landed..<(landed + fadeDuration), on: layerTime, atMediaTime: t)
        }
    }

    // MARK: The layer renderer

    /// Draws the tiles into `ctx` (whose user space is the layer's), faded as they are at
    /// `time`, and reports what the context shows of the layer: its clip, at its scale.
    func draw(in ctx: CGContext, layer: LayerSnapshot) {
        let visible = ctx.boundingBoxOfClipPath.intersection(layer.bounds)
        if !visible.isNull, visible.width > 0, visible.height > 0 {
            demand.want(visible: visible, deviceScale: ctx.deviceScale)
        }
        for shown in tiles where shown.tile.rect.intersects(visible) {
            let alpha = fade(of: shown)
            if alpha < 1, let under = shown.under { Self.draw(under, alpha: 1, in: ctx) }
            Self.draw(shown.tile, alpha: alpha, in: ctx)
        }
    }

    private static func draw(_ tile: TileImage, alpha: CGFloat, in ctx: CGContext) {
        guard alpha > 0, let image = tile.image else { return }
        ctx.saveGState()
        ctx.clip(to: tile.rect)
        if alpha < 1 { ctx.setAlpha(alpha * ctx.currentAlpha) }
        let padded = tile.paddedRect
        ctx.concatenate(CGContext.imageFlip(about: padded))
        ctx.draw(image, in: padded)
        ctx.restoreGState()
    }
}

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
