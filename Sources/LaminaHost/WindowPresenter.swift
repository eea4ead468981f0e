import CX11
import QuartzCore

/// A window's presenter: frames are drawn into its swap chain's back buffer (once the server has
/// read it) and the changed rectangles put to the window.
struct WindowPresenter: FramePresenter {
    let buffers: SwapChain
    let window: UInt
    let gc: GC

    func frameTarget() -> CGContext? { buffers.back().context }

    func present(_ rects: [DeviceRect]) { buffers.present(rects, to: window, gc: gc) }

    func lastFrameTarget() -> CGContext? { buffers.front()?.context }
}
