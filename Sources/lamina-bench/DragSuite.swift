import GalleryDemos
import LaminaHost

/// `lamina-bench drag`: one layer moved by the main thread, a commit per frame, over 1000 still
/// tiles — as a drag moves it: its position set inside a transaction with actions disabled, then
/// committed and handed to the render thread. The main thread's time per commit and the render
/// thread's per frame, apart.
///
///     drag offscreen: commits=N main_p50_ms=… main_p99_ms=… render_p50_ms=… render_p99_ms=… main_cpu_ms=… render_cpu_ms=… whole=0
///     drag window: commits=N main_p50_ms=… main_p99_ms=… render_p50_ms=… render_p99_ms=… main_cpu_ms=… render_cpu_ms=… fps=… whole=…
///
/// Offscreen, "main" is the commit and the snapshot `Window.render` takes; in a window it is all the
/// main thread does for a drag event's frame (commit, X events, snapshot, hand-over), and "render"
/// is the render thread's draw and put. Also the medians of CPU time (the steadier on a loaded
/// machine): the main thread's own per commit; per frame, offscreen the whole process's, in a
/// window all but the main thread's (the render thread and the evaluation it hands off).
enum DragSuite {
    /// The still tiles and the dragged layer on top.
    @MainActor
    static func scene(size: CGSize) -> (view: HostingView, dragged: CALayer) {
        let view = WindowSuite.scene(moving: false, size: size)
        let dragged = CALayer()
        dragged.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        dragged.position = CGPoint(x: 100, y: 360)
        dragged.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        dragged.cornerRadius = 8
        view.layer.addSublayer(dragged)
        return (view, dragged)
    }

    /// Where the pointer drags the layer at its `i`th move: across the window and back, 6 points a frame.
    static func position(_ i: Int) -> CGPoint {
        let x = i % 360 < 180 ? 100 + CGFloat(i % 180) * 6 : 1180 - CGFloat(i % 180) * 6
        return CGPoint(x: x, y: 360 + 40 * sin(CGFloat(i) / 20))
    }

    @MainActor
    static func move(_ layer: CALayer, to point: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = point
        CATransaction.commit()
    }

    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        measure("drag", options) {
            let (view, dragged) = scene(size: options.geometry.size)
            return (view, { move(dragged, to: $0) })
        }
    }

    /// Measures a drag and prints its two lines, `NAME offscreen:` and `NAME window:`. `scene`
    /// makes the scene (called once offscreen, once for the window) and what moves its dragged
    /// layer or view to a point; each move is then committed (`CATransaction.flush()` offscreen,
    /// the run loop's frame in a window), as an app's main thread commits it.
    @MainActor
    static func measure(_ name: String, _ options: SuiteOptions, scene: () -> (HostingView, (CGPoint) -> Void)) -> Int32 {
        let (view, drag) = scene()
        let frames = OffscreenFrames(view, geometry: options.geometry)
        var main: [(wall: Double, cpu: Double)] = [], render = main
        for i in 0..<30 { drag(position(i)); CATransaction.flush(); frames.commit(); frames.next() }   // warm up: textures
        let whole = frames.wholeFrames
        for i in 30..<(30 + options.frames) {
            main.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) { drag(position(i)); CATransaction.flush(); frames.commit() })
            render.append(Benchmark.times { frames.next() })
        }
        let m = FrameTimes(main.map(\.wall)), r = FrameTimes(render.map(\.wall))
        let mc = FrameTimes(main.map(\.cpu)), rc = FrameTimes(render.map(\.cpu))
        print(String(format: "\(name) offscreen: commits=%d main_p50_ms=%.3f main_p99_ms=%.3f render_p50_ms=%.3f render_p99_ms=%.3f "
                     + "main_cpu_ms=%.3f render_cpu_ms=%.3f whole=%d %@",
                     m.count, m.percentile(0.5), m.percentile(0.99), r.percentile(0.5), r.percentile(0.99),
                     mc.percentile(0.5), rc.percentile(0.5), frames.wholeFrames - whole, options.geometry.description))
        fflush(nil)
        guard options.wantsWindow(name) else { return 0 }
        let (windowView, windowDrag) = scene()
        guard let window = WindowSuite.open(windowView, options.geometry) else { return 1 }
        var commits: [(wall: Double, cpu: Double)] = []
        var mainThreadCPU = 0.0
        let interval = 1 / Window.framesPerSecond
        let shown = WindowSuite.measure(window, seconds: options.seconds) { seconds in
            let end = Date().addingTimeInterval(seconds)
            var tick = Date()
            mainThreadCPU = Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) {
                while tick < end {
                    let i = commits.count
                    commits.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) {
                        windowDrag(position(i))
                        Application.shared.runUntil(timeout: 0) { true }   // the main thread's frame: commit, events, snapshot, hand-over
                    })
                    tick = max(tick.addingTimeInterval(interval), Date())
                    RunLoop.main.run(until: tick)                          // the rest of the tick: the run loop, as an app waits
                }
            }.cpu
        }
        window.close()
        let c = FrameTimes(commits.map(\.wall)), cc = FrameTimes(commits.map(\.cpu))
        // The render thread's CPU (and the evaluation it hands to other threads): all but the main thread's.
        let renderCPU = shown.frames > 0 ? (shown.cpuSeconds - mainThreadCPU) / Double(shown.frames) * 1000 : 0
        print(String(format: "\(name) window: commits=%d main_p50_ms=%.3f main_p99_ms=%.3f render_p50_ms=%.3f render_p99_ms=%.3f "
                     + "main_cpu_ms=%.3f render_cpu_ms=%.3f fps=%.1f whole=%d %@",
                     c.count, c.percentile(0.5), c.percentile(0.99), shown.times.percentile(0.5), shown.times.percentile(0.99),
                     cc.percentile(0.5), renderCPU, shown.fps, shown.wholeFrames, options.geometry.description))
        return 0
    }
}
