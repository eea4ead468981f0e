import LaminaHost

/// A 16384×16384-point procedurally drawn map in a `CATiledLayer`: scroll to zoom about the
/// pointer (from the whole map to 8×), drag to pan. Tiles are drawn on background threads as
/// they come into view, at the level of detail the zoom needs, and fade in; the main thread only
/// moves the layer. A coarse overview (one image of the whole map, drawn once) stands in under
/// tiles not drawn yet while zoomed out (to 1/8); further in, tiles of coarser levels do.
public final class TiledMapDemo: DemoView {
    /// The tiled layer (its transform is the zoom, its position the pan).
    public let map = MapLayer()
    private let overview = CALayer()
    private let board = CALayer()
    private let hint = TextLayer(TextLayout("scroll to zoom, drag to pan", fontSize: 14, color: CGColor(gray: 0.15, alpha: 1)))
    private var zoom: CGFloat = 0
    private var grab: CGPoint?

    /// The map at 1/16, its middle in the middle of the view.
    public override init() {
        super.init()
        layer.backgroundColor = Self.color(0.12, 0.2, 0.3)
        // The map and its stand-in move together on one board.
        board.anchorPoint = .zero
        board.bounds = CGRect(x: 0, y: 0, width: MapLayer.side, height: MapLayer.side)
        overview.frame = board.bounds
        overview.contents = MapLayer.overview(pixels: 512)
        overview.magnificationFilter = .linear
        board.addSublayer(overview)
        map.frame = board.bounds
        board.addSublayer(map)
        layer.addSublayer(board)
        hint.frame = CGRect(x: 12, y: 10, width: 260, height: 20)
        hint.zPosition = 1
        layer.addSublayer(hint)
        hint.setNeedsDisplay()
        setZoom(0.0625, about: CGPoint(x: 320, y: 240), keeping: CGPoint(x: MapLayer.side / 2, y: MapLayer.side / 2))
    }

    /// Zooms so that map point `mapPoint` sits under view point `at`.
    private func setZoom(_ newZoom: CGFloat, about at: CGPoint, keeping mapPoint: CGPoint) {
        zoom = min(max(newZoom, 1.0 / 64), 8)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        board.transform = CATransform3DMakeScale(zoom, zoom, 1)
        // A plain layer is drawn into a texture at the scale it is shown at: past 1/8 the
        // overview's would be larger than the screen many times over (the tiles do not have
        // this problem: only those in view are drawn). The coarser tiles stand in from there.
        overview.isHidden = zoom > 0.125
        board.position = CGPoint(x: at.x - mapPoint.x * zoom, y: at.y - mapPoint.y * zoom)
        CATransaction.commit()
    }

    private func mapPoint(under point: CGPoint) -> CGPoint {
        CGPoint(x: (point.x - board.position.x) / zoom, y: (point.y - board.position.y) / zoom)
    }

    public override func scrollWheel(with event: ScrollEvent) {
        // A wheel step (10 points) zooms by 1.25; scrolling up zooms in.
        let factor = pow(1.25, -event.deltaY / 10)
        setZoom(zoom * factor, about: event.location, keeping: mapPoint(under: event.location))
    }

    public override func mouseDown(with event: PointerEvent) { grab = mapPoint(under: event.location) }

    public override func mouseDragged(with event: PointerEvent) {
        guard let grab else { return }
        setZoom(zoom, about: event.location, keeping: grab)
    }

    public override func mouseUp(with event: PointerEvent) { grab = nil }
}

/// The map: levels from the whole map on a tile (1/64) to 8× (`levelsOfDetailBias` 3), drawn
/// from the tile's clip and scale alone, so any thread can draw any tile.
public final class MapLayer: CATiledLayer {
    /// The map's side in points.
    public static let side: CGFloat = 16384

    /// The map with its levels set.
    public override init() {
        super.init()
        levelsOfDetail = 7
        levelsOfDetailBias = 3
    }

    /// A presentation copy.
    public override init(layer: Any) { super.init(layer: layer) }
    /// Not archived: a fresh map.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// Draws the tile the context's clip and scale describe (on a background thread).
    public override func draw(in ctx: CGContext) {
        Self.drawMap(in: ctx, rect: ctx.boundingBoxOfClipPath, pixelsPerPoint: ctx.ctm.a)
    }

