import Glibc

/// What a decoder may spend on one image. An encoded file states its own size; a hostile or
/// damaged one can state 10⁶ × 10⁶ pixels in 74 bytes. Every decoder checks the declared size
/// against this budget, and against what the bytes present could possibly hold, before it
/// allocates a pixel, and allocates fallibly.
package struct ImageBudget: Sendable, Equatable {
    /// The most pixels one decoded image may have. Defaults to 16384 × 16384.
    package var maximumPixelCount: Int
    /// The most bytes one decoded image may occupy. Defaults to 1 GiB (16384² RGBA pixels).
    package var maximumByteCount: Int

    package init(maximumPixelCount: Int = 16384 * 16384, maximumByteCount: Int = 1 << 30) {
        self.maximumPixelCount = maximumPixelCount
        self.maximumByteCount = maximumByteCount
    }

    /// The budget `CGImage(pngDataProviderSource:…)` and image sources without options use.
    package static let standard = ImageBudget()

    /// Why a `width` × `height` image of `bytesPerPixel` cannot be decoded within this budget,
    /// or nil when it can. Overflow-checked: any declared size gives an answer, never a trap.
    package func problem(width: Int, height: Int, bytesPerPixel: Int) -> String? {
        guard width > 0, height > 0 else { return "the image declares \(width)×\(height) pixels" }
        let (pixels, pixelsOverflow) = width.multipliedReportingOverflow(by: height)
        guard !pixelsOverflow, pixels <= maximumPixelCount else {
            return "the image declares \(width)×\(height) pixels, more than the budget of \(maximumPixelCount)"
        }
        let (bytes, bytesOverflow) = pixels.multipliedReportingOverflow(by: bytesPerPixel)
        guard !bytesOverflow, bytes <= maximumByteCount else {
            return "a \(width)×\(height) image needs more than the budget of \(maximumByteCount) bytes"
        }
        return nil
    }

    /// `count` zeroed bytes, or nil when the memory cannot be had (never a trap). calloc leaves
    /// untouched pages unmapped, so rows a truncated stream never reaches cost nothing.
    package static func zeroedBytes(_ count: Int) -> Data? {
        guard count >= 0, let memory = calloc(max(count, 1), 1) else { return nil }
        return Data(bytesNoCopy: memory, count: count, deallocator: .free)
    }
}
