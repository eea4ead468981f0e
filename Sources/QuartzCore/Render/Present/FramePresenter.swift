import CoreGraphics

/// Where a frame pipeline shows its frames: the last of the render side's passes. A window's
/// swap chain (`LaminaHost`) and an offscreen bitmap (`BitmapPresenter`: benchmarks, tools,
/// tests) are the two kinds; `FramePipeline` draws for either the same way.
package protocol FramePresenter {
    /// The bitmap the next frame is drawn into (32-bit BGRA or BGRX in memory, y down, device
    /// pixels), once it may be written (a window's buffer, once the server has read it); nil when
    /// there is none to draw into.
    func frameTarget() -> CGContext?
    /// Shows the rectangles `rects` (device pixels) of the target last handed out: what changed
    /// since the last frame, or the whole target.
    func present(_ rects: [DeviceRect])
    /// The bitmap the last frame was drawn into and presented, when it still holds that frame
    /// whole and is not the next target (a window's other buffer); nil otherwise (the default).
    /// What the next target lacks of it is copied from it rather than composited again.
    func lastFrameTarget() -> CGContext?
}

extension FramePresenter {
    package func lastFrameTarget() -> CGContext? { nil }
}

/// A presenter that keeps its frames in one bitmap: showing a frame is having drawn it. It
/// remembers what each frame changed, for whoever reads the bitmap (tools, tests).
package final class BitmapPresenter: FramePresenter, @unchecked Sendable {
    /// The bitmap: 32-bit BGRX (premultiplied BGRA with `opaque: false`), y down.
    package let context: CGContext
    /// The rectangles the last frame changed (empty when it changed nothing).
    package private(set) var lastPresented: [DeviceRect] = []
    /// Frames presented so far.
    package private(set) var framesPresented = 0

    /// A bitmap of `width` × `height` device pixels; nil for sizes no bitmap can have.
    package init?(width: Int, height: Int, opaque: Bool = true) {
        let alpha = opaque ? CGImageAlphaInfo.noneSkipFirst : .premultipliedFirst
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: alpha.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return nil }
        self.context = context
    }

    package func frameTarget() -> CGContext? {
        lastPresented = []
        return context
    }

    package func present(_ rects: [DeviceRect]) {
        lastPresented = rects
        framesPresented += 1
    }
}
