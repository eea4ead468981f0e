/// What can go wrong when showing windows.
public enum HostError: Error, CustomStringConvertible {
    /// No display could be opened: the X display's name (`$DISPLAY`), or for Wayland
    /// "wayland:" and why.
    case noDisplay(String)

    public var description: String {
        switch self {
        case .noDisplay(let name) where name.hasPrefix("wayland:"): return "cannot open the Wayland display: \(name.dropFirst(8))"
        case .noDisplay(let name): return "cannot open the X display \(name)"
        }
    }
}
