/// A bitmap the filters work on: premultiplied ARGB in native 32-bit words (BGRA in memory on
/// little-endian machines: cairo's and pixman's `a8r8g8b8`), rows top to bottom, no padding.
/// The render side hands its textures to the filters in this form.
package struct PixelImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt32]

    /// A transparent image of the given size (empty when a side is not positive).
    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        pixels = [UInt32](repeating: 0, count: self.width * self.height)
    }

    package init(width: Int, height: Int, pixels: [UInt32]) {
        precondition(pixels.count == width * height, "PixelImage: \(pixels.count) pixels for \(width)×\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Copies `height` rows of `width` pixels from memory with `bytesPerRow` between rows.
    package init(copying data: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int) {
        self.init(width: width, height: height)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = (data + y * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                (out.baseAddress! + y * width).update(from: row, count: width)
            }
        }
    }

    /// Writes the pixels into memory with `bytesPerRow` between rows.
    package func copy(to data: UnsafeMutableRawPointer, bytesPerRow: Int) {
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<height {
                (data + y * bytesPerRow).assumingMemoryBound(to: UInt32.self).update(from: src.baseAddress! + y * width, count: width)
            }
        }
    }

    package subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The pixel at (x, y), transparent outside.
    package func pixel(_ x: Int, _ y: Int) -> UInt32 {
        x >= 0 && y >= 0 && x < width && y < height ? pixels[y * width + x] : 0
    }

    /// This image inside a larger transparent one, `margin` pixels on every side.
    package func padded(by margin: Int) -> PixelImage {
        guard margin > 0 else { return self }
        var out = PixelImage(width: width + 2 * margin, height: height + 2 * margin)
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    (dst.baseAddress! + (y + margin) * out.width + margin).update(from: src.baseAddress! + y * width, count: width)
                }
            }
        }
        return out
    }
}

/// Conversions between packed premultiplied pixels and unpremultiplied colors (r, g, b, a in 0…1).
package enum PixelColor {
    @inline(__always)
    package static func unpack(_ p: UInt32) -> SIMD4<Float> {
        let a = Float(p >> 24)
        guard a > 0 else { return .zero }
        let inv = 1 / a
        return SIMD4(Float((p >> 16) & 0xFF) * inv, Float((p >> 8) & 0xFF) * inv, Float(p & 0xFF) * inv, a / 255)
    }

    /// Premultiplied components (r, g, b, a) in 0…1.
    @inline(__always)
    package static func unpackPremultiplied(_ p: UInt32) -> SIMD4<Float> {
        SIMD4(Float((p >> 16) & 0xFF), Float((p >> 8) & 0xFF), Float(p & 0xFF), Float(p >> 24)) / 255
    }

    /// Packs an unpremultiplied color, clamped to 0…1.
    @inline(__always)
    package static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let c = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)).replacing(with: 0, where: .!(c .== c))
        return packPremultiplied(SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w))
    }

    /// Packs premultiplied components, each clamped to 0…alpha.
    @inline(__always)
    package static func packPremultiplied(_ c: SIMD4<Float>) -> UInt32 {
        var c = c.replacing(with: 0, where: .!(c .== c))
        let a = min(max(c.w, 0), 1)
        c = c.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: a))
        let v = SIMD4<UInt32>((c * 255).rounded(.toNearestOrAwayFromZero))
        return (v.w << 24) | (v.x << 16) | (v.y << 8) | v.z
    }
}
