import CoreGraphics
import CPixman

/// What a target lacks of the latest picture, copied from the target that holds it rather than
/// composited again. A window draws into two buffers by turns: the one drawn next lacks the last
/// frame's changes, which the other buffer (the last one presented) shows whole. Copying them is
/// four bytes a pixel read and written; compositing them again painted the backdrop and every
/// item over them (under a dragged layer of a stress scene, some twenty tiles), which was about
/// half of such a frame's bands.
enum CopyBack {
    /// Whether pixels can be copied from `source` into `target` row by row: the same size, row
    /// length and pixel format, 32 bits a pixel, different memory.
    static func canCopy(from source: CGContext, into target: CGContext) -> Bool {
        guard let from = source.data, let to = target.data, from != to else { return false }
        return source.width == target.width && source.height == target.height && source.bytesPerRow == target.bytesPerRow
            && source.bitsPerPixel == 32 && target.bitsPerPixel == 32 && source.bitmapInfo == target.bitmapInfo
            && source.alphaInfo == target.alphaInfo
    }

    /// The parts of `missed` outside `shown` (which are composited anyway), as disjoint rectangles.
    static func rectangles(_ missed: [DeviceRect], outside shown: [DeviceRect]) -> [DeviceRect] {
        guard !missed.isEmpty else { return [] }
        // Pointers of their own: pixman's calls take a region as source and destination at once.
        let lacking = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        let composited = UnsafeMutablePointer<pixman_region32_t>.allocate(capacity: 1)
        pixman_region32_init(lacking)
        pixman_region32_init(composited)
        defer {
            pixman_region32_fini(lacking); pixman_region32_fini(composited)
            lacking.deallocate(); composited.deallocate()
        }
        for r in missed where r.width > 0 && r.height > 0 {
            pixman_region32_union_rect(lacking, lacking, r.x, r.y, UInt32(r.width), UInt32(r.height))
        }
        for r in shown where r.width > 0 && r.height > 0 {
            pixman_region32_union_rect(composited, composited, r.x, r.y, UInt32(r.width), UInt32(r.height))
        }
        pixman_region32_subtract(lacking, lacking, composited)
        var count: Int32 = 0
        guard let boxes = pixman_region32_rectangles(lacking, &count), count > 0 else { return [] }
        return (0..<Int(count)).map { DeviceRect(boxes[$0]) }
    }

    /// Copies `rects` (within both bitmaps; see `canCopy`) from `source` into `target`.
    static func copy(_ rects: [DeviceRect], from source: CGContext, into target: CGContext) {
        guard let from = source.data, let to = target.data else { return }
        let rowBytes = target.bytesPerRow
        let bounds = DeviceRect(x: 0, y: 0, width: Int32(target.width), height: Int32(target.height))
        for rect in rects {
            guard let r = rect.intersection(bounds) else { continue }
            let start = Int(r.y) * rowBytes + Int(r.x) * 4, length = Int(r.width) * 4
            for row in 0..<Int(r.height) {
                (to + start + row * rowBytes).copyMemory(from: from + start + row * rowBytes, byteCount: length)
            }
        }
    }
}
