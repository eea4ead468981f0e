/// A rectangle of whole device pixels.
package struct DeviceRect: Equatable, Sendable {
    package var x: Int32, y: Int32, width: Int32, height: Int32

    package init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The pixels `rect` touches, within `bounds`; nil when none.
    init?(enclosing rect: CGRect, within bounds: DeviceRect) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        // Clamped on both sides before Int32(…): a rect wholly off screen at 1e300 trapped.
        func pixel(_ v: CGFloat) -> Int32 { Int32(min(max(v, -1e6), 1e6)) }
        let x0 = max(pixel(rect.minX.rounded(.down)), bounds.x)
        let y0 = max(pixel(rect.minY.rounded(.down)), bounds.y)
        let x1 = min(pixel(rect.maxX.rounded(.up)), bounds.x + bounds.width)
        let y1 = min(pixel(rect.maxY.rounded(.up)), bounds.y + bounds.height)
        guard x1 > x0, y1 > y0 else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    package var cgRect: CGRect { CGRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)) }
}
