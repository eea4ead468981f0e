import Foundation

/// One tile of a `CATiledLayer`: its level of detail and its column and row at that level.
struct TileKey: Hashable, Sendable, Comparable {
    /// The level's scale is 2^level times `contentsScale`: 0 is full resolution, −1 half of it,
    /// +1 twice it (a level `levelsOfDetailBias` adds).
    var level: Int
    var column: Int
    var row: Int

    static func < (a: Self, b: Self) -> Bool {
        (a.level, a.row, a.column) < (b.level, b.row, b.column)
    }
}

/// How a tiled layer's bounds are cut into tiles at each level of detail: plain values, so
/// that the main thread, the tile workers and the render thread agree on every tile's rectangle.
///
/// Tiles are `tileSize` pixels at their level: at scale s (pixels per point) a tile spans
/// `tileSize / s` points. The grid starts at the layer's coordinate origin (not at the bounds'
/// origin, so that moving the bounds keeps the tiles), and each tile is cut to the bounds.
struct TileGrid: Equatable, Sendable {
    /// The layer's bounds.
    var bounds: CGRect
    /// Pixels per tile side at every level.
    var tileSize: CGSize
    var contentsScale: CGFloat
    /// The coarsest level, −(levelsOfDetail − 1), raised so that it keeps a pixel per side.
    var coarsest: Int
    /// The sharpest level, `levelsOfDetailBias`.
    var sharpest: Int

    /// The most tiles one request asks for: a render target far larger than any screen still
    /// asks for a bounded amount of drawing (the rest waits for a later request).
    static let maxTilesPerRequest = 1024

    init(bounds: CGRect, tileSize: CGSize, contentsScale: CGFloat, levelsOfDetail: Int, levelsOfDetailBias: Int) {
        self.bounds = bounds
        self.tileSize = tileSize
        self.contentsScale = contentsScale
        sharpest = levelsOfDetailBias
        // "The bottom most level of detail must contain at least a single pixel in each
        // dimension" (Apple): levels below that are dropped.
        let side = min(bounds.width, bounds.height) * contentsScale
        let deepest = side >= 1 && side.isFinite ? Int(log2(side).rounded(.down)) : 0
        coarsest = -min(max(levelsOfDetail - 1, 0), deepest)
    }

    /// Pixels per point at `level`.
    func scale(ofLevel level: Int) -> CGFloat {
        contentsScale * pow(2, CGFloat(level))
    }

    /// The level drawn for a layer shown at `deviceScale` pixels per point: the coarsest one at
    /// least as sharp as the screen, else the sharpest there is.
    func level(forDeviceScale deviceScale: CGFloat) -> Int {
        guard deviceScale > 0, deviceScale.isFinite else { return sharpest }
        let wanted = Int((log2(deviceScale / contentsScale) - 1e-6).rounded(.up))
        return min(max(wanted, coarsest), sharpest)
    }

    /// A tile's side in points at `level`.
    func tileSide(atLevel level: Int) -> CGSize {
        let s = scale(ofLevel: level)
        return CGSize(width: tileSize.width / s, height: tileSize.height / s)
    }

    /// The part of the layer a tile covers (cut to the bounds), in layer coordinates.
    func rect(of key: TileKey) -> CGRect {
        let side = tileSide(atLevel: key.level)
        let full = CGRect(x: CGFloat(key.column) * side.width, y: CGFloat(key.row) * side.height,
                          width: side.width, height: side.height)
        return full.intersection(bounds)
    }

    /// The tiles of `level` that `rect` (layer coordinates) touches, within the bounds, row by
    /// row; at most `maxTilesPerRequest`, the ones nearest the rectangle's middle first.
    func tiles(covering rect: CGRect, atLevel level: Int) -> [TileKey] {
        let area = rect.intersection(bounds)
        guard !area.isNull, area.width > 0, area.height > 0, area.isFiniteRect else { return [] }
        let side = tileSide(atLevel: level)
        guard side.width > 0, side.height > 0 else { return [] }
        // Bounded in floating point before Int(…): a huge layer at a sharp level has more
        // columns than an Int holds.
        func index(_ v: CGFloat, _ step: CGFloat, _ round: FloatingPointRoundingRule) -> Int {
            Int(min(max((v / step).rounded(round), -1e9), 1e9))
        }
        let c0 = index(area.minX, side.width, .down), c1 = index(area.maxX, side.width, .up) - 1
        let r0 = index(area.minY, side.height, .down), r1 = index(area.maxY, side.height, .up) - 1
        guard c1 >= c0, r1 >= r0 else { return [] }
        let count = (c1 - c0 + 1).multipliedReportingOverflow(by: r1 - r0 + 1)
        if !count.overflow, count.partialValue <= Self.maxTilesPerRequest {
            var keys: [TileKey] = []
            keys.reserveCapacity(count.partialValue)
            for row in r0...r1 { for column in c0...c1 { keys.append(TileKey(level: level, column: column, row: row)) } }
            return keys
        }
        // Too many: the square of tiles around the middle.
        let half = Int(Double(Self.maxTilesPerRequest).squareRoot()) / 2
        let mc = index(area.midX, side.width, .down), mr = index(area.midY, side.height, .down)
        var keys: [TileKey] = []
        for row in max(r0, mr - half)...min(r1, mr + half - 1) {
            for column in max(c0, mc - half)...min(c1, mc + half - 1) { keys.append(TileKey(level: level, column: column, row: row)) }
        }
        return keys
    }

    /// Whether a tile's edge is inside the layer (a neighbour's tile continues the picture
    /// there) rather than on the bounds, per side: min x, max x, min y, max y.
    func innerEdges(of key: TileKey) -> (minX: Bool, maxX: Bool, minY: Bool, maxY: Bool) {
        let r = rect(of: key)
        let eps = 1e-9 * max(1, abs(bounds.maxX), abs(bounds.maxY))
        return (r.minX > bounds.minX + eps, r.maxX < bounds.maxX - eps, r.minY > bounds.minY + eps, r.maxY < bounds.maxY - eps)
    }
}
