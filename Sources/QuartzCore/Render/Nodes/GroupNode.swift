import CPixman

// The group node: a subtree composited into a texture of its own, for a reason (`GroupReason`: a
// mask, a clip with rounded corners or off the pixel grid, group opacity). How it is placed
// (`GroupCompositor.group`: the subtree's items into the texture, then clipped, then placed as one
// item, `OffscreenGroup`) and how a mask is drawn for it and for the layer renderer (`LayerMask`).

/// A subtree shown through one texture: what the texture is, and what it was made from, so that
/// a still subtree keeps it from frame to frame.
struct OffscreenGroup {
    /// What a texture drawn by the layer renderer depends on.
    struct Key: Equatable {
        var version: UInt64
        var rect: CGRect
        var scale: CGFloat
        /// The layer's map into its parent's plane, for layers drawn there (perspective).
        var map: CATransform3D
        /// Whether the layer's contents are drawn turned over (`LayerSnapshot.contentsTurned`):
        /// the version alone does not say, it is the placing's.
        var turned: Bool
    }

    var key: Key?
    var texture: LayerTexture
    /// For a composited group: its subtree as placed into the texture, and the alpha its clip
    /// or mask leaves (kept while they stay).
    var inner: PlacedNode?
    var clip: ClipMask?

    init(key: Key? = nil, texture: LayerTexture, inner: PlacedNode? = nil, clip: ClipMask? = nil) {
        self.key = key
        self.texture = texture
        self.inner = inner
        self.clip = clip
    }
}

/// The alpha a group's shape (`masksToBounds`) and mask leave, over the group's texture.
struct ClipMask {
    struct Key: Equatable {
        /// The texture's rectangle relative to the bounds' origin (a scrolled layer keeps its mask).
        var rect: CGRect
        var size: CGSize
        var cornerRadius: CGFloat
        var maskedCorners: CACornerMask
        var cornerCurve: CALayerCornerCurve
        var clips: Bool
        var scale: CGFloat
        /// The mask layer's id and version; nil without a mask.
        var mask: UInt64?
        var maskVersion: UInt64
        /// Whether the mask's contents are drawn turned over (`LayerSnapshot.contentsTurned`).
        var maskTurned = false
    }

    let key: Key
    /// 8-bit alpha, the texture's size.
    let alpha: CGContext
}

/// Composites offscreen groups: a subtree with a mask, a clip with rounded corners or group
/// opacity is placed item by item into a texture of its own (with the same planner as a frame),
/// then clipped there by its shape and mask, and shown as one item. Its texture is kept while
/// nothing in the subtree changes; a scrolled clip keeps its mask.
final class GroupCompositor {
    /// One band: groups are composited on the planning thread.
    private let band = CompositeBand()

