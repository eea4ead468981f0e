/// Draws a layer's `contents` image: gravity, `contentsRect`, nine-part `contentsCenter`,
/// `contentsScale` and the filters (`.trilinear` minification through `MipmapCache`).
enum LayerContents {
    /// The two mipmap levels a trilinear minification samples between: `lower` (the sharper)
    /// weighed 1 − t, `upper` weighed t.
    struct MipmapBlend {
        let lower: CGImage
        let upper: CGImage?
        let t: CGFloat
    }

    /// The levels to draw `image` from when `source` pixels of it land on `target` points at
    /// `deviceScale`: the level of detail is log2 of the larger minification of the two axes,
    /// plus `bias` (Apple's `minificationFilterBias`, added to the level of detail); nil when that
    /// is the image itself.
    static func mipmapBlend(of image: CGImage, source: CGSize, target: CGSize, deviceScale: CGFloat, bias: Float,
                            mipmaps: MipmapCache) -> MipmapBlend? {
        let shown = CGSize(width: target.width * deviceScale, height: target.height * deviceScale)
        guard shown.width > 0, shown.height > 0 else { return nil }
        let minification = max(source.width / shown.width, source.height / shown.height)
        let lod = log2(minification) + CGFloat(bias.isFinite ? bias : 0)
        guard lod > 0, lod.isFinite else { return nil }
        let levels = mipmaps.chain(of: image).levels
        let lower = min(Int(lod.rounded(.down)), levels.count - 1)
        let t = lower + 1 < levels.count ? lod - CGFloat(lower) : 0
        return MipmapBlend(lower: levels[lower], upper: lower + 1 < levels.count ? levels[lower + 1] : nil, t: t)
    }

    /// With `reaching`, the image's sides that lie on the layer's aliased sides are drawn a little
    /// past them (its edge pixels repeated), for the outline's clip to cut by pixel centers.
    /// `mipmaps` holds the renderer's mipmaps (no trilinear filtering without it); `rules` say
    /// whose sampling a `.linear` filter gets (`RenderRules`).
    static func draw(_ image: CGImage, of layer: LayerSnapshot, in ctx: CGContext, reaching: AliasedOutline? = nil,
                     mipmaps: MipmapCache? = nil, rules: RenderRules = .compositor) {
        let full = CGSize(width: image.width, height: image.height)
        let cr = layer.contentsRect
        // The part of the image shown, in pixels (unit y measured from the image's first row).
        let source = CGRect(x: cr.minX * full.width, y: cr.minY * full.height, width: cr.width * full.width, height: cr.height * full.height)
        guard source.width > 0, source.height > 0 else { return }
        let scale = layer.contentsScale
        let natural = CGSize(width: source.width / scale, height: source.height / scale)
        // In flipped geometry the vertical names mean what they say on screen.
        let gravity = layer.isGeometryFlipped ? layer.contentsGravity.flippedVertically : layer.contentsGravity
        let target = placement(of: natural, in: layer.bounds, gravity: gravity)
        guard target.width > 0, target.height > 0 else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        let deviceScale = ctx.deviceScale
        let minifying = target.width * deviceScale < source.width
        let filter = minifying ? layer.minificationFilter : layer.magnificationFilter
        // Each level is sampled bilinearly; `.trilinear` magnifies as `.linear` does. The
        // compositor samples bilinearly (as a GPU does); `render(in:)` draws through Core
        // Graphics at its default quality, which averages an image shrunk below half its size.
        ctx.interpolationQuality = filter == .nearest ? .none : (rules == .renderInContext ? .default : .low)
        let blend = minifying && filter == .trilinear ? mipmaps.flatMap {
            mipmapBlend(of: image, source: source.size, target: target.size, deviceScale: deviceScale,
                        bias: layer.minificationFilterBias, mipmaps: $0)
        } : nil
        let center = layer.contentsCenter
        // Under an odd number of flips the drawing space runs y up on screen: the image is drawn
        // turned over in its place, to show upright (`ContentsOrientation`, rule 2).
        let turned = layer.contentsTurned
        if center != CGRect(x: 0, y: 0, width: 1, height: 1), layer.contentsGravity == .resize {
            drawNinePart(image, source: source, center: center, scale: scale, target: target, in: ctx, reaching: reaching, blend: blend,
                         turned: turned)
        } else {
            drawPortion(image, source: source, into: target, in: ctx, reaching: reaching, blend: blend, turned: turned)
        }
    }

    /// The bounds joined with where the contents go.
    static func contentsExtent(of layer: LayerSnapshot) -> CGRect {
        guard let image = layer.contents else { return layer.bounds }
        let cr = layer.contentsRect
        let natural = CGSize(width: cr.width * CGFloat(image.width) / layer.contentsScale,
                             height: cr.height * CGFloat(image.height) / layer.contentsScale)
        let gravity = layer.isGeometryFlipped ? layer.contentsGravity.flippedVertically : layer.contentsGravity
        let target = placement(of: natural, in: layer.bounds, gravity: gravity)
        guard target.width > 0, target.height > 0, target.isFiniteRect else { return layer.bounds }
        return layer.bounds.union(target)
    }

