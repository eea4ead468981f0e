import CCairo
import CPixman
import Synchronization

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
    /// How many batches are open (`beginBatch`).
    private var batchDepth = 0
    /// In a batch: the pixels the shadow holds newer than the caller's bytes, nil before the first drawing.
    private var batchCovered: PixelRect?
    /// Whether the caller has been given the bytes (`currentBytes()`); always for the caller's own memory.
    /// Atomic: a texture's context is read (`data`) by several compositing threads at once,
    /// each of which sets it (the thread sanitizer reported every such read as a race).
    private let handedOut = Atomic<Bool>(false)
    private var bytesHandedOut: Bool {
        get { handedOut.load(ordering: .relaxed) }
        set { handedOut.store(newValue, ordering: .relaxed) }
    }
    /// What the shadow holds newer than the bytes while `keepsBytesBehind`.
    private var bytesBehind: PixelRect?
    /// Whether the open batch was ended early (`currentBytes()`): operations convert one by one again.
    private var batchEnded = false

    init?(data: UnsafeMutableRawPointer?, layout: PixelLayout) {
        let format = Self.cairoFormat(for: layout)
        let native = Self.isNative(layout)
        self.layout = layout
        if let data {
            self.data = data
            ownsData = false
            handedOut.store(true, ordering: .relaxed)
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
    /// In a batch the shadow already holds the newest pixels where it has been drawn; only the
    /// part of `region` outside that is read in.
    func beginDrawing(_ region: PixelRect? = nil) {
        guard shadow != nil, !keepsBytesBehind else { cairo_surface_mark_dirty(surface); return }
        guard batching else { readIn(clamp(region)); return }
        let r = clamp(region)
        guard r.width > 0, r.height > 0 else { return }
        guard let covered = batchCovered else {
            readIn(r)
            batchCovered = r
            return
        }
        let grown = covered.union(r)
        guard grown != covered else { return }
        for band in Self.bands(of: grown, outside: covered) { readIn(band) }
        batchCovered = grown
    }

    /// Writes what cairo drew back to the caller's bytes (in a batch: when the batch ends).
    func endDrawing(_ region: PixelRect? = nil) {
        cairo_surface_flush(surface)
        guard shadow != nil, !batching else { return }
        guard !keepsBytesBehind else {
            let r = clamp(region)
            if r.width > 0, r.height > 0 { bytesBehind = bytesBehind.map { $0.union(r) } ?? r }
            return
        }
        writeBack(clamp(region))
    }

    /// Whether the bytes are this storage's own and nobody has been given them (`currentBytes()`):
    /// then nothing but the shadow changes them, and they are brought up to date only when read
    /// (`syncedBytes()`): a context made, drawn and read once converts once. Only for layouts
    /// whose conversions are exact (`byteShifts`), so that the bytes come out the same.
    private var keepsBytesBehind: Bool { ownsData && !bytesHandedOut && byteShifts != nil }

    /// Writes back what the shadow holds newer than the bytes (`keepsBytesBehind`).
    private func catchUpBytes() {
        guard let behind = bytesBehind else { return }
        cairo_surface_flush(surface)
        writeBack(behind)
        bytesBehind = nil
    }

    /// The bytes, current, for reading them now (an image of the context); they stay this
    /// storage's own.
    func syncedBytes() -> UnsafeMutableRawPointer {
        catchUpBytes()
        return currentBytesInBatch()
    }

    /// Starts a batch of drawing operations during which the caller's bytes are not read or
    /// written: the shadow takes each operation's region once (the first time it is drawn) and
    /// gives back everything drawn when the batch ends. For a tree of layers rendered into a
    /// context of a layout cairo does not draw (`render(in:)` into RGBA), two conversions per
    /// drawn layer became two for the whole tree. Nothing may read or write the bytes meanwhile
    /// but through `currentBytes()`, which ends the batching early. Batches nest.
    ///
    /// Only layouts pixman converts batch: their conversions lose nothing, so the bytes come out
    /// the same. A gray or 16-bit layout's conversion rounds, and Core Graphics, drawing in the
    /// layout itself, rounds after each operation: those keep converting each one.
    func beginBatch() {
        batchDepth += 1
    }

    /// Ends a batch (`beginBatch`), writing back what it drew.
    func endBatch() {
        guard batchDepth > 0 else { return }
        batchDepth -= 1
        guard batchDepth == 0 else { return }
        if !batchEnded, let covered = batchCovered {
            cairo_surface_flush(surface)
            writeBack(covered)
        }
        batchCovered = nil
        batchEnded = false
    }

    /// Whether operations are batched now: in an open batch not ended early, on a layout whose
    /// conversions are exact.
    private var batching: Bool { batchDepth > 0 && !batchEnded && pixmanFormat != nil && !keepsBytesBehind }

    /// The caller's bytes, current. In a batch they are written back first, and the rest of the
    /// batch converts each operation as outside one (the caller may write the bytes now).
    func currentBytes() -> UnsafeMutableRawPointer {
        catchUpBytes()
        if !bytesHandedOut { bytesHandedOut = true }
        return currentBytesInBatch()
    }

    private func currentBytesInBatch() -> UnsafeMutableRawPointer {
        if batchDepth > 0, !batchEnded {
            if let covered = batchCovered {
                cairo_surface_flush(surface)
                writeBack(covered)
            }
            batchCovered = nil
            batchEnded = true
        }
        return data
    }

    /// The parts of `outer` outside `inner` (which it contains): up to four bands.
    static func bands(of outer: PixelRect, outside inner: PixelRect) -> [PixelRect] {
        var bands: [PixelRect] = []
        func add(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            if x1 > x0, y1 > y0 { bands.append(PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)) }
        }
        add(outer.x, outer.y, outer.maxX, inner.y)
        add(outer.x, inner.maxY, outer.maxX, outer.maxY)
        add(outer.x, inner.y, inner.x, inner.maxY)
        add(inner.maxX, inner.y, outer.maxX, inner.maxY)
        return bands
    }

    /// Converts the caller's bytes in `r` into the shadow.
    private func readIn(_ r: PixelRect) {
        guard let shadow else { return }
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        if convertWithPixman(from: data, layout.bytesPerRow, userFormat: true, to: shadow, shadowStride, r) { return }
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

    /// Converts the shadow in `r` back into the caller's bytes.
    private func writeBack(_ r: PixelRect) {
        guard let shadow else { return }
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

    /// Memory order of a 32-bit RGB layout's four bytes, e.g. "RGBA"; nil for other layouts.
    private lazy var byteOrder: String? = {
        guard layout.model == .rgb, layout.bitsPerPixel == 32, layout.bytesPerRow % 4 == 0,
              Int(bitPattern: data) % 4 == 0 else { return nil }
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
        return String(order)
    }()

    /// The caller's layout as a pixman format, when it is a 32-bit one pixman converts with SIMD.
    private lazy var pixmanFormat: pixman_format_code_t? = {
        // pixman names formats by the bits of a native (little-endian) 32-bit word, high first.
        let formats: [String: pixman_format_code_t] = [
            "RGBA": PIXMAN_a8b8g8r8, "RGBX": PIXMAN_x8b8g8r8, "ARGB": PIXMAN_b8g8r8a8, "XRGB": PIXMAN_b8g8r8x8,
            "ABGR": PIXMAN_r8g8b8a8, "XBGR": PIXMAN_r8g8b8x8, "BGRA": PIXMAN_a8r8g8b8, "BGRX": PIXMAN_x8r8g8b8,
        ]
        return byteOrder.flatMap { formats[$0] }
    }()

    /// For a layout with alpha whose four bytes are cairo's in another order (RGBA, ARGB, ABGR):
    /// the bit shifts that move each byte, into cairo's order (`in`) and back (`out`). Such a
    /// conversion is a permutation of bytes, exact as pixman's; pixman's own path for it (no fast
    /// path: fetch, combine, store a scanline at a time) took 1.5 ms each way for a 562×1000
    /// frame, a third of rendering a Lottie sample into RGBA.
    private lazy var byteShifts: (in: SIMD4<UInt32>, out: SIMD4<UInt32>)? = {
        guard let order = byteOrder.map(Array.init), !order.contains("X"), order != Array("BGRA") else { return nil }
        let cairo = Array("BGRA")     // ARGB32 in a little-endian word's memory
        func shifts(from source: [Character], to target: [Character]) -> SIMD4<UInt32>? {
            var s = SIMD4<UInt32>()
            for k in 0..<4 {
                guard let i = source.firstIndex(of: target[k]) else { return nil }
                s[k] = UInt32(8 * i)
            }
            return s
        }
        guard let into = shifts(from: order, to: cairo), let back = shifts(from: cairo, to: order) else { return nil }
        return (into, back)
    }()

    /// Moves each pixel's bytes in `r` by `shifts` (byte k of a pixel written takes the byte at
    /// bit `shifts[k]` of the pixel read), a row at a time: a loop the compiler vectorizes.
    private static func permuteBytes(from source: UnsafeMutableRawPointer, _ sourceStride: Int,
                                     to destination: UnsafeMutableRawPointer, _ destinationStride: Int,
                                     _ r: PixelRect, _ shifts: SIMD4<UInt32>) {
        let (s0, s1, s2, s3) = (shifts[0], shifts[1], shifts[2], shifts[3])
        for y in r.y..<r.maxY {
            let src = (source + y * sourceStride).assumingMemoryBound(to: UInt32.self) + r.x
            let dst = (destination + y * destinationStride).assumingMemoryBound(to: UInt32.self) + r.x
            for i in 0..<r.width {
                let p = src[i]
                dst[i] = ((p &>> s0) & 0xFF) | (((p &>> s1) & 0xFF) &<< 8) | (((p &>> s2) & 0xFF) &<< 16) | (((p &>> s3) & 0xFF) &<< 24)
            }
        }
    }

    private func clamp(_ region: PixelRect?) -> PixelRect {
        let all = PixelRect(x: 0, y: 0, width: layout.width, height: layout.height)
        return region.map { $0.intersection(all) ?? PixelRect(x: 0, y: 0, width: 0, height: 0) } ?? all
    }

    /// Converts a rectangle between the caller's layout and cairo's with pixman.
    private func convertWithPixman(from source: UnsafeMutableRawPointer, _ sourceStride: Int, userFormat: Bool,
                                   to destination: UnsafeMutableRawPointer, _ destinationStride: Int, _ r: PixelRect) -> Bool {
        guard let user = pixmanFormat else { return false }
        if let shifts = byteShifts {
            guard r.width > 0, r.height > 0 else { return true }
            Self.permuteBytes(from: source, sourceStride, to: destination, destinationStride, r, userFormat ? shifts.in : shifts.out)
            return true
        }
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
