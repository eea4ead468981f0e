import QuartzCore

/// A display server as the host uses it: the connection and its events, the windows it makes,
/// the screen's scale and size, and what paces frames. The host (`Window`, `Application`,
/// `RenderThread`, `Surface`, the gestures) talks to a display server only through this, its
/// `NativeWindow`s and their `PresentationTarget`s; each implementation lives in a folder of
/// its own (`X11/`), the only code that includes its C library. `DisplayBackends.open()` picks
/// one when the application first needs a display.
@MainActor
protocol DisplayBackend: AnyObject {
    /// The backend's name, as `LAMINA_BACKEND` takes it ("x11").
    var name: String { get }
    /// Device pixels per point now (`LAMINA_SCALE`, else what the desktop says).
    var scale: CGFloat { get }
    /// The default screen's size in device pixels.
    var screenPixelSize: CGSize { get }
    /// The desktop's double-click time in milliseconds.
    var doubleClickMilliseconds: UInt { get }
    /// What paces the render thread's frames: the display's refresh rate, and a clock of its
    /// vertical blanks where the server has one.
    var frameTiming: BackendFrameTiming { get }

    /// A window of `width` × `height` device pixels titled `title`, not yet shown, that tells
    /// `events` what happens to it (held weakly).
    func makeWindow(title: String, width: Int, height: Int, events: any WindowEvents) -> any NativeWindow
    /// Starts telling `wake` (on the main queue) when events may have arrived (idempotent).
    func startEvents(_ wake: @escaping @MainActor () -> Void)
    /// Reads every event that has arrived and hands each to its window's `WindowEvents`, without
    /// blocking.
    func dispatchEvents()
}

/// What paces frames, as a backend reports it for the render thread.
struct BackendFrameTiming: Sendable {
    /// The display's refresh rate in Hz, when it reports a plausible one (nil: a timer at 60 Hz).
    var refreshRate: Double?
    /// Makes a clock of the display's vertical blanks (called on the render thread's behalf,
    /// again when tests turn vblank pacing back on); nil where the server has none.
    var makeVBlankClock: @Sendable () -> (any VBlankSource)?

    /// No display: a timer at 60 Hz.
    static let timerOnly = BackendFrameTiming(refreshRate: nil, makeVBlankClock: { nil })
}
