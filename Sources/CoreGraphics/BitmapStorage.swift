import CCairo
import CPixman

/// The memory behind a bitmap context and the cairo surface that draws into it.
///
/// Layouts cairo draws natively (BGRA or BGRX on little-endian, alpha-only with 4-byte aligned
/// rows) are drawn in place. Every other layout keeps a cairo-format shadow: each drawing
/// operation reads the caller's bytes into it first and writes the result back after, so `data`
/// is always current and writes made through it are never lost.
final class BitmapStorage {
    let layout: PixelLayout
    let data: UnsafeMutableRawPointer
    let surface: OpaquePointer
    private let ownsData: Bool
    private let shadow: UnsafeMutableRawPointer?
    /// Whether cairo draws in the caller's bytes themselves (no shadow to convert through).
    var drawsInPlace: Bool { shadow == nil }
    private let shadowStride: Int

    init?(data: UnsafeMutableRawPointer?, layout: PixelLayout) {
        let format = Self.cairoFormat(for: layout)
        let native = Self.isNative(layout)
        self.layout = layout
        if let data {
            self.data = data
            ownsData = false
        } else {
            guard let allocated = calloc(max(layout.bytesPerRow * layout.height, 1), 1) else { return nil }
            self.data = allocated
            ownsData = true
        }
        let surface: OpaquePointer?
        if native {
            shadow = nil
            shadowStride = layout.bytesPerRow
            surface = cairo_image_surface_create_for_data(self.data.assumingMemoryBound(to: UInt8.self), format,
                                                          Int32(layout.width), Int32(layout.height), Int32(layout.bytesPerRow))
        } else {
            let stride = Int(cairo_format_stride_for_width(format, Int32(layout.width)))
            let buffer = calloc(stride * layout.height, 1)
            shadowStride = stride
            shadow = buffer
            surface = buffer.flatMap {
                cairo_image_surface_create_for_data($0.assumingMemoryBound(to: UInt8.self), format,
                                                    Int32(layout.width), Int32(layout.height), Int32(stride))
            }
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            if ownsData { free(self.data) }
            free(shadow)
            return nil
        }
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
        free(shadow)
        if ownsData { free(data) }
    }

    static func cairoFormat(for layout: PixelLayout) -> cairo_format_t {
        if layout.model == nil || layout.alphaInfo == .alphaOnly { return CAIRO_FORMAT_A8 }
        return layout.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
    }

    private static func isNative(_ layout: PixelLayout) -> Bool {
        guard layout.bytesPerRow % 4 == 0 else { return false }
        if layout.alphaInfo == .alphaOnly { return true }
        return layout.model == .rgb && layout.bitmapInfo.byteOrder == .order32Little
            && (layout.alphaInfo == .premultipliedFirst || layout.alphaInfo == .noneSkipFirst)
    }

    /// Brings the caller's bytes into the surface before cairo draws.
    /// `region` (device pixels) bounds what the coming drawing changes; nil means everything.
    func beginDrawing(_ region: PixelRect? = nil) {
        if let shadow {
            let r = clamp(region)
            cairo_surface_flush(surface)
            if convertWithPixman(from: data, layout.bytesPerRow, userFormat: true, to: shadow, shadowStride, r) {
                cairo_surface_mark_dirty(surface)
                return
            }
            let decode = PixelConversion.rowDecoder(layout, target: .premultipliedBGRA)
            for y in r.y..<r.maxY {
                let src = data + y * layout.bytesPerRow, dst = shadow + y * shadowStride
                if layout.alphaInfo == .alphaOnly {
                    dst.copyMemory(from: src, byteCount: layout.width)
                } else {
                    decode(src, dst.assumingMemoryBound(to: UInt8.self))
                }
            }
        }
        cairo_surface_mark_dirty(surface)
    }

    /// Writes what cairo drew back to the caller's bytes.
    func endDrawing(_ region: PixelRect? = nil) {
        cairo_surface_flush(surface)
        guard let shadow else { return }
        let r = clamp(region)
        if convertWithPixman(from: shadow, shadowStride, userFormat: false, to: data, layout.bytesPerRow, r) { return }
        for y in r.y..<r.maxY {
            let src = shadow + y * shadowStride, dst = data + y * layout.bytesPerRow
            if layout.alphaInfo == .alphaOnly {
                dst.copyMemory(from: src, byteCount: layout.width)
            } else {
                PixelConversion.encodeRow(src.assumingMemoryBound(to: UInt8.self), into: dst, layout: layout)
            }
        }
    }

    /// The caller's layout as a pixman format, when it is a 32-bit one pixman converts with SIMD.
    private lazy var pixmanFormat: pixman_format_code_t? = {
        guard layout.model == .rgb, layout.bitsPerPixel == 32, layout.bytesPerRow % 4 == 0,
              Int(bitPattern: data) % 4 == 0 else { return nil }
        // Memory order of the four bytes, e.g. "RGBA".
        var order = Array(repeating: Character("X"), count: 4)
        for (channel, offset) in zip(layout.channels, layout.byteOffsets8) {
            switch channel {
            case .red: order[offset] = "R"
            case .green: order[offset] = "G"
            case .blue: order[offset] = "B"
            case .alpha: order[offset] = "A"
            default: break
            }
        }
        // pixman names formats by the bits of a native (little-endian) 32-bit word, high first.
        let formats: [String: pixman_format_code_t] = [
            "RGBA": PIXMAN_a8b8g8r8, "RGBX": PIXMAN_x8b8g8r8, "ARGB": PIXMAN_b8g8r8a8, "XRGB": PIXMAN_b8g8r8x8,
            "ABGR": PIXMAN_r8g8b8a8, "XBGR": PIXMAN_r8g8b8x8, "BGRA": PIXMAN_a8r8g8b8, "BGRX": PIXMAN_x8r8g8b8,
        ]
        return formats[String(order)]
    }()

    private func clamp(_ region: PixelRect?) -> PixelRect {
        let all = PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)
        return region.map { $0.intersection(all) ?? PixelRect(x: 0, y: 0, width: 0, height: 0) } ?? all
    }

    /// Converts a rectangle between the caller's layout and cairo's with pixman.
    private func convertWithPixman(from source: UnsafeMutableRawPointer, _ sourceStride: Int, userFormat: Bool,
                                   to destination: UnsafeMutableRawPointer, _ destinationStride: Int, _ r: PixelRect) -> Bool {
        guard let user = pixmanFormat else { return false }
        let cairoFormat = layout.hasAlpha ? PIXMAN_a8r8g8b8 : PIXMAN_x8r8g8b8
        let (w, h) = (Int32(layout.width), Int32(layout.height))
        guard let src = pixman_image_create_bits(userFormat ? user : cairoFormat, w, h,
                                                 source.assumingMemoryBound(to: UInt32.self), Int32(sourceStride)),
              let dst = pixman_image_create_bits(userFormat ? cairoFormat : user, w, h,
                                                 destination.assumingMemoryBound(to: UInt32.self), Int32(destinationStride)) else {
            return false
        }
        pixman_image_composite32(PIXMAN_OP_SRC, src, nil, dst, Int32(r.x), Int32(r.y), 0, 0, Int32(r.x), Int32(r.y),
                                 Int32(r.width), Int32(r.height))
        pixman_image_unref(src)
        pixman_image_unref(dst)
        return true
    }
}
