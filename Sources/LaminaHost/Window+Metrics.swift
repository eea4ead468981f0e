import QuartzCore

/// The window's frames as figures: how many were put and drawn, how long they took, when they
/// landed. Each is read from the render thread's `Surface` under its lock.
extension Window {
    /// `read` of the surface under its lock, or `none` while the window is not shown.
    private func surfaceFigure<T>(_ none: T, _ read: (Surface) -> T) -> T {
        guard let surface else { return none }
        surface.lock.lock(); defer { surface.lock.unlock() }
        return read(surface)
    }

    /// Frames put on screen so far.
    public var framesPresented: Int { surfaceFigure(0) { $0.framesPut } }

    /// Frames the render thread drew for this window: a frame whose picture did not change is
    /// drawn but not put. An idle window, or one whose animations have all ended, draws none.
    package var framesDrawn: Int { surfaceFigure(0) { $0.framesDrawn } }

    /// Frames whose buffer got what it lacked copied from the other buffer rather than
    /// composited again (`CopyBack`), for tests and benchmarks.
    package var framesCopiedBack: Int { surfaceFigure(0) { $0.framesCopiedBack } }

    /// What the window's compositor kept in its texture cache when it drew its first frame, and
    /// every 60th frame since (`CacheUse`), for benchmarks.
    package var cacheUse: CacheUse { surfaceFigure(CacheUse(textures: 0, textureBytes: 0)) { $0.cacheUse } }

    /// Of the frames put, those the compositor could not place and `LayerRenderer` drew whole (a
    /// whole-frame fallback: a mask, a clip over sublayers, group opacity, perspective… anywhere
    /// in the tree), for benchmarks.
    package var framesDrawnWhole: Int { surfaceFigure(0) { $0.wholeFramesDrawn } }

    /// When the last frame was put on screen (media time), for latency measurements.
    package var lastFramePresentedTime: CFTimeInterval { surfaceFigure(0) { $0.lastPutTime } }

    /// The media time of the frame the window shows (−∞ before its first frame): a capture made
    /// once this is the time wanted shows the tree as it was then. The render thread's first
    /// frames may take a while (textures to draw, a busy machine): captures wait for this, not
    /// for a number of seconds.
    public var shownMediaTime: CFTimeInterval { surfaceFigure(-.infinity) { $0.shownMediaTime } }

    /// How long the recent frames took to draw and put, in seconds (oldest first).
    public var recentFrameTimes: [Double] { surfaceFigure([]) { $0.frameTimes } }

    /// The intervals between the window's recent frames as shown (put), in seconds, oldest
    /// first: how evenly frames land, whatever `frameTiming` aims at.
    public var recentFrameIntervals: [Double] {
        surfaceFigure([]) { surface in zip(surface.putTimes, surface.putTimes.dropFirst()).map { $1 - $0 } }
    }
}
