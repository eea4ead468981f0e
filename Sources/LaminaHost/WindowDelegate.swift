/// Told about a window's life: whether it may close, focus, size. Every method has a default
/// that does nothing (or allows), so adopt only what you need.
@MainActor
public protocol WindowDelegate: AnyObject {
    /// The window manager's close button (WM_DELETE_WINDOW) was pressed: return false to keep
    /// the window open. Defaults to true.
    func windowShouldClose(_ window: Window) -> Bool
    /// The window is about to close (by the close button or `close()`).
    func windowWillClose(_ window: Window)
    /// The window took the keyboard focus.
    func windowDidBecomeKey(_ window: Window)
    /// The window lost the keyboard focus.
    func windowDidResignKey(_ window: Window)
    /// The window's size changed (after its view was laid out again).
    func windowDidResize(_ window: Window)
}

extension WindowDelegate {
    public func windowShouldClose(_ window: Window) -> Bool { true }
    public func windowWillClose(_ window: Window) {}
    public func windowDidBecomeKey(_ window: Window) {}
    public func windowDidResignKey(_ window: Window) {}
    public func windowDidResize(_ window: Window) {}
}
