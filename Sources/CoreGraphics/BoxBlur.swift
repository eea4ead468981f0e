import CCairo

/// Three box blurs in each direction: within a few percent of a gaussian of the same sigma.
/// Rows blur with a running sum along each row; columns with running sums kept for a whole row
/// of columns at once, so that memory is read in order.
enum BoxBlur {
    static func blurA8(_ surface: OpaquePointer, sigma: Double) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface), width > 0, height > 0 else { return }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: stride * height)
        let sums = UnsafeMutablePointer<Int32>.allocate(capacity: max(width, 1))
        defer { copy.deallocate(); sums.deallocate() }
        for radius in boxRadii(sigma: sigma) where radius > 0 {
            for y in 0..<height { blurRow(data + y * stride, scratch: copy, count: width, radius: radius) }
            copy.update(from: data, count: stride * height)
            blurColumns(from: copy, to: data, width: width, height: height, stride: stride, radius: radius, sums: sums)
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Three box radii whose successive application approximates a gaussian of `sigma`.
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? max((lower - 1) / 2, 0) : (upper - 1) / 2 }
    }

    /// A running-sum box blur of one row in place (transparent beyond its ends).
    private static func blurRow(_ row: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>, count: Int, radius: Int) {
        let size = Int32(2 * radius + 1), half = size / 2
        var sum: Int32 = 0
        for i in 0..<min(radius, count) { sum += Int32(row[i]) }
        for i in 0..<count {
            if i + radius < count { sum += Int32(row[i + radius]) }
            if i - radius - 1 >= 0 { sum -= Int32(row[i - radius - 1]) }
            scratch[i] = UInt8(truncatingIfNeeded: (sum + half) / size)
        }
        row.update(from: scratch, count: count)
    }

    /// A running-sum box blur down every column, from `source` into `target`.
    private static func blurColumns(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
                                    width: Int, height: Int, stride: Int, radius: Int, sums: UnsafeMutablePointer<Int32>) {
        let size = Int32(2 * radius + 1), half = size / 2
        sums.initialize(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = source + y * stride
            for x in 0..<width { sums[x] += Int32(row[x]) }
        }
        for y in 0..<height {
            if y + radius < height {
                let incoming = source + (y + radius) * stride
                for x in 0..<width { sums[x] += Int32(incoming[x]) }
            }
            if y - radius - 1 >= 0 {
                let outgoing = source + (y - radius - 1) * stride
                for x in 0..<width { sums[x] -= Int32(outgoing[x]) }
            }
            let out = target + y * stride
            for x in 0..<width { out[x] = UInt8(truncatingIfNeeded: (sums[x] + half) / size) }
        }
    }
}

extension CGContext {
    /// Blurs an alpha-only bitmap context in place with the box-blur approximation of a gaussian
    /// of `sigma` pixels (what shadows use). For Lamina's layer renderer, which caches blurred
    /// shadow shapes.
    package func blurAlpha(sigma: CGFloat) {
        guard let bitmap, bitmap.layout.alphaInfo == .alphaOnly, sigma > 0, sigma.isFinite else { return }
        bitmap.beginDrawing()
        BoxBlur.blurA8(bitmap.surface, sigma: Double(sigma))
        bitmap.endDrawing()
    }
}
