import Foundation

// The shape node (`CAShapeLayer`): its path filled and stroked (`ShapeContent`), its extent (the
// bounds joined with the stroke's reach, `ShapeContent.extent`), how it draws
// (`ShapeContent.draw`), and how its texture is kept and redrawn in part while a stroke animates
// (`TextureCache`'s shape textures, below): it is placed as the layer's own texture.

/// A shape layer's drawing: its path filled, then the part between `strokeStart` and
/// `strokeEnd` stroked. A value of the snapshot (`LayerContent.shape`), so that animations of
/// its numbers and colors are evaluated on the render thread like any other property.
struct ShapeContent: Hashable, Sendable {
    var path: CGPath? { didSet { measurePath() } }
    var fillColor: CGColor?
    var fillRule: CAShapeLayerFillRule
    var strokeColor: CGColor?
    var strokeStart: CGFloat
    var strokeEnd: CGFloat
    var lineWidth: CGFloat { didSet { measureStroke() } }
    var miterLimit: CGFloat { didSet { measureStroke() } }
    var lineCap: CAShapeLayerLineCap { didSet { measureStroke() } }
    var lineJoin: CAShapeLayerLineJoin { didSet { measureStroke() } }
    var lineDashPhase: CGFloat
    var lineDashPattern: [CGFloat]?
    /// Added to the path's coordinates when drawing: a texture drawn with the bounds' origin at
    /// zero shifts the shape with it (`movedToOrigin(from:)`).
    var offset = CGPoint.zero

    // Worked out when the path or the stroke's parameters change, not at every look-up: looks
    // are hashed and measured several times a frame for each animated shape.
    /// The path's hash (looks hash it instead of its elements).
    private(set) var pathHash = 0
    /// The path's curves' box.
    private(set) var pathBox = CGRect.null
    /// How far the stroke reaches from the path (see `measureStroke`).
    private(set) var strokeReach: CGFloat = 0
    /// The path measured for cutting by length (every frame of a `strokeEnd` animation cuts it).
    private(set) var trimmable: TrimmablePath?

    init(path: CGPath?, fillColor: CGColor?, fillRule: CAShapeLayerFillRule, strokeColor: CGColor?, strokeStart: CGFloat,
         strokeEnd: CGFloat, lineWidth: CGFloat, miterLimit: CGFloat, lineCap: CAShapeLayerLineCap, lineJoin: CAShapeLayerLineJoin,
         lineDashPhase: CGFloat, lineDashPattern: [CGFloat]?) {
        self.path = path
        self.fillColor = fillColor
        self.fillRule = fillRule
        self.strokeColor = strokeColor
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
        self.lineWidth = lineWidth
        self.miterLimit = miterLimit
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPhase = lineDashPhase
        self.lineDashPattern = lineDashPattern
        measurePath()
    }

    private mutating func measurePath() {
        pathHash = path?.hashValue ?? 0
        pathBox = path?.boundingBoxOfPath ?? .null
        trimmable = path.flatMap { $0.isEmpty ? nil : TrimmablePath($0) }
        measureStroke()
    }

    /// How far the stroke can reach from the path: half the width, times the longest miter at a
    /// corner of the path (within `miterLimit`), or √2 for square caps (a cut by strokeStart or
    /// strokeEnd can put a cap anywhere), and a pixel for antialiasing.
    private mutating func measureStroke() {
        var factor: CGFloat = lineCap == .square ? 2.squareRoot() : 1
        if lineJoin == .miter, miterLimit > 1, let path { factor = max(factor, ShapeCorners.longestMiter(of: path, limit: miterLimit)) }
        strokeReach = max(lineWidth, 0) / 2 * factor + 1
    }

    /// The numbers first and the path last, by identity before its elements: animated looks
    /// are compared every frame, and mostly differ in a number.
    static func == (a: ShapeContent, b: ShapeContent) -> Bool {
        a.strokeEnd == b.strokeEnd && a.strokeStart == b.strokeStart && a.sameButTheEnds(as: b)
    }

