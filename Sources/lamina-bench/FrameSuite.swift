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
         Benchmark(name: "one tile moving over 1000 still tiles (damage only)", body: frames(of: WindowSuite.scene(moving: true)))]
    }

    /// Successive frames of `view`'s tree, a 60th of a second apart, as the render thread draws them.
    @MainActor
    static func frames(of view: HostingView) -> () -> Void {
        view.layer.frame = CGRect(origin: .zero, size: StressDemo.size)
        let tree = RenderTree(view.layer)!
        let target = CGContext(data: nil, width: Int(StressDemo.size.width), height: Int(StressDemo.size.height), bitsPerComponent: 8,
                               bytesPerRow: 0, space: CGColorSpaceCreateDeviceRGB(),
                               bitmapInfo: CGImageAlphaInfo.noneSkipFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)!
        let compositor = Compositor()
        var t = CACurrentMediaTime()
        return {
            t += 1.0 / 60
            precondition(compositor.composite(tree, atMediaTime: t, scale: 1, into: target, nextFrameAt: t + 1.0 / 60) != nil)
        }
    }
}
