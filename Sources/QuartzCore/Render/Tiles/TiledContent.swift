import Foundation

/// What a commit hands the renderers of a `CATiledLayer`: the tiles finished by then (immutable
/// images), when each landed (for its fade-in), and where to say which tiles are wanted.
///
/// It travels in `LayerSnapshot.tiles`, apart from the layer's own texture: the compositor
/// places each tile as an item of its own (`TiledPlacement`), the layer renderer draws them over
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