    /// `==` but for `strokeStart` and `strokeEnd` (asked for each running stroke every frame:
    /// no copy of the shape to compare).
    func sameButTheEnds(as b: ShapeContent) -> Bool {
        lineWidth == b.lineWidth && lineDashPhase == b.lineDashPhase && offset == b.offset && miterLimit == b.miterLimit
            && fillRule == b.fillRule && lineCap == b.lineCap && lineJoin == b.lineJoin && pathHash == b.pathHash
            && fillColor == b.fillColor && strokeColor == b.strokeColor && lineDashPattern == b.lineDashPattern
            && (path === b.path || path == b.path)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(pathHash)
        hasher.combine(fillColor)
        hasher.combine(strokeColor)
        hasher.combine(strokeStart)
        hasher.combine(strokeEnd)
        hasher.combine(lineWidth)
        hasher.combine(lineDashPhase)
        hasher.combine(offset.x)
        hasher.combine(offset.y)
    }

    /// The keys of the properties that animate (and that `value(forKey:)` reads).
    static let animatableKeys: Set<String> = ["path", "fillColor", "strokeColor", "strokeStart", "strokeEnd", "lineWidth",
                                              "miterLimit", "lineDashPhase"]

    /// The same shape for a layer whose bounds' origin moved from `origin` to zero.
    func movedToOrigin(from origin: CGPoint) -> ShapeContent {
        var moved = self
        moved.offset = CGPoint(x: offset.x - origin.x, y: offset.y - origin.y)
        return moved
    }

    private var strokes: Bool { (strokeColor?.alpha ?? 0) > 0 && lineWidth > 0 && strokeEnd > strokeStart }
    private var fills: Bool { (fillColor?.alpha ?? 0) > 0 }

    /// Everything the shape paints, in layer coordinates: the path's box grown by the farthest
    /// reach of its stroke (half the width; more at miter joins and square caps). Null when it
    /// paints nothing.
    var extent: CGRect {
        guard fills || strokes, !pathBox.isNull, pathBox.isFiniteRect else { return .null }
        let grown = strokes ? pathBox.insetBy(dx: -strokeReach, dy: -strokeReach) : pathBox
        return grown.offsetBy(dx: offset.x, dy: offset.y)
    }

    /// Whether a texture showing `old` can be drawn over into this shape by `redraws`: they
    /// differ in `strokeStart` and `strokeEnd` alone, neither strokes the whole path (a closed
    /// one joins where a cut one has caps) or nothing, no dashes (they run from the stroke's
    /// start) and one subpath.
    func canBeRedrawnInPart(over old: ShapeContent) -> Bool {
        guard strokes, old.strokes, lineDashPattern == nil || dashes == nil, let trimmable, trimmable.hasOneSubpath,
              trimmable.length > 0, trimmable.length.isFinite, sameButTheEnds(as: old) else { return false }
        func unit(_ v: CGFloat) -> CGFloat { min(max(v, 0), 1) }
        let (s0, e0, s1, e1) = (unit(old.strokeStart), unit(old.strokeEnd), unit(strokeStart), unit(strokeEnd))
        return e0 > s0 && e1 > s1 && (s0 > 0 || e0 < 1) && (s1 > 0 || e1 < 1)
    }

