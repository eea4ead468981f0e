import XCTest
@testable import LaminaHost
import CX11
import LaminaTesting

/// Window resizes under Xvfb: the view lays out again (autoresizing, constraints) with no
/// implicit animation, and a storm of sizes never shows garbage nor crashes.
final class ResizeTests: XCTestCase {
    static let red: [UInt8] = [255, 0, 0, 255], blue: [UInt8] = [0, 0, 255, 255]

    /// A red root with a blue tile pinned 10 points from the right edge (autoresizing) and a
    /// blue bar half the width wide along the bottom (constraints).
    @MainActor final class Pinned: HostingView {
        let tile = CALayer(), bar = CALayer()
        var layouts = 0
        override init() {
            super.init()
            layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            layer.frame = CGRect(x: 0, y: 0, width: 200, height: 150)
            tile.frame = CGRect(x: 150, y: 10, width: 40, height: 40)
            tile.autoresizingMask = .layerMinXMargin
            bar.name = "bar"
            bar.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            bar.addConstraint(CAConstraint(attribute: .width, relativeTo: "superlayer", attribute: .width, scale: 0.5, offset: 0))
            bar.addConstraint(CAConstraint(attribute: .minX, relativeTo: "superlayer", attribute: .minX))
            bar.addConstraint(CAConstraint(attribute: .maxY, relativeTo: "superlayer", attribute: .maxY))
            for sublayer in [tile, bar] {
                sublayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
                layer.addSublayer(sublayer)
            }
            layer.layoutManager = CAConstraintLayoutManager()
        }
        override func layout() { layouts += 1 }
    }

