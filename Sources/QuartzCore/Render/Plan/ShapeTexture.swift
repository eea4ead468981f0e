import Foundation

/// The texture of a shape layer whose own drawing is its shape alone (no background, contents,
/// border, clip, mask or filters: a spinner ring): drawn by `ShapeContent.draw(in:)` straight
/// into the texture, without the layer renderer's general path and its copy of the snapshot, and
/// keyed by the shape, its bounds' size and the scale rather than the layer's whole look. The
/// pixels are the layer renderer's: for such a layer it draws exactly that call.
///
/// Such a shape touches none of the renderer's caches, so `AnimatedTextures` rasterizes the
/// frame's animated shapes on every core (`Job`) once planning has placed them.
enum ShapeTexture {
    /// What the texture's pixels depend on.
    struct Look: Hashable {
        /// The shape moved to the bounds' origin zero, as own textures are drawn.
        let content: ShapeContent
        let size: CGSize
        /// Texture pixels per point of the layer.
        let scale: CGFloat
        /// How far (in points, under a pixel) the texture's rectangle is moved back so that its
        /// pixels fall on the device's: zero unless placed by a map that only moves it.
        let phase: CGPoint
        /// Whether it is placed on whole device pixels at its own scale (a blit): its flat
        /// interior, which only our sampling kernel uses, is not looked for then.
        let onDeviceGrid: Bool

        /// What the texture covers, in layer coordinates at the bounds' origin zero (padding
        /// excluded): `LayerContents.ownExtent` of such a layer, moved back by `phase`.
        var extent: CGRect {
            let extent = Self.extent(of: content, size: size)
            return phase == .zero ? extent : extent.offsetBy(dx: -phase.x, dy: -phase.y)
        }

        /// The extent before the phase: the bounds at origin zero joined with the shape's reach on whole points.
        static func extent(of content: ShapeContent, size: CGSize) -> CGRect {
            let bounds = CGRect(origin: .zero, size: size)
            let overflow = content.extent
            guard !overflow.isNull, overflow.isFiniteRect else { return bounds }
            return bounds.union(LayerNode.gridAligned(overflow, from: .zero))
        }
    }

    /// The look of (`part` of) `layer` when its own drawing is its shape alone; nil otherwise.
    /// When `toDevice` (the layer's map to device pixels, as `CompositePlan.place` applies it)
    /// only moves it at the texture's scale, the shape is drawn at the placement's fraction of a
    /// pixel: the texture's pixels are the device's, placed by a plain blit instead of bilinear
    /// sampling, and the stroke is rasterized where the renderer puts it.
    static func look(of layer: LayerSnapshot, part: LayerTexture.Part, scale: CGFloat, placedBy toDevice: CGAffineTransform? = nil) -> Look? {
        guard case .shape(let content)? = layer.content, part != .border else { return nil }
        // Everything else the layer renderer would draw for the layer's own texture.
        guard layer.backgroundColor == nil, layer.contents == nil, part == .body || !layer.hasVisibleBorder,
              !layer.masksToBounds, !layer.isHidden, !layer.isTransformLayer, layer.mask.isEmpty, layer.filters.isEmpty,
              layer.backgroundFilters.isEmpty, layer.compositingFilter == nil, layer.tiles == nil, layer.emitter == nil,
              layer.replicator == nil else { return nil }
        let moved = layer.bounds.origin == .zero ? content : content.movedToOrigin(from: layer.bounds.origin)
        var phase = CGPoint.zero, onGrid = false
        if let m = toDevice, m.a == scale, m.d == scale, m.b == 0, m.c == 0 {
            // The device pixel of the texture's first one (inside its padding ring), as `place` maps it.
            let extent = Look.extent(of: moved, size: layer.bounds.size), pad = CGFloat(LayerTexture.padding) / scale
            let x = (extent.minX - pad + layer.bounds.minX) * m.a + m.tx, y = (extent.minY - pad + layer.bounds.minY) * m.d + m.ty
            if x.isFinite, y.isFinite, abs(x) < 1e6, abs(y) < 1e6 {
                phase = CGPoint(x: (x - x.rounded(.down)) / scale, y: (y - y.rounded(.down)) / scale)
                onGrid = true
            }
        }
        return Look(content: moved, size: layer.bounds.size, scale: scale, phase: phase, onDeviceGrid: onGrid)
    }

    /// What an animated shape's texture shows (`LayerTexture.shape`), so that the next look of
    /// the layer can be drawn over it in place where the two differ (`Job.over`).
    struct Drawing {
        let look: Look
        /// Its key in the pool (`AnimatedTextures`), hashed once.
        let key: AnimatedTextures.Key
        /// The pool's frame the look was placed in (its pixels are drawn by that frame's end).
        let frame: Int
        /// The last frame of the pool that showed it: one shown this frame or the last is not
        /// a spare, so nothing draws over it this frame.
        var shown: Int

        /// Whether the pixels of `self` can be drawn over into `look` by `Job.over`: a
        /// texture of the same size and map, drawn before `frame` and shown since the last one,
        /// of a shape that differs in its ends alone (`ShapeContent.canBeRedrawnInPart`).
        func canBeDrawnOver(into look: Look, frame now: Int) -> Bool {
            // Shapes that both stroke and differ in their ends alone have the same extent.
            frame < now && shown >= now - 1 && look.size == self.look.size && look.scale == self.look.scale
                && look.phase == self.look.phase && look.content.canBeRedrawnInPart(over: self.look.content)
        }
    }

    /// A shape to rasterize over a recycled texture, already placed with its new map.
    struct Job: Sendable {
        // The texture is drawn by this job alone (a spare is handed out once a frame), and
        // nothing reads it until every job has run (`AnimatedTextures.drawDeferred`).
        let texture: LayerTexture
        let content: ShapeContent
        /// What `LayerTexture.prepareRedraw` returned: the bitmap's user space moved onto the new rectangle.
        let shift: CGPoint
        /// Whether to look for the flat interior (`Look.onDeviceGrid`).
        let findsFlatRect: Bool
        /// What the texture shows now, when it is drawn over in place into this look
        /// (`Drawing.canBeDrawnOver`): only what changed is rasterized (a growing ring's new arc).
        var over: ShapeContent?

        func run() {
            if let old = over, let redraws = content.redraws(since: old) {
                texture.finishRedraw(shift: shift, changing: redraws.map(\.rect), findingFlatRect: findsFlatRect) { ctx, part in
                    content.draw(in: ctx, stroking: redraws[part].stroked)
                }
            } else {
                texture.finishRedraw(shift: shift, findingFlatRect: findsFlatRect) { content.draw(in: $0) }
            }
        }
    }
}
