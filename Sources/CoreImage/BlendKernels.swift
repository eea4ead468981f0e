/// The blend modes and Porter–Duff compositing operators of Core Image's `CI…BlendMode` and
/// `CI…Compositing` filters, over premultiplied pixels: a source image over a background.
///
/// Blend modes follow the W3C Compositing and Blending spec: with unpremultiplied colors Cs
/// (source) and Cb (backdrop), alphas αs and αb, and a blend function B,
/// co = Cs·αs·(1 − αb) + Cb·αb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb·(1 − αs).
package enum BlendKernels {
    /// How one pair of pixels combines.
    package enum Operation: Sendable {
        /// A separable blend function B(Cb, Cs) per channel.
        case separable(@Sendable (Float, Float) -> Float)
        /// A non-separable blend function B(Cb, Cs) over rgb.
        case nonSeparable(@Sendable (SIMD3<Float>, SIMD3<Float>) -> SIMD3<Float>)
        /// An operator on premultiplied source and backdrop (rgba) directly.
        case premultiplied(@Sendable (SIMD4<Float>, SIMD4<Float>) -> SIMD4<Float>)
    }

    /// The result of `source` over `backdrop` (premultiplied, 0…1).
    @inline(__always)
    package static func combine(_ op: Operation, source s: SIMD4<Float>, backdrop b: SIMD4<Float>) -> SIMD4<Float> {
        let sa = s.w, ba = b.w
        switch op {
        case .premultiplied(let f):
            return f(s, b)
        case .separable(let f):
            if sa == 0 { return b }
            if ba == 0 { return s }
            let cs = SIMD3(s.x, s.y, s.z) / sa, cb = SIMD3(b.x, b.y, b.z) / ba
            let mixed = SIMD3(f(cb.x, cs.x), f(cb.y, cs.y), f(cb.z, cs.z))
            return finish(s, b, mixed)
        case .nonSeparable(let f):
            if sa == 0 { return b }
            if ba == 0 { return s }
            let cs = SIMD3(s.x, s.y, s.z) / sa, cb = SIMD3(b.x, b.y, b.z) / ba
            return finish(s, b, f(cb, cs))
        }
    }

    @inline(__always)
    private static func finish(_ s: SIMD4<Float>, _ b: SIMD4<Float>, _ mixed: SIMD3<Float>) -> SIMD4<Float> {
        let sa = s.w, ba = b.w
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - ba) + SIMD3(b.x, b.y, b.z) * (1 - sa) + sa * ba * mixed
        return SIMD4(rgb.x, rgb.y, rgb.z, sa + ba * (1 - sa))
    }

    /// `source` combined over `backdrop` pixel for pixel (images of the same size) into `backdrop`.
    package static func blend(_ op: Operation, source: PixelImage, over backdrop: inout PixelImage) {
        precondition(source.width == backdrop.width && source.height == backdrop.height)
        backdrop.pixels.withUnsafeMutableBufferPointer { b in
            source.pixels.withUnsafeBufferPointer { s in
                for i in b.indices {
                    if s[i] == 0, case .separable = op { continue }     // nothing over the backdrop
                    let out = combine(op, source: PixelColor.unpackPremultiplied(s[i]), backdrop: PixelColor.unpackPremultiplied(b[i]))
                    b[i] = PixelColor.packPremultiplied(out)
                }
            }
        }
    }

    // MARK: The functions, by Core Image filter name

    /// Every blend and compositing filter's operation, by its Core Image name.
    package static let operations: [String: Operation] = [
        "CIMultiplyBlendMode": .separable { b, s in b * s },
        "CIScreenBlendMode": .separable { b, s in b + s - b * s },
        "CIOverlayBlendMode": .separable { b, s in hardLight(s: b, b: s) },
        "CIDarkenBlendMode": .separable { b, s in min(b, s) },
        "CILightenBlendMode": .separable { b, s in max(b, s) },
        "CIColorDodgeBlendMode": .separable { b, s in b == 0 ? 0 : (s >= 1 ? 1 : min(1, b / (1 - s))) },
        "CIColorBurnBlendMode": .separable { b, s in b >= 1 ? 1 : (s <= 0 ? 0 : 1 - min(1, (1 - b) / s)) },
        "CIHardLightBlendMode": .separable { b, s in hardLight(s: s, b: b) },
        "CISoftLightBlendMode": .separable { b, s in softLight(b: b, s: s) },
        "CIDifferenceBlendMode": .separable { b, s in abs(b - s) },
        "CIExclusionBlendMode": .separable { b, s in b + s - 2 * b * s },
        "CISubtractBlendMode": .separable { b, s in max(b - s, 0) },
        "CIDivideBlendMode": .separable { b, s in s <= 0 ? (b > 0 ? 1 : 0) : min(b / s, 1) },
        "CILinearBurnBlendMode": .separable { b, s in max(b + s - 1, 0) },
        "CILinearDodgeBlendMode": .separable { b, s in min(b + s, 1) },
        "CILinearLightBlendMode": .separable { b, s in min(max(b + 2 * s - 1, 0), 1) },
        "CIPinLightBlendMode": .separable { b, s in s <= 0.5 ? min(b, 2 * s) : max(b, 2 * s - 1) },
        "CIVividLightBlendMode": .separable { b, s in
            if s <= 0.5 { return s <= 0 ? (b >= 1 ? 1 : 0) : 1 - min(1, (1 - b) / (2 * s)) }
            return s >= 1 ? (b <= 0 ? 0 : 1) : min(1, b / (2 * (1 - s)))
        },
        "CIHueBlendMode": .nonSeparable { b, s in setLum(setSat(s, sat(b)), lum(b)) },
        "CISaturationBlendMode": .nonSeparable { b, s in setLum(setSat(b, sat(s)), lum(b)) },
        "CIColorBlendMode": .nonSeparable { b, s in setLum(s, lum(b)) },
        "CILuminosityBlendMode": .nonSeparable { b, s in setLum(b, lum(s)) },
        "CISourceOverCompositing": .premultiplied { s, b in s + b * (1 - s.w) },
        "CISourceAtopCompositing": .premultiplied { s, b in
            let rgb = SIMD3(s.x, s.y, s.z) * b.w + SIMD3(b.x, b.y, b.z) * (1 - s.w)
            return SIMD4(rgb.x, rgb.y, rgb.z, b.w)
        },
        "CISourceInCompositing": .premultiplied { s, b in s * b.w },
        "CISourceOutCompositing": .premultiplied { s, b in s * (1 - b.w) },
        "CIAdditionCompositing": .premultiplied { s, b in s + b },
        "CIMultiplyCompositing": .premultiplied { s, b in s * b },
        "CIMinimumCompositing": .premultiplied { s, b in pointwiseMin(s, b) },
        "CIMaximumCompositing": .premultiplied { s, b in pointwiseMax(s, b) },
    ]

    private static func hardLight(s: Float, b: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    private static func softLight(b: Float, s: Float) -> Float {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    package static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c: SIMD3<Float>) -> SIMD3<Float> {
        let l = lum(c), n = c.min(), x = c.max()
        var c = c
        if n < 0 { c = l + (c - l) * l / (l - n) }
        if x > 1 { c = l + (c - l) * (1 - l) / (x - l) }
        return c
    }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> { clipColor(c + (l - lum(c))) }

    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let mx = c.max(), mn = c.min()
        guard mx > mn else { return .zero }
        return (c - mn) * s / (mx - mn)
    }
}

