/// Positions within an animation.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The end point of the animation.
    case end = 0
    /// The beginning of the animation.
    case start = 1
    /// The current position.
    case current = 2
}
