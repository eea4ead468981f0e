/// Draws layer snapshots into a `CGContext` with Core Graphics: the path of `render(in:)` and of
/// the offscreen renderer. Per layer, as Core Animation orders it: shadow (behind), background,
/// contents, sublayers, border; opacity and mask apply to the whole.
enum LayerRenderer {
    /// Renders `layer` in the context's current user space, taken as the layer's own coordinate
    /// space (its position and transform are not applied, as Apple's `render(in:)` does).
    static func render(_ layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) {
        var root = layer
        root.backgroundFilters = []           // nothing is behind the root
        // No caller code runs while a snapshot is drawn: the tree's conversions into a bitmap of
        // another layout than cairo's happen once (render(in:) into RGBA).
        ctx.drawingAsOneBatch { draw(root, in: ctx, context: context, reusingDrawings: true, cutsEdges: true) }
    }

    /// Renders `layer` placed in its superlayer's space (position, anchor, transform applied).
    static func renderPlaced(_ layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) {
        var root = layer
        root.backgroundFilters = []           // nothing is behind the root
        ctx.drawingAsOneBatch { drawSublayer(root, of: nil, in: ctx, context: context, reusingDrawings: true, cutsEdges: true) }
    }

    /// With `reusingDrawings`, leaf layers that land on whole device pixels may be drawn from
    /// `DrawingCache` (trees drawn again and again: `CARenderer`, `render(in:)`).
    static func drawSublayer(_ layer: LayerSnapshot, of parent: LayerSnapshot?, in ctx: CGContext, context: RenderContext,
                             reusingDrawings: Bool = false, cutsEdges: Bool = false) {
        drawSublayer(layer, in: parent?.sublayerSpace, ctx: ctx, context: context, reusingDrawings: reusingDrawings, cutsEdges: cutsEdges)
    }

    /// Draws `layer` placed in its parent's sublayer space `space` (nil: the root's plane).
    static func drawSublayer(_ layer: LayerSnapshot, in space: LayerGeometry.SublayerSpace?, ctx: CGContext, context: RenderContext,
                             reusingDrawings: Bool = false, cutsEdges: Bool = false) {
        guard layer.isVisible else { return }
        if let turned = layer.turned(for: space) {
            drawSublayer(turned, in: space, ctx: ctx, context: context, reusingDrawings: reusingDrawings, cutsEdges: cutsEdges)
            return
        }
        // A layer turned away from the viewer (about x or y, past 90°) shows only when double-sided.
        let m = layer.transformToParent(in: space)
        if layer.isTransformLayer, context.rules == .compositor {
            drawTransformLayer(layer, toTarget: m, in: ctx, context: context)
            return
        }
        if !layer.isDoubleSided && m.m33 < 0 { return }
        let h = m.homography
        // Perspective, or a layer asked to be rasterized: drawn flat into an image, then placed.
        guard h.isAffine, !layer.shouldRasterize else {
            let scale = layer.shouldRasterize ? layer.rasterizationScale : nil
            FlattenedLayer.draw(layer, through: h, rasterizationScale: scale, in: ctx, context: context, cutsEdges: cutsEdges)
            return
        }
        let affine = h.affine
        guard affine.a * affine.d - affine.b * affine.c != 0 else { return }
        ctx.saveGState()
        ctx.concatenate(affine)
        draw(layer, in: ctx, context: context, reusingDrawings: reusingDrawings, cutsEdges: cutsEdges)
        ctx.restoreGState()
    }

