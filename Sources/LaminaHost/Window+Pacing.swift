import QuartzCore

/// How every window's frames are paced: the application's render thread, reached through
/// `Application.shared` (these are static, as Apple's are; see `Application`).
extension Window {
    /// Whether frames are held to the display's rate (default) or drawn back to back.
    public static var isFramePaced: Bool {
        get { Application.shared.renderThread.isPaced }
        set { Application.shared.renderThread.isPaced = newValue }
    }

    /// The clock that paces every window's frames: the display's vblanks where the server has
    /// them (X11: Present), else a timer at the display's refresh rate (RandR), else at 60 Hz
    /// (Xvfb, remote displays).
    public static var frameTiming: FrameTiming { Application.shared.renderThread.timing }

    /// Frames a second while something animates: the rate the render thread paces frames at —
    /// measured from the display's vertical blanks where the server has Present (so within a
    /// hertz or two of the nominal rate), else the RandR refresh rate, else 60.
    public static var framesPerSecond: Double { (1 / Application.shared.renderThread.frameInterval).rounded() }

    /// For benchmarks: every frame composites the whole window, as if everything had changed.
    package static var drawsWholeFrames: Bool {
        get { Application.shared.renderThread.drawsWholeFrames }
        set { Application.shared.renderThread.drawsWholeFrames = newValue }
    }
}
