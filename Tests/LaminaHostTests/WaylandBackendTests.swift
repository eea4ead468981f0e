import XCTest
import CLaminaWayland
import LaminaTesting
import GalleryDemos
@testable import LaminaHost

/// The Wayland backend against Debian's weston with its headless backend (a compositor of this
/// test's own, on a socket of its own): real windows' frames read back as presented and compared
/// with the demos' goldens, the compositor's frame callbacks pacing frames, and the shim's events
/// decoded as a window receives them (headless weston has no seat: input is made, as
/// XInput2Tests make X's). Wayland is chosen only when `LAMINA_BACKEND=wayland` asks for it.
final class WaylandBackendTests: XCTestCase {
    /// A headless weston: its runtime folder and socket.
    final class Weston: @unchecked Sendable {
        let process = Process()
        let runtime: URL
        let socket: String

        init() throws {
            let weston = URL(fileURLWithPath: "/usr/bin/weston")
            guard FileManager.default.fileExists(atPath: weston.path) else { throw XCTSkip("needs weston (scripts/test installs it)") }
            runtime = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-weston-\(UUID())")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            socket = "lamina-test-\(getpid())"
            process.executableURL = weston
            process.arguments = ["--backend=headless-backend.so", "--socket=\(socket)", "--idle-time=0", "--no-config"]
            process.environment = ProcessInfo.processInfo.environment.merging(["XDG_RUNTIME_DIR": runtime.path]) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let path = runtime.appendingPathComponent(socket).path
            for _ in 0..<200 where !FileManager.default.fileExists(atPath: path) {
                Thread.sleep(forTimeInterval: 0.05)          // another process starting up: real time is all there is
            }
            guard FileManager.default.fileExists(atPath: path) else { stop(); throw XCTSkip("weston did not start") }
        }

        /// What a client needs to reach it, with the backend asked for.
        var environment: [String: String] {
            ["XDG_RUNTIME_DIR": runtime.path, "WAYLAND_DISPLAY": socket, "LAMINA_BACKEND": "wayland", "DISPLAY": ""]
        }

        func stop() {
            process.stop()
            try? FileManager.default.removeItem(at: runtime)
        }
    }

    /// Every demo in a real Wayland window (`lamina-snap --window`: the render thread, wl_shm
    /// buffers presented with their damage, paced by frame callbacks), its frame as presented
    /// against the offscreen golden, as `CommandLineToolTests` holds X11's windows.
    func testWindowFramesOnWestonMatchTheGoldens() throws {
        let weston = try Weston()
        defer { weston.stop() }
        let snap = try tool("lamina-snap")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-wayland-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        for demo in demos.map(\.name) {
            let run = try ToolRun(snap, [demo, "--window", "--at", "0.5", "--out", folder.path], environment: weston.environment)
            XCTAssertEqual(run.status, 0, run.output)
            let frame = try XCTUnwrap(SnapshotComparison.read(folder.appendingPathComponent("\(demo)@0.5.png")), demo)
            let golden = try XCTUnwrap(SnapshotComparison.read(goldens.appendingPathComponent("demo-\(demo)@0.5.png")), demo)
            XCTAssertEqual(frame.width, golden.width, demo)
            guard frame.width == golden.width, frame.height == golden.height else { continue }
            let differing = SnapshotComparison.difference(frame, golden, channelTolerance: 40).differing
            XCTAssertLessThan(differing, frame.width * frame.height / 100, "\(demo): the Wayland window differs from its golden")
        }
    }

