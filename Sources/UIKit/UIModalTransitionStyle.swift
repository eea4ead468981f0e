/// Transition styles available when presenting view controllers.
///
/// Lamina animates `.coverVertical` (the default: the presented view slides up from the
/// bottom, and back down when dismissed) and `.crossDissolve`; `.flipHorizontal` and
/// `.partialCurl` cover vertically.
public enum UIModalTransitionStyle: Int, Sendable {
    /// When the view controller is presented, its view slides up from the bottom of the screen.
    case coverVertical = 0
    /// When the view controller is presented, the current view initiates a horizontal 3D flip.
    case flipHorizontal = 1
    /// When the view controller is presented, the current view fades out while the new view fades in.
    case crossDissolve = 2
    /// When the view controller is presented, one corner of the current view curls up.
    case partialCurl = 3
}
