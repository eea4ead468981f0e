import XCTest
@testable import LaminaHost
import GalleryDemos
import CX11
import LaminaTesting

/// Input end to end under Xvfb: real pointer and keyboard input through xdotool and XTest, real
/// client messages, cursors read back through XFixes.
final class InputTests: XCTestCase {
    /// Records everything it hears.
    @MainActor final class Recorder: HostingView {
        var downs: [PointerEvent] = [], ups: [PointerEvent] = [], drags: [PointerEvent] = []
        var entered: [PointerEvent] = [], exited: [PointerEvent] = [], scrolls: [ScrollEvent] = []
        var keys: [KeyEvent] = [], flags: [ModifierFlags] = []
        /// Over the right half, a pointing hand.
        var handOnTheRight = false
        override func mouseDown(with event: PointerEvent) { downs.append(event) }
        override func mouseUp(with event: PointerEvent) { ups.append(event) }
        override func mouseDragged(with event: PointerEvent) { drags.append(event) }
        override func mouseEntered(with event: PointerEvent) { entered.append(event) }
        override func mouseExited(with event: PointerEvent) { exited.append(event) }
        override func scrollWheel(with event: ScrollEvent) { scrolls.append(event) }
        override func keyDown(with event: KeyEvent) { keys.append(event) }
        override func flagsChanged(with event: KeyEvent) { flags.append(event.modifiers) }
        override func cursor(at location: CGPoint) -> LaminaHost.Cursor {
            handOnTheRight && location.x > bounds.midX ? .pointingHand : cursor
        }
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

    @MainActor func show(_ view: HostingView, title: String = "Lamina input") throws -> LaminaHost.Window {
        let window = try LaminaHost.Window(checkedTitle: title, size: CGSize(width: 200, height: 150))
        window.contentView = view
        window.show()
        return window
    }

    /// Runs `check` on the main thread (XCTest on Linux cannot run `@MainActor` test classes).
    func onMain(_ check: @MainActor (InputTests) throws -> Void) throws {
        try requireDisplay()
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated { try check(test) }
    }

    // MARK: Pointer

    func testDoubleAndTripleClicksAndTheOtherButtons() throws { try onMain { try $0.checkClicks() } }

