/// A rectangle of whole pixels in cairo's device space (origin top-left): what a drawing call may
/// touch, so that groups, shadows and layout conversions stay as small as the drawing.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int

    /// The pixels a device-space rectangle touches; nil for non-finite or empty ones. Finite
    /// but absurd coordinates (1e300) are clamped to ±2³⁰, far beyond any surface (cairo's
    /// are at most 32767 pixels), so the conversion to `Int` cannot trap.
    init?(enclosing r: CGRect) {
        guard r.isFiniteRect, !r.isNull else { return nil }
        func whole(_ v: CGFloat) -> Int { Int(saturating: min(max(v, -Self.limit), Self.limit)) }
        let x0 = whole(r.minX.rounded(.down)), y0 = whole(r.minY.rounded(.down))
        let x1 = whole(r.maxX.rounded(.up)), y1 = whole(r.maxY.rounded(.up))
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The largest coordinate a pixel rectangle takes from a device-space one.
    static let limit: CGFloat = 1_073_741_824

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    var maxX: Int { x + width }
    var maxY: Int { y + height }

    func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = max(x, other.x), y0 = max(y, other.y), x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    func outset(by d: Int) -> PixelRect {
        PixelRect(x: x - d, y: y - d, width: width + 2 * d, height: height + 2 * d)
    }

    func offsetBy(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x + dx, y: y + dy, width: width, height: height)
    }
}
