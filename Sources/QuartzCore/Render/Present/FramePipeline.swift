import CoreGraphics
import Foundation

/// The render side's passes for one output, in order: the committed tree's animations evaluated
/// at the frame's time, placed against the last frame (`CompositePlan`), composited where the
/// picture changed (`Compositor`), and handed to a presenter (`FramePresenter`). Whoever shows
/// frames owns one: a window's surface, a benchmark, a tool. It owns the compositor, and so the
/// caches its frames are drawn with (see `RenderContext`).
///
/// Not thread-safe: one thread draws a pipeline's frames at a time (a window holds its drawing
/// lock for a whole frame).
package final class FramePipeline: @unchecked Sendable {
    /// What a frame did.
    package enum Outcome: Equatable, Sendable {
        /// The compositor placed the tree; these rectangles changed and were presented.
        case presented([DeviceRect])
        /// The compositor placed the tree and nothing changed: nothing was presented.
        case unchanged
        /// The target is not one the compositor writes (not 32-bit BGRA/BGRX): the layer
        /// renderer drew the frame whole, and all of it was presented.
        case drawnWhole
        /// The presenter had no target to draw into: nothing was drawn.
        case noTarget
    }

    package let compositor: Compositor

    /// The caches this pipeline's frames are drawn with, by the compositor or, for a frame drawn
    /// whole, by the layer renderer.
    package var context: RenderContext { compositor.context }

    package init(compositor: Compositor = Compositor()) {
        self.compositor = compositor
    }

    /// Forgets what the presenter shows: the next frame is composited whole (after a resize, or
    /// after something else drew into its target).
    package func invalidate() { compositor.invalidate() }

    /// One frame of `tree` as it is at media time `t`, `scale` device pixels per point. With
    /// `nextFrameAt`, the next frame's animations are evaluated on another core meanwhile.
    @discardableResult
    package func drawFrame(_ tree: RenderTree, atMediaTime t: CFTimeInterval, scale: CGFloat,
                           nextFrameAt: CFTimeInterval? = nil, to presenter: some FramePresenter) -> Outcome {
        guard let target = presenter.frameTarget() else { return .noTarget }
        if let rects = compositor.composite(tree, atMediaTime: t, scale: scale, into: target, nextFrameAt: nextFrameAt,
                                            lastTarget: presenter.lastFrameTarget()) {
            guard !rects.isEmpty else { return .unchanged }
            presenter.present(rects)
            return .presented(rects)
        }
        return drawWhole(into: target, scale: scale, to: presenter) { tree.draw(atMediaTime: t, in: $0, context: context) }
    }

    /// Frees what the last frame left (its placed nodes and presented tree, see
    /// `Compositor.releaseSpentFrame()`) on the calling thread. Call it once a frame is shown,
    /// where the thread would otherwise wait (a window's render thread, for the next vblank);
    /// else the next frame frees them before it is planned.
    package func releaseSpentFrame() { compositor.releaseSpentFrame() }

    /// A frame drawn whole by `draw` over white, in points (y down, `scale` pixels per point),
    /// and presented whole: for trees only the main thread can draw (animated custom properties).
    @discardableResult
    package func drawWhole(scale: CGFloat, to presenter: some FramePresenter, _ draw: (CGContext) -> Void) -> Outcome {
        guard let target = presenter.frameTarget() else { return .noTarget }
        return drawWhole(into: target, scale: scale, to: presenter, draw)
    }

    private func drawWhole(into target: CGContext, scale: CGFloat, to presenter: some FramePresenter,
                           _ draw: (CGContext) -> Void) -> Outcome {
        compositor.invalidate()                                   // the compositor's picture is gone
        target.saveGState()
        target.setFillColor(gray: 1, alpha: 1)
        target.fill(CGRect(x: 0, y: 0, width: target.width, height: target.height))
        target.translateBy(x: 0, y: CGFloat(target.height))
        target.scaleBy(x: scale, y: -scale)
        draw(target)
        target.restoreGState()
        presenter.present([DeviceRect(x: 0, y: 0, width: Int32(target.width), height: Int32(target.height))])
        return .drawnWhole
    }
}
