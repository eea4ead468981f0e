import XCTest
@testable import AppKit
@testable import LaminaHost
import CX11
import LaminaTesting

/// AppKit's windows end to end under Xvfb: real pointer and keys through xdotool and XTest
/// reaching NSViews in AppKit's coordinates, and each layer redraw policy during a live resize
/// of a real window.
final class AppKitWindowTests: XCTestCase {
    final class Pad: NSView {
        var log: [String] = []
        override var acceptsFirstResponder: Bool { true }
        override func draw(_ dirtyRect: NSRect) {
            NSColor.systemBlue.setFill()
            bounds.fill()
        }
        override func mouseDown(with event: NSEvent) {
            let p = convert(event.locationInWindow, from: nil)
            log.append("down \(Int(p.x)),\(Int(p.y)) x\(event.clickCount)")
        }
        override func mouseUp(with event: NSEvent) { log.append("up") }
        override func mouseDragged(with event: NSEvent) { if log.last != "drag" { log.append("drag") } }
        override func rightMouseDown(with event: NSEvent) { log.append("right") }
        override func scrollWheel(with event: NSEvent) { log.append("scroll \(Int(event.scrollingDeltaY))") }
        override func keyDown(with event: NSEvent) { log.append("key \(event.characters ?? "")\(event.modifierFlags.contains(.shift) ? " shift" : "")") }
        override func mouseEntered(with event: NSEvent) { log.append("entered") }
        override func mouseExited(with event: NSEvent) { log.append("exited") }
    }

    /// Blue with a red band along its top 10 points (y up: the band is at the bounds' max y).
    final class Banded: NSView {
        var draws = 0, liveResizes: [String] = []
        override func draw(_ dirtyRect: NSRect) {
            draws += 1
            NSColor.blue.setFill()
            bounds.fill()
            NSColor.red.setFill()
            NSRect(x: 0, y: bounds.maxY - 10, width: bounds.width, height: 10).fill()
        }
        override func viewWillStartLiveResize() { liveResizes.append("start \(inLiveResize)") }
        override func viewDidEndLiveResize() { liveResizes.append("end") }
    }

