import CX11
import QuartzCore

/// A shown window's X side, for tests and tools that drive X directly (`xdotool --window`,
/// synthetic events); nil on another backend and while the window is not shown.
extension Window {
    /// The X window, while shown on X11.
    var x11Window: X11Window? { native as? X11Window }
    /// The X window's id, while shown on X11 (tools name it: `xdotool … --window ID`).
    package var windowID: UInt? { x11Window?.id }
    /// The X11 backend's main connection (the window's, its events and input); traps on another
    /// backend (tests of X11 ask for it).
    var x: X11Display { x11Backend.main }
    /// The X11 backend's render connection (the window's frame buffers and their puts).
    var renderX: X11Display { x11Backend.render }
    private var x11Backend: X11Backend {
        guard let backend = backend as? X11Backend else { fatalError("Lamina: the window's backend is \(backend.name), not x11") }
        return backend
    }
    /// The window's swap chain, while shown on X11.
    var buffers: SwapChain? { (surface?.buffers as? X11WindowBuffers)?.chain }
    /// Whether the window has made its input context.
    package var hasInputContext: Bool { x11Window?.hasInputContext ?? false }
    /// Whether the window takes its pointer buttons and motion from XInput 2.
    var readsXInput2: Bool { x11Window?.readsXInput2 ?? false }
    /// For tests: whether windows shown from now on read XInput 2 where the server has it.
    package static var usesXInput2: Bool {
        get { X11Window.usesXInput2 }
        set { X11Window.usesXInput2 = newValue }
    }

    /// A core X event for this window, as the event loop hands it over.
    func handle(_ event: inout XEvent) { x11Window?.handle(&event) }
    /// An XI 2 event for this window (`data`: its cookie's data, of type `evtype`).
    func handleXInput(evtype: Int32, data: UnsafeRawPointer) { x11Window?.handleXInput(evtype: evtype, data: data) }
    /// An XI 2 press, release or motion for this window.
    func handleXInputDevice(_ e: XIDeviceEvent) { x11Window?.handleXInputDevice(e) }
}
