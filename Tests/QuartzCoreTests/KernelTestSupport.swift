import CLaminaKernels

/// A fixed sequence of random numbers (SplitMix64), so that a kernel test's failure names a case
/// that can be run again.
struct FixedRandomSequence: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// `rgb` (0xRRGGBB) at `alpha` as a premultiplied ARGB32 texel.
func premultipliedTexel(_ alpha: UInt32, _ rgb: UInt32) -> UInt32 {
    alpha << 24 | ((rgb >> 16) & 0xFF) * alpha / 255 << 16 | ((rgb >> 8) & 0xFF) * alpha / 255 << 8 | (rgb & 0xFF) * alpha / 255
}

/// `count` varied opaque pixels for a kernel to draw over (so that a pixel drawn wrongly, or
/// touched where it should not be, shows).
func variedOpaqueTarget(count: Int) -> [UInt32] {
    (0..<count).map { UInt32(0xFF00_0000) | UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & 0xFF_FFFF }
}

/// Calls `body` with `texels` (`width`×`height`) as a sampling kernel's texture, its flat
/// rectangle found when `findFlat`, and `edges` as the kernels take them (nil for none).
func withKernelTexture<Result>(_ texels: [UInt32], width: Int, height: Int, findFlat: Bool, edges: lamina_edges?,
                               _ body: (UnsafePointer<lamina_texture>, UnsafePointer<lamina_edges>?) -> Result) -> Result {
    texels.withUnsafeBufferPointer { src in
        var texture = lamina_texture()
        texture.texels = src.baseAddress
        (texture.stride_pixels, texture.width, texture.height) = (Int32(width), Int32(width), Int32(height))
        if findFlat { lamina_texture_find_flat_rect(&texture) }
        var cut = edges ?? lamina_edges()
        return withUnsafePointer(to: &texture) { texture in
            withUnsafePointer(to: &cut) { cut in body(texture, edges == nil ? nil : cut) }
        }
    }
}

/// Sides cut at random (`aliased` 1–15) a little inside a `width`×`height` texture's transparent
/// ring: `left` and `right` how far in from the first and last texel columns.
func randomCut(width: Int, height: Int, left: Double, right: Double, using random: inout FixedRandomSequence) -> lamina_edges {
    lamina_edges(x0: 1 + left, y0: 1, x1: Double(width - 1) - right, y1: Double(height - 1), aliased: UInt32.random(in: 1...15, using: &random))
}

/// A random clip rectangle (x0, y0, x1, y1): its corner within `start`, up to `span` pixels
/// wide and high, within a `size`×`size` target.
func randomClip(start: ClosedRange<Int32>, span: ClosedRange<Int32>, size: Int32,
                using random: inout FixedRandomSequence) -> (Int32, Int32, Int32, Int32) {
    let x0 = Int32.random(in: start, using: &random), y0 = Int32.random(in: start, using: &random)
    return (x0, y0, min(x0 + Int32.random(in: span, using: &random), size), min(y0 + Int32.random(in: span, using: &random), size))
}

/// The largest difference between two pixels' channels (levels, 0–255).
func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    stride(from: 0, to: 32, by: 8).map { abs(Int((a >> $0) & 0xFF) - Int((b >> $0) & 0xFF)) }.max()!
}

/// The largest channel difference between two pictures, pixel by pixel.
func largestChannelDifference(_ a: [UInt32], _ b: [UInt32]) -> Int {
    zip(a, b).reduce(0) { $1.0 == $1.1 ? $0 : max($0, channelDifference($1.0, $1.1)) }
}
