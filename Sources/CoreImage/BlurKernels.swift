import CLaminaKernels

/// The blurs: separable running-sum box passes (three of them approximate a gaussian within a
/// few percent), a disc through row prefix sums, and a line of bilinear samples for motion.
/// Pixels outside the image count as transparent; the image keeps its size (callers pad it by
/// the blur's reach first when the blur should spread outward).
package enum BlurKernels {
    /// Three box radii whose successive application approximates a gaussian of `sigma`
    /// (box widths chosen so that their variances add up to σ²).
    package static func boxRadii(sigma: Double) -> [Int] {
        guard sigma.isFinite, sigma > 0 else { return [] }
        let ideal = (4 * sigma * sigma + 1).squareRoot()
        var lower = Int(min(ideal, 1e5).rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let m = ((12 * sigma * sigma - 3 * Double(lower * lower) - 12 * Double(lower) - 9) / (-4 * Double(lower) - 4)).rounded()
        return (0..<3).map { Double($0) < m ? (lower - 1) / 2 : (upper - 1) / 2 }
    }

    /// How far a gaussian of `sigma` visibly reaches: 3σ, in whole pixels.
    package static func gaussianReach(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 0 }
        return Int(min(3 * sigma, 4096).rounded(.up))
    }

    /// A gaussian blur of standard deviation `sigma` pixels: three box passes each way. A wide
    /// blur runs on a copy reduced by 2, 4 or 8 (block means; at least 2.5 pixels of σ left, the
    /// blocks' own variance taken off σ²) and is scaled back up bilinearly: a gaussian that wide
    /// has no detail the reduction loses, and it costs a sixteenth to a sixty-fourth.
    package static func gaussian(_ image: inout PixelImage, sigma: Double) {
        guard sigma.isFinite, sigma > 0, image.width > 0, image.height > 0 else { return }
        var factor = 1
        while factor < 8, sigma / Double(factor * 2) >= 2.5 { factor *= 2 }
        guard factor > 1 else {
            for radius in boxRadii(sigma: sigma) where radius > 0 { box(&image, radiusX: radius, radiusY: radius) }
            return
        }
        var small = reduced(image, by: factor)
        let blockVariance = Double(factor * factor - 1) / 12
        let reducedSigma = (max(sigma * sigma - blockVariance, 0)).squareRoot() / Double(factor)
        for radius in boxRadii(sigma: reducedSigma) where radius > 0 { box(&small, radiusX: radius, radiusY: radius) }
        enlarge(small, by: factor, into: &image)
    }

    /// Means of `factor`×`factor` blocks (a partial block at the right or bottom edge is the
    /// mean of its pixels), by `lamina_blur_reduce`.
    static func reduced(_ image: PixelImage, by factor: Int) -> PixelImage {
        precondition(factor >= 1 && factor <= 8)
        var out = PixelImage(width: (image.width + factor - 1) / factor, height: (image.height + factor - 1) / factor)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                lamina_blur_reduce(src.baseAddress!, Int32(image.width), Int32(image.height), Int32(factor), dst.baseAddress!)
            }
        }
        return out
    }

    /// `small` scaled up by `factor` into `image` (its size), bilinearly between block centers,
    /// weights in 1/256. Each small row is widened once (`lamina_blur_widen_row`, into one of two
    /// row buffers); output rows mix the two around them (`lamina_blur_mix_rows_with`).
    /// `features`: the instruction sets the row mix may use (`lamina_blur_mix_rows_with`; all
    /// this CPU has unless a test asks for fewer).
    static func enlarge(_ small: PixelImage, by factor: Int, into image: inout PixelImage, features: UInt32 = lamina_blur_features()) {
        let w = image.width, h = image.height, sw = small.width, sh = small.height
        let k = 1 / Float(factor)
        // Per column: the two small columns and the weight of the right one.
        var columns = [lamina_blur_column](repeating: lamina_blur_column(), count: w)
        for x in 0..<w {
            let u = max((Float(x) + 0.5) * k - 0.5, 0)
            let x0 = min(Int(u), sw - 1), x1 = min(x0 + 1, sw - 1)
            columns[x] = lamina_blur_column(left: Int32(x0), right: Int32(x1), weight: min(UInt32(((u - Float(x0)) * 256).rounded()), 256))
        }
        let rows = UnsafeMutablePointer<UInt32>.allocate(capacity: 2 * w)
        defer { rows.deallocate() }
        var widened = (-1, -1)          // the small rows in the two buffers
        small.pixels.withUnsafeBufferPointer { src in
            image.pixels.withUnsafeMutableBufferPointer { dst in
                columns.withUnsafeBufferPointer { cols in
                    func row(_ sy: Int) -> UnsafeMutablePointer<UInt32> {
                        if widened.0 == sy { return rows }
                        if widened.1 == sy { return rows + w }
                        // Replace the buffer not holding the row just below this one.
                        let slot = widened.0 == sy - 1 ? 1 : 0
                        let out = rows + slot * w
                        lamina_blur_widen_row(out, src.baseAddress! + sy * sw, cols.baseAddress!, Int32(w))
                        if slot == 0 { widened.0 = sy } else { widened.1 = sy }
                        return out
                    }
                    for y in 0..<h {
                        let v = max((Float(y) + 0.5) * k - 0.5, 0)
                        let y0 = min(Int(v), sh - 1), y1 = min(y0 + 1, sh - 1)
                        let fy = min(UInt32(((v - Float(y0)) * 256).rounded()), 256)
                        let top = row(y0), bottom = row(y1)
                        lamina_blur_mix_rows_with(dst.baseAddress! + y * w, top, bottom, Int32(w), fy, features)
                    }
                }
            }
        }
    }

    /// One box pass: each pixel becomes the mean of the (2r+1)² pixels around it (rows by
    /// `lamina_box_blur_rows_with`, then columns by `lamina_box_blur_columns_with`).
    /// `features`: the instruction sets the passes may use (all this CPU has unless a test asks
    /// for fewer).
    package static func box(_ image: inout PixelImage, radiusX: Int, radiusY: Int, features: UInt32 = lamina_blur_features()) {
        let w = image.width, h = image.height
        guard w > 0, h > 0 else { return }
        image.pixels.withUnsafeMutableBufferPointer { buffer in
            let p = buffer.baseAddress!
            if radiusX > 0 {
                let scratch = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
                defer { scratch.deallocate() }
                lamina_box_blur_rows_with(p, Int32(w), Int32(h), Int32(radiusX), scratch, features)
            }
            if radiusY > 0 {
                let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * w)
                let ring = UnsafeMutablePointer<UInt32>.allocate(capacity: min(2 * radiusY + 2, h + 1) * w)
                defer { sums.deallocate(); ring.deallocate() }
                lamina_box_blur_columns_with(p, Int32(w), Int32(h), Int32(radiusY), sums, ring, features)
            }
        }
    }

    /// Each pixel the mean of the disc of `radius` pixels around it (`lamina_disc_blur`: each
    /// row's running sums, then 2r+1 row spans a pixel).
    package static func disc(_ image: inout PixelImage, radius: Double) {
        let r = Int(min(max(radius, 0), Double(LAMINA_DISC_RADIUS_MAX)).rounded())
        let w = image.width, h = image.height
        guard r > 0, w > 0, h > 0 else { return }
        let prefix = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * (w + 1) * h)
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * w)
        defer { prefix.deallocate(); sums.deallocate() }
        var out = PixelImage(width: w, height: h)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                lamina_disc_blur(src.baseAddress!, dst.baseAddress!, Int32(w), Int32(h), Int32(r), prefix, sums)
            }
        }
        image = out
    }

    /// Each pixel the mean of 2r+1 bilinear samples a pixel apart along a line at `angle`
    /// (radians, counterclockwise from the x axis, y up as in Core Image) through it
    /// (`lamina_motion_blur`: each sample's offset and weights are the same for a whole row, so
    /// it adds a shifted mix of two rows, two pixels a step).
    package static func motion(_ image: inout PixelImage, radius: Double, angle: Double) {
        let r = Int(min(max(radius, 0), Double(LAMINA_MOTION_RADIUS_MAX)).rounded())
        let w = image.width, h = image.height
        guard r > 0, w > 0, h > 0, angle.isFinite else { return }
        let margin = r + 2
        let padded = UnsafeMutablePointer<UInt32>.allocate(capacity: (w + 2 * margin) * (h + 2 * margin))
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: 4 * w)
        defer { padded.deallocate(); sums.deallocate() }
        var out = PixelImage(width: w, height: h)
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                // Rows run down.
                lamina_motion_blur(src.baseAddress!, dst.baseAddress!, Int32(w), Int32(h), Int32(r), cos(angle), -sin(angle), padded, sums)
            }
        }
        image = out
    }
}
