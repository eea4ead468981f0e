/// Per-pixel color filters over unpremultiplied colors (r, g, b, a in 0…1), in the image's own
/// encoding (no working color space: the values are the sRGB-encoded ones the layer drew).
package enum ColorKernels {
    /// Rec. 709 luma weights, which Core Image's color filters use for gray.
    package static let luma = SIMD3<Float>(0.2125, 0.7154, 0.0721)

    /// Applies `f` to every pixel's unpremultiplied color; transparent pixels stay transparent.
    package static func map(_ image: inout PixelImage, _ f: (SIMD4<Float>) -> SIMD4<Float>) {
        image.pixels.withUnsafeMutableBufferPointer { p in
            for i in p.indices where p[i] >> 24 != 0 { p[i] = PixelColor.pack(f(PixelColor.unpack(p[i]))) }
        }
    }

    /// Applies a 3×3 matrix (rows) to each color's rgb.
    package static func matrix(_ image: inout PixelImage, _ m: (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>)) {
        map(&image) { c in
            let rgb = SIMD3(c.x, c.y, c.z)
            return SIMD4((m.0 * rgb).sum(), (m.1 * rgb).sum(), (m.2 * rgb).sum(), c.w)
        }
    }

    /// The hue rotation matrix (about the gray axis, luminance kept): the one SVG's
    /// `feColorMatrix type="hueRotate"` defines, with the angle in radians.
    package static func hueRotation(_ angle: Float) -> (SIMD3<Float>, SIMD3<Float>, SIMD3<Float>) {
        let c = cos(angle), s = sin(angle)
        return (SIMD3(0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928),
                SIMD3(0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283),
                SIMD3(0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072))
    }

    /// The classic sepia matrix (rows for r, g, b).
    package static let sepia = (SIMD3<Float>(0.393, 0.769, 0.189), SIMD3<Float>(0.349, 0.686, 0.168), SIMD3<Float>(0.272, 0.534, 0.131))
}
