/// Constants that specify text alignment (iOS's values).
public enum NSTextAlignment: Int, Sendable {
    /// Text is visually left aligned.
    case left = 0
    /// Text is visually center aligned.
    case center = 1
    /// Text is visually right aligned.
    case right = 2
    /// Text is justified.
    case justified = 3
    /// Text uses the default alignment for the current localization of the app (left here).
    case natural = 4
}
