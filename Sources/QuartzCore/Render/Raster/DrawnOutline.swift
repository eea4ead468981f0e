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

    /// Whether `toDevice` keeps shapes' proportions (turns, a uniform scale, a mirror, moves):
    /// the kernel measures distances in device pixels with one scale.
    static func isSimilarity(_ t: CGAffineTransform) -> Bool {
        let lengthX = t.a * t.a + t.b * t.b, lengthY = t.c * t.c + t.d * t.d
        let tolerance = 1e-9 * max(lengthX, lengthY)
        return lengthX > 0 && abs(lengthX - lengthY) <= tolerance && abs(t.a * t.c + t.b * t.d) <= tolerance
    }
}
