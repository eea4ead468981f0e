import GalleryDemos
import LaminaHost

/// `lamina-bench tiles`: the gallery's 16384-point tiled map in a window, zoomed about the middle
/// (1/16 to 8× and back, a wheel's quarter-step per frame) and dragged a few points per frame by
/// the main thread, while tiles draw on background threads. What it shows is whether the main
/// thread ever waits on tile drawing: each frame's main-thread work (the event's step, the commit,
/// the frame's hand-over) is timed, and so is how late the run loop comes back for the next frame
/// (a landing tile's commit, or anything else run on the main queue, makes it late) with the main
/// thread's CPU time in that wait (little CPU in a late wait: the thread was not working, the
/// machine was busy). Then the same motion without the map (no tiles) as a baseline.
///
///     tiles window: steps=N main_p50_ms=… main_p99_ms=… main_max_ms=… main_cpu_max_ms=… late_p99_ms=… late_max_ms=… wait_cpu_p99_ms=… wait_cpu_max_ms=… tiles_drawn=N kept_max=N fps=…
///     tiles baseline: (the same fields, no tiled layer)
///
/// `main_max_ms` and `late_max_ms` are the longest main-thread stalls (the target: under 2 ms);
/// `kept_max` the most tiles kept at once (memory stays bounded by what is in view).
enum TiledSuite {
    @MainActor
    static func run(_ options: SuiteOptions) -> Int32 {
        guard options.wantsWindow("tiles") else { return 0 }
        for withTiles in [true, false] {
            guard let line = pass(withTiles: withTiles, seconds: options.seconds, options.geometry) else { return 1 }
            print(line)
            fflush(nil)
        }
        return 0
    }

    @MainActor
    static func pass(withTiles: Bool, seconds: Double, _ geometry: SceneGeometry) -> String? {
        let demo = TiledMapDemo()
        demo.map.isHidden = !withTiles
        guard let window = WindowSuite.open(demo, geometry) else { return nil }
        let middle = CGPoint(x: geometry.size.width / 2, y: geometry.size.height / 2)
        var steps: [(wall: Double, cpu: Double)] = [], late: [Double] = [], waitCPU: [Double] = []
        var keptMost = 0
        let drawnBefore = demo.map.tileCounts.drawn
        let interval = 1 / Window.framesPerSecond
        let shown = WindowSuite.measure(window, seconds: seconds) { seconds in
            let end = Date().addingTimeInterval(seconds)
            var tick = Date()
            var i = 0
            var grab = middle
            demo.mouseDown(with: PointerEvent(location: grab))
            while tick < end {
                steps.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) {
                    // 80 frames in, 80 out: ×1.25 per 4 frames, 1/16 → 8× (clamped) → back.
                    let inward = i % 160 < 80
                    demo.scrollWheel(with: ScrollEvent(location: middle, deltaX: 0, deltaY: inward ? -2.5 : 2.5))
                    grab.x += 3 * sin(Double(i) / 30)
                    grab.y += 2
                    demo.mouseDragged(with: PointerEvent(location: grab))
                    Application.shared.runUntil(timeout: 0) { true }     // the main thread's frame: events, commit, hand-over
                })
                tick = max(tick.addingTimeInterval(interval), Date())
                waitCPU.append(Benchmark.times(cpu: CLOCK_THREAD_CPUTIME_ID) {
                    RunLoop.main.run(until: tick)                        // the rest of the frame, as an app waits
                }.cpu)
                late.append(max(Date().timeIntervalSince(tick), 0))
                keptMost = max(keptMost, demo.map.tileCounts.kept)
                i += 1
            }
            demo.mouseUp(with: PointerEvent(location: grab))
        }
        window.close()
        let s = FrameTimes(steps.map(\.wall)), c = FrameTimes(steps.map(\.cpu)), l = FrameTimes(late), w = FrameTimes(waitCPU)
        return String(format: "tiles %@: steps=%d main_p50_ms=%.3f main_p99_ms=%.3f main_max_ms=%.3f main_cpu_max_ms=%.3f "
                      + "late_p99_ms=%.3f late_max_ms=%.3f wait_cpu_p99_ms=%.3f wait_cpu_max_ms=%.3f tiles_drawn=%d kept_max=%d fps=%.1f %@",
                      withTiles ? "window" : "baseline", s.count, s.percentile(0.5), s.percentile(0.99), s.percentile(1), c.percentile(1),
                      l.percentile(0.99), l.percentile(1), w.percentile(0.99), w.percentile(1), demo.map.tileCounts.drawn - drawnBefore, keptMost, shown.fps,
                      geometry.description)
    }
}
