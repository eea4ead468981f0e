import AppKit
import LaminaTesting

/// The straight RGBA bytes of the pixel at column `x`, row `y` (row 0 at the top) of `image`.
func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    let pixels = SnapshotComparison.rgba(image), i = (y * image.width + x) * 4
    return pixels[i..<i + 4].map(Int.init)
}

/// The RGB of a pixel (alpha left out).
func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] { Array(rgba(image, x, y).prefix(3)) }

/// Whether two colors differ by at most `tolerance` in each channel.
func close(_ a: [Int], _ b: [Int], tolerance: Int = 3) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A window that is never shown (offscreen, as macOS unit tests keep theirs), whose content
/// view is `view`'s superview, of `size`, on white.
@MainActor func offscreenWindow(_ size: NSSize, with views: [NSView]) -> NSWindow {
    let window = NSWindow(contentRect: NSRect(origin: .zero, size: size), styleMask: [.titled, .resizable], backing: .buffered, defer: true)
    window.backgroundColor = .white
    for view in views { window.contentView?.addSubview(view) }
    return window
}

/// Runs `body` on the main actor (swift-corelibs-xctest cannot run `@MainActor` test classes).
func onMain(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated { try body() }
}

let red = [255, 0, 0], green = [0, 255, 0], blue = [0, 0, 255], white = [255, 255, 255]
