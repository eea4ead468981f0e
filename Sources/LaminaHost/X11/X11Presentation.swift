import CX11
import QuartzCore

/// Where an X window's frames go, on the render side's connection: a GC (one made for the root
/// serves every window of its screen and depth), swap chains of shared-memory buffers, and how
/// far the server got through the window's puts (`completions`: ShmCompletion events arrive on
/// the main thread, one serial order for every chain the window has had).
final class X11Presentation: PresentationTarget, @unchecked Sendable {
    let render: X11Display
    let window: UInt
    let gc: GC
    let completions = PutCompletions()

    init(_ render: X11Display, window: UInt) {
        self.render = render
        self.window = window
        gc = XCreateGC(render.display, render.root, 0, nil)!
    }

    func makeBuffers(width: Int, height: Int) -> (any WindowBuffers)? {
        SwapChain(render, width: width, height: height, completions: completions).map { X11WindowBuffers(chain: $0, window: window, gc: gc) }
    }

    /// Frees the GC once the render thread has let go of the window (`NativeWindow.destroy`).
    func freeGC() {
        XFreeGC(render.display, gc)
        XFlush(render.display)
    }
}

/// A swap chain as the frame pipeline presents to it: frames are drawn into the back buffer
/// (once the server has read it) and the changed rectangles put to the window.
final class X11WindowBuffers: WindowBuffers {
    let chain: SwapChain
    let window: UInt
    let gc: GC

    init(chain: SwapChain, window: UInt, gc: GC) {
        self.chain = chain; self.window = window; self.gc = gc
    }

    var width: Int { chain.width }
    var height: Int { chain.height }

    func frameTarget() -> CGContext? { chain.back().context }

    func present(_ rects: [DeviceRect]) { chain.present(rects, to: window, gc: gc) }

    func lastFrameTarget() -> CGContext? { chain.front()?.context }
}
