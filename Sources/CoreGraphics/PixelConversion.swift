/// Converts rows between any `PixelLayout` and the two 8-bit working formats: cairo's ARGB32
/// (premultiplied, native-endian: B, G, R, A in memory) and straight (unpremultiplied) RGBA.
enum PixelConversion {
    enum Target { case premultipliedBGRA, straightRGBA }

    /// Decodes a row of `layout` into `width` 4-byte pixels of `target`: worked out once per
    /// image, then called per row (a 1-pixel-wide image of a million rows worked the layout out
    /// a million times). 8-bit components, what decoders produce, are read directly.
    static func rowDecoder(_ layout: PixelLayout, target: Target) -> (UnsafeRawPointer, UnsafeMutablePointer<UInt8>) -> Void {
        if let bytes = ByteChannels(layout) {
            return { row, out in decodeBytes(bytes, layout.width, row, into: out, premultiplied: layout.isPremultiplied, target: target) }
        }
        let channels = layout.channels
        let premultiplied = layout.isPremultiplied
        let read = componentReader(layout)
        return { row, out in
            var values = [UInt8](repeating: 0, count: channels.count)
            for x in 0..<layout.width {
                for i in 0..<channels.count { values[i] = read(row, x, i) }
                var r: UInt8 = 0, g: UInt8 = 0, b: UInt8 = 0, a: UInt8 = 255
                for (i, channel) in channels.enumerated() {
                    switch channel {
                    case .red: r = values[i]
                    case .green: g = values[i]
                    case .blue: b = values[i]
                    case .gray: r = values[i]; g = values[i]; b = values[i]
                    case .alpha: a = values[i]
                    case .skip: break
                    }
                }
                store(r, g, b, a, at: out + 4 * x, premultiplied: premultiplied, target: target)
            }
        }
    }

    /// Where each channel of an 8-bit-per-component pixel lies (what decoders produce and most
    /// bitmaps use): read directly, without a reader call per component.
    struct ByteChannels {
        let step: Int, red: Int, green: Int, blue: Int
        /// nil: opaque.
        let alpha: Int?

        init?(_ layout: PixelLayout) {
            guard layout.bitsPerComponent == 8, layout.bitsPerPixel % 8 == 0, !layout.isFloat else { return nil }
            let channels = layout.channels, offsets = layout.byteOffsets8
            guard channels.count * 8 <= layout.bitsPerPixel else { return nil }
            var red = -1, green = -1, blue = -1, alpha: Int?
            for (channel, offset) in zip(channels, offsets) {
                switch channel {
                case .red: red = offset
                case .green: green = offset
                case .blue: blue = offset
                case .gray: (red, green, blue) = (offset, offset, offset)
                case .alpha: alpha = offset
                case .skip: break
                }
            }
            // Alpha-only bitmaps have no color: black, as the general path reads them.
            step = layout.bitsPerPixel / 8
            (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
        }
    }

    private static func decodeBytes(_ c: ByteChannels, _ width: Int, _ row: UnsafeRawPointer, into out: UnsafeMutablePointer<UInt8>,
                                    premultiplied: Bool, target: Target) {
        let p = row.assumingMemoryBound(to: UInt8.self)
        for x in 0..<width {
            let pixel = p + x * c.step
            let r = c.red < 0 ? 0 : pixel[c.red], g = c.green < 0 ? 0 : pixel[c.green], b = c.blue < 0 ? 0 : pixel[c.blue]
            let a = c.alpha.map { pixel[$0] } ?? 255
            store(r, g, b, a, at: out + 4 * x, premultiplied: premultiplied, target: target)
        }
    }

    @inline(__always)
    private static func store(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8, at o: UnsafeMutablePointer<UInt8>,
                              premultiplied: Bool, target: Target) {
        var (r, g, b) = (r, g, b)
        if premultiplied && target == .straightRGBA && a != 255 {      // opaque: unpremultiplying keeps each value
            (r, g, b) = (unpremultiply(r, a), unpremultiply(g, a), unpremultiply(b, a))
        } else if !premultiplied && target == .premultipliedBGRA && a != 255 {
            (r, g, b) = (multiply(r, a), multiply(g, a), multiply(b, a))
        }
        switch target {
        case .premultipliedBGRA: o[0] = b; o[1] = g; o[2] = r; o[3] = a
        case .straightRGBA: o[0] = r; o[1] = g; o[2] = b; o[3] = a
        }
    }

