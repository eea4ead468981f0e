/// How a window's frames are paced: which clock the render thread follows (`Window.frameTiming`).
public enum FrameTiming: Equatable, Sendable, CustomStringConvertible {
    /// A timer at the refresh rate the display reports through RandR.
    case randrTimer(framesPerSecond: Double)
    /// A timer at 60 Hz: the server reports no plausible refresh rate (Xvfb, some remote displays).
    case defaultTimer(framesPerSecond: Double)

    /// Frames a second the clock aims at.
    public var framesPerSecond: Double {
        switch self {
        case .randrTimer(let rate), .defaultTimer(let rate): return rate
        }
    }

    public var description: String {
        switch self {
        case .randrTimer(let rate): return "RandR timer at \(rate) Hz"
        case .defaultTimer(let rate): return "timer at \(rate) Hz (the display reports no rate)"
        }
    }
}
