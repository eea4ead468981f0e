import CLaminaWayland
import QuartzCore
import Dispatch
import Foundation

/// The Wayland display backend: a connection to `$WAYLAND_DISPLAY` through Lamina's C shim
/// (`CLaminaWayland`: xdg-shell toplevels, wl_shm buffers presented with damage, wl_surface.frame
/// callbacks pacing the render thread, the seat's pointer and keyboard through xkbcommon), and
/// the windows made on it by id. What it lacks next to X11: cursors (the compositor's stays),
/// compose sequences and key repeat, fractional scales, server-side decorations, touchpad
/// gestures, and capture reads the buffer last presented rather than the compositor's output.
@MainActor
final class WaylandBackend: DisplayBackend {
    /// The shim's connection (main thread; its render side is locked inside the shim).
    let connection: WaylandConnection
    private var windows: [UInt32: WaylandWindow] = [:]
    private var nextID: UInt32 = 1
    private var eventSource: DispatchSourceRead?

    /// Connects to the display `environment` names (`WAYLAND_DISPLAY`: a socket in
    /// `XDG_RUNTIME_DIR`, or an absolute path); an error when there is none or it lacks what
    /// Lamina needs.
    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        var error = [CChar](repeating: 0, count: 256)
        var socket = environment["WAYLAND_DISPLAY"] ?? "wayland-0"
        if !socket.hasPrefix("/"), let runtime = environment["XDG_RUNTIME_DIR"] { socket = runtime + "/" + socket }
        guard let wl = lamina_wl_connect(socket, &error, error.count) else {
            throw HostError.noDisplay("wayland:" + String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        connection = WaylandConnection(wl)
        if let value = environment["LAMINA_SCALE"], let s = Double(value), s >= 1, s == s.rounded() { scale = CGFloat(s) } else { scale = 1 }
    }

    var name: String { "wayland" }

    /// `LAMINA_SCALE` when it is a whole number (buffers are drawn at it), else 1.
    let scale: CGFloat

    /// Wayland tells clients no screen size before an output is bound: a common desktop's.
    var screenPixelSize: CGSize { CGSize(width: 1920, height: 1080) }

    var doubleClickMilliseconds: UInt { 400 }

    /// The compositor's frame callbacks pace frames; its rate is taken as 60 Hz.
    var frameTiming: BackendFrameTiming {
        BackendFrameTiming(refreshRate: nil) { FrameCallbackClock() }
    }

    func makeWindow(title: String, width: Int, height: Int, events: any WindowEvents) -> any NativeWindow {
        let id = nextID
        nextID += 1
        let window = WaylandWindow(backend: self, id: id, title: title, width: width, height: height, events: events)
        windows[id] = window
        return window
    }

    func unregister(_ window: WaylandWindow) { windows[window.id] = nil }

    func startEvents(_ wake: @escaping @MainActor () -> Void) {
        guard eventSource == nil else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: lamina_wl_fd(connection.wl), queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { wake() } }
        source.resume()
        eventSource = source
    }

    func dispatchEvents() {
        if lamina_wl_dispatch(connection.wl) < 0 {
            let message = "Lamina: the Wayland compositor went away; exiting.\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            exit(1)
        }
        var event = lamina_wl_event()
        while lamina_wl_next_event(connection.wl, &event) != 0 {
            windows[event.window]?.handle(event)
        }
    }
}

/// The shim's connection, handed to the render side (the shim locks what the render thread uses).
final class WaylandConnection: @unchecked Sendable {
    let wl: OpaquePointer
    init(_ wl: OpaquePointer) { self.wl = wl }
}
