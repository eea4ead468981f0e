import Foundation

/// The display backends Lamina has, and which one an application uses. Adding one is adding its
/// folder and its line in `open()`: nothing else in the host names a backend.
///
/// `LAMINA_BACKEND=x11|wayland` forces one; unset, X11 is used. The Wayland backend is chosen
/// only when asked for: it lacks cursors, compose, key repeat and fractional scales yet (see
/// `WaylandBackend`), so on a Wayland desktop windows open through XWayland, where `DISPLAY` is set.
@MainActor
enum DisplayBackends {
    /// The backend `LAMINA_BACKEND` names, else the default; an error when its display cannot be
    /// opened. Unknown names are reported once and the default is used.
    /// `environment` defaults to the process's (X11's connection reads `DISPLAY` from it alone).
    static func open(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> any DisplayBackend {
        let wanted = environment["LAMINA_BACKEND"] ?? ""
        switch wanted {
        case "", "x11":
            return try X11Backend()
        case "wayland":
            return try WaylandBackend(environment: environment)
        default:
            CGDiagnostics.log("LAMINA_BACKEND", "no backend \"\(wanted)\" (x11, wayland); using x11.")
            return try X11Backend()
        }
    }
}