    /// Records what a native window tells its window.
    @MainActor final class Recorder: WindowEvents {
        var scale: CGFloat = 1
        var log: [String] = []
        var keys: [(KeyInput, Bool)] = []
        var scrolls: [ScrollEvent] = []
        func exposed() { log.append("exposed") }
        func configured(width: Int, height: Int) { log.append("configured \(width)x\(height)") }
        func closeRequested() { log.append("close") }
        func focusChanged(_ focused: Bool) { log.append("focus \(focused)") }
        func screenScaleChanged(_ scale: CGFloat) {}
        func pointerButton(_ button: Int, x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons, time: UInt, pressed: Bool) {
            log.append("button \(button) \(pressed ? "down" : "up") at \(x),\(y) held \(buttons.rawValue) t\(time)")
        }
        func pointerMoved(x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons) { log.append("moved \(x),\(y)") }
        func pointerCrossed(entering: Bool, x: Double, y: Double, modifiers: ModifierFlags, buttons: MouseButtons) {
            log.append(entering ? "entered \(x),\(y)" : "left")
        }
        func wheelStep(x: Double, y: Double, dx: CGFloat, dy: CGFloat, modifiers: ModifierFlags) {
            log.append("wheel \(dx),\(dy) mods \(modifiers.rawValue)")
        }
        func scrolled(_ event: ScrollEvent) { scrolls.append(event) }
        func pinched(_ event: GestureEvent) {}
        func swiped(_ event: GestureEvent) {}
        func key(_ key: KeyInput, pressed: Bool) { keys.append((key, pressed)) }
    }

    func event(_ kind: lamina_wl_event_kind, window: UInt32, _ fill: (inout lamina_wl_event) -> Void = { _ in }) -> lamina_wl_event {
        var e = lamina_wl_event()
        e.kind = Int32(kind.rawValue)
        e.window = window
        fill(&e)
        return e
    }

