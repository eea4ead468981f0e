import GalleryDemos
import LaminaHost
import QuartzCore

/// `lamina-bench frames`: the render thread's work for one frame — evaluate, plan, composite —
/// offscreen, without the X server: steadier figures than a window's for comparing changes.
enum FrameSuite {
    @MainActor
    static var benchmarks: [Benchmark] {
        [Benchmark(name: "stress frame, 1000 animated tiles (whole frame)", body: frames(of: StressDemo(count: 1000))),
         Benchmark(name: "stress frame, 2000 animated tiles (whole frame)", body: frames(of: StressDemo(count: 2000))),
         Benchmark(name: "one tile moving over 1000 still tiles (damage only)", body: frames(of: WindowSuite.scene(moving: true))),
         Benchmark(name: "the same inside one container layer (damage only)",
                   body: frames(of: WindowSuite.scene(moving: true, nested: true)))]
    }

    /// Successive frames of `view`'s tree, a 60th of a second apart, as the render thread draws them
    /// (each one placed by the compositor: a whole-frame fallback stops the run).
    @MainActor
    static func frames(of view: HostingView) -> () -> Void {
        let frames = OffscreenFrames(view, size: StressDemo.size)
        return { precondition(frames.next(), "the scene is placed by the compositor") }
    }
}

/// A window's render thread without the X server: each frame of the committed tree, a 60th of a
/// second after the last, composited into a BGRX bitmap as `Surface.drawDueFrame` composites into
/// a window's buffer (the next frame's evaluation overlapping, as there) and, when the compositor
/// cannot place the tree, drawn whole by the renderer as `Surface` then does. Only the put is left out.
@MainActor
final class OffscreenFrames {
    let size: CGSize
    private let root: CALayer
    private(set) var tree: RenderTree
    private let target: CGContext
    private let compositor = Compositor()
    private var t = CACurrentMediaTime()
    /// Frames the compositor could not place, drawn whole by the renderer (whole-frame fallbacks).
    private(set) var wholeFrames = 0

    init(_ view: HostingView, size: CGSize) {
        self.size = size
        root = view.layer
        root.frame = CGRect(origin: .zero, size: size)
        CATransaction.flush()
        tree = RenderTree(root)!
        target = CGContext(data: nil, width: Int(size.width), height: Int(size.height), bitsPerComponent: 8, bytesPerRow: 0,
                           space: CGColorSpaceCreateDeviceRGB(),
                           bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
    }

    /// The main thread's hand-over after a commit, as `Window.render` does it: finished animations
    /// removed, the committed tree snapshotted.
    func commit() {
        root.updateAnimations(atMediaTime: t)
        tree = RenderTree(root)!
    }

    /// Draws the next frame; true when the compositor placed it, false when it fell back to drawing
    /// the whole frame with the renderer.
    @discardableResult
    func next() -> Bool {
        t += 1.0 / 60
        if compositor.composite(tree, atMediaTime: t, scale: 1, into: target, nextFrameAt: t + 1.0 / 60) != nil { return true }
        wholeFrames += 1
        target.saveGState()
        target.setFillColor(gray: 1, alpha: 1)
        target.fill(CGRect(x: 0, y: 0, width: target.width, height: target.height))
        target.translateBy(x: 0, y: CGFloat(target.height))
        target.scaleBy(x: 1, y: -1)
        tree.draw(atMediaTime: t, in: target, context: compositor.context)
        target.restoreGState()
        return false
    }

    /// `count` frames, each timed (seconds: wall clock, and CPU time of the whole process, which
    /// includes the compositor's other threads), after `warmUp` untimed ones (textures, caches).
    func run(_ count: Int, warmUp: Int = 30) -> (wall: [Double], cpu: [Double]) {
        for _ in 0..<warmUp { next() }
        let times = (0..<count).map { _ in Benchmark.times { next() } }
        return (times.map(\.wall), times.map(\.cpu))
    }
}