    /// The group of `layer` placed by `toDevice`, over what can show inside `clip`; nil when
    /// nothing shows. `old` is the last frame's.
    func group(of layer: LayerSnapshot, reason: GroupReason, toDevice: CGAffineTransform, scale: CGFloat, clip: DeviceRect,
               old: OffscreenGroup?, cache: TextureCache) -> OffscreenGroup? {
        let clipsToBounds = layer.masksToBounds || !layer.mask.isEmpty
        let area = clipsToBounds ? LayerMask.area(of: layer) : LayerNode.extent(of: layer)
        guard var rect = CompositePlan.visible(area, toDevice: toDevice, clip: clip) else { return nil }
        rect = rect.integral(atScale: scale)
        // Only the inside of the group changes its texture: its own placement is the item's.
        let insideStill = !layer.animatesLook && layer.sublayers.animatedIndices.isEmpty && !layer.mask.contains(where: \.hasAnimations)
        if insideStill, let old, let key = old.key, key.version == layer.version, key.rect == rect, key.scale == scale,
           key.turned == layer.contentsTurned {
            return old
        }
        let padded = LayerTexture.padded(rect, scale: scale)
        let toTexels = LayerTexture.toLayer(covering: padded, scale: scale).inverted()
        let width = Int32((padded.width * scale).rounded(.up)), height = Int32((padded.height * scale).rounded(.up))
        guard width > 0, height > 0, width <= LayerTexture.maxSide, height <= LayerTexture.maxSide else { return nil }
        let screen = DeviceRect(x: 0, y: 0, width: width, height: height)
        // The subtree placed into the texture: the layer itself at the texture's origin, no
        // group of its own (that is this one), its shadow only when the mask covers it too.
        let changes = Damage(limit: 1)
        let planner = CompositePlan(screen: screen, cache: cache, groups: self, damage: old?.inner == nil ? nil : changes)
        let inner = planner.placeGroupContents(layer, toTexels: toTexels, screen: screen, old: old?.inner,
                                               withShadow: !layer.mask.isEmpty)
        let clipKey = ClipMask.Key(rect: rect.offsetBy(dx: -layer.bounds.minX, dy: -layer.bounds.minY), size: layer.bounds.size,
                                   cornerRadius: layer.cornerRadius, maskedCorners: layer.maskedCorners,
                                   cornerCurve: layer.cornerCurve, clips: layer.masksToBounds, scale: scale,
                                   mask: layer.mask.first?.id, maskVersion: layer.mask.first?.version ?? 0,
                                   maskTurned: layer.contentsTurned)
        let maskStill = !layer.mask.contains(where: \.hasAnimations)
        let clipMask: ClipMask?
        if !clipsToBounds {
            clipMask = nil
        } else if maskStill, let kept = old?.clip, kept.key == clipKey {
            clipMask = kept
        } else {
            clipMask = Self.clipMask(of: layer, padded: padded, scale: scale, key: clipKey, context: cache.context)
        }
        let key = OffscreenGroup.Key(version: layer.version, rect: rect, scale: scale, map: CATransform3DIdentity,
                                     turned: layer.contentsTurned)
        if let old, old.inner != nil, old.key?.rect == rect, old.key?.scale == scale, changes.rectangleCount == 0,
           old.clip.map({ $0.key == clipKey && maskStill }) ?? (clipMask == nil) {
            return OffscreenGroup(key: key, texture: old.texture, inner: inner, clip: clipMask ?? old.clip)
        }
        // Shapes placed inside are drawn before the group composites them.
        cache.drawDeferred()
        func composite(into target: PixelTarget) {
            band.draw(CompositeList(root: inner), in: [screen], band: screen, target: target, backdrop: 0)
            if let clipMask { Self.apply(clipMask, to: target) }
        }
        // A group composited again every frame (a scrolling list) keeps its bitmap.
        if let old, old.inner != nil, old.texture.recomposite(covering: rect, scale: scale, composite) {
            return OffscreenGroup(key: key, texture: old.texture, inner: inner, clip: clipMask)
        }
        guard let texture = LayerTexture(covering: rect, scale: scale, draw: { ctx in
            guard let data = ctx.data, ctx.width == Int(width), ctx.height == Int(height) else { return }
            composite(into: PixelTarget(data: data, width: width, height: height, bytesPerRow: Int32(ctx.bytesPerRow),
                                        format: PIXMAN_a8r8g8b8))
        }) else { return nil }
        return OffscreenGroup(key: key, texture: texture, inner: inner, clip: clipMask)
    }

    /// The alpha the layer's rounded bounds (when it clips) and its mask leave, over `padded`.
    private static func clipMask(of layer: LayerSnapshot, padded: CGRect, scale: CGFloat, key: ClipMask.Key,
                                 context: RenderContext) -> ClipMask? {
        guard let alpha = LayerCanvas.make(covering: padded, scale: scale, alphaOnly: true) else { return nil }
        if layer.masksToBounds {
            alpha.addPath(LayerShape(layer, paths: context.paths).path)
            alpha.clip()
        }
        if let mask = layer.drawnMask {
            LayerMask.draw(mask, intoAlpha: alpha, context: context)
        } else {
            alpha.setFillColor(gray: 1, alpha: 1)
            alpha.fill(padded)
        }
        alpha.flush()
        return ClipMask(key: key, alpha: alpha)
    }

    /// Keeps of `target` only what the mask's alpha covers.
    private static func apply(_ mask: ClipMask, to target: PixelTarget) {
        guard let bits = mask.alpha.data else { return }
        let source = pixman_image_create_bits(PIXMAN_a8, Int32(mask.alpha.width), Int32(mask.alpha.height),
                                              bits.assumingMemoryBound(to: UInt32.self), Int32(mask.alpha.bytesPerRow))
        let dest = pixman_image_create_bits(target.format, target.width, target.height,
                                            target.data.assumingMemoryBound(to: UInt32.self), target.bytesPerRow)
        defer {
            if let source { pixman_image_unref(source) }
            if let dest { pixman_image_unref(dest) }
        }
        guard let source, let dest else { return }
        pixman_image_composite32(PIXMAN_OP_IN_REVERSE, source, nil, dest, 0, 0, 0, 0, 0, 0,
                                 min(target.width, Int32(mask.alpha.width)), min(target.height, Int32(mask.alpha.height)))
    }
}

