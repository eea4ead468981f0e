import CPixman
import Foundation

/// The render side's debug switches, read from `LAMINA_DEBUG` (a comma-separated list) when a
/// compositor is made:
/// - `damage`: each frame's damaged rectangles are flashed (tinted) in the window, and repainted
///   in the next frame;
/// - `fallback`: each subtree the layer renderer draws because the compositor's items cannot
///   show it is printed once per layer and reason, with the layer's name and id.
struct RenderDebug: OptionSet {
    let rawValue: Int
    static let damage = RenderDebug(rawValue: 1)
    static let fallback = RenderDebug(rawValue: 2)

    /// The switches named in `value`; unknown names are ignored.
    init(parsing value: String?) {
        var options: RenderDebug = []
        for name in (value ?? "").split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) {
            switch name {
            case "damage": options.insert(.damage)
            case "fallback": options.insert(.fallback)
            default: break
            }
        }
        self = options
    }

    init(rawValue: Int) { self.rawValue = rawValue }

    static func fromEnvironment() -> RenderDebug {
        RenderDebug(parsing: ProcessInfo.processInfo.environment["LAMINA_DEBUG"])
    }

    static func print(_ message: String) {
        FileHandle.standardError.write(Data("Lamina debug: \(message)\n".utf8))
    }

    /// Tints `rects` of `target` a translucent magenta; returns them, to be repainted next frame.
    static func flash(_ rects: [DeviceRect], in target: CompositeBand.Target) -> [DeviceRect] {
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
