import QuartzCore

/// A display server's window as `Window` drives it (main thread): sizes in device pixels.
/// Made by `DisplayBackend.makeWindow`; its events go to the `WindowEvents` given there.
@MainActor
protocol NativeWindow: AnyObject {
    /// Where the render thread's frames for this window go (buffers of a size, their presents).
    var presentation: any PresentationTarget { get }
    /// Puts the window on screen and returns once the server shows it (drawing before that is lost).
    func show()
    /// Removes the window from the screen and frees what the server holds for it. Called once,
    /// after the render thread has let go of its buffers.
    func destroy()
    /// Sets the title the desktop shows (any text).
    func setTitle(_ title: String)
    /// The sizes the user may give the window, in device pixels (nil: no bound).
    func setSizeLimits(minimum: (width: Int, height: Int)?, maximum: (width: Int, height: Int)?)
    /// Covers the whole screen without decoration, or leaves that.
    func setFullscreen(_ fullscreen: Bool)
    /// Asks for a new size in device pixels (the server's answer comes as `WindowEvents.configured`).
    func resize(width: Int, height: Int)
    /// Shows `cursor` while the pointer is over the window.
    func setCursor(_ cursor: Cursor)
    /// The `width` × `height` pixels the window shows, read back from the server; nil where it
    /// cannot be read.
    func capture(width: Int, height: Int) -> CGImage?
}

/// The render side of a native window (any thread): makes the buffers frames are drawn into and
/// presented from.
protocol PresentationTarget: AnyObject, Sendable {
    /// Buffers of `width` × `height` device pixels for this window (nil when they cannot be made).
    func makeBuffers(width: Int, height: Int) -> (any WindowBuffers)?
}

/// A window's frame buffers (render thread, or the main thread for trees only it can draw):
/// frames are drawn into the target it hands out and presented from there.
protocol WindowBuffers: AnyObject, FramePresenter {
    /// The buffers' size in device pixels.
    var width: Int { get }
    var height: Int { get }
}

/// A clock of the display's vertical blanks, used by the render thread alone.
protocol VBlankSource: AnyObject, Sendable {
    /// Asks to be told of `target`'s window's next vblank (as a tick starts, before its frame is
    /// drawn), unless that was asked already.
    func requestNextVBlank(of target: any PresentationTarget)
    /// Waits for the vblank asked for: its media time, or nil when none came within `timeout`
    /// (`interval`: the display's frame interval).
    func waitForVBlank(of target: any PresentationTarget, interval: TimeInterval, timeout: TimeInterval) -> CFTimeInterval?
    /// The counters of the recent vblanks seen, for tests: consecutive ones mean none was lost.
    var recentMSCs: [UInt64] { get }
    /// How many times the waits slept, for tests.
    var sleepCount: Int { get }
}
