/// Resamples a premultiplied BGRA image through a projective map, bilinearly, transparent outside
/// the image (so that edges come out antialiased). pixman can do projective transforms, but its
/// 16.16 fixed-point matrix is too coarse for perspective terms near 1/500: edges came out jagged
/// with stray pixels beside them.
enum ProjectiveWarp {
    /// Sides of the image's drawing cut by pixel centers (a layer's aliased edges): a pixel
    /// whose center maps outside `outline` (image pixels) on a side in `sides` (1 min x, 2 max x,
    /// 4 min y, 8 max y) is left alone, and samples are clamped to the pixels wholly inside.
    struct Cut {
        var outline: CGRect
        var sides: UInt8
    }

    /// Fills `region`-sized `target` (device pixels from `region`'s origin) with samples of
    /// `source` at `deviceToSource` (row vectors, pixel centers).
    static func run(source: UnsafePointer<UInt8>, width: Int, height: Int, stride sourceStride: Int,
                    target: UnsafeMutablePointer<UInt8>, stride targetStride: Int,
                    region: PixelRect, deviceToSource m: [CGFloat], cut: Cut? = nil) {
        // Pixel centers drawn (pixel-center coordinates) and samples clamped, as the compositor's kernel cuts.
        var lo = (-1.0, -1.0), hi = (Double(width), Double(height)), clampLo = (-1.0, -1.0), clampHi = (Double(width), Double(height))
        if let cut {
            let o = cut.outline
            let first = (max(0, o.minX.rounded(.up)), max(0, o.minY.rounded(.up)))
            let last = (max(first.0, min(CGFloat(width - 1), o.maxX.rounded(.down) - 1)),
                        max(first.1, min(CGFloat(height - 1), o.maxY.rounded(.down) - 1)))
            if cut.sides & 1 != 0 { lo.0 = Double(o.minX) - 0.5; clampLo.0 = Double(first.0) }
            if cut.sides & 2 != 0 { hi.0 = Double(o.maxX) - 0.5; clampHi.0 = Double(last.0) }
            if cut.sides & 4 != 0 { lo.1 = Double(o.minY) - 0.5; clampLo.1 = Double(first.1) }
            if cut.sides & 8 != 0 { hi.1 = Double(o.maxY) - 0.5; clampHi.1 = Double(last.1) }
        }
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (Double(m[0]), Double(m[1]), Double(m[2]), Double(m[3]),
                                                    Double(m[4]), Double(m[5]), Double(m[6]), Double(m[7]), Double(m[8]))
        for row in 0..<region.height {
            let y = Double(region.y + row) + 0.5
            let out = target + row * targetStride
            for col in 0..<region.width {
                let x = Double(region.x + col) + 0.5
                let w = x * m2 + y * m5 + m8
                guard w > 1e-12 else { continue }
                var u = (x * m0 + y * m3 + m6) / w - 0.5, v = (x * m1 + y * m4 + m7) / w - 0.5
                guard u > -1, v > -1, u < Double(width), v < Double(height) else { continue }
                if cut != nil {
                    guard u >= lo.0, v >= lo.1, u < hi.0, v < hi.1 else { continue }
                    u = min(max(u, clampLo.0), clampHi.0)
                    v = min(max(v, clampLo.1), clampHi.1)
                }
                let u0 = Int(u.rounded(.down)), v0 = Int(v.rounded(.down))
                let fu = u - Double(u0), fv = v - Double(v0)
                var acc: (Double, Double, Double, Double) = (0, 0, 0, 0)
                for (dv, wv) in [(0, 1 - fv), (1, fv)] {
                    let sy = v0 + dv
                    guard sy >= 0, sy < height, wv > 0 else { continue }
                    for (du, wu) in [(0, 1 - fu), (1, fu)] {
                        let sx = u0 + du
                        guard sx >= 0, sx < width, wu > 0 else { continue }
                        let p = source + sy * sourceStride + sx * 4, k = wu * wv
                        acc.0 += Double(p[0]) * k; acc.1 += Double(p[1]) * k; acc.2 += Double(p[2]) * k; acc.3 += Double(p[3]) * k
                    }
                }
                let o = out + col * 4
                o[0] = UInt8(min(255, acc.0.rounded())); o[1] = UInt8(min(255, acc.1.rounded()))
                o[2] = UInt8(min(255, acc.2.rounded())); o[3] = UInt8(min(255, acc.3.rounded()))
            }
        }
    }
}
