/// The sides of a layer's outline that are drawn aliased: a device pixel is inside or outside by
/// its center, with no partial coverage along that side (iOS draws a layer's transformed edges
/// so unless `allowsEdgeAntialiasing` is on, and then only the sides `edgeAntialiasingMask`
/// leaves out). Both renderers read it: the compositor's kernels as `lamina_edges` bits
/// (`LAMINA_ALIAS_X0` … have the same values), the layer renderer as aliased cuts.
struct AliasedEdges: OptionSet, Hashable {
    let rawValue: UInt8

    /// The layer's minX side (`layerLeftEdge`).
    static let minX = AliasedEdges(rawValue: 1 << 0)
    /// The layer's maxX side (`layerRightEdge`).
    static let maxX = AliasedEdges(rawValue: 1 << 1)
    /// The layer's minY side (`layerBottomEdge`).
    static let minY = AliasedEdges(rawValue: 1 << 2)
    /// The layer's maxY side (`layerTopEdge`).
    static let maxY = AliasedEdges(rawValue: 1 << 3)
    static let all: AliasedEdges = [.minX, .maxX, .minY, .maxY]
}

extension LayerSnapshot {
    /// The sides of its outline drawn aliased: all of them unless `allowsEdgeAntialiasing`,
    /// else those `edgeAntialiasingMask` leaves out (its bits name the same sides).
    var aliasedEdges: AliasedEdges {
        guard allowsEdgeAntialiasing else { return .all }
        return AliasedEdges(rawValue: ~UInt8(truncatingIfNeeded: edgeAntialiasingMask.rawValue) & AliasedEdges.all.rawValue)
    }
}

/// A layer's outline as the layer renderer cuts it aliased: its own drawing (background,
/// contents, subclass content, border) is drawn reaching a little past the aliased sides, then
/// cut there by pixel centers (cairo's `CAIRO_ANTIALIAS_NONE`), so that a pixel along such a
/// side is wholly the drawing or untouched, as the compositor's kernels cut a texture's outline.
/// Nil when there is nothing to cut: no aliased side, or an outline on whole device pixels.
struct AliasedOutline {
    /// The layer's own extent (`LayerContents.ownExtent`), in its coordinates.
    let outline: CGRect
    let sides: AliasedEdges
    /// How far the drawing reaches past an aliased side, in layer units: more than half a
    /// pixel's diagonal, so that every pixel whose center is inside is wholly covered.
    let reach: CGFloat

    init?(_ layer: LayerSnapshot, in ctx: CGContext) {
        let sides = layer.aliasedEdges
        guard !sides.isEmpty else { return nil }
        let outline = LayerNode.ownExtent(of: layer)
        guard outline.width > 0, outline.height > 0, outline.isFiniteRect else { return nil }
        let m = ctx.ctm
        // Device pixels per layer unit along each axis; the smaller one sets the reach.
        let perUnit = min((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
        guard perUnit > 1e-9, perUnit.isFinite else { return nil }
        if m.b == 0, m.c == 0 {
            // Not turned: nothing to cut when the sides land on whole pixels.
            let corners = [CGPoint(x: outline.minX, y: outline.minY), CGPoint(x: outline.maxX, y: outline.maxY)].map { $0.applying(m) }
            func whole(_ v: CGFloat) -> Bool { abs(v - v.rounded()) < 1e-6 }
            if corners.allSatisfy({ whole($0.x) && whole($0.y) }) { return nil }
        }
        self.outline = outline
        self.sides = sides
        reach = 1.5 / perUnit
    }

    /// `rect` (a piece of the drawing) with its sides that lie on an aliased side of the outline
    /// moved out by the reach.
    func grown(_ rect: CGRect) -> CGRect {
        let on = sides(of: rect)
        var x0 = rect.minX, y0 = rect.minY, x1 = rect.maxX, y1 = rect.maxY
        if on.contains(.minX) { x0 -= reach }
        if on.contains(.maxX) { x1 += reach }
        if on.contains(.minY) { y0 -= reach }
        if on.contains(.maxY) { y1 += reach }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The sides of `rect` that lie on aliased sides of the outline.
    func sides(of rect: CGRect) -> AliasedEdges {
        func on(_ a: CGFloat, _ b: CGFloat) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        var found: AliasedEdges = []
        if sides.contains(.minX), on(rect.minX, outline.minX) { found.insert(.minX) }
        if sides.contains(.maxX), on(rect.maxX, outline.maxX) { found.insert(.maxX) }
        if sides.contains(.minY), on(rect.minY, outline.minY) { found.insert(.minY) }
        if sides.contains(.maxY), on(rect.maxY, outline.maxY) { found.insert(.maxY) }
        return found
    }

    /// `shape`'s outline reaching past the aliased sides it lies on (`LayerShape.reachingPath`).
    func reaching(_ shape: LayerShape) -> CGPath {
        shape.reachingPath(past: sides(of: shape.bounds), by: reach)
    }

    /// `shape`'s border ring of `width` reaching past the aliased sides it lies on.
    func reachingBorder(_ shape: LayerShape, width: CGFloat) -> CGPath {
        shape.reachingBorderPath(width: width, past: sides(of: shape.bounds), by: reach)
    }

    /// The rectangle cut by pixel centers: the outline on its aliased sides, left open (moved
    /// out well past any antialiased fringe) on the others.
    var cut: CGRect {
        let open = 4 * reach
        let x0 = sides.contains(.minX) ? outline.minX : outline.minX - open
        let x1 = sides.contains(.maxX) ? outline.maxX : outline.maxX + open
        let y0 = sides.contains(.minY) ? outline.minY : outline.minY - open
        let y1 = sides.contains(.maxY) ? outline.maxY : outline.maxY + open
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Draws `body` (drawing that reaches past the aliased sides) cut there by pixel centers.
    /// Turned, or when it must fade as one picture (`asOnePicture`), it is drawn aside on the
    /// device's pixels and cut in one aliased fill (`CGContext.drawCut`): under a turned clip
    /// cairo would mask each of its fills. Otherwise it clips: upright, the clip is whole
    /// pixels, which cairo applies to a fill for nothing.
    func draw(in ctx: CGContext, asOnePicture: Bool = false, _ body: (CGContext) -> Void) {
        let m = ctx.ctm
        if m.b == 0, m.c == 0, !asOnePicture {
            ctx.saveGState()
            ctx.clipByPixelCenters(to: cut)
            body(ctx)
            ctx.restoreGState()
        } else {
            ctx.drawCut(byPixelCentersTo: cut, body)
        }
    }
}