extension CompositePlan {
    /// A group's subtree placed into its texture (`toTexels` maps the layer's coordinates to
    /// texture pixels): the layer's own drawing and sublayers as items, not faded (the group's
    /// item is), its shadow only when asked.
    func placeGroupContents(_ layer: LayerSnapshot, toTexels: CGAffineTransform, screen: DeviceRect, old: PlacedNode?,
                            withShadow: Bool) -> PlacedNode {
        var inside = layer
        inside.opacity = 1
        inside.mask = []
        inside.masksToBounds = false       // the group's clip mask clips; the contents still keep to the shape below
        if !withShadow || layer.masksToBounds { inside.shadowOpacity = 0 }
        let placement = Placement(space: nil, toDevice: .identity, opacity: 1, clip: screen)
        let node = PlacedNode(id: layer.id, version: layer.version, animated: layer.hasAnimations, placement: placement)
        let scale = Self.textureScale(abs(toTexels.a * toTexels.d - toTexels.b * toTexels.c).squareRoot())
        placeContents(inside, node, toDevice: toTexels, scale: scale, old: old)
        return node
    }
}

extension CGRect {
    /// Grown to whole pixels at `scale` (so that a texture over it keeps its pixel grid).
    func integral(atScale scale: CGFloat) -> CGRect {
        let x0 = (minX * scale).rounded(.down) / scale, y0 = (minY * scale).rounded(.down) / scale
        let x1 = (maxX * scale).rounded(.up) / scale, y1 = (maxY * scale).rounded(.up) / scale
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// A layer's `mask`: the mask layer is rendered into an alpha-only bitmap at the context's
/// device scale, in the masked layer's coordinates, and becomes a clip.
enum LayerMask {
    /// Clips `ctx` to the mask's alpha; false when nothing can show (empty bounds).
    static func clip(_ ctx: CGContext, to mask: LayerSnapshot, of layer: LayerSnapshot, context: RenderContext) -> Bool {
        let scale = max(ctx.deviceScale, 0.01)
        // Only the part the clip lets show: a huge masked layer made a 16384² mask (1 GB on the way).
        let clip = ctx.boundingBoxOfClipPath
        let covered = area(of: layer)
        let visible = clip.isFiniteRect ? covered.intersection(clip) : covered
        guard !visible.isNull, let alpha = LayerCanvas.make(covering: visible, scale: scale, alphaOnly: true) else { return false }
        draw(mask, intoAlpha: alpha, context: context)
        guard let image = alpha.makeImage() else { return false }
        ctx.clip(toLayerRect: LayerCanvas.extent(of: alpha, covering: visible, scale: scale), mask: image)
        return true
    }

    /// Draws `mask` (placed in the masked layer's coordinates, `alpha`'s user space) into the
    /// alpha-only canvas `alpha`. A mask tree with compositing filters (lottie-ios inverts a
    /// matte with `"xor"` over an opaque layer) is composited in color first — the blend kernels
    /// read and write premultiplied BGRA, not alpha alone — and its alpha copied over. The one
    /// rule for both renderers: `render(in:)` here, windows' offscreen groups.
    static func draw(_ mask: LayerSnapshot, intoAlpha alpha: CGContext, context: RenderContext) {
        guard blends(mask) else {
            LayerRenderer.drawSublayer(mask, of: nil, in: alpha, context: context)
            return
        }
        let width = alpha.width, height = alpha.height
        guard let color = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                    space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        // The same user space as `alpha`'s, through device pixels (y down) to the base space (y up).
        let toDevice = alpha.userToDevicePixels
        color.concatenate(toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(height))))
        LayerRenderer.drawSublayer(mask, of: nil, in: color, context: context)
        guard let picture = color.makeImage() else { return }
        let whole = CGRect(x: 0, y: 0, width: width, height: height)
        alpha.saveGState()
        alpha.concatenate(toDevice.inverted())          // user space = device pixels (y down)
        alpha.concatenate(CGContext.imageFlip(about: whole))
        alpha.draw(picture, in: whole)
        alpha.restoreGState()
    }

    /// Whether a layer of the tree (within a bounded walk) has a compositing filter.
    private static func blends(_ layer: LayerSnapshot, depth: Int = 0) -> Bool {
        if LayerBlend(layer.compositingFilter) != nil { return true }
        guard depth < 32 else { return false }
        return layer.sublayers.contains { blends($0, depth: depth + 1) }
    }

    /// What a layer that clips (`masksToBounds`) or is masked can show, in its coordinates: its
    /// bounds when it clips; under a mask, what the mask covers — not cut to the bounds, so that
    /// what the layer draws beyond them (sublayers, a padded gradient) shows wherever the mask
    /// covers it, as on Apple's (lottie-ios pads gradient layers far past their bounds and masks
    /// them). The one rule for both renderers: `render(in:)` here, windows' offscreen groups.
    static func area(of layer: LayerSnapshot) -> CGRect {
        guard let mask = layer.mask.first else { return layer.bounds }
        let m = mask.transformToParent(in: nil)
        let covered = CALayer.mapRect(LayerNode.extent(of: mask), m.homography)
        guard covered.isFiniteRect else { return layer.bounds }
        return layer.masksToBounds ? covered.intersection(layer.bounds) : covered
    }
}
