import CPixman
import Foundation

/// The render side's debug switches, read from `LAMINA_DEBUG` (a comma-separated list) when a
/// compositor is made:
/// - `damage`: each frame's damaged rectangles are flashed (tinted) in the window, and repainted
///   in the next frame;
/// - `fallback`: each subtree the layer renderer draws because the compositor's items cannot
///   show it is printed once per layer and reason, with the layer's name and id;
/// - `offscreen`: what comes from an offscreen pass (groups, subtrees drawn by the renderer) is
///   tinted yellow;
/// - `misaligned`: what is not placed on whole pixels (turned, scaled, fractionally moved) is
///   tinted magenta;
/// - `blended`: what blends with what is under it (faded, or not opaque everywhere) is tinted
///   red, opaque items green, as Instruments' "Color Blended Layers" does;
/// - `hits`: the layer the pointer hits and its ancestors are outlined (a window fills in
///   `Compositor.overlay`; see `DebugOverlay`);
/// - `fps`: a graph of the recent frame times in the top-right corner (the same way).
/// The tints go over each frame's composited rectangles, so they follow what moves.
package struct RenderDebug: OptionSet, Sendable {
    package let rawValue: Int
    package static let damage = RenderDebug(rawValue: 1)
    package static let fallback = RenderDebug(rawValue: 2)
    package static let offscreen = RenderDebug(rawValue: 4)
    package static let misaligned = RenderDebug(rawValue: 8)
    package static let blended = RenderDebug(rawValue: 16)
    package static let hits = RenderDebug(rawValue: 32)
    package static let fps = RenderDebug(rawValue: 64)

    /// The switches named in `value`; unknown names are ignored.
    package init(parsing value: String?) {
        var options: RenderDebug = []
        for name in (value ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch name {
            case "damage": options.insert(.damage)
            case "fallback": options.insert(.fallback)
            case "offscreen": options.insert(.offscreen)
            case "misaligned": options.insert(.misaligned)
            case "blended": options.insert(.blended)
            case "hits": options.insert(.hits)
            case "fps": options.insert(.fps)
            default: break
            }
        }
        self = options
    }

    package init(rawValue: Int) { self.rawValue = rawValue }

    package static func fromEnvironment() -> RenderDebug {
        RenderDebug(parsing: ProcessInfo.processInfo.environment["LAMINA_DEBUG"])
    }

    static func print(_ message: String) {
        FileHandle.standardError.write(Data("Lamina debug: \(message)\n".utf8))
    }

    /// Tints, over `rects`, the items the switches in `options` pick out (see the type's comment).
    static func tint(_ items: CompositeList, over rects: [DeviceRect], options: RenderDebug, in target: PixelTarget) {
        guard let dest = pixman_image_create_bits(target.format, target.width, target.height,
                                                  target.data.assumingMemoryBound(to: UInt32.self), target.bytesPerRow)
        else { return }
        defer { pixman_image_unref(dest) }
        func color(_ r: UInt16, _ g: UInt16, _ b: UInt16) -> pixman_color_t {
            // A third opaque, premultiplied.
            pixman_color_t(red: r / 3, green: g / 3, blue: b / 3, alpha: 0x5555)
        }
        items.forEach { item in
            var tint: pixman_color_t?
            if options.contains(.blended) {
                item.texture.ensureDrawn()   // after the frame's composite: nothing else reads it now
                let t = item.texture.texels
                let opaque = item.alpha == 255 && t.flat_color >> 24 == 255 && t.flat_x0 <= 1 && t.flat_y0 <= 1
                    && t.flat_x1 >= t.width - 1 && t.flat_y1 >= t.height - 1
                tint = opaque ? color(0, 0xFFFF, 0) : color(0xFFFF, 0, 0)
            }
            if options.contains(.misaligned), item.integerOffset == nil { tint = color(0xFFFF, 0, 0xFFFF) }
            if options.contains(.offscreen), item.isOffscreen { tint = color(0xFFFF, 0xFFFF, 0) }
            guard var tint else { return }
            for r in rects {
                guard let part = item.extent.intersection(r) else { continue }
                var box = pixman_box32_t(x1: part.x, y1: part.y, x2: part.x + part.width, y2: part.y + part.height)
                pixman_image_fill_boxes(PIXMAN_OP_OVER, dest, &tint, 1, &box)
            }
        }
    }

    /// Tints `rects` of `target` a translucent magenta; returns them, to be repainted next frame.
    static func flash(_ rects: [DeviceRect], in target: PixelTarget) -> [DeviceRect] {
        guard let dest = pixman_image_create_bits(target.format, target.width, target.height,
                                                  target.data.assumingMemoryBound(to: UInt32.self), target.bytesPerRow)
        else { return [] }
        defer { pixman_image_unref(dest) }
        var tint = pixman_color_t(red: 0x8000, green: 0, blue: 0x8000, alpha: 0x8000)   // premultiplied, half opaque
        for r in rects {
            var box = pixman_box32_t(x1: r.x, y1: r.y, x2: r.x + r.width, y2: r.y + r.height)
            pixman_image_fill_boxes(PIXMAN_OP_OVER, dest, &tint, 1, &box)
        }
        return rects
    }
}