    /// What to draw over a texture showing `old` to make it show this shape, when
    /// `canBeRedrawnInPart(over:)`: for each end that moved, a rectangle (layer coordinates)
    /// around the part of the path between its two places, grown by the stroke's reach, and the
    /// piece of the path to stroke there (clipped to it, over the fill): the stroke from a
    /// little before that part to its end, where the rest of the stroke comes nowhere near the
    /// rectangle (so the piece's own cap stays outside it; a ring's end nearing its start
    /// strokes from the start). A growing ring thus strokes its new arc, not the ring.
    ///
    /// The pixels inside a rectangle are a stroke of the same curve, flattened from other cuts
    /// than a whole redraw's: they may differ from it by a few levels along the edges.
    func redraws(since old: ShapeContent) -> [(rect: CGRect, stroked: CGPath)]? {
        guard canBeRedrawnInPart(over: old), let trimmable else { return nil }
        func unit(_ v: CGFloat) -> CGFloat { min(max(v, 0), 1) }
        let (s0, e0, s1, e1) = (unit(old.strokeStart), unit(old.strokeEnd), unit(strokeStart), unit(strokeEnd))
        var result: [(rect: CGRect, stroked: CGPath)] = []
        // How far back the piece starts at first: twice the reach and a point, as a fraction.
        let margin = (2 * strokeReach + 1) / trimmable.length
        func region(_ lo: CGFloat, _ hi: CGFloat) -> CGRect? {
            let part = trimmable.box(from: lo, to: hi)
            return part.isNull ? nil : part.insetBy(dx: -strokeReach, dy: -strokeReach)
        }
        if e0 != e1 {
            let lo = min(e0, e1), hi = max(e0, e1)
            guard let rect = region(lo, hi) else { return nil }
            var from = max(s1, lo - margin), step = margin
            while from > s1, trimmable.comesNear(rect, from: s1, to: from, reach: strokeReach) {
                step *= 2
                from = step > 1 ? s1 : max(s1, lo - step)
            }
            result.append((rect, trimmable.copy(trimmingFrom: from, to: e1)))
        }
        if s0 != s1 {
            let lo = min(s0, s1), hi = max(s0, s1)
            guard let rect = region(lo, hi) else { return nil }
            var to = min(e1, hi + margin), step = margin
            while to < e1, trimmable.comesNear(rect, from: to, to: e1, reach: strokeReach) {
                step *= 2
                to = step > 1 ? e1 : min(e1, hi + step)
            }
            result.append((rect, trimmable.copy(trimmingFrom: s1, to: to)))
        }
        return result.map { ($0.rect.offsetBy(dx: offset.x, dy: offset.y), $0.stroked) }
    }

    /// The dash lengths to stroke with; nil for a solid stroke (also for a bad pattern, which
    /// `CAShapeLayer` reported when it was set).
    private var dashes: [CGFloat]? {
        guard let pattern = lineDashPattern, !pattern.isEmpty, Self.isValidDashPattern(pattern) else { return nil }
        // An odd count repeats, as Core Graphics' dash arrays do.
        return pattern.count % 2 == 1 ? pattern + pattern : pattern
    }

    /// Whether a dash pattern can be stroked: lengths finite, none negative, one above zero.
    static func isValidDashPattern(_ pattern: [CGFloat]) -> Bool {
        pattern.isEmpty || pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) && pattern.contains(where: { $0 > 0 })
    }

    /// The part of the path that is stroked (between `strokeStart` and `strokeEnd`), in the
    /// path's coordinates; nil when nothing is stroked.
    var strokedPath: CGPath? {
        guard let path, !path.isEmpty, strokeColor != nil, strokes else { return nil }
        let stroked = trimmable?.copy(trimmingFrom: strokeStart, to: strokeEnd) ?? path.copy(trimmingFrom: strokeStart, to: strokeEnd)
        return stroked.isEmpty ? nil : stroked
    }

    /// Fills, then strokes, in the context's current user space (the layer's coordinates).
    func draw(in ctx: CGContext) {
        draw(in: ctx, stroking: strokedPath)
    }

    /// Fills, then strokes `stroked` (this shape's `strokedPath`, worked out by the caller).
    func draw(in ctx: CGContext, stroking stroked: CGPath?) {
        guard let path, !path.isEmpty, fills || strokes else { return }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        if offset != .zero { ctx.translateBy(x: offset.x, y: offset.y) }
        if let fillColor, fills {
            ctx.addPath(path)
            ctx.setFillColor(fillColor)
            ctx.fillPath(using: fillRule == .evenOdd ? .evenOdd : .winding)
        }
        guard let strokeColor, strokes, let stroked else { return }
        ctx.addPath(stroked)
        ctx.setStrokeColor(strokeColor)
        ctx.setLineWidth(lineWidth)
        ctx.setMiterLimit(miterLimit)
        ctx.setLineCap(lineCap == .round ? .round : lineCap == .square ? .square : .butt)
        ctx.setLineJoin(lineJoin == .round ? .round : lineJoin == .bevel ? .bevel : .miter)
        if let dashes { ctx.setLineDash(phase: lineDashPhase, lengths: dashes) }
        ctx.strokePath()
    }

    // MARK: Animation (the render thread's `SnapshotTarget`)

    func value(forKey key: String) -> Any? {
        switch key {
        case "path": return path
        case "fillColor": return fillColor
        case "strokeColor": return strokeColor
        case "strokeStart": return NSNumber(value: Double(strokeStart))
        case "strokeEnd": return NSNumber(value: Double(strokeEnd))
        case "lineWidth": return NSNumber(value: Double(lineWidth))
        case "miterLimit": return NSNumber(value: Double(miterLimit))
        case "lineDashPhase": return NSNumber(value: Double(lineDashPhase))
        default: return nil
        }
    }

    /// Writes an animated number of `animatableKeys` (finite: `ScalarAnimation` checked it),
    /// as `setValue` would, without boxing it (500 spinners write one a frame each).
    mutating func setNumber(_ number: CGFloat, forKey key: String) {
        switch key {
        case "strokeStart": strokeStart = number
        case "strokeEnd": strokeEnd = number
        case "lineWidth": lineWidth = number
        case "miterLimit": miterLimit = number
        case "lineDashPhase": lineDashPhase = number
        default: setValue(NSNumber(value: Double(number)), forKey: key)
        }
    }

    /// Writes an animated value; values of the wrong kind or not finite are ignored.
    mutating func setValue(_ value: Any?, forKey key: String) {
        let number = Boxing.number(value).map { CGFloat($0) }.flatMap { $0.isFinite ? $0 : nil }
        switch key {
        case "path": path = value as? CGPath
        case "fillColor": fillColor = value as? CGColor
        case "strokeColor": strokeColor = value as? CGColor
        case "strokeStart": if let number { strokeStart = number }
        case "strokeEnd": if let number { strokeEnd = number }
        case "lineWidth": if let number { lineWidth = number }
        case "miterLimit": if let number { miterLimit = number }
        case "lineDashPhase": if let number { lineDashPhase = number }
        default: break
        }
    }
}