    /// The whole map as one image of `pixels` a side.
    static func overview(pixels: Int) -> CGImage? {
        guard let c = CGContext(data: nil, width: pixels, height: pixels, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(),
                                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        let scale = CGFloat(pixels) / MapLayer.side
        c.translateBy(x: 0, y: CGFloat(pixels))
        c.scaleBy(x: scale, y: -scale)
        drawMap(in: c, rect: CGRect(x: 0, y: 0, width: MapLayer.side, height: MapLayer.side), pixelsPerPoint: scale)
        return c.makeImage()
    }

    /// A number from 0 to 1 for a cell: the same on every thread and run.
    static func hash(_ x: Int, _ y: Int, _ salt: Int = 0) -> CGFloat {
        var h = UInt64(bitPattern: Int64(x &* 73_856_093 ^ y &* 19_349_663 ^ salt &* 83_492_791))
        h ^= h >> 33; h &*= 0xff51_afd7_ed55_8ccd; h ^= h >> 33; h &*= 0xc4ce_b9fe_1a85_ec53; h ^= h >> 33
        return CGFloat(h % 10_000) / 10_000
    }

    /// Draws the map over `rect` (layer points) with detail for `pixelsPerPoint`: land and water
    /// in 512-point cells, blocks, then roads of four ranks (each drawn once its spacing is six
    /// pixels or more), and towns.
    static func drawMap(in ctx: CGContext, rect: CGRect, pixelsPerPoint ppp: CGFloat) {
        let area = rect.intersection(CGRect(x: 0, y: 0, width: MapLayer.side, height: MapLayer.side))
        guard !area.isNull, area.width > 0, ppp > 0 else { return }
        func cells(_ step: CGFloat) -> (ClosedRange<Int>, ClosedRange<Int>) {
            (Int(area.minX / step)...max(Int(area.minX / step), Int((area.maxX - 1e-9) / step)),
             Int(area.minY / step)...max(Int(area.minY / step), Int((area.maxY - 1e-9) / step)))
        }
        // Land and water.
        let (cx, cy) = cells(512)
        for y in cy {
            for x in cx {
                let region = hash(x / 4, y / 4, 1), v = hash(x, y, 2)
                let water = region < 0.22 || (region < 0.35 && v < 0.5)
                if water {
                    ctx.setFillColor(red: 0.55 + 0.05 * v, green: 0.74 + 0.04 * v, blue: 0.9, alpha: 1)
                } else {
                    ctx.setFillColor(red: 0.84 + 0.08 * v, green: 0.88 + 0.05 * region, blue: 0.74 + 0.06 * v, alpha: 1)
                }
                ctx.fill(CGRect(x: CGFloat(x) * 512, y: CGFloat(y) * 512, width: 512, height: 512))
            }
        }
        // City blocks, lighter, between the streets.
        if 128 * ppp >= 6 {
            let (bx, by) = cells(128)
            for y in by {
                for x in bx where hash(x / 4, y / 4, 1) >= 0.35 && hash(x, y, 3) > 0.3 {
                    ctx.setFillColor(red: 0.95, green: 0.93, blue: 0.88, alpha: 1)
                    ctx.fill(CGRect(x: CGFloat(x) * 128 + 6, y: CGFloat(y) * 128 + 6, width: 116, height: 116))
                }
            }
        }
        // Roads: alleys, streets, avenues, highways.
        for (step, width, gray) in [(CGFloat(32), CGFloat(1), CGFloat(0.8)), (128, 3, 0.92), (512, 8, 1), (2048, 24, 0.98)]
        where step * ppp >= 6 {
            ctx.setFillColor(red: gray, green: step >= 2048 ? 0.75 : gray, blue: step >= 2048 ? 0.4 : gray, alpha: 1)
            let line = max(width, 1 / ppp)
            let (rx, ry) = cells(step)
            for x in rx { ctx.fill(CGRect(x: CGFloat(x) * step - line / 2, y: area.minY, width: line, height: area.height)) }
            for y in ry { ctx.fill(CGRect(x: area.minX, y: CGFloat(y) * step - line / 2, width: area.width, height: line)) }
        }
        // Towns: a ringed circle in some 2048-point regions.
        let (tx, ty) = cells(2048)
        for y in (ty.lowerBound - 1)...(ty.upperBound + 1) {
            for x in (tx.lowerBound - 1)...(tx.upperBound + 1) where hash(x, y, 4) > 0.4 {
                let r = 80 + 160 * hash(x, y, 5)
                let center = CGPoint(x: (CGFloat(x) + 0.2 + 0.6 * hash(x, y, 6)) * 2048, y: (CGFloat(y) + 0.2 + 0.6 * hash(x, y, 7)) * 2048)
                let disc = CGRect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r)
                guard disc.intersects(area) else { continue }
                ctx.setFillColor(red: 0.85, green: 0.35, blue: 0.3, alpha: 0.85)
                ctx.fillEllipse(in: disc)
                ctx.setStrokeColor(red: 1, green: 1, blue: 1, alpha: 1)
                ctx.setLineWidth(max(6, 2 / ppp))
                ctx.strokeEllipse(in: disc.insetBy(dx: r * 0.35, dy: r * 0.35))
            }
        }
    }
}
