import CoreGraphics

extension SnapshotComparison {
    /// What comparing two images of one size found, without a diff image.
    public struct Measurement: Sendable, Equatable {
        /// Pixels differing by more than the tolerance in any premultiplied RGBA component.
        public let differingPixels: Int
        /// The largest difference of any component of any pixel (0…255).
        public let worstDifference: Int
        /// True when both images hold the same colors in every pixel, so that a PNG of either is
        /// a PNG of the other. Known only for images whose pixels are all opaque (where
        /// premultiplied and straight colors are one); false for the others, even if equal.
        public let identical: Bool
    }

    /// The counts `difference(_:_:channelTolerance:)` gives for two images of one size, without
    /// making its diff image. Opaque 8-bit RGB images — every frame `CARenderer` makes over an
    /// opaque background, and their PNGs — are read where they lie (for opaque pixels the
    /// premultiplied components `difference` compares are the stored ones); any other image is
    /// converted as `difference` converts it.
    public static func measure(_ image: CGImage, _ golden: CGImage, channelTolerance: Int) -> Measurement {
        if image.width == golden.width, image.height == golden.height, let a = RGBBytes(image), let b = RGBBytes(golden),
           let measured = measureOpaque(a, b, width: image.width, height: image.height, tolerance: channelTolerance) {
            return measured
        }
        let (differing, worst, _) = difference(image, golden, channelTolerance: channelTolerance)
        return Measurement(differingPixels: differing, worstDifference: worst, identical: false)
    }

    /// The counts for two 8-bit RGB images where every pixel is opaque; nil at the first pixel
    /// that is not (the caller then converts as `difference` does).
    private static func measureOpaque(_ a: RGBBytes, _ b: RGBBytes, width: Int, height: Int, tolerance: Int) -> Measurement? {
        a.bytes.withUnsafeBytes { pa in
            b.bytes.withUnsafeBytes { pb in
                var differing = 0, worst = 0
                func count(_ delta: Int) {
                    if delta > worst { worst = delta }
                    if delta > tolerance { differing += 1 }
                }
                for y in 0..<height {
                    let rowA = pa.baseAddress! + y * a.bytesPerRow, rowB = pb.baseAddress! + y * b.bytesPerRow
                    if a.step == 4, b.step == 4 {
                        // A pixel is one word: opaque when its alpha byte is all ones (the other
                        // bytes masked to ones), equal when its color bytes, gathered in one
                        // order, are equal. One branch-free pass over the row settles most rows
                        // of a passing frame; only a row that differs is taken apart pixel by pixel.
                        let (maskA, maskB) = (~a.alphaMask, ~b.alphaMask)
                        let (shiftsA, shiftsB) = (a.shifts, b.shifts)
                        var opaque = UInt32.max, changed: UInt32 = 0
                        for x in 0..<width {
                            let u = UInt32(littleEndian: rowA.loadUnaligned(fromByteOffset: x &<< 2, as: UInt32.self))
                            let v = UInt32(littleEndian: rowB.loadUnaligned(fromByteOffset: x &<< 2, as: UInt32.self))
                            opaque &= (u | maskA) & (v | maskB)
                            changed |= RGBBytes.color(u, shiftsA) ^ RGBBytes.color(v, shiftsB)
                        }
                        guard opaque == .max else { return nil }
                        if changed == 0 { continue }
                        for x in 0..<width {
                            let u = UInt32(littleEndian: rowA.loadUnaligned(fromByteOffset: x &<< 2, as: UInt32.self))
                            let v = UInt32(littleEndian: rowB.loadUnaligned(fromByteOffset: x &<< 2, as: UInt32.self))
                            let cu = RGBBytes.color(u, shiftsA), cv = RGBBytes.color(v, shiftsB)
                            if cu == cv { continue }
                            count(max(absDifference(cu, cv, 0), absDifference(cu, cv, 8), absDifference(cu, cv, 16)))
                        }
                    } else {
                        for x in 0..<width {
                            let u = rowA + x * a.step, v = rowB + x * b.step
                            if let alpha = a.alpha, u.load(fromByteOffset: alpha, as: UInt8.self) != 255 { return nil }
                            if let alpha = b.alpha, v.load(fromByteOffset: alpha, as: UInt8.self) != 255 { return nil }
                            func component(_ p: UnsafeRawPointer, _ offset: Int) -> Int { Int(p.load(fromByteOffset: offset, as: UInt8.self)) }
                            count(max(abs(component(u, a.red) - component(v, b.red)), abs(component(u, a.green) - component(v, b.green)),
                                      abs(component(u, a.blue) - component(v, b.blue))))
                        }
                    }
                }
                return Measurement(differingPixels: differing, worstDifference: worst, identical: worst == 0)
            }
        }
    }

