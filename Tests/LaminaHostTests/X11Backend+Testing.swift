import CX11
@testable import LaminaHost

/// What the host's X11 tests reach through the application's backend: its main connection
/// (windows, events, input), its render thread, and the backend's scroll valuators. The host
/// itself reaches none of these through a static: the application owns them.
extension X11Display {
    /// The main connection of the application's X11 backend (an error without an X display).
    /// Tests run on the main thread.
    static func connection() throws -> X11Display {
        try MainActor.assumeIsolated {
            guard let backend = try Application.shared.openedBackend() as? X11Backend else { throw HostError.noDisplay("(not X11)") }
            return backend.main
        }
    }
}

extension RenderThread {
    /// The application's render thread.
    /// Tests run on the main thread.
    static var shared: RenderThread { MainActor.assumeIsolated { Application.shared.renderThread } }
}

extension Application {
    /// The X11 backend's pointer devices' scroll valuators.
    var smoothScrolling: SmoothScrolling {
        get { (try? openedBackend() as? X11Backend)?.smoothScrolling ?? SmoothScrolling() }
        set { (try? openedBackend() as? X11Backend)?.smoothScrolling = newValue }
    }
}
