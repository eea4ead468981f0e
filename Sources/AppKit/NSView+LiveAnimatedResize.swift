/// `.duringViewResize` inside an animation: AppKit drives the resize itself, setting the frame
/// and redrawing the view at each display frame, instead of letting Core Animation stretch the
/// old contents.
@MainActor
final class ViewResizeDriver {
    private weak var view: NSView?
    private let from: NSRect, to: NSRect
    private let begin: CFTimeInterval, duration: CFTimeInterval
    private let timing: CAMediaTimingFunction?
    private var link: CADisplayLink?

    init(view: NSView, from: NSRect, to: NSRect, context: NSAnimationContext) {
        self.view = view
        self.from = from
        self.to = to
        begin = CACurrentMediaTime()
        duration = context.duration
        timing = context.timingFunction
    }

    /// Starts stepping; the group's transaction waits for the resize's end through an additive
    /// animation of nothing, so that its completion handler comes after the last step.
    func start(on layer: CALayer) {
        let keeper = CABasicAnimation(keyPath: "position")
        keeper.fromValue = NSValue(point: .zero)
        keeper.toValue = NSValue(point: .zero)
        keeper.isAdditive = true
        keeper.duration = duration
        layer.add(keeper, forKey: "lamina.viewResize")
        let link = CADisplayLink { [weak self] _ in
            MainActor.assumeIsolated { self?.step() }
        }
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    /// Sets the frame for now (the end once the duration has passed) and redraws.
    func step() {
        guard let view else { return stop() }
        let elapsed = duration > 0 ? (CACurrentMediaTime() - begin) / duration : 1
        let t = min(max(elapsed, 0), 1)
        let f = CGFloat(timing?.evaluate(t) ?? t)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a + (b - a) * f }
        view.setFrameStep(NSRect(x: mix(from.minX, to.minX), y: mix(from.minY, to.minY),
                                 width: mix(from.width, to.width), height: mix(from.height, to.height)))
        if t >= 1 { stop() }
    }

    func stop() {
        link?.invalidate()
        link = nil
        if view?.resizeDriver === self { view?.resizeDriver = nil }
    }
}
