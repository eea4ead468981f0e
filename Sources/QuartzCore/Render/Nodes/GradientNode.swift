// The gradient node (`CAGradientLayer`): a layer's own drawing that is a gradient. Its extent is
// the bounds (it never overflows them); it draws through `GradientContent.draw`; it is placed as
// the layer's own texture (`LayerNode`), since nothing about it needs a route of its own.

/// A gradient layer's gradient, drawn over its bounds.
struct GradientContent: Hashable, Sendable {
    var colors: [CGColor]
    var locations: [CGFloat]?
    var startPoint: CGPoint
    var endPoint: CGPoint
    let type: CAGradientLayerType

    // MARK: Animation (the render thread's `SnapshotTarget`)

    /// An animated property of the gradient, by Core Animation's key (nil: not one of its keys).
    func value(forKey key: String) -> Any? {
        switch key {
        case "colors": return colors
        case "locations": return locations?.map { NSNumber(value: Double($0)) }
        case "startPoint": return startPoint
        case "endPoint": return endPoint
        default: return nil
        }
    }

    mutating func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "colors": if let v = value as? [Any] { colors = v.compactMap { $0 as? CGColor } }
        case "locations": locations = (value as? [Any])?.compactMap { Boxing.number($0).map { CGFloat($0) } }
        case "startPoint": if let v = value as? CGPoint { startPoint = v }
        case "endPoint": if let v = value as? CGPoint { endPoint = v }
        default: break
        }
    }

    var gradient: CGGradient? {
        if let locations {
            return locations.withUnsafeBufferPointer {
                CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: $0.baseAddress)
            }
        }
        return CGGradient(colorsSpace: nil, colors: colors as CFArray, locations: nil)
    }

    /// Draws the gradient inside `shape` (the layer's rounded bounds).
    func draw(in ctx: CGContext, bounds: CGRect, shape: CGPath) {
        guard bounds.width > 0, bounds.height > 0, let gradient else { return }
        func point(_ unit: CGPoint) -> CGPoint {
            CGPoint(x: bounds.minX + unit.x * bounds.width, y: bounds.minY + unit.y * bounds.height)
        }
        ctx.saveGState()
        defer { ctx.restoreGState() }
        ctx.addPath(shape)
        ctx.clip()
        let start = point(startPoint), end = point(endPoint)
        switch type {
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            let (ex, ey) = (rx > 0 ? rx : ry, ry > 0 ? ry : rx)
            guard ex > 0, ey > 0 else { return }
            ctx.translateBy(x: start.x, y: start.y)
            ctx.scaleBy(x: ex, y: ey)
            ctx.drawRadialGradient(gradient, startCenter: .zero, startRadius: 0, endCenter: .zero, endRadius: 1,
                                   options: .drawsAfterEndLocation)
        case .conic:
            drawConic(in: ctx, bounds: bounds, center: start, toward: end)
        default:
            ctx.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
    }

    /// Conic gradients have no Core Graphics call: they are computed per pixel at device scale.
    private func drawConic(in ctx: CGContext, bounds: CGRect, center: CGPoint, toward end: CGPoint) {
        let scale = max(ctx.deviceScale, 0.01)
        let w = (bounds.width * scale).rounded(.up), h = (bounds.height * scale).rounded(.up)
        guard w > 0, h > 0, w <= CGFloat(LayerCanvas.maxDrawnSide), h <= CGFloat(LayerCanvas.maxDrawnSide) else { return }   // checked before Int(…), which traps past Int's range
        let width = Int(w), height = Int(h)
        let startAngle = atan2(end.y - center.y, end.x - center.x)
        // A 256-entry table of the ramp, unpremultiplied RGBA bytes, sampled from the gradient's
        // stops (each color converted once, the stops walked once: 10⁵ colors, 65 ms).
        guard let samples = gradient?.samples(256), samples.count == 256 else { return }
        let table: [(UInt8, UInt8, UInt8, UInt8)] = samples.map { c in
            func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
            return (byte(c.r), byte(c.g), byte(c.b), byte(c.a))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let px = bounds.minX + (CGFloat(x) + 0.5) / scale, py = bounds.minY + (CGFloat(y) + 0.5) / scale
                var angle = atan2(py - center.y, px - center.x) - startAngle
                while angle < 0 { angle += 2 * .pi }
                while angle >= 2 * .pi { angle -= 2 * .pi }
                let c = table[min(255, Int(angle / (2 * .pi) * 256))]
                let i = (y * width + x) * 4
                pixels[i] = c.0; pixels[i + 1] = c.1; pixels[i + 2] = c.2; pixels[i + 3] = c.3
            }
        }
        guard let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGBitmapInfo(alpha: .last),
                                  provider: CGDataProvider(data: Data(pixels) as CFData)!, decode: nil,
                                  shouldInterpolate: true, intent: .defaultIntent) else { return }
        LayerContents.drawPortion(image, source: CGRect(x: 0, y: 0, width: width, height: height), into: bounds, in: ctx)
    }
}