    /// A toplevel on weston: configured before it is drawn; frames presented into its buffers
    /// bring one frame callback each (the render thread's vblanks); the shim's events reach the
    /// window as `WindowEvents` calls, positions in device pixels at the window's scale.
    func testAToplevelIsConfiguredPacedByFrameCallbacksAndDecodesItsEvents() throws {
        let weston = try Weston()
        defer { weston.stop() }
        nonisolated(unsafe) let test = self
        try MainActor.assumeIsolated {
            let backend = try WaylandBackend(environment: weston.environment)
            let recorder = Recorder()
            let native = backend.makeWindow(title: "Lamina Wayland", width: 120, height: 80, events: recorder)
            defer { native.destroy() }
            native.show()
            XCTAssertTrue(recorder.log.contains("exposed"), "no configure: \(recorder.log)")

            // Frames: each present asks for a frame callback; each wait sees one more.
            let buffers = try XCTUnwrap(native.presentation.makeBuffers(width: 120, height: 80))
            XCTAssertEqual(buffers.width, 120)
            let clock = try XCTUnwrap(backend.frameTiming.makeVBlankClock())
            for _ in 0..<5 {
                let target = try XCTUnwrap(buffers.frameTarget())
                target.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                target.fill(CGRect(x: 0, y: 0, width: 120, height: 80))
                buffers.present([DeviceRect(x: 0, y: 0, width: 120, height: 80)])
                XCTAssertNotNil(clock.waitForVBlank(of: native.presentation, interval: 1.0 / 60, timeout: 2), "no frame callback")
            }
            let frames = clock.recentMSCs
            XCTAssertEqual(frames.count, 5)
            XCTAssertEqual(zip(frames, frames.dropFirst()).map { $1 - $0 }, [1, 1, 1, 1], "one callback a frame")
            // A tick that presents nothing still gets its callback (an empty commit asks for it).
            XCTAssertNotNil(clock.waitForVBlank(of: native.presentation, interval: 1.0 / 60, timeout: 2))
            let image = try XCTUnwrap(native.capture(width: 120, height: 80), "the presented buffer")
            // BGRX in memory: the red byte of the middle pixel, as drawn.
            let bytes = try XCTUnwrap(image.dataProvider?.data as Data?)
            XCTAssertEqual(Array(bytes[(40 * image.bytesPerRow + 60 * 4)...].prefix(3)), [0, 0, 255])

            // Input, as the shim queues it (scale 2: device pixels are twice the surface's units).
            recorder.scale = 2
            recorder.log.removeAll()
            let window = try XCTUnwrap(native as? WaylandWindow)
            window.handle(test.event(LAMINA_WL_POINTER_ENTER, window: window.id) { $0.x = 10; $0.y = 5 })
            window.handle(test.event(LAMINA_WL_POINTER_BUTTON, window: window.id) { $0.button = 1; $0.value = 1; $0.time = 77 })
            window.handle(test.event(LAMINA_WL_POINTER_MOTION, window: window.id) { $0.x = 12; $0.y = 6; $0.buttons = 1 })
            window.handle(test.event(LAMINA_WL_AXIS, window: window.id) { $0.dy = 10; $0.value = 1; $0.modifiers = 2 })
            window.handle(test.event(LAMINA_WL_AXIS, window: window.id) { $0.dy = 3.5 })
            window.handle(test.event(LAMINA_WL_FOCUS, window: window.id) { $0.value = 1 })
            window.handle(test.event(LAMINA_WL_CLOSE, window: window.id))
            XCTAssertEqual(recorder.log, ["entered 20.0,10.0", "button 1 down at 20.0,10.0 held 0 t77", "moved 24.0,12.0",
                                          "wheel 0.0,10.0 mods 2", "focus true", "close"])
            XCTAssertEqual(recorder.scrolls.map(\.deltaY), [3.5])
            XCTAssertEqual(recorder.scrolls.first?.hasPreciseScrollingDeltas, true)
            XCTAssertEqual(recorder.scrolls.first?.location, CGPoint(x: 12, y: 6), "where the pointer last moved, in points")
            window.handle(test.event(LAMINA_WL_KEY, window: window.id) { e in
                e.keycode = 38; e.value = 1; e.modifiers = 2
                withUnsafeMutableBytes(of: &e.text) { $0[0] = 1 }                // Ctrl+A types U+0001
                withUnsafeMutableBytes(of: &e.plain_text) { $0[0] = UInt8(ascii: "a") }
            })
            window.handle(test.event(LAMINA_WL_KEY, window: window.id) { $0.keycode = 50; $0.value = 1; $0.modifier_key = 1 })
            XCTAssertEqual(recorder.keys.map(\.0.keyCode), [38, 50])
            XCTAssertEqual(recorder.keys.map(\.0.characters), ["\u{1}", ""])
            XCTAssertEqual(recorder.keys.first?.0.charactersIgnoringModifiers, "a")
            XCTAssertEqual(recorder.keys.first?.0.modifiers, .control)
            XCTAssertEqual(recorder.keys.map(\.0.modifierKey), [nil, .shift])
        }
    }

    /// The backend is X11 unless `LAMINA_BACKEND=wayland` asks for Wayland: a desktop that sets
    /// WAYLAND_DISPLAY does not get the Wayland backend by itself.
    func testWaylandIsChosenOnlyWhenAskedFor() throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw XCTSkip("needs an X display: scripts/test runs these under Xvfb") }
        let weston = try Weston()
        defer { weston.stop() }
        try MainActor.assumeIsolated {
            var unasked = weston.environment
            unasked["LAMINA_BACKEND"] = nil
            XCTAssertEqual(try DisplayBackends.open(environment: unasked).name, "x11", "WAYLAND_DISPLAY alone chose Wayland")
            XCTAssertEqual(try DisplayBackends.open(environment: weston.environment).name, "wayland")
            var gone = weston.environment
            gone["WAYLAND_DISPLAY"] = "lamina-no-such-socket"
            XCTAssertThrowsError(try DisplayBackends.open(environment: gone)) { error in
                XCTAssertEqual("\(error)", "cannot open the Wayland display: cannot connect to \(weston.runtime.path)/lamina-no-such-socket")
            }
        }
    }
}
