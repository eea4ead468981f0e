import CoreGraphics
import CLaminaKernels

/// A layer's own drawing that is nothing but a background and a border over its rounded bounds
/// (a tile, a button's plate, a card), described so that the compositor draws it from its
/// outline (`lamina_rounded_rect_over`) wherever the texture would be resampled: turned, scaled
/// or off the pixel grid. Sampling reads the texels of every edge pixel, and a thousand turned
/// tiles' textures do not stay in cache from frame to frame; the outline costs arithmetic only.
/// The texture is still made: blits on whole pixels, damage and the renderers use it.
enum DrawnOutline {
    /// The outline of `layer`'s own drawing (the layer as its texture draws it: at its bounds'
    /// origin zero) whose bounds lie at `outline` in texture pixels, drawn at `scale` texture
    /// pixels per point. Nil when the drawing holds anything else (contents, a subclass's
    /// content), its corners are continuous, or it draws nothing.
    static func of(_ layer: LayerSnapshot, outline: CGRect, scale: CGFloat) -> lamina_rounded_rect? {
        guard layer.contents == nil, layer.content == nil, layer.bounds.width > 0, layer.bounds.height > 0,
              layer.bounds.size.width.isFinite, layer.bounds.size.height.isFinite, scale > 0 else { return nil }
        let fill = layer.backgroundColor.map(premultipliedARGB) ?? 0
        let border = layer.hasVisibleBorder ? layer.borderColor.map(premultipliedARGB) ?? 0 : 0
        guard fill != 0 || border != 0 else { return nil }
        let radius = layer.effectiveCornerRadius
        guard radius == 0 || layer.maskedCorners.isEmpty || layer.cornerCurve == .circular else { return nil }
        var shape = lamina_rounded_rect()
        (shape.x0, shape.y0) = (Double(outline.minX), Double(outline.minY))
        (shape.x1, shape.y1) = (Double(outline.maxX), Double(outline.maxY))
        shape.radius = Double(radius * scale)
        shape.border = border != 0 ? Double(layer.borderWidth * scale) : 0
        shape.rounded = corners(layer.maskedCorners)
        shape.fill = fill
        shape.border_color = border
        return shape
    }

    /// The kernel's corner bits for a corner mask (texel rows run down, as the layer's y does).
    static func corners(_ mask: CACornerMask) -> UInt32 {
        var bits: UInt32 = 0
        if mask.contains(.layerMinXMinYCorner) { bits |= UInt32(LAMINA_CORNER_X0Y0) }
        if mask.contains(.layerMaxXMinYCorner) { bits |= UInt32(LAMINA_CORNER_X1Y0) }
        if mask.contains(.layerMinXMaxYCorner) { bits |= UInt32(LAMINA_CORNER_X0Y1) }
        if mask.contains(.layerMaxXMaxYCorner) { bits |= UInt32(LAMINA_CORNER_X1Y1) }
        return bits
    }

    /// A color as the texture's pixels hold it when filled with it: premultiplied ARGB32,
    /// each channel rounded as cairo rounds a solid source (through 16 bits).
    static func premultipliedARGB(_ color: CGColor) -> UInt32 {
        let c = color.rgba
        let a = min(max(c.a, 0), 1)
        func channel(_ v: Double) -> UInt32 { UInt32(min(max(v, 0), 1) * 65535 + 0.5) >> 8 }
        return channel(a) << 24 | channel(c.r * a) << 16 | channel(c.g * a) << 8 | channel(c.b * a)
    }

    /// The texels an outline's drawing paints with its background alone, whole (`flat_*`, no
    /// pixels): those inside its outline when it has a background, no border and square
    /// corners; nil otherwise (the drawn texels are read then). Its color is the one the drawing
    /// paints (`DrawnOutline.premultipliedARGB` rounds as cairo does).
    static func flatFill(of shape: lamina_rounded_rect) -> lamina_texture? {
        guard shape.fill != 0, shape.border == 0 || shape.border_color == 0, shape.radius == 0 || shape.rounded == 0 else { return nil }
        let x0 = shape.x0.rounded(.up), y0 = shape.y0.rounded(.up), x1 = shape.x1.rounded(.down), y1 = shape.y1.rounded(.down)
        let limit = Double(Int32.max / 2)
        guard x0 < x1, y0 < y1, [x0, y0, x1, y1].allSatisfy({ abs($0) < limit }) else { return nil }
        var texels = lamina_texture()
        (texels.flat_x0, texels.flat_y0, texels.flat_x1, texels.flat_y1) = (Int32(x0), Int32(y0), Int32(x1), Int32(y1))
        texels.flat_color = shape.fill
        return texels
    }

    /// Whether `toDevice` keeps shapes' proportions (turns, a uniform scale, a mirror, moves):
    /// the kernel measures distances in device pixels with one scale.
    static func isSimilarity(_ t: CGAffineTransform) -> Bool {
        let lengthX = t.a * t.a + t.b * t.b, lengthY = t.c * t.c + t.d * t.d
        let tolerance = 1e-9 * max(lengthX, lengthY)
        return lengthX > 0 && abs(lengthX - lengthY) <= tolerance && abs(t.a * t.c + t.b * t.d) <= tolerance
    }
}
