/// How a window's frames are paced: which clock the render thread follows (`Window.frameTiming`).
/// `LAMINA_FRAME_TIMING=timer` keeps to the timer even where the server offers Present.
public enum FrameTiming: Equatable, Sendable, CustomStringConvertible {
    /// The display's vertical blank, through the Present extension: each frame starts as one
    /// passes (the rate is RandR's, else 60).
    case presentVBlank(framesPerSecond: Double)
    /// A timer at the refresh rate the display reports through RandR.
    case randrTimer(framesPerSecond: Double)
    /// A timer at 60 Hz: the server reports no plausible refresh rate (Xvfb, some remote displays).
    case defaultTimer(framesPerSecond: Double)

    /// Frames a second the clock aims at.
    public var framesPerSecond: Double {
        switch self {
        case .presentVBlank(let rate), .randrTimer(let rate), .defaultTimer(let rate): return rate
        }
    }

    /// The clock and its rate, for logs and benchmark reports.
    public var description: String {
        switch self {
        case .presentVBlank(let rate): return "Present vblank at \((rate * 100).rounded() / 100) Hz"
        case .randrTimer(let rate): return "RandR timer at \(rate) Hz"
        case .defaultTimer(let rate): return "timer at \(rate) Hz (the display reports no rate)"
        }
    }
}