    func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixels = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<i + 4])
    }

    @MainActor func show(_ view: Pinned) throws -> LaminaHost.Window {
        let window = try LaminaHost.Window(checkedTitle: "Lamina resize", size: CGSize(width: 200, height: 150))
        window.contentView = view
        window.show()
        return window
    }

    /// Whether `window`'s picture shows the pinned layout at its current size.
    @MainActor func showsLayout(_ window: LaminaHost.Window) -> Bool {
        guard let image = window.capture() else { return false }
        // Points to pixels at the window's scale.
        let s = window.scale, (w, h) = (CGFloat(image.width) / s, CGFloat(image.height) / s)
        func at(_ x: CGFloat, _ y: CGFloat) -> [UInt8] { pixel(image, Int(x * s), Int(y * s)) }
        return at(w - 30, 30) == Self.blue && at(w - 55, 30) == Self.red
            && at(w / 2 - 3, h - 5) == Self.blue && at(w / 2 + 3, h - 5) == Self.red
    }

    func testAResizeLaysTheViewOutAgain() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAResizeLaysTheViewOutAgain() }
    }

    @MainActor func checkAResizeLaysTheViewOutAgain() throws {
        let view = Pinned()
        let window = try show(view)
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { self.showsLayout(window) }, "the first layout never showed")
        let layouts = view.layouts
        let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), ["windowsize", "\(window.windowID!)", "320", "240"], timeout: 30)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.size == CGSize(width: 320, height: 240) }, "no resize")
        XCTAssertEqual(view.layouts, layouts + 1, "HostingView.layout() once per size")
        XCTAssertEqual(view.tile.frame, CGRect(x: 270, y: 10, width: 40, height: 40), "autoresized")
        XCTAssertEqual(view.bar.frame, CGRect(x: 0, y: 230, width: 160, height: 10), "laid out by its constraints")
        XCTAssertNil(view.layer.animationKeys(), "a resize does not animate the root")
        XCTAssertNil(view.tile.animationKeys(), "nor its sublayers")
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { self.showsLayout(window) }, "the new layout never showed")
        XCTAssertEqual(window.capture()?.width, 320)
    }

    func testAResizeStormNeverShowsGarbage() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkAResizeStormNeverShowsGarbage() }
    }

    /// Colors a region of the window read through its own connection, or nil when the read failed
    /// (the window shrank under it).
    nonisolated static func colors(of window: UInt, display: OpaquePointer, width: Int32, height: Int32) -> Set<UInt>? {
        guard let image = XGetImage(display, window, 0, 0, UInt32(width), UInt32(height), XAllPlanes(), ZPixmap) else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        var seen: Set<UInt> = []
        for y in stride(from: 0, to: height, by: 3) {
            for x in stride(from: 0, to: width, by: 3) { seen.insert(image.pointee.f.get_pixel(image, x, y) & 0xFFFFFF) }
        }
        return seen
    }

    @MainActor func checkAResizeStormNeverShowsGarbage() throws {
        let view = Pinned()
        let window = try show(view)
        defer { window.close() }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { self.showsLayout(window) }, "the first layout never showed")
        let id = window.windowID!
        final class Storm: @unchecked Sendable {
            let lock = NSLock()
            var over = false, reads = 0, foreign: Set<UInt> = []
        }
        let storm = Storm()
        // Another client resizes the window 300 times in about a second and reads it between
        // sizes; red, blue and the window's white background are all it may ever show.
        Thread.detachNewThread {
            guard let display = XOpenDisplay(nil) else { storm.lock.lock(); storm.over = true; storm.lock.unlock(); return }
            defer { _ = XCloseDisplay(display) }
            var generator = SystemRandomNumberGenerator()
            for step in 0..<300 {
                XResizeWindow(display, id, UInt32.random(in: 150...500, using: &generator), UInt32.random(in: 100...400, using: &generator))
                XFlush(display)
                if step % 10 == 0, let seen = Self.colors(of: id, display: display, width: 150, height: 100) {
                    storm.lock.lock()
                    storm.reads += 1
                    storm.foreign.formUnion(seen.subtracting([0xFF0000, 0x0000FF, 0xFFFFFF]))
                    storm.lock.unlock()
                }
                usleep(3000)
            }
            XResizeWindow(display, id, 300, 200)
            XSync(display, 0)
            storm.lock.lock(); storm.over = true; storm.lock.unlock()
        }
        XCTAssertTrue(Application.shared.runUntil(timeout: 60) { storm.lock.lock(); defer { storm.lock.unlock() }; return storm.over })
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.size == CGSize(width: 300, height: 200) }, "not at the last size: \(window.size)")
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { self.showsLayout(window) }, "the last size's layout never showed")
        storm.lock.lock(); defer { storm.lock.unlock() }
        XCTAssertGreaterThan(storm.reads, 10)
        XCTAssertEqual(storm.foreign, [], "colors that are neither the layers' nor the background's")
        XCTAssertEqual(view.tile.frame, CGRect(x: 250, y: 10, width: 40, height: 40))
    }

    func testTheScaleFollowsXftDpiAtRunTime() throws {
        try requireDisplay()
        guard ProcessInfo.processInfo.environment["LAMINA_SCALE"] == nil else { throw XCTSkip("LAMINA_SCALE fixes the scale") }
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkTheScaleFollowsXftDpi() }
    }

    /// Sets the root window's resources (as `xrdb` does).
    @MainActor func setResources(_ x: X11Display, _ text: String?) {
        if let text {
            let bytes = Array(text.utf8)
            XChangeProperty(x.display, x.root, XA_RESOURCE_MANAGER, XA_STRING, 8, PropModeReplace, bytes, Int32(bytes.count))
        } else {
            XDeleteProperty(x.display, x.root, XA_RESOURCE_MANAGER)
        }
        XSync(x.display, 0)
    }

    @MainActor func checkTheScaleFollowsXftDpi() throws {
        let x = try X11Display.connection()
        let before = XResourceManagerString(x.display).map { String(cString: $0) }
        defer { setResources(x, before) }
        setResources(x, "Xft.dpi:\t96\n")
        let view = Pinned()
        let window = try show(view)
        defer { window.close() }
        XCTAssertEqual(window.scale, 1)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { self.showsLayout(window) }, "the first layout never showed")
        setResources(x, "Xft.dpi:\t192\n")                                    // the desktop goes to 2×
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.scale == 2 }, "the scale stayed \(window.scale)")
        XCTAssertEqual(window.size, CGSize(width: 200, height: 150), "the same size in points")
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.capture()?.width == 400 && self.showsLayout(window) },
                      "never shown at 2×: \(window.capture()?.width ?? 0) pixels wide")
        window.scale = .nan                                                        // refused
        XCTAssertEqual(window.scale, 2)
    }

    func testFullscreenCoversTheScreenAndComesBack() throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try test.checkFullscreen() }
    }

    @MainActor func checkFullscreen() throws {
        let x = try X11Display.connection()
        guard !x.hasWindowManager else { throw XCTSkip("a window manager decides full screen here") }
        let view = Pinned()
        let window = try show(view)
        defer { window.close() }
        let screen = CGSize(width: CGFloat(XDisplayWidth(x.display, x.screen)) / window.scale,
                            height: CGFloat(XDisplayHeight(x.display, x.screen)) / window.scale)
        window.isFullscreen = true
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.size == screen }, "not full screen: \(window.size)")
        XCTAssertEqual(view.tile.frame.maxX, screen.width - 10, "laid out for the screen")
        window.isFullscreen = false
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.size == CGSize(width: 200, height: 150) }, "not back: \(window.size)")
    }
}
