/// A layer's background filters placed in device pixels, as both renderers apply them: the
/// pixels behind the layer (already drawn) are read over the layer's shape and the filters'
/// reach, filtered, and written back through the shape's coverage (its antialiased edge and
/// the layer's opacity mixing the filtered pixels with the unfiltered ones). The layer's own
/// drawing then goes over it, as Core Animation orders it.
final class BackdropFilter: @unchecked Sendable {
    let recipes: [FilterRecipe]
    /// Device pixels per point: filter lengths are in points.
    let scale: CGFloat
    /// How far beyond the shape the filters read, in device pixels.
    let reach: Int
    /// The device pixels the shape covers, and its coverage there (row by row, 0…255).
    let rect: (x: Int, y: Int, width: Int, height: Int)
    private let coverage: [UInt8]
    let opacity: CGFloat
    /// What the compositor's item for it names as its texture (an item needs one; it draws none).
    let placeholder: LayerTexture

    /// The known, enabled background filters of `layer` (none: nil) placed by `toDevice` (layer
    /// coordinates to device pixels), over what can show within `clip` (device pixels).
    init?(_ layer: LayerSnapshot, toDevice: CGAffineTransform, opacity: CGFloat, clip: CGRect, paths: PathCache) {
        let recipes = layer.backgroundFilters.filter { $0.isKnown && $0.isEnabled && !$0.isCompositeOperation }
        let scale = abs(toDevice.a * toDevice.d - toDevice.b * toDevice.c).squareRoot()
        guard !recipes.isEmpty, opacity > 0, scale > 0, scale.isFinite else { return nil }
        let box = layer.bounds.applying(toDevice).intersection(clip)
        guard !box.isNull, box.isFiniteRect, box.width > 0, box.height > 0, box.width <= 16384, box.height <= 16384 else { return nil }
        let x = Int(box.minX.rounded(.down)), y = Int(box.minY.rounded(.down))
        let width = Int(box.maxX.rounded(.up)) - x, height = Int(box.maxY.rounded(.up)) - y
        guard width > 0, height > 0,
              let mask = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: nil,
                                   bitmapInfo: CGBitmapInfo(alpha: .alphaOnly)),
              let bits = mask.data else { return nil }
        // Layer coordinates → this bitmap's base space (y up), through the device pixels.
        mask.concatenate(toDevice.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: CGFloat(-x), ty: CGFloat(height + y))))
        mask.addPath(LayerShape(layer, paths: paths).path)
        mask.setFillColor(gray: 1, alpha: 1)
        mask.fillPath()
        mask.flush()
        var cover = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let line = (bits + row * mask.bytesPerRow).assumingMemoryBound(to: UInt8.self)
            for col in 0..<width { cover[row * width + col] = line[col] }
        }
        self.recipes = recipes
        self.scale = scale
        reach = recipes.reduce(0) { $0 + $1.reach(scale: Double(scale)) }
        rect = (x, y, width, height)
        coverage = cover
        self.opacity = min(opacity, 1)
        guard let placeholder = LayerTexture(covering: CGRect(x: 0, y: 0, width: 1, height: 1), scale: 1, draw: { _ in }) else { return nil }
        self.placeholder = placeholder
    }

    /// The device pixels the filters read: the shape's and their reach around it.
    var readRect: CGRect {
        CGRect(x: rect.x - reach, y: rect.y - reach, width: rect.width + 2 * reach, height: rect.height + 2 * reach)
    }

    /// Filters the pixels at `pixels` (the first pixel of `region`, in device pixels, rows
    /// `bytesPerRow` apart) and writes them back through the coverage. Beyond `bounds` (the
    /// whole destination) the edge pixels are repeated, as a screen's edge should read.
    func apply(pixels: UnsafeMutableRawPointer, bytesPerRow: Int, region: (x: Int, y: Int, width: Int, height: Int),
               opaque: Bool) {
        guard region.width > 0, region.height > 0 else { return }
        var image = PixelImage(copying: pixels, width: region.width, height: region.height, bytesPerRow: bytesPerRow)
        if opaque { for i in image.pixels.indices { image.pixels[i] |= 0xFF00_0000 } }
        let want = readRect
        let left = max(region.x - Int(want.minX), 0), top = max(region.y - Int(want.minY), 0)
        let right = max(Int(want.maxX) - (region.x + region.width), 0), bottom = max(Int(want.maxY) - (region.y + region.height), 0)
        image = image.extendingEdges(left: left, top: top, right: right, bottom: bottom)
        for recipe in recipes { recipe.apply(to: &image, scale: Double(scale)) }
        // Image pixel (0, 0) is device (region.x − left, region.y − top).
        let ox = region.x - left, oy = region.y - top
        let k = UInt32((opacity * 255).rounded())
        let x0 = max(rect.x, region.x), x1 = min(rect.x + rect.width, region.x + region.width)
        let y0 = max(rect.y, region.y), y1 = min(rect.y + rect.height, region.y + region.height)
        guard x1 > x0, y1 > y0 else { return }
        for y in y0..<y1 {
            let row = (pixels + (y - region.y) * bytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in x0..<x1 {
                let m = UInt32(coverage[(y - rect.y) * rect.width + (x - rect.x)]) * k / 255
                guard m > 0 else { continue }
                let f = image.pixels[(y - oy) * image.width + (x - ox)]
                let d = row[x - region.x]
                row[x - region.x] = m == 255 ? f : Self.mix(d, f, m)
            }
        }
    }

    /// d·(1 − m) + f·m per channel, m in 0…255.
    @inline(__always)
    private static func mix(_ d: UInt32, _ f: UInt32, _ m: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0 as UInt32, through: 24, by: 8) {
            let a = (d >> shift) & 0xFF, b = (f >> shift) & 0xFF
            out |= ((a * (255 - m) + b * m + 127) / 255) << shift
        }
        return out
    }
}