/// The corners of a path, for how far miter joins reach.
enum ShapeCorners {
    /// The longest miter at any corner of `path`, in half line widths, counting only miters
    /// within `limit` (longer ones are beveled, which reach no farther than half the width).
    static func longestMiter(of path: CGPath, limit: CGFloat) -> CGFloat {
        var longest: CGFloat = 1
        var previous: CGVector?         // the direction arriving at the current point
        var firstDirection: CGVector?   // the direction leaving the subpath's start
        var current = CGPoint.zero, start = CGPoint.zero
        func corner(_ into: CGVector?, _ out: CGVector?) {
            guard let a = into, let b = out else { return }
            // The miter over half the width is 1 / sin(θ/2), θ the angle between the segments;
            // the turn φ = π − θ has cos φ = a·b, and sin(θ/2) = cos(φ/2) = √((1 + cos φ) / 2).
            let cosTurn = max(-1, min(1, a.dx * b.dx + a.dy * b.dy))
            let sinHalfTheta = ((1 + cosTurn) / 2).squareRoot()
            guard sinHalfTheta > 0 else { return }
            let miter = 1 / sinHalfTheta
            if miter <= limit { longest = max(longest, miter) }
        }
        func direction(_ from: CGPoint, _ to: CGPoint) -> CGVector? {
            let dx = to.x - from.x, dy = to.y - from.y, d = hypot(dx, dy)
            return d > 0 && d.isFinite ? CGVector(dx: dx / d, dy: dy / d) : nil
        }
        func segment(_ controls: [CGPoint], to end: CGPoint) {
            let points = [current] + controls + [end]
            // Tangents at the ends: toward the first control point that differs.
            let out = points.dropFirst().lazy.compactMap { direction(current, $0) }.first
            let into = points.dropLast().reversed().lazy.compactMap { direction($0, end) }.first
            if previous == nil && firstDirection == nil { firstDirection = out } else { corner(previous, out) }
            if let into { previous = into }
            current = end
        }
        path.applyWithBlock { element in
            let e = element.pointee
            switch e.type {
            case .moveToPoint:
                current = e.points[0]; start = current; previous = nil; firstDirection = nil
            case .addLineToPoint: segment([], to: e.points[0])
            case .addQuadCurveToPoint: segment([e.points[0]], to: e.points[1])
            case .addCurveToPoint: segment([e.points[0], e.points[1]], to: e.points[2])
            case .closeSubpath:
                if current != start { segment([], to: start) }
                corner(previous, firstDirection)
                previous = nil; firstDirection = nil
            @unknown default: break
            }
        }
        return longest
    }
}

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