    /// Where contents of `size` go in `bounds`. Vertical names are y-up, as Core Animation's:
    /// `.top` is the larger y.
    static func placement(of size: CGSize, in bounds: CGRect, gravity: CALayerContentsGravity) -> CGRect {
        let (w, h) = (size.width, size.height)
        func at(_ x: CGFloat, _ y: CGFloat) -> CGRect { CGRect(x: x, y: y, width: w, height: h) }
        let left = bounds.minX, right = bounds.maxX - w, midX = bounds.midX - w / 2
        let low = bounds.minY, high = bounds.maxY - h, midY = bounds.midY - h / 2
        switch gravity {
        case .center: return at(midX, midY)
        case .top: return at(midX, high)
        case .bottom: return at(midX, low)
        case .left: return at(left, midY)
        case .right: return at(right, midY)
        case .topLeft: return at(left, high)
        case .topRight: return at(right, high)
        case .bottomLeft: return at(left, low)
        case .bottomRight: return at(right, low)
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return .zero }
            let fit = gravity == .resizeAspect ? min(bounds.width / w, bounds.height / h) : max(bounds.width / w, bounds.height / h)
            let size = CGSize(width: w * fit, height: h * fit)
            return CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2, width: size.width, height: size.height)
        default: return bounds
        }
    }

    /// Draws the `source` pixels of `image` into `dest` (layer coordinates), its first row at
    /// `dest`'s min y (y down), or at its max y when `turned`; clipped to `dest` grown past the
    /// aliased sides of `reaching` it lies on.
    /// With `blend`, the mipmap levels are drawn over the same rectangle as the image, mixed.
    static func drawPortion(_ image: CGImage, source: CGRect, into dest: CGRect, in ctx: CGContext, reaching: AliasedOutline? = nil,
                            blend: MipmapBlend? = nil, turned: Bool = false) {
        guard source.width > 0, source.height > 0, dest.width > 0, dest.height > 0 else { return }
        let sx = dest.width / source.width, sy = dest.height / source.height
        let height = CGFloat(image.height) * sy
        // Where the whole image would lie for `source` to land on `dest`.
        let whole = CGRect(x: dest.minX - source.minX * sx, y: turned ? dest.maxY + source.minY * sy - height : dest.minY - source.minY * sy,
                           width: CGFloat(image.width) * sx, height: height)
        ctx.saveGState()
        // The image is drawn with its edge pixels repeated (pad), so a grown clip shows them.
        ctx.clip(to: reaching?.grown(dest) ?? dest)
        // Core Graphics puts an image's first row at the rect's max y: turned, that is it;
        // upright, flip about the rect.
        if !turned {
            ctx.translateBy(x: 0, y: whole.minY + whole.maxY)
            ctx.scaleBy(x: 1, y: -1)
        }
        if let blend, let upper = blend.upper, blend.t > 0 {
            // (1 − t)·lower + t·upper: added in a layer of their own, then composited as one.
            ctx.beginTransparencyLayer(in: whole, auxiliaryInfo: nil)
            ctx.setAlpha(1 - blend.t)
            ctx.draw(blend.lower, in: whole)
            ctx.setAlpha(blend.t)
            ctx.setBlendMode(.plusLighter)
            ctx.draw(upper, in: whole)
            ctx.endTransparencyLayer()
        } else {
            ctx.draw(blend?.lower ?? image, in: whole)
        }
        ctx.restoreGState()
    }

    /// Nine-part scaling: the corners keep their size, the edges stretch one way, the center both.
    /// `turned`: the image's top rows go to the target's max y (the parts mirrored about it).
    static func drawNinePart(_ image: CGImage, source: CGRect, center: CGRect, scale: CGFloat, target: CGRect, in ctx: CGContext,
                             reaching: AliasedOutline? = nil, blend: MipmapBlend? = nil, turned: Bool = false) {
        let xs = [source.minX, source.minX + center.minX * source.width, source.minX + center.maxX * source.width, source.maxX]
        let ys = [source.minY, source.minY + center.minY * source.height, source.minY + center.maxY * source.height, source.maxY]
        var left = (xs[1] - xs[0]) / scale, right = (xs[3] - xs[2]) / scale
        var top = (ys[1] - ys[0]) / scale, bottom = (ys[3] - ys[2]) / scale
        // Caps larger than the target shrink proportionally.
        if left + right > target.width, left + right > 0 { let k = target.width / (left + right); left *= k; right *= k }
        if top + bottom > target.height, top + bottom > 0 { let k = target.height / (top + bottom); top *= k; bottom *= k }
        let dxs = [target.minX, target.minX + left, target.maxX - right, target.maxX]
        let dys = [target.minY, target.minY + top, target.maxY - bottom, target.maxY]
        for i in 0..<3 {
            for j in 0..<3 {
                let s = CGRect(x: xs[i], y: ys[j], width: xs[i + 1] - xs[i], height: ys[j + 1] - ys[j])
                var d = CGRect(x: dxs[i], y: dys[j], width: dxs[i + 1] - dxs[i], height: dys[j + 1] - dys[j])
                if turned { d.origin.y = target.minY + target.maxY - d.maxY }
                drawPortion(image, source: s, into: d, in: ctx, reaching: reaching, blend: blend, turned: turned)
            }
        }
    }
}

extension CALayerContentsGravity {
    /// The same gravity with top and bottom exchanged.
    var flippedVertically: CALayerContentsGravity {
        switch self {
        case .top: return .bottom
        case .bottom: return .top
        case .topLeft: return .bottomLeft
        case .topRight: return .bottomRight
        case .bottomLeft: return .topLeft
        case .bottomRight: return .topRight
        default: return self
        }
    }
}
