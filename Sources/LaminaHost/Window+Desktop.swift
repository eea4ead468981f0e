import QuartzCore

/// What the window tells the desktop besides its title: the sizes the user may give it.
extension Window {
    /// Tells the window manager the sizes the user may give the window, in device pixels: its
    /// own size alone when it is not resizable.
    func applySizeHints() {
        guard let native else { return }
        if !isResizable {
            native.setSizeLimits(minimum: pixels(size), maximum: pixels(size))
        } else {
            native.setSizeLimits(minimum: minSize.map(pixels), maximum: maxSize.map(pixels))
        }
    }
}
