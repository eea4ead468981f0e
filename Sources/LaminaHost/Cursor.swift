/// The pointer's look over a view or a region of it (`HostingView.cursor`,
/// `HostingView.cursor(at:)`), loaded by the display backend from the desktop's cursor theme by
/// its standard name (X11: Xcursor, else X's core cursor font).
public enum Cursor: String, CaseIterable, Sendable {
    /// The ordinary arrow (the default).
    case arrow = "default"
    /// A hand with a pointing finger, over links and buttons.
    case pointingHand = "pointer"
    /// A text cursor.
    case iBeam = "text"
    /// A crosshair, for precise picking.
    case crosshair
    /// A horizontal resize cursor.
    case resizeLeftRight = "ew-resize"
    /// A vertical resize cursor.
    case resizeUpDown = "ns-resize"
    /// An open hand: something can be grabbed.
    case openHand = "grab"
    /// A closed hand: something is being dragged.
    case closedHand = "grabbing"
    /// No visible pointer.
    case hidden = "none"

    /// Older theme names for the same shape, tried after the standard one.
    var legacyNames: [String] {
        switch self {
        case .arrow: return ["left_ptr"]
        case .pointingHand: return ["hand2", "hand"]
        case .iBeam: return ["xterm"]
        case .crosshair: return ["cross"]
        case .resizeLeftRight: return ["sb_h_double_arrow"]
        case .resizeUpDown: return ["sb_v_double_arrow"]
        case .openHand: return ["openhand", "hand1"]
        case .closedHand: return ["closedhand", "fleur"]
        case .hidden: return []
        }
    }
}
