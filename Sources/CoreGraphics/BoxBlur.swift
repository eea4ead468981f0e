import CCairo

/// Three box blurs in each direction: within a few percent of a gaussian of the same sigma.
enum BoxBlur {
    static func blurA8(_ surface: OpaquePointer, sigma: Double) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let radii = boxRadii(sigma: sigma)
        var line = [UInt8](repeating: 0, count: max(width, height))
        var scratch = line
        for r in radii {
            for y in 0..<height {
                for x in 0..<width { line[x] = data[y * stride + x] }
                blur(&line, &scratch, count: width, radius: r)
                for x in 0..<width { data[y * stride + x] = line[x] }
            }
            for x in 0..<width {
                for y in 0..<height { line[y] = data[y * stride + x] }
                blur(&line, &scratch, count: height, radius: r)
                for y in 0..<height { data[y * stride + x] = line[y] }
            }
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

    /// A running-sum box blur of one line, transparent beyond its ends.
    private static func blur(_ line: inout [UInt8], _ scratch: inout [UInt8], count: Int, radius: Int) {
        guard radius > 0, count > 0 else { return }
        let size = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(line[i]) }
        for i in 0..<count {
            if i + radius < count { sum += Int(line[i + radius]) }
            if i - radius - 1 >= 0 { sum -= Int(line[i - radius - 1]) }
            scratch[i] = UInt8((sum + size / 2) / size)
        }
        for i in 0..<count { line[i] = scratch[i] }
    }
}
