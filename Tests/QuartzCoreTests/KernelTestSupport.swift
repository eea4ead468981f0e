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