    /// Encodes one row of premultiplied BGRA into a bitmap-context layout (8-bit components).
    static func encodeRow(_ bgra: UnsafePointer<UInt8>, into row: UnsafeMutableRawPointer, layout: PixelLayout) {
        let channels = layout.channels, offsets = layout.byteOffsets8
        let bytesPerPixel = layout.bitsPerPixel / 8
        let out = row.assumingMemoryBound(to: UInt8.self)
        for x in 0..<layout.width {
            let p = bgra + 4 * x
            let pixel = out + bytesPerPixel * x
            for (i, channel) in channels.enumerated() {
                let value: UInt8
                switch channel {
                case .red: value = p[2]
                case .green: value = p[1]
                case .blue: value = p[0]
                case .gray: value = luma(r: p[2], g: p[1], b: p[0])
                case .alpha: value = p[3]
                case .skip: value = 255
                }
                pixel[offsets[i]] = value
            }
        }
    }

    /// Gray from RGB with the weights 0.30, 0.59, 0.11 (in 1/256ths, summing to 1 so that gray
    /// colors survive a round trip exactly).
    static func luma(r: UInt8, g: UInt8, b: UInt8) -> UInt8 {
        let sum: Int = 77 * Int(r) + 150 * Int(g) + 29 * Int(b) + 128
        return UInt8(sum >> 8)
    }

    static func multiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = Int(c) * Int(a) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a)))
    }

    /// Reads component `i` of pixel `x` of a row, scaled to 0…255.
    private static func componentReader(_ layout: PixelLayout) -> (UnsafeRawPointer, Int, Int) -> UInt8 {
        let bpc = layout.bitsPerComponent, bpp = layout.bitsPerPixel
        let little16 = layout.bitmapInfo.byteOrder == .order16Little
        let little32 = layout.bitmapInfo.byteOrder == .order32Little
        switch bpc {
        case 8 where bpp % 8 == 0:
            let offsets = layout.byteOffsets8, step = bpp / 8
            return { row, x, i in row.load(fromByteOffset: x * step + offsets[i], as: UInt8.self) }
        case 16:
            let step = bpp / 8
            return { row, x, i in
                let b0 = UInt32(row.load(fromByteOffset: x * step + 2 * i, as: UInt8.self))
                let b1 = UInt32(row.load(fromByteOffset: x * step + 2 * i + 1, as: UInt8.self))
                let v = little16 ? b0 | b1 << 8 : b0 << 8 | b1
                return UInt8((v * 255 + 32767) / 65535)
            }
        case 32 where layout.isFloat:
            let step = bpp / 8
            return { row, x, i in
                var bits: UInt32 = 0
                for k in 0..<4 {
                    let byte = UInt32(row.load(fromByteOffset: x * step + 4 * i + k, as: UInt8.self))
                    bits |= little32 ? byte << (8 * k) : byte << (8 * (3 - k))
                }
                let f = Double(Float(bitPattern: bits))
                return UInt8((f.clamped * 255).rounded())
            }
        case 5:
            // 16-bit xRRRRRGGGGGBBBBB, skip bit first; three 5-bit components after it.
            return { row, x, i in
                let b0 = UInt32(row.load(fromByteOffset: 2 * x, as: UInt8.self))
                let b1 = UInt32(row.load(fromByteOffset: 2 * x + 1, as: UInt8.self))
                let word = little16 ? b0 | b1 << 8 : b0 << 8 | b1
                let shift = layout.alphaInfo == .noneSkipFirst ? 10 - 5 * (i - 1) : 11 - 5 * i
                return UInt8(((word >> UInt32(max(shift, 0))) & 31) * 255 / 31)
            }
        default:
            // Sub-byte components, most significant bits first.
            let maxValue = (1 << bpc) - 1
            return { row, x, i in
                let bit = x * bpp + i * bpc
                let byte = Int(row.load(fromByteOffset: bit / 8, as: UInt8.self))
                let value = (byte >> (8 - bpc - bit % 8)) & maxValue
                return UInt8(value * 255 / maxValue)
            }
        }
    }
}