extension BlendKernels {
    /// `source` (premultiplied BGRA rows, faded by `alpha`) combined over `destination` in place,
    /// `width` × `height` pixels. An opaque destination (BGRX: its alpha byte unset) is read as
    /// opaque and stays opaque. Transparent source pixels leave the destination as it is for
    /// the blend modes, whose result there is the backdrop.
    package static func blend(_ op: Operation, source: UnsafeRawPointer, sourceBytesPerRow: Int,
                              destination: UnsafeMutableRawPointer, destinationBytesPerRow: Int,
                              width: Int, height: Int, alpha: Float, opaqueDestination: Bool) {
        let skipsClear: Bool
        switch op {
        case .separable, .nonSeparable: skipsClear = true
        case .premultiplied: skipsClear = false
        }
        for y in 0..<height {
            let s = (source + y * sourceBytesPerRow).assumingMemoryBound(to: UInt32.self)
            let d = (destination + y * destinationBytesPerRow).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                if skipsClear, s[x] >> 24 == 0 { continue }
                var b = PixelColor.unpackPremultiplied(d[x])
                if opaqueDestination { b.w = 1 }
                var out = combine(op, source: PixelColor.unpackPremultiplied(s[x]) * alpha, backdrop: b)
                if opaqueDestination { out.w = 1 }
                d[x] = PixelColor.packPremultiplied(out)
            }
        }
    }
}

extension PixelImage {
    /// This image grown by the given margins, the new pixels copies of the nearest edge pixel
    /// (what a blur near the edge of a screen should read rather than darkness).
    package func extendingEdges(left: Int, top: Int, right: Int, bottom: Int) -> PixelImage {
        guard width > 0, height > 0, left > 0 || top > 0 || right > 0 || bottom > 0 else { return self }
        let (l, t, r, b) = (max(left, 0), max(top, 0), max(right, 0), max(bottom, 0))
        var out = PixelImage(width: width + l + r, height: height + t + b)
        for y in 0..<out.height {
            let sy = Swift.min(Swift.max(y - t, 0), height - 1)
            for x in 0..<out.width {
                out.pixels[y * out.width + x] = pixels[sy * width + Swift.min(Swift.max(x - l, 0), width - 1)]
            }
        }
        return out
    }
}