    @MainActor func checkClicks() throws {
        let view = Recorder()
        let window = try show(view)
        defer { window.close() }
        let id = "\(window.windowID!)"
        try xdotool("mousemove", "--window", id, "50", "50", "click", "--repeat", "3", "--delay", "60", "1")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.downs.count == 3 }, "\(view.downs.count) presses")
        XCTAssertEqual(view.downs.map(\.clickCount), [1, 2, 3])
        XCTAssertEqual(view.ups.map(\.clickCount).last, 3)
        XCTAssertEqual(view.ups.last?.buttons, .left, "a release reports the button held before it")
        try xdotool("sleep", "0.6", "click", "1")                                     // past the double-click time
        try xdotool("mousemove", "--window", id, "120", "50", "click", "3", "click", "2")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.downs.count == 6 }, "\(view.downs.count) presses")
        XCTAssertEqual(view.downs[3].clickCount, 1, "a click after the double-click time starts again")
        XCTAssertEqual(view.downs[4].button, .right)
        XCTAssertEqual(view.downs[4].clickCount, 1, "another button starts again")
        XCTAssertEqual(view.downs[5].button, .middle)
        XCTAssertEqual(view.downs[5].location, CGPoint(x: 120, y: 50))
    }

    func testADragThatLeavesTheWindowKeepsReporting() throws { try onMain { try $0.checkDragOutAndBack() } }

    @MainActor func checkDragOutAndBack() throws {
        let view = Recorder()
        let window = try show(view)
        defer { window.close() }
        // Under Xvfb without a window manager the window sits at the screen's origin.
        try xdotool("mousemove", "50", "50", "mousedown", "1", "mousemove", "400", "300", "mousemove", "60", "70", "mouseup", "1")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !view.ups.isEmpty }, "the release never arrived")
        XCTAssertTrue(view.drags.contains { $0.location == CGPoint(x: 400, y: 300) }, "no drag outside: \(view.drags.map(\.location))")
        XCTAssertEqual(view.drags.last?.location, CGPoint(x: 60, y: 70), "and back")
        XCTAssertTrue(view.drags.allSatisfy { $0.buttons == .left })
        XCTAssertEqual(view.ups.first?.location, CGPoint(x: 60, y: 70))
        XCTAssertTrue(view.exited.contains { $0.buttons == .left }, "left with the button held: \(view.exited.map(\.buttons)) \(view.exited.map(\.location))")
        XCTAssertTrue(view.entered.contains { $0.buttons == .left }, "came back with the button held")
    }

    func testWheelStepsWithModifiers() throws { try onMain { try $0.checkWheel() } }

    @MainActor func checkWheel() throws {
        let view = Recorder()
        let window = try show(view)
        defer { window.close() }
        let id = "\(window.windowID!)"
        try xdotool("mousemove", "--window", id, "50", "50", "click", "4", "keydown", "ctrl", "click", "5", "keyup", "ctrl", "click", "6")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.scrolls.count == 3 }, "\(view.scrolls.count) scrolls")
        XCTAssertEqual(view.scrolls.map(\.deltaY), [-10, 10, 0])
        XCTAssertEqual(view.scrolls[2].deltaX, -10)
        XCTAssertEqual(view.scrolls.map(\.modifiers), [[], .control, []], "Ctrl+scroll (a pinch for gestures)")
        XCTAssertFalse(view.scrolls[0].hasPreciseScrollingDeltas, "a wheel steps")
    }

    // MARK: Keyboard

    func testTypedTextThroughAKeymapRepeatsModifiersAndFocus() throws { try onMain { try $0.checkKeyboard() } }

    final class Focus: WindowDelegate {
        var events: [String] = []
        func windowDidBecomeKey(_ window: LaminaHost.Window) { events.append("key") }
        func windowDidResignKey(_ window: LaminaHost.Window) { events.append("resign") }
    }

    @MainActor func checkKeyboard() throws {
        let view = Recorder()
        let window = try show(view)
        defer { window.close() }
        let focus = Focus()
        window.delegate = focus
        let x = try X11Display.connection()
        // The input context (and the input method, about 14 ms to open) waits for the first focus
        // or key: shown alone, the window has none.
        XCTAssertFalse(window.hasInputContext, "made before the window was focused or typed in")
        XSetInputFocus(x.display, window.windowID!, RevertToParent, UInt(CurrentTime))
        XSync(x.display, 0)
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { window.isKey }, "never focused")
        XCTAssertEqual(focus.events, ["key"])
        XCTAssertEqual(window.hasInputContext, x.openedInputMethod() != nil, "focus makes the input context")
        // A spare keycode mapped to é for the test: a layout with the letter, typed through XTest.
        var minimum: Int32 = 0, maximum: Int32 = 0
        XDisplayKeycodes(x.display, &minimum, &maximum)
        let spare = try XCTUnwrap((minimum...maximum).reversed().first { XkbKeycodeToKeysym(x.display, KeyCode($0), 0, 0) == 0 })
        var eacute = KeySym(XK_eacute)
        XChangeKeyboardMapping(x.display, spare, 1, &eacute, 1)
        defer { var none = KeySym(0); XChangeKeyboardMapping(x.display, spare, 1, &none, 1); XSync(x.display, 0) }
        XSync(x.display, 0)
        Application.shared.runUntil(timeout: 0.2) { false }                         // the MappingNotify
        let a = UInt32(XKeysymToKeycode(x.display, KeySym(XK_a)))
        let shift = UInt32(XKeysymToKeycode(x.display, KeySym(XK_Shift_L)))
        let control = UInt32(XKeysymToKeycode(x.display, KeySym(XK_Control_L)))
        func tap(_ code: UInt32) { XTestFakeKeyEvent(x.display, code, 1, 0); XTestFakeKeyEvent(x.display, code, 0, 0) }
        tap(a)
        tap(UInt32(spare))
        XTestFakeKeyEvent(x.display, shift, 1, 0); tap(a); XTestFakeKeyEvent(x.display, shift, 0, 0)
        XTestFakeKeyEvent(x.display, control, 1, 0); tap(a); XTestFakeKeyEvent(x.display, control, 0, 0)
        XSync(x.display, 0)
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { view.keys.count == 4 }, "keys: \(view.keys.map(\.characters))")
        XCTAssertEqual(view.keys.map(\.characters), ["a", "é", "A", "\u{01}"])
        XCTAssertEqual(view.keys.map(\.charactersIgnoringModifiers), ["a", "é", "A", "a"])
        XCTAssertEqual(view.keys[3].modifiers, .control)
        XCTAssertEqual(view.keys[1].keyCode, UInt16(spare))
        XCTAssertFalse(view.keys.contains { $0.isARepeat })
        XCTAssertEqual(view.flags, [.shift, [], .control, []], "modifier keys change the flags, typing nothing")
        // Auto-repeat: presses of a key held down, with no release in between.
        var press = XEvent()
        press.type = KeyPress
        press.xkey.display = x.display
        press.xkey.window = window.windowID!
        press.xkey.keycode = a
        window.handle(&press)
        window.handle(&press)
        XCTAssertEqual(view.keys.suffix(2).map(\.isARepeat), [false, true])
        XSetInputFocus(x.display, x.root, RevertToParent, UInt(CurrentTime))
        XSync(x.display, 0)
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !window.isKey }, "never lost the focus")
        XCTAssertEqual(focus.events, ["key", "resign"])
    }

    // MARK: Cursors

    func testCursorsPerRegionReadBackThroughXFixes() throws { try onMain { try $0.checkCursors() } }

    /// The name of the cursor the server shows now (XFixes).
    @MainActor func shownCursorName(_ x: X11Display) -> String? {
        guard let image = XFixesGetCursorImage(x.display) else { return nil }
        defer { XFree(image) }
        return image.pointee.name.map { String(cString: $0) }
    }

    @MainActor func checkCursors() throws {
        let x = try X11Display.connection()
        guard x.offersXFixes else { throw XCTSkip("the server has no XFixes 2") }
        let view = Recorder()
        view.handOnTheRight = true
        let window = try show(view)
        defer { window.close() }
        let id = "\(window.windowID!)"
        try xdotool("mousemove", "--window", id, "150", "50")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { self.shownCursorName(x) == "pointer" }, "shows \(shownCursorName(x) ?? "nil")")
        try xdotool("mousemove", "--window", id, "30", "50")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { self.shownCursorName(x) == "default" }, "shows \(shownCursorName(x) ?? "nil")")
        view.cursor = .iBeam                                                       // the view's own, at once
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { self.shownCursorName(x) == "text" }, "shows \(shownCursorName(x) ?? "nil")")
        view.cursor = .hidden
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { self.shownCursorName(x) == "none" }, "shows \(shownCursorName(x) ?? "nil")")
        for cursor in LaminaHost.Cursor.allCases { XCTAssertNotEqual(CursorCache.xCursor(cursor, on: x), 0, "\(cursor) did not load") }
    }

    // MARK: Windows

    func testTheCloseButtonAsksTheDelegate() throws { try onMain { try $0.checkCloseButton() } }

    final class Closing: WindowDelegate {
        var allow = false, asked = 0, willClose = 0
        func windowShouldClose(_ window: LaminaHost.Window) -> Bool { asked += 1; return allow }
        func windowWillClose(_ window: LaminaHost.Window) { willClose += 1 }
    }

    @MainActor func checkCloseButton() throws {
        let window = try show(Recorder())
        defer { window.close() }
        let delegate = Closing()
        window.delegate = delegate
        let id = window.windowID!
        // What a window manager sends when its close button is pressed, from another client.
        func pressClose() {
            guard let display = XOpenDisplay(nil) else { return XCTFail("no second connection") }
            defer { XCloseDisplay(display) }
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = id
            event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(XInternAtom(display, "WM_DELETE_WINDOW", 0))
            XSendEvent(display, id, 0, 0, &event)
            XSync(display, 0)
        }
        pressClose()
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { delegate.asked == 1 }, "the delegate was never asked")
        XCTAssertTrue(window.isVisible, "closed although the delegate said no")
        delegate.allow = true
        pressClose()
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { !window.isVisible }, "not closed")
        XCTAssertEqual(delegate.willClose, 1)
    }

    func testTitleAndSizeLimitsReachTheWindowManager() throws { try onMain { try $0.checkTitleAndSizeLimits() } }

    @MainActor func checkTitleAndSizeLimits() throws {
        let window = try show(Recorder(), title: "Lamina — überall")
        defer { window.close() }
        window.minSize = CGSize(width: 120, height: 80)
        window.maxSize = CGSize(width: 800, height: 600)
        let x = try X11Display.connection(), id = window.windowID!
        var hints = XSizeHints(), supplied = 0
        XCTAssertNotEqual(XGetWMNormalHints(x.display, id, &hints, &supplied), 0)
        XCTAssertEqual(hints.flags & (PMinSize | PMaxSize), PMinSize | PMaxSize)
        XCTAssertEqual([hints.min_width, hints.min_height, hints.max_width, hints.max_height].map { CGFloat($0) / window.scale }, [120, 80, 800, 600])
        window.isResizable = false
        XCTAssertNotEqual(XGetWMNormalHints(x.display, id, &hints, &supplied), 0)
        XCTAssertEqual([hints.min_width, hints.max_width].map { CGFloat($0) / window.scale }, [200, 200], "held at its size")
        // The title as desktops read it: UTF-8 in _NET_WM_NAME.
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        XGetWindowProperty(x.display, id, XInternAtom(x.display, "_NET_WM_NAME", 0), 0, 1024, 0, XInternAtom(x.display, "UTF8_STRING", 0),
                           &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        let title = data.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(count)), as: UTF8.self) }
        XCTAssertEqual(title, "Lamina — überall")
    }

    func testTwoWindowsAnimateAtOnce() throws { try onMain { try $0.checkTwoWindows() } }

    @MainActor func checkTwoWindows() throws {
        let windows = try (0..<2).map { _ -> LaminaHost.Window in
            let view = Recorder()
            let tile = CALayer()
            tile.frame = CGRect(x: 0, y: 50, width: 20, height: 20)
            tile.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            view.layer.addSublayer(tile)
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 10
            slide.toValue = 190
            slide.duration = 1
            slide.repeatCount = .infinity
            tile.add(slide, forKey: "slide")
            return try show(view)
        }
        defer { windows.forEach { $0.close() } }
        XCTAssertTrue(Application.shared.runUntil(timeout: 10) { windows.allSatisfy { $0.framesPresented > 10 } },
                      "frames: \(windows.map(\.framesPresented))")
        let before = windows.map(\.framesPresented)
        Application.shared.runUntil(timeout: 0.3) { false }
        for (window, count) in zip(windows, before) { XCTAssertGreaterThan(window.framesPresented, count + 5, "a window stopped") }
    }

    /// SIGTERM (and SIGINT) close the windows and end the app with status 0.
    func testSIGTERMEndsTheAppCleanly() throws {
        try requireDisplay()
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina-gallery")
        guard FileManager.default.fileExists(atPath: executable.path) else { throw XCTSkip("lamina-gallery is not built next to the tests") }
        for signal in [SIGTERM, SIGINT] {
            let process = Process()
            process.executableURL = executable
            process.arguments = ["cards"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { process.stop() }
            let search = try ToolRun(URL(fileURLWithPath: "/usr/bin/xdotool"), ["search", "--sync", "--pid", "\(process.processIdentifier)"], timeout: 60)
            XCTAssertEqual(search.status, 0, "the gallery's window never showed")
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(5)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }      // a real process: real time
            XCTAssertFalse(process.isRunning, "still running after signal \(signal)")
            process.waitUntilExit()
            XCTAssertEqual(process.terminationReason, .exit, "killed by signal \(signal) instead of exiting")
            XCTAssertEqual(process.terminationStatus, 0)
        }
    }

    func testTheInteractionLabDragsACardAndShowsTheHitChain() throws { try onMain { try $0.checkInteractionLab() } }

    @MainActor func checkInteractionLab() throws {
        let view = InteractionLabDemo()
        let window = try LaminaHost.Window(checkedTitle: "Lamina lab", size: CGSize(width: 640, height: 480))
        window.contentView = view
        window.show()
        defer { window.close() }
        let card = try XCTUnwrap(view.layer.sublayers?.first?.sublayers?.first)          // card 1 in the tray
        let start = card.position
        // Card 1's middle in the window: the tray's origin (30, 90) plus the card's center.
        let (x, y) = (Int(30 + start.x), Int(90 + start.y) - 40)                           // above its dot
        try xdotool("mousemove", "--window", "\(window.windowID!)", "\(x)", "\(y)", "mousedown", "1",
                    "mousemove", "--window", "\(window.windowID!)", "\(x + 40)", "\(y)", "sleep", "0.15",
                    "mousemove", "--window", "\(window.windowID!)", "\(x + 100)", "\(y + 20)", "mouseup", "1")
        XCTAssertTrue(Application.shared.runUntil(timeout: 5) { card.position.x >= start.x + 90 }, "the card stayed at \(card.position)")
        XCTAssertTrue((start.y + 15...start.y + 120).contains(card.position.y), "moved down with the pointer, flung a little: \(card.position.y - start.y)")
        let chain = try XCTUnwrap((view.layer.sublayers?.compactMap { $0 as? TextLayer }.first)?.text.string)
        XCTAssertTrue(chain.contains("card 1 ← tray ← root"), "the hit-test chain: \(chain)")
    }
}

