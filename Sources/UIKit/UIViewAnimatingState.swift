/// The state of an animator.
public enum UIViewAnimatingState: Int, Sendable {
    /// The animations have not started yet, or have finished.
    case inactive = 0
    /// The animations are running or paused.
    case active = 1
    /// The animations were stopped and await `finishAnimation(at:)`.
    case stopped = 2
}