    /// Draws one layer in its own coordinate space. With `cutsEdges` (drawing into the final
    /// picture: `render`, `renderPlaced`), its outline's aliased sides (`AliasedOutline`) are cut
    /// by pixel centers, unless the compositor would composite it as a group (whose picture is
    /// placed with soft edges; its sublayers are cut in the group's plane, so here only while
    /// the group is not turned). Drawings into textures and flattened images are not cut: the
    /// compositor cuts a texture where it places it.
    static func draw(_ layer: LayerSnapshot, in ctx: CGContext, context: RenderContext, reusingDrawings: Bool = false,
                     cutsEdges: Bool = false) {
        if let transition = layer.transition {
            drawTransition(transition, of: layer, in: ctx, context: context)
            return
        }
        guard layer.isVisible else { return }
        if layer.isTransformLayer, context.rules == .compositor {
            // In its own plane: its leaves in 3D from there.
            drawTransformLayer(layer, toTarget: CATransform3DIdentity, in: ctx, context: context)
            return
        }
        // Filters, background filters and compositing filters (FilterNode.swift).
        if FilteredLayer.draw(layer, in: ctx, context: context, reusingDrawings: reusingDrawings) { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if let mask = layer.drawnMask {
            guard LayerMask.clip(ctx, to: mask, of: layer, context: context) else { return }
        }
        let shape = LayerShape(layer, paths: context.paths)
        let castsShadow = layer.castsShadow
        // A shadow of a known shape comes from the cache; any other is the shadow of the layer's
        // whole drawing, through a transparency layer.
        let shadowShape = castsShadow ? LayerShadow.knownShape(of: layer, paths: context.paths) : nil
        if layer.opacity < 1 { ctx.setAlpha(min(layer.opacity, 1) * ctx.currentAlpha) }
        // The shadow of a drawing alone (no sublayers), not faded, comes from the cache too: the
        // transparency layer would cast the same shadow under the same drawing.
        let cachesDrawingShadow = castsShadow && shadowShape == nil && layer.sublayers.isEmpty && ctx.currentAlpha >= 1
        let shadowsDrawing = castsShadow && shadowShape == nil && !cachesDrawingShadow
        if let shadowShape { LayerShadow.drawCachedShadow(of: shadowShape, layer: layer, in: ctx, context: context) }
        if cachesDrawingShadow { LayerShadow.drawShadowOfDrawing(of: layer, in: ctx, context: context) }
        // A border over a background fades with it as one picture, also under an inherited
        // opacity (a superlayer without group opacity), as the compositor's textures do.
        let fadesOverlap = ctx.currentAlpha < 1 && layer.backgroundColor != nil && layer.borderWidth > 0
        // A mask applies to the layer's whole picture (its sublayers composited first), as Core
        // Animation masks: through a transparency layer, which the mask clip then clips as one.
        let masked = !layer.mask.isEmpty && !layer.sublayers.isEmpty
        var group = shadowsDrawing || (layer.opacity < 1 && layer.allowsGroupOpacity) || fadesOverlap || masked
        // A leaf's own drawing, placed on whole pixels, is the same from a cached image (faded as
        // one picture, as the transparency layer fades it).
        if reusingDrawings, !shadowsDrawing, layer.sublayers.isEmpty, layer.tiles == nil, layer.emitter == nil,
           context.drawings.draw(layer, in: ctx, context: context) { return }
        // Sides of the outline cut by pixel centers (`allowsEdgeAntialiasing`): the own drawing
        // reaches past them and is cut there (`drawCut`). The route is the one inside the group
        // (its opacity 1 there).
        let asItems = Route(of: layer, toDevice: ctx.ctm, opacity: group ? 1 : ctx.currentAlpha, paths: context.paths) == .items
        let cuts = cutsEdges && asItems
        // A group's sublayers are cut in the group's plane: like the device's unless it is turned.
        let sublayersCut = cutsEdges && (asItems || (ctx.ctm.b == 0 && ctx.ctm.c == 0))
        let aliased = cuts && (layer.bodyCanShow || layer.borderWidth > 0) ? AliasedOutline(layer, in: ctx) : nil
        // A leaf cut in one piece is faded as one picture by the cut itself: no transparency
        // layer (whose clip to the extent off the pixel grid would soften the cut sides again).
        let fadesCut = group && aliased != nil && layer.sublayers.isEmpty && layer.replicator == nil && !shadowsDrawing
        if fadesCut { group = false }
        if shadowsDrawing { LayerShadow.set(layer, in: ctx) }
        // The layer's extent bounds the group, so that its buffer is no larger than the layer.
        if group { ctx.beginTransparencyLayer(in: LayerNode.extent(of: layer), auxiliaryInfo: nil) }
        if let aliased {
            drawCut(layer, aliased, shape: shape, asOnePicture: fadesCut, in: ctx, context: context,
                    reusingDrawings: reusingDrawings, sublayersCut: sublayersCut)
        } else {
            if let color = layer.backgroundColor {
                ctx.addPath(shape.path)
                ctx.setFillColor(color)
                ctx.fillPath()
            }
            ctx.saveGState()
            if layer.masksToBounds {
                ctx.addPath(shape.path)
                ctx.clip()
            }
            drawOwnContent(layer, shape: shape.path, aliased: nil, in: ctx, context: context)
            drawSublayers(of: layer, in: ctx, context: context, reusingDrawings: reusingDrawings, cutsEdges: sublayersCut)
            ctx.restoreGState()
            if layer.borderWidth > 0, let color = layer.borderColor, let border = shape.borderPath(width: layer.borderWidth) {
                ctx.addPath(border)
                ctx.setFillColor(color)
                ctx.fillPath(using: .evenOdd)
            }
        }
        if group { ctx.endTransparencyLayer() }
    }

    /// The sublayers (or a replicator's instances) in drawing order.
    private static func drawSublayers(of layer: LayerSnapshot, in ctx: CGContext, context: RenderContext,
                                      reusingDrawings: Bool, cutsEdges: Bool) {
        if let replicator = layer.replicator {
            drawReplicatorInstances(of: layer, replicator, in: ctx, context: context, reusingDrawings: reusingDrawings)
        } else {
            for i in layer.drawingOrder {
                drawSublayer(layer.sublayers[i], of: layer, in: ctx, context: context, reusingDrawings: reusingDrawings,
                             cutsEdges: cutsEdges)
            }
        }
    }

    /// A layer whose outline is cut by pixel centers on `aliased`'s sides: its own drawing
    /// reaches past them and is cut there (`AliasedOutline.draw`). A leaf's whole drawing is one
    /// cut; a layer with sublayers cuts what lies under them (background, own content) and its
    /// border over them, the sublayers drawn between inside the layer's true shape. A leaf's
    /// cut is `asOnePicture` where it stands for the transparency layer that fades it.
    private static func drawCut(_ layer: LayerSnapshot, _ aliased: AliasedOutline, shape: LayerShape, asOnePicture: Bool,
                                in ctx: CGContext, context: RenderContext, reusingDrawings: Bool, sublayersCut: Bool) {
        let reaching = aliased.reaching(shape)
        func drawBody(_ c: CGContext) {
            if let color = layer.backgroundColor {
                c.addPath(reaching)
                c.setFillColor(color)
                c.fillPath()
            }
            // Own content inside the outline reaching with it, when it masks to it.
            c.saveGState()
            if layer.masksToBounds {
                c.addPath(reaching)
                c.clip()
            }
            drawOwnContent(layer, shape: reaching, aliased: aliased, in: c, context: context)
            c.restoreGState()
        }
        let border = layer.hasVisibleBorder ? layer.borderColor : nil
        func drawBorder(_ c: CGContext) {
            guard let border else { return }
            // The ring's outer side reaches past the aliased sides, in one winding fill.
            c.addPath(aliased.reachingBorder(shape, width: layer.borderWidth))
            c.setFillColor(border)
            c.fillPath()
        }
        guard !layer.sublayers.isEmpty || layer.replicator != nil else {
            aliased.draw(in: ctx, asOnePicture: asOnePicture) { drawBody($0); drawBorder($0) }
            return
        }
        if layer.bodyCanShow || layer.tiles != nil || layer.emitter != nil { aliased.draw(in: ctx, drawBody) }
        ctx.saveGState()
        if layer.masksToBounds {
            ctx.addPath(shape.path)
            ctx.clip()
        }
        drawSublayers(of: layer, in: ctx, context: context, reusingDrawings: reusingDrawings, cutsEdges: sublayersCut)
        ctx.restoreGState()
        if border != nil { aliased.draw(in: ctx, drawBorder) }
    }

    /// The layer's contents, a subclass's content, tiles and particles, inside `shape` (the
    /// outline, reaching past its aliased sides when `aliased`).
    private static func drawOwnContent(_ layer: LayerSnapshot, shape: CGPath, aliased: AliasedOutline?, in ctx: CGContext,
                                       context: RenderContext) {
        // Like the background, a subclass's own content keeps to the rounded corners. A gradient
        // is the layer's picture and `contents` covers it (as Apple's); a shape is drawn between
        // the contents and the sublayers (as Apple documents).
        let contentIsBelow: Bool
        if case .gradient? = layer.content { contentIsBelow = true } else { contentIsBelow = false }
        if contentIsBelow, let content = layer.content { content.draw(in: ctx, bounds: layer.bounds, shape: shape) }
        if let image = layer.contents { LayerContents.draw(image, of: layer, in: ctx, reaching: aliased, mipmaps: context.mipmaps, rules: context.rules) }
        if !contentIsBelow, let content = layer.content {
            content.draw(in: ctx, bounds: layer.bounds, shape: shape)
        }
        if let tiles = layer.tiles { tiles.draw(in: ctx, layer: layer) }
        if let emitter = layer.emitter { EmitterDrawing.draw(emitter, masksToBounds: layer.masksToBounds, bounds: layer.bounds, in: ctx) }
    }
}

extension LayerRenderer {
    /// The old and new looks of a layer in a transition, placed and faded, within its bounds.
    static func drawTransition(_ transition: TransitionState, of layer: LayerSnapshot, in ctx: CGContext, context: RenderContext) {
        var now = layer
        now.transition = nil
        guard var before = transition.before.first else { draw(now, in: ctx, context: context); return }
        before.contentsTurned = layer.contentsTurned          // snapshotted alone: placed as the layer is
        let placement = transition.placement(in: layer.bounds)
        let old = (look: before, offset: placement.old, alpha: placement.oldAlpha, mode: CGBlendMode.normal)
        // A fade adds the two looks (a cross-dissolve); `reveal` slides the old look off the new.
        let new = (look: now, offset: placement.new, alpha: placement.newAlpha,
                   mode: transition.type == .fade ? CGBlendMode.plusLighter : .normal)
        ctx.saveGState()
        ctx.clip(to: layer.bounds)
        for (look, offset, alpha, mode) in transition.type == .reveal ? [new, old] : [old, new] where alpha > 0 {
            ctx.saveGState()
            ctx.translateBy(x: offset.x, y: offset.y)
            ctx.setAlpha(alpha * ctx.currentAlpha)
            ctx.setBlendMode(mode)
            ctx.beginTransparencyLayer(in: LayerNode.extent(of: look), auxiliaryInfo: nil)
            draw(look, in: ctx, context: context)
            ctx.endTransparencyLayer()
            ctx.restoreGState()
        }
        ctx.restoreGState()
    }
}

extension CGContext {
    /// Device pixels per user-space unit (the square root of the CTM's area scale).
    var deviceScale: CGFloat { abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot() }
}

extension RenderTree {
    /// Draws the tree as it is at media time `t`, placed by the root's frame, into `ctx`, with
    /// the caches of `context`.
    package func draw(atMediaTime t: CFTimeInterval, in ctx: CGContext, context: RenderContext) {
        LayerRenderer.renderPlaced(snapshot.presented(atParentTime: t), in: ctx, context: context)
    }
}
