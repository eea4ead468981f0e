/// Modal presentation styles available when presenting view controllers.
///
/// Lamina's windows are compact-free desktop windows with no sheets: `.automatic`, `.pageSheet`
/// and `.formSheet` present as `.fullScreen` does (as a sheet adapts to full screen in a
/// compact size class), and `.popover` likewise. `.overFullScreen` and `.overCurrentContext`
/// leave the presenting view controller's view in place.
public enum UIModalPresentationStyle: Int, Sendable {
    /// A presentation style in which the presented view covers the screen.
    case fullScreen = 0
    /// A presentation style that partially covers the underlying content (full screen in Lamina).
    case pageSheet = 1
    /// A presentation style that displays the content centered in the screen (full screen in Lamina).
    case formSheet = 2
    /// A presentation style where the content is displayed over another view controller's content.
    case currentContext = 3
    /// A custom view presentation style (full screen in Lamina: there are no presentation controllers).
    case custom = 4
    /// A view presentation style in which the presented view covers the screen, leaving the views beneath in place.
    case overFullScreen = 5
    /// A presentation style where the content is displayed over another view controller's content, which stays.
    case overCurrentContext = 6
    /// A presentation style where the content is displayed in a popover view (full screen in Lamina).
    case popover = 7
    /// A presentation style that indicates no adaptations should be made.
    case none = -1
    /// The default presentation style chosen by the system: full screen in Lamina.
    case automatic = -2
}