    func requireDisplay() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw XCTSkip("needs an X display: scripts/test runs these under Xvfb")
        }
    }

    func xdotool(_ arguments: String...) throws {
        let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), arguments, timeout: 30)
        XCTAssertEqual(run.status, 0, "xdotool \(arguments): \(run.output)")
    }

    func onMain(_ check: @MainActor (AppKitWindowTests) throws -> Void) throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try check(test) }
    }

    @MainActor func window(_ size: NSSize, _ views: [NSView]) -> NSWindow {
        let window = NSWindow(contentRect: NSRect(origin: .zero, size: size), styleMask: [.titled, .resizable, .closable],
                              backing: .buffered, defer: false)
        window.title = "Lamina AppKit"
        window.backgroundColor = .white
        for view in views { window.contentView?.addSubview(view) }
        window.makeKeyAndOrderFront(nil)
        return window
    }

    func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let pixels = SnapshotComparison.rgba(image)
        let i = (y * image.width + x) * 4
        return Array(pixels[i..<i + 3])
    }

    // MARK: Mouse and keys

    func testMouseAndKeysReachTheViewsInAppKitsCoordinates() throws { try onMain { try $0.checkMouseAndKeys() } }

    @MainActor func checkMouseAndKeys() throws {
        let pad = Pad(frame: NSRect(x: 10, y: 10, width: 100, height: 50))
        pad.addTrackingArea(NSTrackingArea(rect: pad.bounds, options: [.mouseEnteredAndExited, .activeAlways], owner: pad, userInfo: nil))
        let window = window(NSSize(width: 200, height: 100), [pad])
        defer { window.close() }
        let host = try XCTUnwrap(window.host)
        let id = "\(host.windowID!)"
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { host.shownMediaTime > 0 }, "never shown")
        try xdotool("mousemove", "--window", id, "150", "10", "mousemove", "--window", id, "30", "80",
                    "click", "--repeat", "2", "--delay", "60", "1", "click", "3", "click", "4")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { pad.log.contains { $0.hasPrefix("scroll") } }, "\(pad.log)")
        // (30, 80) from the window's top left is (30, 20) from its bottom left: (20, 10) in the pad.
        XCTAssertEqual(pad.log, ["entered", "down 20,10 x1", "up", "down 20,10 x2", "up", "right", "scroll 10"])
        XCTAssertTrue(window.firstResponder === pad)
        try xdotool("mousemove", "--window", id, "40", "75", "mousedown", "1", "mousemove", "--window", id, "180", "20", "mouseup", "1",
                    "mousemove", "--window", id, "190", "30")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { pad.log.contains("exited") }, "\(pad.log)")
        XCTAssertTrue(pad.log.contains("drag"))
        let x = try X11Display.connection()
        XSetInputFocus(x.display, host.windowID!, RevertToParent, UInt(CurrentTime))
        XSync(x.display, 0)
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.isKeyWindow }, "never focused")
        try xdotool("key", "a", "shift+b")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { pad.log.filter { $0.hasPrefix("key") }.count == 2 }, "\(pad.log)")
        XCTAssertEqual(pad.log.filter { $0.hasPrefix("key") }, ["key a", "key B shift"])
    }

    // MARK: Live resize

    func testEachRedrawPolicyDuringALiveResize() throws { try onMain { try $0.checkLiveResize() } }

    @MainActor func checkLiveResize() throws {
        let policies: [NSView.LayerContentsRedrawPolicy] = [.never, .onSetNeedsDisplay, .duringViewResize, .beforeViewResize, .crossfade]
        let views = policies.enumerated().map { i, policy in
            let view = Banded(frame: NSRect(x: 10 + 48 * CGFloat(i), y: 10, width: 40, height: 80))
            view.wantsLayer = true
            view.layerContentsRedrawPolicy = policy
            view.autoresizingMask = [.height]
            return view
        }
        let window = window(NSSize(width: 250, height: 100), views)
        defer { window.close() }
        let host = try XCTUnwrap(window.host)
        func shows(_ check: (CGImage) -> Bool) -> Bool { host.capture().map(check) ?? false }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { shows { self.pixel($0, 30, 15) == [255, 0, 0] && self.pixel($0, 30, 40) == [0, 0, 255] } },
                      "the first picture never showed")
        let drawsBefore = views.map(\.draws)
        let run = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), ["windowsize", "\(host.windowID!)", "250", "200"], timeout: 30)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { window.contentView?.frame.height == 200 }, "no resize")
        XCTAssertTrue(window.inLiveResize, "a resize from the window manager is a live resize")
        XCTAssertEqual(views[0].frame, NSRect(x: 10, y: 10, width: 40, height: 180), "the height took the whole change")
        // 15 points below each view's top: red where the old picture is stretched (its band is
        // 22.5 points tall now), blue where the view was redrawn at its new size.
        func column(_ i: Int) -> Int { 30 + 48 * i }
        // The frame judged is the one that showed the resize: a capture taken after it may hold
        // a later frame (the crossfade's, the animated resize's steps), and one taken before
        // the views' new frames were committed shows the window's new size around their old
        // geometry (on a loaded machine: the two first views' unstretched bands). So the wait
        // is for the whole resized picture; the views that must not redraw are held to it by
        // their draw counts below.
        var resized: CGImage?
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) {
            guard let image = host.capture(),
                  (0..<5).allSatisfy({ self.pixel(image, column($0), 185 - 180 + 10) == [255, 0, 0] }),
                  (0..<2).allSatisfy({ self.pixel(image, column($0), 25) == [255, 0, 0] }),
                  self.pixel(image, column(2), 25) == [0, 0, 255] else { return false }
            resized = image
            return true
        }, "the resized frame never showed")
        let image = try XCTUnwrap(resized)
        XCTAssertEqual(pixel(image, column(0), 25), [255, 0, 0], ".never keeps the old contents, stretched")
        XCTAssertEqual(pixel(image, column(1), 25), [255, 0, 0], ".onSetNeedsDisplay does not redraw on a resize")
        for i in 2..<5 { XCTAssertEqual(pixel(image, column(i), 25), [0, 0, 255], "\(policies[i]) redraws at the new size") }
        XCTAssertEqual(views.map(\.draws)[0..<2], drawsBefore[0..<2])
        assertSnapshot(image, named: "appkit-live-resize", comparison: SnapshotComparison(channelTolerance: 2, maxDifferingFraction: 0.001))
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !window.inLiveResize }, "the live resize never ended")
        XCTAssertEqual(views[2].liveResizes, ["start true", "end"])
        let marked = views[1].draws
        views[1].needsDisplay = true
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { shows { self.pixel($0, column(1), 25) == [0, 0, 255] } },
                      ".onSetNeedsDisplay redraws when marked: \(views[1].draws - marked) draws, \(views[1].layer!.needsDisplay())")
    }
}
