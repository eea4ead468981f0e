import Foundation
import Glibc

/// The size in points and the scale (device pixels per point) that a window or offscreen suite
/// runs its scene at: `--size WxH` (default 1280×720, or the suite's own: `latency` 320×240,
/// `uikit` 480×720) and `--scale S` (default `LAMINA_SCALE`, else 1 — not the desktop's Xft.dpi,
/// so that a suite's figures mean the same on every machine unless asked). Each figure line a
/// suite prints ends with `description` (`scale=2 size=1280x720`), so a line read alone says the
/// pixels it cost.
struct SceneGeometry: CustomStringConvertible, Sendable {
    /// The scenes' size unless a suite has its own: the stress scene's (and the Qt peer's) 1280×720.
    static let defaultSize = CGSize(width: 1280, height: 720)
    /// The smallest side in points: the scenes place 64-point tiles with room to move.
    static let smallestSide = 128
    /// The largest side in device pixels: an 8K display's width and some (a 4K frame is 3840×2160);
    /// beyond it one frame buffer alone would pass a quarter of a gigabyte.
    static let largestPixelSide = 8192
    /// The scales accepted: from half a pixel per point to four (Apple's displays use 1, 2 and 3).
    static let scales: ClosedRange<Double> = 0.5...4

    /// The scene's size in points.
    let size: CGSize
    /// Device pixels per point.
    let scale: CGFloat

    /// The frame's size in device pixels (each side rounded, as a window's buffer is).
    var pixelWidth: Int { Int((size.width * scale).rounded()) }
    var pixelHeight: Int { Int((size.height * scale).rounded()) }

    /// `scale=S size=WxH` (points), as the figure lines end.
    var description: String {
        "scale=\(Self.format(Double(scale))) size=\(Int(size.width))x\(Int(size.height))"
    }

    /// The suite's geometry from its arguments, or why not (a message naming the flag and what
    /// it takes). `environment` is where a scale comes from without `--scale`.
    static func parse(_ arguments: [String], defaultSize: CGSize = defaultSize,
                      environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<SceneGeometry, GeometryError> {
        var scale = 1.0
        if let index = arguments.firstIndex(of: "--scale") {
            guard index + 1 < arguments.count else { return .failure(.scale("nothing")) }
            guard let value = Double(arguments[index + 1]), value.isFinite, scales.contains(value) else {
                return .failure(.scale("\"\(arguments[index + 1])\""))
            }
            scale = value
        } else if let text = environment["LAMINA_SCALE"] {
            guard let value = Double(text), value.isFinite, scales.contains(value) else { return .failure(.environmentScale(text)) }
            scale = value
        }
        var size = defaultSize
        if let index = arguments.firstIndex(of: "--size") {
            guard index + 1 < arguments.count else { return .failure(.size("nothing")) }
            let text = arguments[index + 1]
            let sides = text.split(separator: "x", omittingEmptySubsequences: false)
            guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
                  width >= smallestSide, height >= smallestSide else { return .failure(.size("\"\(text)\"")) }
            size = CGSize(width: width, height: height)
        }
        let geometry = SceneGeometry(size: size, scale: CGFloat(scale))
        guard geometry.pixelWidth <= largestPixelSide, geometry.pixelHeight <= largestPixelSide else {
            return .failure(.tooManyPixels(geometry))
        }
        return .success(geometry)
    }

    /// Makes every window this process opens from now on (and UIKit's `UIScreen.main`) use this
    /// scale: `LAMINA_SCALE`, which the X display reads when a window is made. Called once, at
    /// start, before any display is opened.
    func applyToWindows() {
        setenv("LAMINA_SCALE", Self.format(Double(scale)), 1)
    }

    /// `2` for 2.0, `1.5` for 1.5: the shortest text that reads back as the value.
    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// Why a suite's `--scale` or `--size` was refused.
enum GeometryError: Error, CustomStringConvertible {
    case scale(String)
    case environmentScale(String)
    case size(String)
    case tooManyPixels(SceneGeometry)

    var description: String {
        let scales = "from \(SceneGeometry.format(SceneGeometry.scales.lowerBound)) to \(SceneGeometry.format(SceneGeometry.scales.upperBound))"
        switch self {
        case .scale(let given):
            return "--scale takes device pixels per point, a number \(scales), not \(given)"
        case .environmentScale(let given):
            return "LAMINA_SCALE must be a number \(scales) (or give --scale), not \"\(given)\""
        case .size(let given):
            return "--size takes WIDTHxHEIGHT in points, whole numbers of at least \(SceneGeometry.smallestSide) (e.g. 1920x1080), not \(given)"
        case .tooManyPixels(let geometry):
            return "--size \(Int(geometry.size.width))x\(Int(geometry.size.height)) at scale \(SceneGeometry.format(Double(geometry.scale))) "
                + "is \(geometry.pixelWidth)×\(geometry.pixelHeight) pixels: at most \(SceneGeometry.largestPixelSide) a side"
        }
    }
}