    /// `difference` for two 8-bit RGB images where every pixel is opaque, read where they lie
    /// (the premultiplied RGBA it compares is then the stored color with alpha 255); nil at the
    /// first pixel that is not opaque.
    static func differenceOpaque(_ a: RGBBytes, _ b: RGBBytes, width: Int, height: Int,
                                 tolerance: Int) -> (differing: Int, worst: Int, diff: [UInt8])? {
        var differing = 0, worst = 0, opaque = true
        let diff = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            count = width * height * 4
            a.bytes.withUnsafeBytes { pa in
                b.bytes.withUnsafeBytes { pb in
                    for y in 0..<height where opaque {
                        let rowA = pa.baseAddress! + y * a.bytesPerRow, rowB = pb.baseAddress! + y * b.bytesPerRow
                        for x in 0..<width {
                            let u = rowA + x * a.step, v = rowB + x * b.step
                            func at(_ p: UnsafeRawPointer, _ offset: Int) -> UInt8 { p.load(fromByteOffset: offset, as: UInt8.self) }
                            if let alpha = a.alpha, at(u, alpha) != 255 { opaque = false; break }
                            if let alpha = b.alpha, at(v, alpha) != 255 { opaque = false; break }
                            let (red, green, blue) = (at(v, b.red), at(v, b.green), at(v, b.blue))
                            let delta = max(abs(Int(at(u, a.red)) - Int(red)), abs(Int(at(u, a.green)) - Int(green)),
                                            abs(Int(at(u, a.blue)) - Int(blue)))
                            if delta > worst { worst = delta }
                            let o = 4 * (y * width + x)
                            if delta > tolerance {
                                differing += 1
                                (out[o], out[o + 1], out[o + 2], out[o + 3]) = (255, 0, 0, 255)
                            } else {
                                (out[o], out[o + 1], out[o + 2], out[o + 3]) = (red / 4, green / 4, blue / 4, 255)
                            }
                        }
                    }
                }
            }
        }
        return opaque ? (differing, worst, diff) : nil
    }

    @inline(__always)
    private static func absDifference(_ a: UInt32, _ b: UInt32, _ shift: UInt32) -> Int {
        abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF))
    }
}

/// An 8-bit RGB or RGBA image's bytes and where each component lies in a pixel. Nil for any
/// other image (gray, masks, decode arrays, 16-bit or packed layouts).
struct RGBBytes {
    let bytes: Data
    let bytesPerRow: Int
    /// Bytes per pixel, and the offsets of the components within one.
    let step: Int, red: Int, green: Int, blue: Int
    /// Where alpha lies, when the layout has it (opaque layouts skip it or have none).
    let alpha: Int?

    init?(_ image: CGImage) {
        guard !image.isMask, image.decode == nil, image.colorSpace?.model == .rgb, image.bitsPerComponent == 8,
              let bytes = image.dataProvider?.bytes else { return nil }
        let info = image.alphaInfo, order = image.byteOrderInfo
        let first: Set<CGImageAlphaInfo> = [.premultipliedFirst, .first, .noneSkipFirst]
        let last: Set<CGImageAlphaInfo> = [.premultipliedLast, .last, .noneSkipLast]
        // Component order in memory (a 32-bit little-endian pixel stores its word backwards).
        let names: [Character]
        switch (image.bitsPerPixel, order) {
        case (24, .orderDefault) where info == .none: names = ["r", "g", "b"]
        case (32, .orderDefault), (32, .order32Big):
            guard first.contains(info) || last.contains(info) else { return nil }
            names = first.contains(info) ? ["a", "r", "g", "b"] : ["r", "g", "b", "a"]
        case (32, .order32Little):
            guard first.contains(info) || last.contains(info) else { return nil }
            names = first.contains(info) ? ["b", "g", "r", "a"] : ["a", "b", "g", "r"]
        default: return nil
        }
        step = names.count
        guard image.bytesPerRow >= image.width * step,
              bytes.count >= image.bytesPerRow * (image.height - 1) + image.width * step else { return nil }
        red = names.firstIndex(of: "r")!
        green = names.firstIndex(of: "g")!
        blue = names.firstIndex(of: "b")!
        let hasAlpha = ![.none, .noneSkipFirst, .noneSkipLast].contains(info)
        alpha = hasAlpha ? names.firstIndex(of: "a") : nil
        self.bytes = bytes
        self.bytesPerRow = image.bytesPerRow
    }

    /// The bits of a 4-byte pixel, loaded as a little-endian word, that hold alpha (none when the
    /// layout has no alpha).
    var alphaMask: UInt32 { alpha.map { 0xFF << (8 * UInt32($0)) } ?? 0 }

    /// Where red, green and blue lie in a 4-byte pixel loaded as a little-endian word (bits).
    var shifts: (UInt32, UInt32, UInt32) { (8 * UInt32(red), 8 * UInt32(green), 8 * UInt32(blue)) }

    /// A 4-byte pixel's color as red | green << 8 | blue << 16, whatever the layout.
    @inline(__always)
    static func color(_ word: UInt32, _ shifts: (UInt32, UInt32, UInt32)) -> UInt32 {
        (word &>> shifts.0) & 0xFF | ((word &>> shifts.1) & 0xFF) &<< 8 | ((word &>> shifts.2) & 0xFF) &<< 16
    }
}
