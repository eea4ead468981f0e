import Glibc
import GalleryDemos
import LaminaHost
import QuartzCore

/// `lamina-bench frames`: the render thread's work for one frame — evaluate, plan, composite —
/// offscreen, without the X server: steadier figures than a window's for comparing changes.
enum FrameSuite {
    @MainActor
    static func benchmarks(_ geometry: SceneGeometry) -> [Benchmark] {
        let size = geometry.size, at = ", \(geometry)"
        return [Benchmark(name: "stress frame, 1000 animated tiles (whole frame)" + at, body: frames(of: StressDemo(count: 1000, size: size), geometry)),
                Benchmark(name: "stress frame, 2000 animated tiles (whole frame)" + at, body: frames(of: StressDemo(count: 2000, size: size), geometry)),
                Benchmark(name: "one tile moving over 1000 still tiles (damage only)" + at,
                          body: frames(of: WindowSuite.scene(moving: true, size: size), geometry)),
                Benchmark(name: "the same inside one container layer (damage only)" + at,
                          body: frames(of: WindowSuite.scene(moving: true, nested: true, size: size), geometry))]
    }

    /// `frames --layers N --count F`: F stress frames of N tiles offscreen (after a warm-up), with
    /// wall time and CPU time per frame (all threads, and the calling thread alone: the planning
    /// plus its share of the bands). CPU time is the steadier figure on a shared machine.
    @MainActor
    static func runStress(_ arguments: [String], geometry: SceneGeometry) -> Int32 {
        func value(_ flag: String, _ fallback: Int) -> Int {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } ?? fallback
        }
        let layers = value("--layers", 1000), count = value("--count", 300)
        let frames = OffscreenFrames(StressDemo(count: layers, size: geometry.size), geometry: geometry)
        var thread: [Double] = []
        let times = frames.run(count) { work in thread.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID, work).cpu) }
        let wall = FrameTimes(times.wall), cpu = FrameTimes(times.cpu), own = FrameTimes(thread)
        print(String(format: "stress frame, %d tiles, %d frames: wall p50 %.2f ms, mean %.2f ms; CPU per frame %.2f ms (calling thread %.2f ms) %@",
                     layers, count, wall.percentile(0.5), wall.mean, cpu.mean, own.mean, geometry.description))
        return 0
    }

    /// Successive frames of `view`'s tree, a 60th of a second apart, as the render thread draws them
    /// (each one placed by the compositor: a whole-frame fallback stops the run).
    @MainActor
    static func frames(of view: HostingView, _ geometry: SceneGeometry) -> () -> Void {
        let frames = OffscreenFrames(view, geometry: geometry)
        return { precondition(frames.next(), "the scene is placed by the compositor") }
    }
}

/// A window's render thread without the X server: each frame of the committed tree, a 60th of a
/// second after the last, through the same frame pipeline as a window's (`FramePipeline`: the
/// next frame's evaluation overlapping, as there), presented to a BGRX bitmap instead of a
/// window's swap chain. Only the put is left out.
@MainActor
final class OffscreenFrames {
    let geometry: SceneGeometry
    private let root: CALayer
    private(set) var tree: RenderTree
    private let presenter: BitmapPresenter
    private let pipeline: FramePipeline
    private var t = CACurrentMediaTime()
    /// Frames the compositor could not place, drawn whole by the renderer (whole-frame fallbacks).
    private(set) var wholeFrames = 0

    /// `geometry`: the scene's size in points and the frames' scale (a bitmap of its pixels, as a
    /// window of that size and scale has). `threads`: how many the compositor composites on (the
    /// caller included); by default every core this process may use, as a window's.
    init(_ view: HostingView, geometry: SceneGeometry, threads: Int = FrameWorkers.usableCores) {
        self.geometry = geometry
        pipeline = FramePipeline(compositor: Compositor(threads: threads))
        root = view.layer
        root.frame = CGRect(origin: .zero, size: geometry.size)
        CATransaction.flush()
        tree = RenderTree(root)!
        presenter = BitmapPresenter(width: geometry.pixelWidth, height: geometry.pixelHeight)!
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
        // What the last frame left freed once this one is drawn, as a window's render thread does.
        defer { pipeline.releaseSpentFrame() }
        guard pipeline.drawFrame(tree, atMediaTime: t, scale: geometry.scale, nextFrameAt: t + 1.0 / 60, to: presenter) == .drawnWhole else {
            return true
        }
        wholeFrames += 1
        return false
    }

    /// `count` frames, each timed (seconds: wall clock, and CPU time of the whole process, which
    /// includes the compositor's other threads), after `warmUp` untimed ones (textures, caches).
    /// `measure`, when given, wraps each timed frame too (to time it another way as well).
    func run(_ count: Int, warmUp: Int = 30, measure: ((() -> Void) -> Void)? = nil) -> (wall: [Double], cpu: [Double]) {
        for _ in 0..<warmUp { next() }
        let times = (0..<count).map { _ in
            Benchmark.times { if let measure { measure { self.next() } } else { next() } }
        }
        return (times.map(\.wall), times.map(\.cpu))
    }
}
